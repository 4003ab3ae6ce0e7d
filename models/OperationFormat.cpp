#include "OperationFormat.h"

#include "reconcile/Reconciler.h"

#include "Money.h"

#include "provider/AttemptOutcome.h"
#include "review/MessageLanguage.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QHash>
#include <QJsonDocument>
#include <QTimeZone>

namespace {

constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

// Two units at most: enough to act on, short enough for a table cell.
QString twoUnits(qint64 ms)
{
    const qint64 d = ms / kDay;
    const qint64 h = (ms % kDay) / kHour;
    const qint64 m = (ms % kHour) / kMinute;
    const qint64 s = (ms % kMinute) / kSecond;
    if (d > 0)
        return OperationFormat::tr("%1 d %2 h").arg(d).arg(h);
    if (h > 0)
        return OperationFormat::tr("%1 h %2 min").arg(h).arg(m);
    if (m > 0)
        return OperationFormat::tr("%1 min %2 s").arg(m).arg(s);
    return OperationFormat::tr("%1 s").arg(s);
}

} // namespace

QString OperationFormat::countdown(qint64 expiresAtMs, qint64 nowMs)
{
    const qint64 left = expiresAtMs - nowMs;
    if (left <= 0)
        return tr("expired");
    return twoUnits(left);
}

QString OperationFormat::keyCountdown(OperationStatus status, std::optional<qint64> keyExpiresAtMs, qint64 nowMs)
{
    // Closed rows never send again, and a row without an attempt has no key deadline yet (R10).
    if (isClosed(status) || !keyExpiresAtMs)
        return QStringLiteral("—");
    return countdown(*keyExpiresAtMs, nowMs);
}

OperationFormat::Urgency OperationFormat::urgency(OperationStatus status, std::optional<qint64> keyExpiresAtMs,
                                                  qint64 nowMs)
{
    if (isClosed(status) || !keyExpiresAtMs)
        return Urgency::None;
    const qint64 left = *keyExpiresAtMs - nowMs;
    if (left <= 0)
        return Urgency::Expired;
    if (left <= kCriticalMs)
        return Urgency::Critical;
    if (left <= kSoonMs)
        return Urgency::Soon;
    return Urgency::Normal;
}

QString OperationFormat::age(qint64 sinceMs, qint64 nowMs)
{
    // Ages only need minute precision; seconds would make the column flicker for nothing.
    const qint64 ms = qMax<qint64>(0, nowMs - sinceMs);
    if (ms >= kHour || ms < kMinute)
        return twoUnits(ms);
    return tr("%1 min").arg(ms / kMinute);
}

QLocale OperationFormat::interfaceLocale(const QString& languageCode, const QLocale& system)
{
    const auto language = MessageLanguages::fromCode(languageCode);
    if (!language)
        return system;
    const QLocale wanted = MessageLanguages::locale(*language);
    return wanted.language() == system.language() ? system : wanted;
}

QString OperationFormat::money(qint64 amountCents, const QString& currency, const QLocale& locale)
{
    return Money::format(amountCents, currency, locale);
}

QString OperationFormat::percent(double percent, int decimals, const QLocale& locale)
{
    const QLocale l = locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : locale;
    const QString number = l.toString(percent, 'f', decimals);
    switch (l.language()) {
    case QLocale::Turkish: return QLatin1Char('%') + number;
    case QLocale::English: return number + QLatin1Char('%');
    default: return number + QChar(0x00A0) + QLatin1Char('%');
    }
}

QString OperationFormat::statusTitle(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open: return tr("Open");
    case OperationStatus::Unknown: return tr("Unknown");
    case OperationStatus::Refunded: return tr("Refunded");
    case OperationStatus::Failed: return tr("Failed");
    case OperationStatus::Reversed: return tr("Reversed");
    }
    return {};
}

namespace {
// The reason codes reasonTitle() knows, with their titles (translated when shown).
struct ReasonTitle
{
    const char* code;
    const char* title;
};
constexpr ReasonTitle kReasonTitles[] = {
    {"attempt_budget_exhausted",
     QT_TRANSLATE_NOOP("OperationFormat", "Attempt budget used up without a definite answer")},
    {"key_retention_passed",
     QT_TRANSLATE_NOOP("OperationFormat", "The provider may have forgotten the idempotency key")},
    {"response_mismatch",
     QT_TRANSLATE_NOOP("OperationFormat", "The provider answered with a refund that is not this one")},
    {"provider_saved_error",
     QT_TRANSLATE_NOOP("OperationFormat", "The provider stored an error of unknown outcome")},
    {"idempotency_mismatch",
     QT_TRANSLATE_NOOP("OperationFormat", "The provider says the key belongs to another request")},
    {"unrecognised_answer",
     QT_TRANSLATE_NOOP("OperationFormat", "An answer that did not come from the provider")},
    {"refusal_after_unanswered_attempt",
     QT_TRANSLATE_NOOP("OperationFormat", "Refused after an earlier attempt went unanswered")},
    {"no_refund_found", QT_TRANSLATE_NOOP("OperationFormat", "No refund was made")},
    {"refund_failed", QT_TRANSLATE_NOOP("OperationFormat", "The provider reports the refund failed")},
    {"refund_reversed",
     QT_TRANSLATE_NOOP("OperationFormat", "Refunded, then reported failed by the provider")},
    {"charge_already_refunded", QT_TRANSLATE_NOOP("OperationFormat", "The payment was already refunded")},
    {"amount_too_large",
     QT_TRANSLATE_NOOP("OperationFormat", "The amount is larger than what is left to refund")},
};
} // namespace

QString OperationFormat::reasonTitle(const QString& code)
{
    // The code before any detail ("refund_failed: expired_or_canceled_card").
    const QString head = code.section(QLatin1Char(':'), 0, 0).trimmed();
    const QString detail = code.section(QLatin1Char(':'), 1).trimmed();
    for (const ReasonTitle& r : kReasonTitles) {
        if (head == QLatin1String(r.code)) {
            const QString title = tr(r.title);
            return detail.isEmpty() ? title : tr("%1 (%2)").arg(title, detail);
        }
    }
    return code;
}

QString OperationFormat::answerTitle(const QString& statusName)
{
    if (statusName == QLatin1String("refunded"))
        return tr("Refunded");
    if (statusName == QLatin1String("unconfirmed"))
        return tr("Not confirmed yet");
    if (statusName == QLatin1String("checking"))
        return tr("A person is checking");
    if (statusName == QLatin1String("failed"))
        return tr("Failed");
    if (statusName == QLatin1String("rejected"))
        return tr("Rejected (bad input)");
    return statusName;
}

QString OperationFormat::roleTitle(const QString& role)
{
    if (role == QLatin1String("support"))
        return tr("support");
    if (role == QLatin1String("finance"))
        return tr("finance");
    if (role == QLatin1String("admin"))
        return tr("admin");
    return role;
}

QString OperationFormat::actorTitle(const QString& actor)
{
    // The reconciler's own name in the database; people keep their logins.
    if (actor == Reconciler::actorName())
        return tr("Reconciler");
    return actor;
}

QStringList OperationFormat::reasonCodes()
{
    QStringList codes;
    for (const ReasonTitle& r : kReasonTitles)
        codes << QLatin1String(r.code);
    return codes;
}

QString OperationFormat::auditSummary(const QString& action, const QJsonObject& details)
{
    QStringList parts;
    const auto statusWord = [](const QString& code) {
        const auto status = operationStatusFromString(code);
        return status ? statusTitle(*status) : code;
    };
    QString from = details.value(QStringLiteral("from")).toString();
    QString to = details.value(QStringLiteral("to")).toString();
    if (action == QLatin1String("reverse") && from.isEmpty() && to.isEmpty()) {
        from = QStringLiteral("refunded");
        to = QStringLiteral("reversed");
    }
    if (!from.isEmpty() && !to.isEmpty())
        parts << tr("%1 → %2").arg(statusWord(from), statusWord(to));
    const QString refund = details.value(QStringLiteral("provider_refund_id")).toString();
    if (!refund.isEmpty())
        parts << tr("refund %1").arg(refund);
    const QString failure = details.value(QStringLiteral("failure_code")).toString();
    if (!failure.isEmpty())
        parts << reasonTitle(failure);
    const QString failureReason = details.value(QStringLiteral("failure_reason")).toString();
    if (!failureReason.isEmpty())
        parts << failureReason;
    if (details.value(QStringLiteral("auto_resolved")).toBool())
        parts << tr("by the reconciler");
    const QString event = details.value(QStringLiteral("event_id")).toString();
    if (!event.isEmpty())
        parts << tr("event %1").arg(event);
    const QString note = details.value(QStringLiteral("note")).toString();
    if (!note.isEmpty())
        parts << tr("note: “%1”").arg(note);
    if (parts.isEmpty()) {
        // Other actions (settings changes, ...): their plain fields, in key order.
        for (auto it = details.constBegin(); it != details.constEnd(); ++it) {
            if (it.value().isObject() || it.value().isArray() || it.value().isNull())
                continue;
            parts << QStringLiteral("%1: %2").arg(it.key(), it.value().toVariant().toString());
        }
    }
    return parts.join(QStringLiteral(" · "));
}

QString OperationFormat::outcomeTitle(const QString& outcome, std::optional<qint64> deadlineAt, qint64 nowMs)
{
    if (outcome == QLatin1String("in_flight") && deadlineAt && nowMs > *deadlineAt)
        return tr("No answer recorded");
    return outcomeTitle(outcome);
}

QString OperationFormat::outcomeTitle(const QString& outcome)
{
    if (outcome.isEmpty())
        return QStringLiteral("—");
    if (outcome == QLatin1String("in_flight"))
        return tr("In flight");
    const auto parsed = attemptOutcomeFromString(outcome);
    if (!parsed)
        return outcome;
    switch (*parsed) {
    case AttemptOutcome::Succeeded: return tr("Succeeded");
    case AttemptOutcome::NoResponse: return tr("No response");
    case AttemptOutcome::InProgress: return tr("In progress (409)");
    case AttemptOutcome::RateLimited: return tr("Rate limited (429)");
    case AttemptOutcome::ServerSavedError: return tr("Provider error (5xx)");
    case AttemptOutcome::IdempotencyMismatch: return tr("Key mismatch");
    case AttemptOutcome::Refused: return tr("Refused");
    case AttemptOutcome::AuthFailed: return tr("Auth failed");
    case AttemptOutcome::InvalidResponse: return tr("Invalid response");
    case AttemptOutcome::NotSent: return tr("Not sent");
    case AttemptOutcome::RefundFailed: return tr("Refund failed");
    case AttemptOutcome::ResponseMismatch: return tr("Answer mismatch");
    }
    return outcome;
}

QString OperationFormat::shortDay(const QDate& day, const QLocale& locale)
{
    // The locale's short date tells the order ("M/d/yy" month first, "dd.MM.yyyy" day first).
    const QString order = locale.dateFormat(QLocale::ShortFormat).remove(QRegularExpression(QStringLiteral("[^dMy]")));
    const bool monthFirst = order.indexOf(QLatin1Char('M')) < order.indexOf(QLatin1Char('d'));
    return locale.toString(day, monthFirst ? QStringLiteral("MMM d") : QStringLiteral("d MMM"));
}

QString OperationFormat::shortDayWithYear(const QDate& day, const QLocale& locale)
{
    const QString order = locale.dateFormat(QLocale::ShortFormat).remove(QRegularExpression(QStringLiteral("[^dMy]")));
    const bool monthFirst = order.indexOf(QLatin1Char('M')) < order.indexOf(QLatin1Char('d'));
    return locale.toString(day, monthFirst ? QStringLiteral("MMM d, yyyy") : QStringLiteral("d MMM yyyy"));
}

QString OperationFormat::utcTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
        + QStringLiteral(" UTC");
}

QString OperationFormat::localTime(qint64 ms)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::systemTimeZone());
    return local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss ")) + local.timeZoneAbbreviation();
}

QString OperationFormat::breakableAtHyphens(const QString& text)
{
    QString out;
    out.reserve(text.size() + text.count(QLatin1Char('-')));
    for (const QChar c : text) {
        out += c;
        if (c == QLatin1Char('-'))
            out += QChar(kBreakHint);
    }
    return out;
}

QString OperationFormat::withoutBreakHints(const QString& text)
{
    QString out = text;
    out.remove(QChar(kBreakHint));
    return out;
}
