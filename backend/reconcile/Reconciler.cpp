#include "reconcile/Reconciler.h"

#include "Logging.h"
#include "db/SettingsStore.h"
#include "reconcile/WebhookEventParser.h"

#include <QJsonDocument>

namespace {
using Code = StoreError::Code;

Reconciler::Outcome outcome(const QString& action, const QString& detail, const QString& op = {},
                            const QString& refund = {})
{
    return {action, detail, op, refund};
}

// R24: the refund is this operation's refund (R7's matching rule, plus the payment and order R11 names).
QString mismatchOf(const Operation& op, const Order& order, const ProviderRefund& refund)
{
    if (refund.amountCents != op.amountCents)
        return QStringLiteral("amount %1, operation %2").arg(refund.amountCents).arg(op.amountCents);
    if (refund.currency.toLower() != op.currency)
        return QStringLiteral("currency %1, operation %2").arg(refund.currency, op.currency);
    if (refund.paymentIntent != order.paymentIntent)
        return QStringLiteral("payment %1, order's payment %2")
            .arg(refund.paymentIntent, order.paymentIntent);
    if (refund.orderId() != op.orderId)
        return QStringLiteral("metadata.order_id %1, operation's order %2").arg(refund.orderId(), op.orderId);
    return {};
}

} // namespace

Reconciler::Reconciler(Database& db, RefundFetcher fetch, const Clock& clock)
    : m_db(db)
    , m_fetch(std::move(fetch))
    , m_clock(clock)
    , m_store(db, clock)
    , m_events(db, clock)
{
}

Reconciler::Outcome Reconciler::decide(const ProviderEventStore::StoredEvent& stored)
{
    const QJsonObject eventJson = QJsonDocument::fromJson(stored.payload.toUtf8()).object();
    if (!WebhookEventParser::isRefundEvent(stored.type) || stored.refundId.isEmpty())
        return outcome(QStringLiteral("ignored"),
                       QStringLiteral("%1 is not about one refund").arg(stored.type));

    // C16: the event's copy may be stale or out of order; the refund as the provider has it now decides.
    const RefundReadResult read = m_fetch(stored.refundId);
    if (!read.ok() || !read.value)
        return outcome(QStringLiteral("fetch_failed"),
                       QStringLiteral("GET refund %1: %2").arg(stored.refundId, read.describe()), {},
                       stored.refundId);
    const ProviderRefund& refund = *read.value;
    if (refund.id != stored.refundId)
        return outcome(
            QStringLiteral("mismatch"),
            QStringLiteral("the provider answered refund %1 for %2").arg(refund.id, stored.refundId), {},
            stored.refundId);

    const QString operationId = refund.operationId();
    auto opRead = operationId.isEmpty() ? StoreResult<Operation>(StoreError::make(
                                              Code::NotFound, QStringLiteral("no metadata.operation_id")))
                                        : m_store.operation(operationId);
    if (!opRead) {
        if (opRead.error().code == Code::NotFound)
            return outcome(
                QStringLiteral("unmatched"),
                QStringLiteral("refund %1 names no operation of this database (metadata.operation_id \"%2\")")
                    .arg(refund.id, operationId),
                {}, refund.id);
        return outcome(QStringLiteral("fetch_failed"), opRead.error().message, {}, refund.id);
    }
    Operation op = opRead.value();
    auto order = m_store.order(op.orderId);
    if (!order)
        return outcome(QStringLiteral("fetch_failed"), order.error().message, op.operationId, refund.id);
    if (const QString why = mismatchOf(op, order.value(), refund); !why.isEmpty()) {
        Logging::error(
            QStringLiteral(
                "reconciler: refund %1 names operation %2 but does not match it (%3); nothing done")
                .arg(refund.id, op.operationId, why));
        return outcome(QStringLiteral("mismatch"), why, op.operationId, refund.id);
    }

    const QJsonObject evidence{
        {QStringLiteral("refund"), refund.raw},
        {QStringLiteral("event"), eventJson},
        {QStringLiteral("lookup"), QJsonObject{{QStringLiteral("source"), QStringLiteral("reconciler")},
                                               {QStringLiteral("refund_read_at"), m_clock.nowMs()}}}};
    const bool live =
        refund.status == QLatin1String("succeeded") || refund.status == QLatin1String("pending");

    // A live refund naming an operation that does not hold it: money the provider paid beside the
    // operation's own outcome (a refunded row's second refund, a live refund for a row closed
    // failed or reversed). Recorded as second_refund, the evidence finance counts per logical
    // refund (RefundsPerLogicalRefund); never acted on.
    // Not live (any more): second_refund_failed, so the count sees that it paid nothing after all.
    auto beside = [&](const Operation& o) -> std::optional<Outcome> {
        if (o.status == OperationStatus::Open || o.status == OperationStatus::Unknown ||
            o.providerRefundId == refund.id)
            return std::nullopt;
        const QString holds = o.providerRefundId.isEmpty()
                                  ? statusName(o.status)
                                  : QStringLiteral("%1 by %2").arg(statusName(o.status), o.providerRefundId);
        if (!live)
            return outcome(QStringLiteral("second_refund_failed"),
                           QStringLiteral("operation is %1; the provider's refund %2 is %3: nothing was paid")
                               .arg(holds, refund.id, refund.status),
                           o.operationId, refund.id);
        Logging::error(QStringLiteral("reconciler: operation %1 is %2, and the provider holds a live refund %3 (%4) "
                                      "for it")
                           .arg(o.operationId, holds, refund.id, refund.status));
        return outcome(QStringLiteral("second_refund"),
                       QStringLiteral("operation is %1; the provider's refund %2 is %3").arg(holds, refund.id, refund.status),
                       o.operationId, refund.id);
    };
    // The row closed while this refund was being decided (the tool's own answer, a person, another
    // reconciler): this refund may be one beside the refund it closed with, so look again.
    auto closedMeanwhile = [&](const StoreResult<Operation>& now, const QString& detail) {
        if (now) {
            if (auto b = beside(now.value()))
                return *b;
        }
        return outcome(QStringLiteral("already_closed"), detail, op.operationId, refund.id);
    };
    if (auto b = beside(op))
        return *b;

    switch (op.status) {
    case OperationStatus::Open:
        return outcome(QStringLiteral("left_open"),
                       QStringLiteral("operation is open: the refund tool settles it"), op.operationId,
                       refund.id);
    case OperationStatus::Failed:
    case OperationStatus::Reversed:
        return outcome(QStringLiteral("no_change"),
                       QStringLiteral("operation is %1").arg(statusName(op.status)), op.operationId,
                       refund.id);
    case OperationStatus::Refunded:
        if (refund.status != QLatin1String("failed"))
            return outcome(QStringLiteral("no_change"), QStringLiteral("refund is %1").arg(refund.status),
                           op.operationId, refund.id);
        {
            OperationStore::Reversal rev;
            rev.actor = actorName();
            rev.role = actorName();
            rev.note =
                QStringLiteral(
                    "The provider reports refund %1 failed (%2); the money did not reach the customer.")
                    .arg(refund.id, refund.failureReason.isEmpty() ? QStringLiteral("no reason given")
                                                                   : refund.failureReason);
            rev.evidence = evidence;
            auto r = m_store.reverse(op.operationId, rev);
            if (r)
                return outcome(QStringLiteral("reversed"), refund.failureReason, op.operationId, refund.id);
            if (r.error().code == Code::AlreadyResolved)
                return outcome(QStringLiteral("already_closed"), r.error().message, op.operationId,
                               refund.id);
            return outcome(QStringLiteral("fetch_failed"), r.error().message, op.operationId, refund.id);
        }
    case OperationStatus::Unknown:
        break;
    }

    if (!live)
        return outcome(QStringLiteral("left_unknown"),
                       QStringLiteral("refund is %1: the reconciler never resolves failed; a person checks")
                           .arg(refund.status),
                       op.operationId, refund.id);
    SettingsStore settings(m_db, m_clock);
    auto values = settings.load();
    if (!values)
        return outcome(QStringLiteral("fetch_failed"), values.error().message, op.operationId, refund.id);
    if (!values.value().autoResolveRefunded)
        return outcome(QStringLiteral("auto_resolve_off"),
                       QStringLiteral("auto_resolve_refunded is off: a person resolves it"), op.operationId,
                       refund.id);
    OperationStore::Resolution res;
    res.status = OperationStatus::Refunded;
    res.actor = actorName();
    res.role = actorName();
    res.automatic = true;
    res.note =
        QStringLiteral(
            "Resolved by the reconciler: event %1 (%2); the provider's refund %3 is %4 and matches amount, "
            "currency, payment and metadata.")
            .arg(stored.eventId, stored.type, refund.id, refund.status);
    res.evidence = evidence;
    res.lookupStartedAt = m_clock.nowMs();
    auto r = m_store.resolve(op.operationId, res);
    if (r)
        return outcome(QStringLiteral("resolved_refunded"), res.note, op.operationId, refund.id);
    if (r.error().code == Code::AlreadyResolved)
        return closedMeanwhile(m_store.operation(op.operationId), r.error().message);
    if (r.error().code == Code::NotAllowed) {
        // The operation turned open? (never) / R16 refused the evidence / the setting flipped on PostgreSQL.
        auto now = m_store.operation(op.operationId);
        if (now && now.value().status != OperationStatus::Unknown)
            return closedMeanwhile(now, r.error().message);
        return outcome(QStringLiteral("left_unknown"), r.error().message, op.operationId, refund.id);
    }
    return outcome(QStringLiteral("fetch_failed"), r.error().message, op.operationId, refund.id);
}

StoreResult<Reconciler::Outcome> Reconciler::apply(const QString& eventId)
{
    auto stored = m_events.event(eventId);
    if (!stored)
        return stored.error();
    if (!stored.value())
        return StoreError::make(Code::NotFound, QStringLiteral("event: no stored event %1").arg(eventId),
                                QStringLiteral("event"));
    const ProviderEventStore::StoredEvent& e = *stored.value();
    if (!ProviderEventStore::waitingActions().contains(e.action))
        return outcome(e.action, e.actionDetail, e.operationId, e.refundId);

    Outcome o = decide(e);
    auto recorded = m_events.recordAction(e.eventId, o.operationId, o.refundId, o.action, o.detail);
    if (!recorded)
        return recorded.error();
    const QString line =
        QStringLiteral("reconciler: event %1 (%2, refund %3) -> %4 %5: %6")
            .arg(e.eventId, e.type, o.refundId.isEmpty() ? QStringLiteral("-") : o.refundId, o.action,
                 o.operationId.isEmpty() ? QStringLiteral("-") : o.operationId, o.detail);
    if (o.action == QLatin1String("mismatch") || o.action == QLatin1String("fetch_failed") ||
        o.action == QLatin1String("unmatched") || o.action == QLatin1String("second_refund"))
        Logging::warn(line);
    else
        Logging::info(line);
    return o;
}

StoreResult<int> Reconciler::applyWaiting(int limit)
{
    auto waiting = m_events.waiting(limit);
    if (!waiting)
        return waiting.error();
    int n = 0;
    for (const auto& e : waiting.value()) {
        if (auto r = apply(e.eventId); !r)
            return r.error();
        ++n;
    }
    return n;
}
