#include "history/HistoryRows.h"

#include "db/KeysetOrder.h"
#include "db/LocaleCollation.h"
#include "db/QueryRows.h"
#include "db/SqlNull.h"
#include "history/HistoryRollupRanges.h"

#include <QSqlQuery>

namespace {
using SqlNull::optionalMs;

/** An operation from a row of page()'s columns. */
Operation readRow(const QSqlQuery& r)
{
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
    return op;
}

QString reasonCode(const Operation& op)
{
    return !op.failureCode.isEmpty() ? op.failureCode : op.unknownReason;
}

// "(CASE WHEN expr = 'a' THEN 0 WHEN ... ELSE n END)": the place of a code in order; with
// withDetail, "a: detail" counts as "a" too.
QString rankExpr(const QString& expr, const QStringList& order, bool withDetail)
{
    QString sql = QStringLiteral("(CASE");
    for (int i = 0; i < order.size(); ++i) {
        const QString code = QString(order.at(i)).replace(QLatin1Char('\''), QStringLiteral("''"));
        sql += QStringLiteral(" WHEN %1 = '%2'").arg(expr, code);
        if (withDetail)
            sql += QStringLiteral(" OR substr(%1, 1, %2) = '%3:'")
                       .arg(expr)
                       .arg(order.at(i).size() + 1)
                       .arg(code);
        sql += QStringLiteral(" THEN %1").arg(i);
    }
    return sql + QStringLiteral(" ELSE %1 END)").arg(order.size());
}

// rankExpr's value for code.
int rankOf(const QString& code, const QStringList& order, bool withDetail)
{
    for (int i = 0; i < order.size(); ++i) {
        if (code == order.at(i) || (withDetail && code.startsWith(order.at(i) + QLatin1Char(':'))))
            return i;
    }
    return int(order.size());
}

// The terms of sort's total order, with the cursor row's values when there is one. A
// nullable column leads with a NULLs-last flag; when the cursor's value is NULL the
// column's own terms are dropped (every later row is NULL there too).
QList<KeysetOrder::Term> orderTerms(const HistoryRows::Sort& sort, const QString& collate,
                                    const QString& bytewise, const Operation* row)
{
    using K = HistoryRows::SortKey;
    using Term = KeysetOrder::Term;
    const bool asc = !sort.descending;
    const auto value = [row](const auto& get) { return row ? QVariant(get(*row)) : QVariant(); };
    QList<Term> terms;
    // A nullable column: expr is NULL where the row has no value; valueTerms follow the flag.
    const auto nullable = [&](const QString& expr, bool isNull, const QList<Term>& valueTerms) {
        terms << Term{QStringLiteral("(CASE WHEN %1 IS NULL THEN 1 ELSE 0 END)").arg(expr), true,
                      row ? QVariant(isNull ? 1 : 0) : QVariant()};
        if (!(row && isNull))
            terms << valueTerms;
    };
    const auto text = [&](const QString& column, const QString& v, bool collated) {
        const QString expr = QStringLiteral("NULLIF(%1, '')").arg(column);
        const QString ordered = QStringLiteral("(%1%2)").arg(expr, collated ? collate : bytewise);
        nullable(expr, v.isEmpty(), {Term{ordered, asc, v.isEmpty() ? QVariant() : QVariant(v)}});
    };
    switch (sort.key) {
    case K::CreatedAt:
        terms << Term{QStringLiteral("o.created_at"), asc,
                      value([](const Operation& o) { return o.createdAt; })};
        break;
    case K::OperationId:
        break; // the tie-breaker below is the order
    case K::OrderId:
        terms << Term{QStringLiteral("(o.order_id%1)").arg(collate), asc,
                      value([](const Operation& o) { return o.orderId; })};
        break;
    case K::Amount:
        terms << Term{QStringLiteral("o.currency"), true,
                      value([](const Operation& o) { return o.currency; })}
              << Term{QStringLiteral("o.amount_cents"), asc,
                      value([](const Operation& o) { return o.amountCents; })};
        break;
    case K::Status:
        terms << Term{rankExpr(QStringLiteral("o.status"), sort.valueOrder, false), asc,
                      value([&sort](const Operation& o) {
                          return rankOf(statusName(o.status), sort.valueOrder, false);
                      })};
        break;
    case K::Attempts:
        terms << Term{QStringLiteral("o.attempts"), asc,
                      value([](const Operation& o) { return o.attempts; })};
        break;
    case K::ToolCalls:
        terms << Term{
            QStringLiteral("(SELECT count(*) FROM tool_calls t WHERE t.operation_id = o.operation_id)"), asc,
            value([](const Operation& o) { return o.toolCallCount; })};
        break;
    case K::ClosedAt: {
        const std::optional<qint64> closed =
            row ? (row->resolvedAt ? row->resolvedAt : row->closedAt) : std::nullopt;
        const QString expr = QStringLiteral("COALESCE(o.resolved_at, o.closed_at)");
        nullable(expr, !closed, {Term{expr, asc, closed ? QVariant(*closed) : QVariant()}});
        break;
    }
    case K::ProviderRefundId:
        text(QStringLiteral("o.provider_refund_id"), row ? row->providerRefundId : QString(), false);
        break;
    case K::Reason: {
        const QString code = row ? reasonCode(*row) : QString();
        const QString expr =
            QStringLiteral("COALESCE(NULLIF(o.failure_code, ''), NULLIF(o.unknown_reason, ''))");
        nullable(
            expr, code.isEmpty(),
            {Term{rankExpr(expr, sort.valueOrder, true), asc,
                  row ? QVariant(rankOf(code, sort.valueOrder, true)) : QVariant()},
             Term{QStringLiteral("(%1%2)").arg(expr, bytewise), asc, row ? QVariant(code) : QVariant()}});
        break;
    }
    case K::ResolvedBy:
        text(QStringLiteral("o.resolved_by"), row ? row->resolvedBy : QString(), true);
        break;
    case K::Note:
        text(QStringLiteral("o.resolution_note"), row ? row->resolutionNote : QString(), true);
        break;
    }
    terms << Term{QStringLiteral("o.operation_id"), asc,
                  value([](const Operation& o) { return o.operationId; })};
    return terms;
}

bool collated(HistoryRows::SortKey key)
{
    using K = HistoryRows::SortKey;
    return key == K::OrderId || key == K::ResolvedBy || key == K::Note;
}
} // namespace

StoreResult<QList<Operation>> HistoryRows::page(Database& db, const HistoryFilter& filter,
                                                const std::optional<Cursor>& after, int limit,
                                                const Sort& sort)
{
    if (auto r = filter.validate(); !r)
        return r.error();
    const QString collate = collated(sort.key) ? LocaleCollation::clause(db) : QString();
    const QString bytewise = LocaleCollation::bytewise(db);
    QVariantList binds;
    QString where = filter.condition(QStringLiteral("o"), &binds);
    if (after)
        where += QStringLiteral(" AND ") +
                 KeysetOrder::clause(orderTerms(sort, collate, bytewise, &*after), true, false, &binds);
    binds << qBound(1, limit, 10000);
    auto q = db.run(
        QStringLiteral("SELECT o.operation_id, o.order_id, o.amount_cents, o.currency, o.status, o.attempts, "
                       "o.created_at, o.first_attempt_at, o.key_expires_at, o.closed_at, o.resolved_at, "
                       "o.provider_refund_id, o.unknown_reason, o.failure_code, o.resolved_by, "
                       "o.resolution_note, o.updated_at, o.last_attempt_at, o.provider_status, "
                       "(SELECT count(*) FROM tool_calls t WHERE t.operation_id = o.operation_id) "
                       "FROM refund_ops o WHERE ") +
            where + QStringLiteral(" ORDER BY ") +
            KeysetOrder::orderBy(orderTerms(sort, collate, bytewise, nullptr)) + QStringLiteral(" LIMIT ?"),
        binds, QStringLiteral("history rows"));
    return QueryRows::all(std::move(q), readRow);
}

StoreResult<QList<Operation>> HistoryRows::page(Database& db, const HistoryFilter& filter,
                                                const std::optional<Cursor>& after, int limit)
{
    return page(db, filter, after, limit, Sort{});
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
