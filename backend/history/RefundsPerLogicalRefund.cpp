#include "history/RefundsPerLogicalRefund.h"

#include <QHash>
#include <QSet>
#include <QSqlQuery>

#include <algorithm>
#include <limits>

namespace {
using Code = StoreError::Code;

// The reconciler's decisions that say whether a refund naming an operation is live money the
// operation does not hold (R24): second_refund / auto_resolve_off (live), second_refund_failed /
// left_unknown (failed or canceled). Few rows, read through provider_events_by_action; the last
// decision applied for a refund is its state.
const char* kEvidenceActions = "('second_refund', 'second_refund_failed', 'auto_resolve_off', 'left_unknown')";

// The identities that could hold two live refunds: more than one operation (schema v8's
// logical_refund_repeats, kept by a trigger), or an operation with a live refund it does not hold.
const char* kCandidates =
    "WITH candidates AS ("
    "SELECT order_id, amount_cents, request_ref FROM logical_refund_repeats "
    "UNION "
    "SELECT o.order_id, o.amount_cents, o.request_ref FROM provider_events e "
    "JOIN refund_ops o ON o.operation_id = e.operation_id "
    "WHERE e.action IN ('second_refund', 'auto_resolve_off') AND e.refund_id IS NOT NULL) ";

struct Op
{
    QString operationId;
    QString status;
    qint64 createdAt = 0;
    qint64 closedAt = 0;
    QString refundId; ///< the refund it was closed with, if it is refunded
    QString heldRefundId; ///< the refund it holds in any state (a reversed row keeps its failed one)
    bool inFilter = false;
};

struct Identity
{
    QString orderId;
    qint64 amountCents = 0;
    QString currency;
    QString requestRef;
    QList<Op> ops; ///< oldest first
};

// The columns readIdentities() reads, in its order ("o" is refund_ops).
const char* kOperationColumns =
    "SELECT o.order_id, o.amount_cents, o.currency, o.request_ref, o.operation_id, o.status, o.created_at, "
    "COALESCE(o.closed_at, o.resolved_at, o.updated_at), o.provider_refund_id ";

// Groups rows of kOperationColumns, ordered by identity then creation, into identities.
QList<Identity> readIdentities(QSqlQuery& r, const HistoryFilter& filter)
{
    QList<Identity> identities;
    while (r.next()) {
        const QString orderId = r.value(0).toString();
        const qint64 amount = r.value(1).toLongLong();
        const QString requestRef = r.value(3).toString();
        if (identities.isEmpty() || identities.constLast().orderId != orderId ||
            identities.constLast().amountCents != amount || identities.constLast().requestRef != requestRef)
            identities.append(Identity{orderId, amount, r.value(2).toString(), requestRef, {}});
        Op op;
        op.operationId = r.value(4).toString();
        op.status = r.value(5).toString();
        op.createdAt = r.value(6).toLongLong();
        op.closedAt = r.value(7).toLongLong();
        op.heldRefundId = r.value(8).toString();
        if (op.status == QLatin1String("refunded"))
            op.refundId = op.heldRefundId;
        op.inFilter = op.createdAt >= filter.fromMs && op.createdAt < filter.toMs &&
                      (!filter.status || op.status == statusName(*filter.status));
        identities.last().ops.append(op);
    }
    return identities;
}

// The live refunds the provider holds for operations that do not hold them: operation id ->
// refund ids. Of every operation, or only of one identity's.
StoreResult<QHash<QString, QStringList>> liveRefundsBeside(Database& db, const Identity* only)
{
    QVariantList binds;
    QString sql = QStringLiteral("SELECT operation_id, refund_id, action FROM provider_events WHERE action IN ") +
                  QLatin1String(kEvidenceActions) +
                  QStringLiteral(" AND operation_id IS NOT NULL AND refund_id IS NOT NULL ");
    if (only) {
        sql += QStringLiteral("AND operation_id IN (SELECT operation_id FROM refund_ops WHERE order_id = ? "
                              "AND amount_cents = ? AND request_ref = ?) ");
        binds = {only->orderId, only->amountCents, only->requestRef};
    }
    auto q = db.run(sql + QStringLiteral("ORDER BY applied_at, event_id"), binds,
                    QStringLiteral("history: refunds the provider holds beside their operations"));
    if (!q)
        return q.error();
    QHash<QString, QPair<QString, bool>> last; // refund id -> (operation id, live)
    while (q.value().next()) {
        const QString action = q.value().value(2).toString();
        last.insert(q.value().value(1).toString(),
                    {q.value().value(0).toString(),
                     action == QLatin1String("second_refund") || action == QLatin1String("auto_resolve_off")});
    }
    QHash<QString, QStringList> reported;
    for (auto it = last.cbegin(); it != last.cend(); ++it)
        if (it.value().second)
            reported[it.value().first] << it.key();
    return reported;
}

// Splits an identity into logical refunds (R5a: without a request ref a refund answers repeats
// for the window only) and hands each one that holds a refund to found, with whether one of
// its operations is in the filter.
template <typename Found>
void countLogicalRefunds(const Identity& id, const QHash<QString, QStringList>& reported, qint64 repeatWindowMs,
                         Found found)
{
    QSet<QString> refunds;
    QStringList operations;
    bool touched = false;
    qint64 answersUntil = std::numeric_limits<qint64>::min(); // no refund yet
    auto finish = [&]() {
        if (!refunds.isEmpty()) {
            QStringList ids(refunds.cbegin(), refunds.cend());
            std::sort(ids.begin(), ids.end());
            found(RefundsPerLogicalRefund::OverRefund{id.orderId, id.amountCents, id.currency, id.requestRef,
                                                      operations, ids},
                  touched);
        }
        refunds.clear();
        operations.clear();
        touched = false;
        answersUntil = std::numeric_limits<qint64>::min();
    };
    for (const Op& op : id.ops) {
        if (id.requestRef.isEmpty() && answersUntil != std::numeric_limits<qint64>::min() &&
            op.createdAt > answersUntil)
            finish(); // opened after the window: a new logical refund
        operations << op.operationId;
        touched = touched || op.inFilter;
        // A refund the row holds is counted by its own state, never as one beside it: an
        // auto_resolve_off (final) stays "live" after the row closed with that refund and the
        // provider reversed it.
        for (const QString& refund : reported.value(op.operationId))
            if (refund != op.heldRefundId)
                refunds.insert(refund);
        if (!op.refundId.isEmpty())
            refunds.insert(op.refundId);
        if (op.status == QLatin1String("refunded"))
            answersUntil = qMax(answersUntil, op.closedAt + repeatWindowMs);
    }
    finish();
}
} // namespace

StoreResult<RefundsPerLogicalRefund::Result> RefundsPerLogicalRefund::compute(Database& db, const HistoryFilter& filter,
                                                                                qint64 repeatWindowMs)
{
    if (auto r = filter.validate(); !r)
        return r.error();
    if (repeatWindowMs <= 0)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("repeat_window_hours: must be positive"),
                                QStringLiteral("repeat_window_hours"));
    Result result;

    // A logical refund with one operation and no foreign event: one refund when that operation
    // is refunded. Stops at the first such row of the range.
    {
        QVariantList binds;
        auto q = db.run(QStringLiteral("SELECT 1 FROM refund_ops o WHERE o.status = 'refunded' AND ") +
                            filter.condition(QStringLiteral("o"), &binds) + QStringLiteral(" LIMIT 1"),
                        binds, QStringLiteral("history: a refunded operation in the range"));
        if (!q)
            return q.error();
        if (q.value().next())
            result.maxRefunds = 1;
    }

    // Every operation of the candidate identities, identity by identity, oldest first.
    auto q = db.run(QString::fromLatin1(kCandidates) + QLatin1String(kOperationColumns) +
                        QStringLiteral("FROM refund_ops o JOIN candidates c ON c.order_id = "
                                       "o.order_id AND c.amount_cents = o.amount_cents AND c.request_ref = o.request_ref "
                                       "ORDER BY o.order_id, o.amount_cents, o.request_ref, o.created_at, o.operation_id"),
                    {}, QStringLiteral("history: operations of logical refunds with more than one refund"));
    if (!q)
        return q.error();
    const QList<Identity> identities = readIdentities(q.value(), filter);
    if (identities.isEmpty())
        return result;

    auto reported = liveRefundsBeside(db, {});
    if (!reported)
        return reported.error();
    for (const Identity& id : identities)
        countLogicalRefunds(id, reported.value(), repeatWindowMs, [&](const OverRefund& r, bool touched) {
            if (!touched)
                return;
            result.maxRefunds = qMax(result.maxRefunds, int(r.refundIds.size()));
            if (r.refundIds.size() > 1)
                result.overRefunded << r;
        });
    return result;
}

StoreResult<std::optional<RefundsPerLogicalRefund::OverRefund>>
RefundsPerLogicalRefund::paidTwice(Database& db, const QString& operationId, qint64 repeatWindowMs)
{
    if (operationId.isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("operation_id: must not be empty"),
                                QStringLiteral("operation_id"));
    if (repeatWindowMs <= 0)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("repeat_window_hours: must be positive"),
                                QStringLiteral("repeat_window_hours"));
    // Every operation of its identity (refund_ops_by_identity), oldest first.
    auto q = db.run(QLatin1String(kOperationColumns) +
                        QStringLiteral("FROM refund_ops o JOIN refund_ops me ON me.order_id = o.order_id AND "
                                       "me.amount_cents = o.amount_cents AND me.request_ref = o.request_ref "
                                       "WHERE me.operation_id = ? ORDER BY o.created_at, o.operation_id"),
                    {operationId}, QStringLiteral("history: operations of one logical refund"));
    if (!q)
        return q.error();
    HistoryFilter all;
    all.fromMs = std::numeric_limits<qint64>::min();
    all.toMs = std::numeric_limits<qint64>::max();
    const QList<Identity> identities = readIdentities(q.value(), all);
    if (identities.isEmpty())
        return StoreError::make(Code::NotFound, QStringLiteral("operation_id: no operation %1").arg(operationId),
                                QStringLiteral("operation_id"));
    auto reported = liveRefundsBeside(db, &identities.constFirst());
    if (!reported)
        return reported.error();
    std::optional<OverRefund> mine;
    countLogicalRefunds(identities.constFirst(), reported.value(), repeatWindowMs, [&](const OverRefund& r, bool) {
        if (r.refundIds.size() > 1 && r.operationIds.contains(operationId))
            mine = r;
    });
    return mine;
}
