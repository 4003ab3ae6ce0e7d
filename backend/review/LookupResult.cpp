#include "review/LookupResult.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>

QString toString(RefundSource source)
{
    switch (source) {
    case RefundSource::List:
        return QStringLiteral("list");
    case RefundSource::Event:
        return QStringLiteral("event");
    case RefundSource::Both:
        return QStringLiteral("both");
    }
    return QString();
}

bool FoundRefund::hasMismatch(RefundMismatch::Kind kind) const
{
    for (const RefundMismatch& m : mismatches) {
        if (m.kind == kind)
            return true;
    }
    return false;
}

bool FoundRefund::isEffective() const
{
    return refund.status == QLatin1String("succeeded") || refund.status == QLatin1String("pending");
}

bool FoundRefund::isDead() const
{
    return refund.status == QLatin1String("failed") || refund.status == QLatin1String("canceled");
}

QString LookupResult::adviceFor(ReadFailure failure)
{
    const char* text = nullptr;
    switch (failure) {
    case ReadFailure::None:
        return QString();
    case ReadFailure::WrongKey:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider does not accept the read key. Check the key in PROVIDER_API_KEY or "
                                 "File › Connect: it must be the restricted read key (rk_…) of this provider account.");
        break;
    case ReadFailure::NoReadRights:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The key is valid but may not read refunds or events. Ask an admin to give the "
                                 "restricted key read access to Refunds, Events and PaymentIntents.");
        break;
    case ReadFailure::RateLimited:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider is rate limiting us even after several retries. Wait a minute and "
                                 "look up again; lower lookup_concurrency if it keeps happening.");
        break;
    case ReadFailure::NotFound:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider does not know the order's payment. Check that the console points "
                                 "at the same provider account (live or test) as the refund tool.");
        break;
    case ReadFailure::Refused:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider refused the read request. The detail names the parameter; report it "
                                 "to an engineer with the request id.");
        break;
    case ReadFailure::ServerError:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider had an internal error. Look up again in a few minutes; check the "
                                 "provider's status page if it persists.");
        break;
    case ReadFailure::Unreachable:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider could not be reached. Check the network connection and the provider "
                                 "URL, then look up again.");
        break;
    case ReadFailure::TimedOut:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider did not answer in time. Look up again; if it keeps happening raise "
                                 "request_timeout_ms in the settings.");
        break;
    case ReadFailure::MalformedResponse:
        text = QT_TRANSLATE_NOOP("LookupResult",
                                 "The provider's answer could not be read. Check that the provider URL points at "
                                 "the provider's API, not a web page or proxy.");
        break;
    case ReadFailure::Canceled:
        text = QT_TRANSLATE_NOOP("LookupResult", "The lookup was canceled. Nothing can be concluded from it.");
        break;
    }
    return QCoreApplication::translate("LookupResult", text);
}

QString LookupResult::refundStatusTitle(const QString& providerStatus)
{
    static const struct
    {
        const char* status;
        const char* title;
    } kTitles[] = {
        {"succeeded", QT_TRANSLATE_NOOP("LookupResult", "succeeded")},
        {"pending", QT_TRANSLATE_NOOP("LookupResult", "pending")},
        {"failed", QT_TRANSLATE_NOOP("LookupResult", "failed")},
        {"canceled", QT_TRANSLATE_NOOP("LookupResult", "canceled")},
        {"requires_action", QT_TRANSLATE_NOOP("LookupResult", "requires action")},
    };
    for (const auto& t : kTitles)
        if (providerStatus == QLatin1String(t.status))
            return QCoreApplication::translate("LookupResult", t.title);
    return providerStatus;
}

const FoundRefund* LookupResult::find(const QString& refundId) const
{
    for (const FoundRefund& f : refunds) {
        if (f.refund.id == refundId)
            return &f;
    }
    return nullptr;
}

QJsonObject LookupResult::summaryJson() const
{
    QJsonArray found;
    for (const FoundRefund& f : refunds) {
        QJsonArray mismatches;
        for (const RefundMismatch& m : f.mismatches)
            mismatches.append(m.sentence);
        found.append(QJsonObject{{QStringLiteral("id"), f.refund.id},
                                 {QStringLiteral("status"), f.refund.status},
                                 {QStringLiteral("amount"), f.refund.amountCents},
                                 {QStringLiteral("currency"), f.refund.currency},
                                 {QStringLiteral("source"), toString(f.source)},
                                 {QStringLiteral("mismatches"), mismatches}});
    }
    return QJsonObject{
        {QStringLiteral("operation_id"), operationId},
        {QStringLiteral("started_at"), QDateTime::fromMSecsSinceEpoch(startedAtMs, Qt::UTC).toString(Qt::ISODateWithMs)},
        {QStringLiteral("started_at_ms"), startedAtMs},
        {QStringLiteral("checked_at"),
         QDateTime::fromMSecsSinceEpoch(checkedAtMs, Qt::UTC).toString(Qt::ISODateWithMs)},
        {QStringLiteral("complete"), ok()},
        {QStringLiteral("failure"), toString(failure)},
        {QStringLiteral("refunds"), found},
        {QStringLiteral("listed_refunds"), listedRefunds},
        {QStringLiteral("events_inspected"), eventsInspected},
        {QStringLiteral("requests"), requests},
        {QStringLiteral("notes"), QJsonArray::fromStringList(notes)},
    };
}
