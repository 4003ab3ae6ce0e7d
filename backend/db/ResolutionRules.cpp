#include "db/ResolutionRules.h"

#include <QJsonArray>

namespace ResolutionRules {

namespace {
using Code = StoreError::Code;

StoreError refused(const QString& message)
{
    return StoreError::make(Code::NotAllowed, QStringLiteral("R16: ") + message);
}

// evidence.refund first, then evidence.refunds[], objects only (as resolve_operation() reads them).
QList<QJsonObject> candidates(const QJsonObject& evidence)
{
    QList<QJsonObject> out;
    if (evidence.value(QStringLiteral("refund")).isObject())
        out << evidence.value(QStringLiteral("refund")).toObject();
    for (const QJsonValue& v : evidence.value(QStringLiteral("refunds")).toArray()) {
        if (v.isObject())
            out << v.toObject();
    }
    return out;
}
} // namespace

StoreResult<Verdict> check(const Operation& op, OperationStatus to, const QJsonObject& evidence,
                           qint64 lookupStartedAtMs, qint64 nowMs)
{
    if (lookupStartedAtMs > nowMs + 60000)
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("lookup_started_at: %1 is in the future (now %2)")
                                    .arg(lookupStartedAtMs)
                                    .arg(nowMs),
                                QStringLiteral("lookup_started_at"));
    std::optional<QJsonObject> effective;
    int dead = 0, other = 0;
    for (const QJsonObject& c : candidates(evidence)) {
        if (c.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("operation_id")).toString() !=
            op.operationId)
            continue; // not linked to this operation
        const QJsonValue amount = c.value(QStringLiteral("amount"));
        const bool matches = !c.value(QStringLiteral("id")).toString().isEmpty() && amount.isDouble() &&
                             qint64(amount.toDouble()) == op.amountCents &&
                             double(op.amountCents) == amount.toDouble() &&
                             c.value(QStringLiteral("currency")).toString().toLower() == op.currency;
        const QString status = c.value(QStringLiteral("status")).toString();
        if (matches && (status == QLatin1String("succeeded") || status == QLatin1String("pending"))) {
            if (!effective)
                effective = c;
            ++other;
        } else if (matches && (status == QLatin1String("failed") || status == QLatin1String("canceled"))) {
            ++dead;
        } else {
            ++other;
        }
    }
    Verdict v;
    if (to == OperationStatus::Refunded) {
        if (!effective)
            return refused(
                QStringLiteral(
                    "resolving %1 as refunded needs evidence naming a succeeded or pending refund whose "
                    "metadata.operation_id, amount (%2) and currency (%3) match")
                    .arg(op.operationId)
                    .arg(op.amountCents)
                    .arg(op.currency));
        v.providerRefundId = effective->value(QStringLiteral("id")).toString();
        v.providerStatus = effective->value(QStringLiteral("status")).toString();
        return v;
    }
    if (to != OperationStatus::Failed)
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("status: a resolution is refunded or failed"),
                                QStringLiteral("status"));
    if (other > 0)
        return refused(
            QStringLiteral(
                "the evidence holds a refund for %1 that is not a matching failed or canceled refund, "
                "so \"no refund was made\" cannot be recorded")
                .arg(op.operationId));
    if (dead > 0) {
        v.failureCode = QStringLiteral("refund_failed");
        return v;
    }
    if (!evidence.value(QStringLiteral("lookup")).toObject().value(QStringLiteral("complete")).toBool())
        return refused(
            QStringLiteral("\"no refund was made\" needs a complete lookup (evidence.lookup.complete); "
                           "a half-read list proves nothing"));
    // The lookup must have started once no request of the operation could still execute: after
    // the key expired, and after the deadline of the last attempt without an answer (a retention
    // shortened by an admin, R10's clamp, can put the expiry before a request still on the wire).
    const auto startedBefore = [lookupStartedAtMs](qint64 moment, const QString& what, const QString& request)
        -> std::optional<StoreError> {
        if (lookupStartedAtMs > 0 && lookupStartedAtMs >= moment)
            return std::nullopt;
        return refused(QStringLiteral("\"no refund was made\" needs a lookup that started at or after %1 "
                                      "(%2 ms UTC); this lookup started at %3: %4 could still execute then, "
                                      "look up again")
                           .arg(what)
                           .arg(moment)
                           .arg(lookupStartedAtMs > 0 ? QStringLiteral("%1 ms").arg(lookupStartedAtMs)
                                                      : QStringLiteral("an unknown time"))
                           .arg(request));
    };
    if (op.keyExpiresAt)
        if (auto e = startedBefore(*op.keyExpiresAt, QStringLiteral("the key expired"),
                                   QStringLiteral("the original request")))
            return *e;
    if (op.attemptsDeadlineAt)
        if (auto e = startedBefore(*op.attemptsDeadlineAt, QStringLiteral("the last attempt's deadline"),
                                   QStringLiteral("that request")))
            return *e;
    v.failureCode = QStringLiteral("no_refund_found");
    return v;
}

} // namespace ResolutionRules
