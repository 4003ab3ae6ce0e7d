#include "history/HistoryStats.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMap>
#include <QSqlQuery>

#include "db/HistoryRollups.h"
#include "history/HistoryRollupRanges.h"

#include <algorithm>

namespace {
using Code = StoreError::Code;
constexpr qint64 kHourMs = 3600LL * 1000;

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

    // Whole UTC days come from the rollups (schema v6, kept by triggers); the partial days at
    // either end of a range that does not start or end at a UTC midnight are grouped from the
    // base tables with the same queries the v6 backfill used (index range scans of less than
    // a day each). Both sources give rows of the same shape, accumulated alike.
    const auto parts = HistoryRollupRanges::split(filter.fromMs, filter.toMs);

    QMap<QString, qint64> unknownMoney;
    QMap<qint64, qint64> durations; // resolved_at - created_at -> operations
    auto addOperations = [&](qint64 day, const QString& status, const QString& currency, int attempts,
                             qint64 n, qint64 amount, qint64 withRefundId) {
        if (n == 0)
            return;
        s.operations += n;
        Day* d = dayAt(day);
        if (status == QLatin1String("refunded")) {
            s.refundedOperations += n;
            if (withRefundId > 0)
                s.maxRefundsPerOperation = qMax(s.maxRefundsPerOperation, 1);
            if (d)
                d->refunded += n;
        } else if (status == QLatin1String("failed")) {
            if (d)
                d->failed += n;
        } else if (status == QLatin1String("unknown")) {
            s.unknownOperations += n;
            unknownMoney[currency] += amount;
            if (d)
                d->unknown += n;
        } else if (d) {
            d->open += n;
        }
        if (attempts <= 0) {
            s.operationsWithoutAttempts += n;
            return;
        }
        s.attemptsBeyondFirst += qint64(attempts - 1) * n;
        if (d)
            d->duplicatesPrevented += qint64(attempts - 1) * n;
        if (s.attemptsHistogram.size() < attempts)
            s.attemptsHistogram.resize(attempts, 0);
        s.attemptsHistogram[attempts - 1] += n;
    };
    auto addCalls = [&](qint64 day, qint64 calls, qint64 joined, qint64 lost, qint64 answered) {
        s.toolCalls += calls;
        s.joinedToolCalls += joined;
        s.lostInsertRaces += lost;
        s.answeredFromRefunded += answered;
        if (Day* d = dayAt(day))
            d->duplicatesPrevented += joined;
    };

    // 1. Whole days: one primary-key range scan per rollup table.
    if (parts.fullFromDay < parts.fullToDay) {
        QVariantList binds{parts.fullFromDay, parts.fullToDay};
        QString where = QStringLiteral("day >= ? AND day < ?");
        if (filter.status) {
            where += QStringLiteral(" AND status = ?");
            binds << statusName(*filter.status);
        }
        auto q =
            db.run(QStringLiteral("SELECT day, status, currency, attempts, operations, amount_cents, "
                                  "with_refund_id, calls, joined_calls, lost_races, answered_from_refunded, "
                                  "provider_replays FROM history_day_ops WHERE ") +
                       where,
                   binds, QStringLiteral("history: daily rollups"));
        if (!q)
            return q.error();
        QSqlQuery& r = q.value();
        while (r.next()) {
            const qint64 day = r.value(0).toLongLong();
            addOperations(day, r.value(1).toString(), r.value(2).toString(), r.value(3).toInt(),
                          r.value(4).toLongLong(), r.value(5).toLongLong(), r.value(6).toLongLong());
            addCalls(day, r.value(7).toLongLong(), r.value(8).toLongLong(), r.value(9).toLongLong(),
                     r.value(10).toLongLong());
            s.providerReplays += r.value(11).toLongLong();
        }
        auto d =
            db.run(QStringLiteral("SELECT duration_ms, sum(operations) FROM history_day_resolves WHERE ") +
                       where + QStringLiteral(" GROUP BY duration_ms"),
                   binds, QStringLiteral("history: time to resolve rollups"));
        if (!d)
            return d.error();
        while (d.value().next())
            durations[d.value().value(0).toLongLong()] += d.value().value(1).toLongLong();
    }

    // 2. Partial days from the base tables.
    for (const auto& [fromMs, toMs] : parts.edges) {
        const HistoryFilter edge{fromMs, toMs, filter.status};
        auto runGrouped = [&](QString (*sql)(const QString&),
                              const QString& context) -> StoreResult<QSqlQuery> {
            QVariantList binds;
            const QString where = edge.condition(QStringLiteral("o"), &binds);
            return db.run(sql(where), binds, context);
        };
        auto ops = runGrouped(&HistoryRollups::operationsSql,
                              QStringLiteral("history: operations of a partial day"));
        if (!ops)
            return ops.error();
        while (ops.value().next()) {
            const QSqlQuery& r = ops.value();
            addOperations(r.value(0).toLongLong(), r.value(1).toString(), r.value(2).toString(),
                          r.value(3).toInt(), r.value(4).toLongLong(), r.value(5).toLongLong(),
                          r.value(6).toLongLong());
        }
        auto calls =
            runGrouped(&HistoryRollups::callsSql, QStringLiteral("history: tool calls of a partial day"));
        if (!calls)
            return calls.error();
        while (calls.value().next()) {
            const QSqlQuery& r = calls.value();
            addCalls(r.value(0).toLongLong(), r.value(4).toLongLong(), r.value(5).toLongLong(),
                     r.value(6).toLongLong(), r.value(7).toLongLong());
        }
        auto replays = runGrouped(&HistoryRollups::replaysSql,
                                  QStringLiteral("history: provider replays of a partial day"));
        if (!replays)
            return replays.error();
        while (replays.value().next())
            s.providerReplays += replays.value().value(4).toLongLong();
        auto resolves = runGrouped(&HistoryRollups::resolvesSql,
                                   QStringLiteral("history: time to resolve of a partial day"));
        if (!resolves)
            return resolves.error();
        while (resolves.value().next())
            durations[resolves.value().value(2).toLongLong()] += resolves.value().value(3).toLongLong();
    }
    s.duplicatesPrevented = s.joinedToolCalls + s.attemptsBeyondFirst;

    // Money still in `unknown`, per currency (minor units; never summed across currencies).
    for (auto it = unknownMoney.cbegin(); it != unknownMoney.cend(); ++it) {
        if (it.value() != 0)
            s.unknownMoney << Money{it.key(), it.value()};
    }

    // 3. Time to resolve: buckets and nearest-rank percentiles over the sorted durations.
    {
        const QList<qint64> bounds = resolveBucketBounds();
        for (int i = 0; i < bounds.size(); ++i)
            s.resolveBuckets << Bucket{bounds[i], i + 1 < bounds.size() ? bounds[i + 1] : 0, 0};
        for (auto it = durations.cbegin(); it != durations.cend(); ++it) {
            const qint64 ms = it.key();
            const qint64 n = it.value();
            if (n <= 0)
                continue;
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
            std::optional<qint64> last;
            for (auto it = durations.cbegin(); it != durations.cend(); ++it) {
                if (it.value() <= 0)
                    continue;
                seen += it.value();
                last = it.key();
                if (seen >= rank)
                    return it.key();
            }
            return last;
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
