#include "history/HistoryRows.h"

#include "history/HistoryRollupRanges.h"

#include <QSqlQuery>

namespace {
std::optional<qint64> optionalMs(const QVariant& v)
{
    if (v.isNull())
        return std::nullopt;
    return v.toLongLong();
}
} // namespace

StoreResult<QList<Operation>> HistoryRows::page(Database& db, const HistoryFilter& filter,
                                                const std::optional<Cursor>& after, int limit)
{
    if (auto r = filter.validate(); !r)
        return r.error();
    QVariantList binds;
    QString where = filter.condition(QStringLiteral("o"), &binds);
    if (after) {
        where += QStringLiteral(" AND (o.created_at > ? OR (o.created_at = ? AND o.operation_id > ?))");
        binds << after->createdAt << after->createdAt << after->operationId;
    }
    binds << qBound(1, limit, 10000);
    auto q = db.run(
        QStringLiteral("SELECT o.operation_id, o.order_id, o.amount_cents, o.currency, o.status, o.attempts, "
                       "o.created_at, o.first_attempt_at, o.key_expires_at, o.closed_at, o.resolved_at, "
                       "o.provider_refund_id, o.unknown_reason, o.failure_code, o.resolved_by, "
                       "o.resolution_note, o.updated_at, o.last_attempt_at, o.provider_status, "
                       "(SELECT count(*) FROM tool_calls t WHERE t.operation_id = o.operation_id) "
                       "FROM refund_ops o WHERE ") +
            where + QStringLiteral(" ORDER BY o.created_at, o.operation_id LIMIT ?"),
        binds, QStringLiteral("history rows"));
    if (!q)
        return q.error();
    QList<Operation> out;
    QSqlQuery& r = q.value();
    while (r.next()) {
        Operation op;
        op.operationId = r.value(0).toString();
        op.orderId = r.value(1).toString();
        op.amountCents = r.value(2).toLongLong();
        op.currency = r.value(3).toString();
        op.status = operationStatusFromString(r.value(4).toString()).value_or(OperationStatus::Unknown);
        op.attempts = r.value(5).toInt();
        op.createdAt = r.value(6).toLongLong();
        op.firstAttemptAt = optionalMs(r.value(7));
        op.keyExpiresAt = optionalMs(r.value(8));
        op.closedAt = optionalMs(r.value(9));
        op.resolvedAt = optionalMs(r.value(10));
        op.providerRefundId = r.value(11).toString();
        op.unknownReason = r.value(12).toString();
        op.failureCode = r.value(13).toString();
        op.resolvedBy = r.value(14).toString();
        op.resolutionNote = r.value(15).toString();
        op.updatedAt = r.value(16).toLongLong();
        op.lastAttemptAt = optionalMs(r.value(17));
        op.providerStatus = r.value(18).toString();
        op.toolCallCount = r.value(19).toInt();
        out << op;
    }
    return out;
}

StoreResult<qint64> HistoryRows::count(Database& db, const HistoryFilter& filter)
{
    if (auto r = filter.validate(); !r)
        return r.error();
    // Whole UTC days from the v6 rollups, partial days by an index range count.
    const auto parts = HistoryRollupRanges::split(filter.fromMs, filter.toMs);
    qint64 total = 0;
    if (parts.fullFromDay < parts.fullToDay) {
        QVariantList binds{parts.fullFromDay, parts.fullToDay};
        QString sql = QStringLiteral(
            "SELECT COALESCE(sum(operations), 0) FROM history_day_ops WHERE day >= ? AND day < ?");
        if (filter.status) {
            sql += QStringLiteral(" AND status = ?");
            binds << statusName(*filter.status);
        }
        auto q = db.run(sql, binds, QStringLiteral("count history rows"));
        if (!q)
            return q.error();
        q.value().next();
        total += q.value().value(0).toLongLong();
    }
    for (const auto& [fromMs, toMs] : parts.edges) {
        const HistoryFilter edge{fromMs, toMs, filter.status};
        QVariantList binds;
        const QString where = edge.condition(QStringLiteral("o"), &binds);
        auto q = db.run(QStringLiteral("SELECT count(*) FROM refund_ops o WHERE ") + where, binds,
                        QStringLiteral("count history rows"));
        if (!q)
            return q.error();
        q.value().next();
        total += q.value().value(0).toLongLong();
    }
    return total;
}
