#include "history/HistoryStats.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSqlQuery>

#include <algorithm>

namespace {
using Code = StoreError::Code;
constexpr qint64 kHourMs = 3600LL * 1000;

StoreResult<qint64> scalar(Database& db, const QString& sql, const QVariantList& binds,
                           const QString& context)
{
    auto q = db.run(sql, binds, context);
    if (!q)
        return q.error();
    if (!q.value().next())
        return qint64(0);
    return q.value().value(0).toLongLong();
}

} // namespace

QList<qint64> HistoryStats::resolveBucketBounds()
{
    return {0, kHourMs, 4 * kHourMs, 24 * kHourMs, 72 * kHourMs, 168 * kHourMs};
}

StoreResult<HistoryStats::Snapshot> HistoryStats::compute(Database& db, const HistoryFilter& filter)
{
    if (auto r = filter.validate(); !r)
        return r.error();
    if (filter.fromMs < 0)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("from: must not be before 1970-01-01"),
                                QStringLiteral("from"));
    QElapsedTimer timer;
    timer.start();
    Snapshot s;
    s.filter = filter;

    const qint64 firstDay = HistoryFilter::dayOf(filter.fromMs);
    const qint64 lastDay = HistoryFilter::dayOf(filter.toMs - 1);
    for (qint64 d = firstDay; d <= lastDay; ++d)
        s.days << Day{d * HistoryFilter::kDayMs, 0, 0, 0, 0, 0};
    auto dayAt = [&](qint64 day) -> Day* {
        const qint64 i = day - firstDay;
        return i >= 0 && i < s.days.size() ? &s.days[i] : nullptr;
    };
    const QString dayExpr = QStringLiteral("(o.created_at / %1)").arg(HistoryFilter::kDayMs);

    if (db.isSqlite()) {
        // Memory-mapped reads for this connection: a history pass touches most pages of a large
        // file, and read() system calls through SQLite's small page cache dominated the time.
        if (auto r = db.runScript(QStringLiteral("PRAGMA mmap_size = 1073741824"),
                                  QStringLiteral("history: mmap"));
            !r)
            return r.error();
    }
    // SQLite walks refund_ops_by_created and then fetches every row from the table; over most of
    // the table a plain scan is several times faster. Unary plus hides the column from the
    // planner (SQLite only: PostgreSQL chooses between index and scan by itself).
    QString col = QStringLiteral("o.created_at");
    if (db.isSqlite()) {
        QVariantList binds;
        auto inRange = scalar(db,
                              QStringLiteral("SELECT count(*) FROM refund_ops o WHERE ") +
                                  filter.condition(QStringLiteral("o"), &binds),
                              binds, QStringLiteral("history: range size"));
        if (!inRange)
            return inRange.error();
        auto all = scalar(db, QStringLiteral("SELECT count(*) FROM refund_ops"), {},
                          QStringLiteral("history: table size"));
        if (!all)
            return all.error();
        if (inRange.value() * 4 > all.value())
            col = QStringLiteral("+o.created_at");
    }
    auto condition = [&](QVariantList* binds) {
        QString sql = filter.condition(QStringLiteral("o"), binds);
        if (col != QLatin1String("o.created_at"))
            sql.replace(QLatin1String("o.created_at"), col);
        return sql;
    };

    // 1. One grouped pass over the operations: counts by day and outcome, the attempts
    //    histogram, attempts beyond the first, refund ids, and each distinct time to resolve
    //    (resolved rows only, so at most one group per resolved operation).
    QList<QPair<qint64, qint64>> durations; // (resolved_at - created_at, operations)
    {
        QVariantList binds;
        const QString where = condition(&binds);
        const QString duration =
            QStringLiteral("CASE WHEN o.resolved_at IS NULL THEN NULL ELSE o.resolved_at - o.created_at END");
        // operation_id is the primary key, so count(DISTINCT provider_refund_id) per operation is
        // "is a refund id recorded" per row; max() over a group is the max over its operations.
        auto q = db.run(QStringLiteral("SELECT %1 AS day, o.status, o.attempts, %2 AS duration, count(*), "
                                       "max(CASE WHEN o.provider_refund_id IS NULL THEN 0 ELSE 1 END) "
                                       "FROM refund_ops o WHERE ")
                                .arg(dayExpr, duration) +
                            where +
                            QStringLiteral(" GROUP BY %1, o.status, o.attempts, %2").arg(dayExpr, duration),
                        binds, QStringLiteral("history: operations by day"));
        if (!q)
            return q.error();
        QSqlQuery& r = q.value();
        while (r.next()) {
            const qint64 day = r.value(0).toLongLong();
            const QString status = r.value(1).toString();
            const int attempts = r.value(2).toInt();
            const qint64 n = r.value(4).toLongLong();
            s.operations += n;
            if (!r.value(3).isNull())
                durations << qMakePair(r.value(3).toLongLong(), n);
            Day* d = dayAt(day);
            if (status == QLatin1String("refunded")) {
                s.refundedOperations += n;
                s.maxRefundsPerOperation = qMax(s.maxRefundsPerOperation, r.value(5).toInt());
                if (d)
                    d->refunded += n;
            } else if (status == QLatin1String("failed")) {
                if (d)
                    d->failed += n;
            } else if (status == QLatin1String("unknown")) {
                s.unknownOperations += n;
                if (d)
                    d->unknown += n;
            } else if (d) {
                d->open += n;
            }
            if (attempts <= 0) {
                s.operationsWithoutAttempts += n;
                continue;
            }
            s.attemptsBeyondFirst += qint64(attempts - 1) * n;
            if (d)
                d->duplicatesPrevented += qint64(attempts - 1) * n;
            if (s.attemptsHistogram.size() < attempts)
                s.attemptsHistogram.resize(attempts, 0);
            s.attemptsHistogram[attempts - 1] += n;
        }
    }

    // 2. Tool calls mapped onto those operations, per day of the operation (rejected calls
    //    have no operation and are not part of duplicate prevention).
    {
        QVariantList binds;
        const QString where = condition(&binds);
        auto q = db.run(
            QStringLiteral("SELECT %1 AS day, count(*), "
                           "sum(CASE WHEN t.created_operation = 0 THEN 1 ELSE 0 END), "
                           "sum(CASE WHEN t.lost_insert_race = 1 THEN 1 ELSE 0 END), "
                           "sum(CASE WHEN t.answered_from_refunded = 1 THEN 1 ELSE 0 END) "
                           "FROM refund_ops o JOIN tool_calls t ON t.operation_id = o.operation_id WHERE ")
                    .arg(dayExpr) +
                where + QStringLiteral(" GROUP BY %1").arg(dayExpr),
            binds, QStringLiteral("history: tool calls"));
        if (!q)
            return q.error();
        QSqlQuery& r = q.value();
        while (r.next()) {
            const qint64 joined = r.value(2).toLongLong();
            s.toolCalls += r.value(1).toLongLong();
            s.joinedToolCalls += joined;
            s.lostInsertRaces += r.value(3).toLongLong();
            s.answeredFromRefunded += r.value(4).toLongLong();
            if (Day* d = dayAt(r.value(0).toLongLong()))
                d->duplicatesPrevented += joined;
        }
    }
    s.duplicatesPrevented = s.joinedToolCalls + s.attemptsBeyondFirst;

    // 3. Provider replays (Idempotent-Replayed: true) on those operations.
    {
        QVariantList binds;
        const QString where = condition(&binds);
        auto n = scalar(db,
                        QStringLiteral("SELECT count(*) FROM refund_attempts a JOIN refund_ops o "
                                       "ON o.operation_id = a.operation_id WHERE a.replayed = 1 AND ") +
                            where,
                        binds, QStringLiteral("history: provider replays"));
        if (!n)
            return n.error();
        s.providerReplays = n.value();
    }

    // 4. Money still in `unknown`, per currency (minor units; never summed across currencies).
    {
        QVariantList binds;
        const QString where = filter.condition(QStringLiteral("o"), &binds);
        auto q =
            db.run(QStringLiteral("SELECT o.currency, sum(o.amount_cents) FROM refund_ops o WHERE ") + where +
                       QStringLiteral(" AND o.status = 'unknown' GROUP BY o.currency ORDER BY o.currency"),
                   binds, QStringLiteral("history: money in unknown"));
        if (!q)
            return q.error();
        while (q.value().next())
            s.unknownMoney << Money{q.value().value(0).toString(), q.value().value(1).toLongLong()};
    }

    // 5. Time to resolve: buckets and nearest-rank percentiles over the sorted durations.
    {
        const QList<qint64> bounds = resolveBucketBounds();
        for (int i = 0; i < bounds.size(); ++i)
            s.resolveBuckets << Bucket{bounds[i], i + 1 < bounds.size() ? bounds[i + 1] : 0, 0};
        std::sort(durations.begin(), durations.end());
        for (const auto& [ms, n] : durations) {
            s.resolvedOperations += n;
            int i = int(bounds.size()) - 1;
            while (i > 0 && ms < bounds[i])
                --i;
            s.resolveBuckets[i].operations += n;
        }
        // Nearest rank: the smallest duration d with at least p of the durations <= d.
        auto percentile = [&](int percent) -> std::optional<qint64> {
            if (s.resolvedOperations == 0)
                return std::nullopt;
            const qint64 rank = (s.resolvedOperations * percent + 99) / 100;
            qint64 seen = 0;
            for (const auto& [ms, n] : durations) {
                seen += n;
                if (seen >= rank)
                    return ms;
            }
            return durations.constLast().first;
        };
        s.medianResolveMs = percentile(50);
        s.p90ResolveMs = percentile(90);
    }
    s.elapsedMs = timer.elapsed();
    return s;
}

QList<HistoryStats::Figure> HistoryStats::figures()
{
    return {Figure::Operations,
            Figure::ToolCalls,
            Figure::JoinedToolCalls,
            Figure::LostInsertRaces,
            Figure::ProviderReplays,
            Figure::AttemptsBeyondFirst,
            Figure::MaxRefundsPerOperation,
            Figure::DuplicatesPrevented,
            Figure::UnknownRate,
            Figure::UnknownMoney,
            Figure::MedianTimeToResolve,
            Figure::P90TimeToResolve};
}

QString HistoryStats::title(Figure figure)
{
    switch (figure) {
    case Figure::Operations:
        return tr("Operations");
    case Figure::ToolCalls:
        return tr("Tool calls");
    case Figure::JoinedToolCalls:
        return tr("Joined tool calls");
    case Figure::LostInsertRaces:
        return tr("Insert races lost");
    case Figure::ProviderReplays:
        return tr("Provider replays");
    case Figure::AttemptsBeyondFirst:
        return tr("Attempts beyond the first");
    case Figure::MaxRefundsPerOperation:
        return tr("Refunds per operation (max)");
    case Figure::DuplicatesPrevented:
        return tr("Duplicate refunds prevented");
    case Figure::UnknownRate:
        return tr("Unknown rate");
    case Figure::UnknownMoney:
        return tr("Money in unknown");
    case Figure::MedianTimeToResolve:
        return tr("Time to resolve, median");
    case Figure::P90TimeToResolve:
        return tr("Time to resolve, p90");
    }
    return {};
}

QString HistoryStats::definition(Figure figure)
{
    const QString scope =
        tr("Over the operations created in the selected UTC range (and state, if one is chosen).");
    QString text;
    switch (figure) {
    case Figure::Operations:
        text = tr("Logical refund operations (rows of refund_ops): one per refund, whatever the number of "
                  "tool calls "
                  "and attempts.");
        break;
    case Figure::ToolCalls:
        text =
            tr("Calls of the refund tool that were mapped onto one of these operations (tool_calls with an "
               "operation). Calls rejected before any operation existed are not counted.");
        break;
    case Figure::JoinedToolCalls:
        text = tr(
            "Tool calls that found the operation already there and reused its key instead of opening a new "
            "one (created_operation = 0), e.g. the customer's \"try again\". Includes lost insert races.");
        break;
    case Figure::LostInsertRaces:
        text = tr("Tool calls that inserted at the same moment as another call, were refused by the "
                  "database's unique "
                  "index (R3) and read the winner's row (lost_insert_race = 1). Part of the joined calls.");
        break;
    case Figure::ProviderReplays:
        text =
            tr("Provider attempts answered with a saved response (Idempotent-Replayed: true): the provider "
               "recognised the key and did not execute the refund again.");
        break;
    case Figure::AttemptsBeyondFirst:
        text = tr(
            "Retries: the sum of (attempts - 1) over operations with at least one attempt. Every retry sent "
            "the operation's stored key (R2).");
        break;
    case Figure::MaxRefundsPerOperation:
        text = tr(
            "The largest number of distinct provider refund ids recorded for one refunded operation. Must be "
            "at most 1: anything higher would be a refund paid twice.");
        break;
    case Figure::DuplicatesPrevented:
        text =
            tr("Joined tool calls plus attempts beyond the first: each is a request that, with a fresh key, "
               "could "
               "have become a second refund, and instead reused the operation's key. Lost races and provider "
               "replays are already inside these counts and are not added again. They were prevented only "
               "while refunds "
               "per operation stays at most 1; the History tab flags the figure otherwise. Per day: by the "
               "UTC day "
               "the operation was created.");
        break;
    case Figure::UnknownRate:
        text = tr("Operations whose status is now unknown, divided by all operations: outcomes nobody could "
                  "confirm "
                  "yet, waiting for a reviewer.");
        break;
    case Figure::UnknownMoney:
        text = tr(
            "Sum of the amounts of operations now unknown, per currency, in major units: money that may or "
            "may not have been refunded.");
        break;
    case Figure::MedianTimeToResolve:
        text = tr("Median of resolved_at - created_at over operations a reviewer resolved (nearest-rank, no "
                  "interpolation).");
        break;
    case Figure::P90TimeToResolve:
        text = tr(
            "90th percentile of resolved_at - created_at over operations a reviewer resolved (nearest-rank): "
            "nine in ten were resolved at least this fast.");
        break;
    }
    return text + QLatin1Char(' ') + scope;
}
