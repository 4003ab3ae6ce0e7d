#include "history/HistoryStats.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMap>
#include <QSqlQuery>

#include "db/HistoryRollups.h"
#include "db/SettingsStore.h"
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

StoreResult<HistoryFilter> HistoryStats::allTime(Database& db, const HistoryFilter& filter)
{
    HistoryFilter range = filter;
    auto first = db.run(QStringLiteral("SELECT MIN(created_at) FROM refund_ops"), {},
                        QStringLiteral("first operation"));
    if (!first)
        return first.error();
    if (first.value().next() && !first.value().value(0).isNull())
        range.fromMs = qMin(HistoryFilter::dayOf(first.value().value(0).toLongLong()) * HistoryFilter::kDayMs,
                            range.toMs - HistoryFilter::kDayMs);
    else
        range.fromMs = range.toMs - 7 * HistoryFilter::kDayMs; // no operations yet: one empty week
    return range;
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
    QMap<QString, qint64> reversedMoney;
    auto addOperations = [&](qint64 day, const QString& status, int attempts, qint64 n) {
        if (n == 0)
            return;
        s.operations += n;
        Day* d = dayAt(day);
        if (status == QLatin1String("refunded")) {
            s.refundedOperations += n;
            if (d)
                d->refunded += n;
        } else if (status == QLatin1String("failed")) {
            if (d)
                d->failed += n;
        } else if (status == QLatin1String("unknown")) {
            s.unknownOperations += n;
            if (d)
                d->unknown += n;
        } else if (status == QLatin1String("reversed")) {
            s.reversedOperations += n;
            if (d)
                d->reversed += n;
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
    // Where the resolved durations come from: the rollup rows of the whole days and the
    // operations of the partial days, as one (d, n) row source ranked inside the engine.
    QStringList durationSources;
    QVariantList durationBinds;

    // 1. Whole days: primary-key range scans of the rollups, grouped in index order.
    if (parts.fullFromDay < parts.fullToDay) {
        QVariantList binds{parts.fullFromDay, parts.fullToDay};
        QString where = QStringLiteral("day >= ? AND day < ?");
        if (filter.status) {
            where += QStringLiteral(" AND status = ?");
            binds << statusName(*filter.status);
        }
        auto q = db.run(
            QStringLiteral("SELECT day, status, attempts, sum(operations), sum(calls), "
                           "sum(joined_calls), sum(lost_races), sum(answered_from_refunded), "
                           "sum(provider_replays) FROM history_day_ops WHERE ") +
                where + QStringLiteral(" GROUP BY day, status, attempts"),
            binds, QStringLiteral("history: daily rollups"));
        if (!q)
            return q.error();
        QSqlQuery& r = q.value();
        while (r.next()) {
            const qint64 day = r.value(0).toLongLong();
            addOperations(day, r.value(1).toString(), r.value(2).toInt(), r.value(3).toLongLong());
            addCalls(day, r.value(4).toLongLong(), r.value(5).toLongLong(), r.value(6).toLongLong(),
                     r.value(7).toLongLong());
            s.providerReplays += r.value(8).toLongLong();
        }
        auto m = db.run(QStringLiteral("SELECT status, currency, sum(amount_cents) FROM history_day_ops WHERE ") +
                            where +
                            QStringLiteral(" AND status IN ('unknown', 'reversed') GROUP BY status, currency"),
                        binds, QStringLiteral("history: money in unknown and reversed"));
        if (!m)
            return m.error();
        while (m.value().next()) {
            auto& money = m.value().value(0).toString() == QLatin1String("unknown") ? unknownMoney : reversedMoney;
            money[m.value().value(1).toString()] += m.value().value(2).toLongLong();
        }
        durationSources << QStringLiteral(
                               "SELECT duration_ms AS d, operations AS n FROM history_day_resolves WHERE ") +
                               where;
        durationBinds += binds;
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
            addOperations(r.value(0).toLongLong(), r.value(1).toString(), r.value(3).toInt(),
                          r.value(4).toLongLong());
            if (r.value(1).toString() == QLatin1String("unknown"))
                unknownMoney[r.value(2).toString()] += r.value(5).toLongLong();
            else if (r.value(1).toString() == QLatin1String("reversed"))
                reversedMoney[r.value(2).toString()] += r.value(5).toLongLong();
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
        QVariantList binds;
        durationSources << QStringLiteral(
                               "SELECT o.resolved_at - o.created_at AS d, 1 AS n FROM refund_ops o "
                               "WHERE o.resolved_at IS NOT NULL AND ") +
                               edge.condition(QStringLiteral("o"), &binds);
        durationBinds += binds;
    }
    s.duplicatesPrevented = s.joinedToolCalls + s.attemptsBeyondFirst;

    // As of now: every unknown operation of every day (the rollups' status index).
    {
        auto q =
            db.run(QStringLiteral("SELECT currency, sum(operations), sum(amount_cents) FROM history_day_ops "
                                  "WHERE status = 'unknown' GROUP BY currency ORDER BY currency"),
                   {}, QStringLiteral("history: unknown now"));
        if (!q)
            return q.error();
        while (q.value().next()) {
            s.unknownNowOperations += q.value().value(1).toLongLong();
            if (const qint64 amount = q.value().value(2).toLongLong(); amount != 0)
                s.unknownNowMoney << Money{q.value().value(0).toString(), amount};
        }
    }

    // Money still in `unknown`, per currency (minor units; never summed across currencies).
    for (auto it = unknownMoney.cbegin(); it != unknownMoney.cend(); ++it) {
        if (it.value() != 0)
            s.unknownMoney << Money{it.key(), it.value()};
    }
    for (auto it = reversedMoney.cbegin(); it != reversedMoney.cend(); ++it) {
        if (it.value() != 0)
            s.reversedMoney << Money{it.key(), it.value()};
    }

    // Refunds per logical refund, from the provider's evidence (R5a; the repeat window is the
    // current setting).
    {
        auto settings = SettingsStore(db).load();
        if (!settings)
            return settings.error();
        auto check = RefundsPerLogicalRefund::compute(db, filter, settings.value().repeatWindowMs());
        if (!check)
            return check.error();
        s.maxRefundsPerLogicalRefund = check.value().maxRefunds;
        s.overRefunded = check.value().overRefunded;
    }

    // Provider events no operation knows, as of now (R24: recorded and shown, never acted on).
    {
        auto q = db.run(QStringLiteral("SELECT count(*) FROM provider_events WHERE action = 'unmatched'"), {},
                        QStringLiteral("history: unmatched provider events"));
        if (!q)
            return q.error();
        if (q.value().next())
            s.unmatchedEvents = q.value().value(0).toLongLong();
    }

    // 3. Time to resolve: bucket counts in one aggregate, then the nearest-rank percentiles from
    //    a running sum ordered by duration; only two numbers leave the engine.
    const QList<qint64> bounds = resolveBucketBounds();
    for (int i = 0; i < bounds.size(); ++i)
        s.resolveBuckets << Bucket{bounds[i], i + 1 < bounds.size() ? bounds[i + 1] : 0, 0};
    if (!durationSources.isEmpty()) {
        const QString source =
            QLatin1Char('(') + durationSources.join(QStringLiteral(" UNION ALL ")) + QStringLiteral(") x");
        // Bucket i holds [bounds[i], bounds[i + 1]); the first also anything below 0, the last is open.
        QStringList sums{QStringLiteral("COALESCE(sum(n), 0)")};
        for (int i = 0; i < bounds.size(); ++i) {
            QStringList cond;
            if (i > 0)
                cond << QStringLiteral("d >= %1").arg(bounds[i]);
            if (i + 1 < bounds.size())
                cond << QStringLiteral("d < %1").arg(bounds[i + 1]);
            sums << QStringLiteral("COALESCE(sum(CASE WHEN %1 THEN n ELSE 0 END), 0)")
                        .arg(cond.join(QStringLiteral(" AND ")));
        }
        auto q = db.run(QStringLiteral("SELECT ") + sums.join(QStringLiteral(", ")) +
                            QStringLiteral(" FROM ") + source,
                        durationBinds, QStringLiteral("history: time to resolve buckets"));
        if (!q)
            return q.error();
        if (q.value().next()) {
            s.resolvedOperations = q.value().value(0).toLongLong();
            for (int i = 0; i < bounds.size(); ++i)
                s.resolveBuckets[i].operations = q.value().value(i + 1).toLongLong();
        }
        if (s.resolvedOperations > 0) {
            // Nearest rank: the smallest duration d with at least p of the durations <= d.
            const qint64 rank50 = (s.resolvedOperations * 50 + 99) / 100;
            const qint64 rank90 = (s.resolvedOperations * 90 + 99) / 100;
            auto p =
                db.run(QStringLiteral(
                           "SELECT min(CASE WHEN cum >= ? THEN d END), min(CASE WHEN cum >= ? THEN d END) "
                           "FROM (SELECT d, sum(n) OVER (ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING "
                           "AND CURRENT ROW) AS cum FROM ") +
                           source + QStringLiteral(") y"),
                       QVariantList{rank50, rank90} + durationBinds,
                       QStringLiteral("history: time to resolve percentiles"));
            if (!p)
                return p.error();
            if (p.value().next()) {
                if (!p.value().value(0).isNull())
                    s.medianResolveMs = p.value().value(0).toLongLong();
                if (!p.value().value(1).isNull())
                    s.p90ResolveMs = p.value().value(1).toLongLong();
            }
        }
    }

    // 4. Settling with and without people (R24): the reconciler's resolutions are the audit
    //    log's `resolve` entries of role `reconciler` (one per operation: a resolve is a
    //    compare-and-set on unknown), joined to their operations in the range; people's are
    //    every resolution of step 3 less those, subtracted per duration inside the engine.
    {
        QVariantList autoBinds;
        const QString autoSource =
            QStringLiteral("(SELECT o.resolved_at - o.created_at AS d, 1 AS n FROM audit_log a JOIN refund_ops o "
                           "ON o.operation_id = a.operation_id WHERE a.action = 'resolve' AND a.role = "
                           "'reconciler' AND o.resolved_at IS NOT NULL AND ") +
            filter.condition(QStringLiteral("o"), &autoBinds) + QLatin1Char(')');
        auto median = [&](const QString& source, const QVariantList& binds, qint64 count,
                          const QString& context) -> StoreResult<std::optional<qint64>> {
            if (count <= 0)
                return std::optional<qint64>();
            auto q = db.run(QStringLiteral("SELECT min(CASE WHEN cum >= ? THEN d END) FROM (SELECT d, sum(n) "
                                           "OVER (ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
                                           "AS cum FROM ") +
                                source + QStringLiteral(") y"),
                            QVariantList{(count * 50 + 99) / 100} + binds, context);
            if (!q)
                return q.error();
            if (!q.value().next() || q.value().value(0).isNull())
                return std::optional<qint64>();
            return std::optional<qint64>(q.value().value(0).toLongLong());
        };
        auto c = db.run(QStringLiteral("SELECT count(*) FROM ") + autoSource + QStringLiteral(" x"), autoBinds,
                        QStringLiteral("history: operations the reconciler resolved"));
        if (!c)
            return c.error();
        if (c.value().next())
            s.autoResolvedOperations = c.value().value(0).toLongLong();
        c.value().finish();
        auto byReconciler = median(autoSource + QStringLiteral(" x"), autoBinds, s.autoResolvedOperations,
                                   QStringLiteral("history: time to settle by the reconciler"));
        if (!byReconciler)
            return byReconciler.error();
        s.medianSettleByReconcilerMs = byReconciler.value();
        if (s.autoResolvedOperations == 0) {
            // Nobody but people resolved these: their median is step 3's, over the same rows
            // (the subtraction below would re-rank every duration for nothing; ~40 ms on 1M).
            if (s.resolvedOperations > 0)
                s.medianSettleByPeopleMs = s.medianResolveMs;
        } else if (!durationSources.isEmpty()) {
            const QString people =
                QStringLiteral("(SELECT d, sum(n) AS n FROM (") + durationSources.join(QStringLiteral(" UNION ALL ")) +
                QStringLiteral(" UNION ALL SELECT d, -n FROM ") + autoSource +
                QStringLiteral(" z) w GROUP BY d HAVING sum(n) > 0) x");
            auto byPeople = median(people, durationBinds + autoBinds,
                                   s.resolvedOperations - s.autoResolvedOperations,
                                   QStringLiteral("history: time to settle by people"));
            if (!byPeople)
                return byPeople.error();
            s.medianSettleByPeopleMs = byPeople.value();
        }
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
            Figure::MaxRefundsPerLogicalRefund,
            Figure::DuplicatesPrevented,
            Figure::UnknownRate,
            Figure::UnknownMoney,
            Figure::UnknownNow,
            Figure::UnknownMoneyNow,
            Figure::MedianTimeToResolve,
            Figure::P90TimeToResolve,
            Figure::AutoResolved,
            Figure::MedianSettleByReconciler,
            Figure::MedianSettleByPeople,
            Figure::Reversals,
            Figure::ReversedMoney,
            Figure::UnmatchedEvents};
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
    case Figure::MaxRefundsPerLogicalRefund:
        return tr("Refunds per logical refund (max)");
    case Figure::DuplicatesPrevented:
        return tr("Duplicate refunds prevented");
    case Figure::UnknownRate:
        return tr("Unknown rate");
    case Figure::UnknownMoney:
        return tr("Money in unknown");
    case Figure::UnknownNow:
        return tr("Unknown now");
    case Figure::UnknownMoneyNow:
        return tr("Money in unknown now");
    case Figure::MedianTimeToResolve:
        return tr("Time to resolve, median");
    case Figure::P90TimeToResolve:
        return tr("Time to resolve, p90");
    case Figure::AutoResolved:
        return tr("Settled by the reconciler");
    case Figure::MedianSettleByReconciler:
        return tr("Time to settle, reconciler");
    case Figure::MedianSettleByPeople:
        return tr("Time to settle, people");
    case Figure::Reversals:
        return tr("Reversals");
    case Figure::ReversedMoney:
        return tr("Money reversed");
    case Figure::UnmatchedEvents:
        return tr("Unmatched provider events");
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
                  "index and read the winner's row (lost_insert_race = 1). Part of the joined calls.");
        break;
    case Figure::ProviderReplays:
        text =
            tr("Provider attempts answered with a saved response (Idempotent-Replayed: true): the provider "
               "recognised the key and did not execute the refund again.");
        break;
    case Figure::AttemptsBeyondFirst:
        text = tr(
            "Retries: the sum of (attempts - 1) over operations with at least one attempt. Every retry sent "
            "the operation's stored key.");
        break;
    case Figure::MaxRefundsPerLogicalRefund:
        text = tr(
            "The largest number of refunds the provider made for one logical refund (the same order, amount "
            "and request reference), counted from the provider's evidence: the refund each operation was "
            "closed with and every refund the provider reported for its operations. A refund the provider "
            "reported failed later does not count; without a request reference, a call more than the repeat "
            "window after a refund is a new logical refund. Must be at most 1: anything higher is money "
            "paid twice.");
        break;
    case Figure::DuplicatesPrevented:
        text =
            tr("Calls and retries that reused a key or were answered from a refunded operation: tool calls "
               "that joined an existing operation instead of opening a new one (answered-from-refunded "
               "calls, where nothing was sent, and lost insert races are among them) plus attempts beyond "
               "the first (every retry sent the operation's stored key). Each is a request that, with a "
               "fresh key, could have become a second refund. It counts requests, not operations, so it "
               "can exceed the number of operations. They were prevented only while refunds per "
               "logical refund stays at most 1; the History tab flags the figure otherwise. Per day: by the "
               "UTC day the operation was created.");
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
    case Figure::UnknownNow:
        return tr("Operations whose status is unknown right now, whatever day they were created and "
                  "whatever state is chosen: everything waiting for a reviewer. Not limited to the "
                  "selected range.");
    case Figure::UnknownMoneyNow:
        return tr("Sum of the amounts of every operation unknown right now, per currency, in major "
                  "units, whatever day it was created: all the money that may or may not have been "
                  "refunded. Not limited to the selected range.");
    case Figure::MedianTimeToResolve:
        text = tr("Median of resolved_at - created_at over resolved operations, whether a person or the "
                  "reconciler resolved them (nearest-rank, no interpolation); Time to settle tells the two apart.");
        break;
    case Figure::P90TimeToResolve:
        text = tr(
            "90th percentile of resolved_at - created_at over resolved operations, whether a person or the "
            "reconciler resolved them (nearest-rank): "
            "nine in ten were resolved at least this fast.");
        break;
    case Figure::AutoResolved:
        text = tr("Unknown operations the reconciler resolved as refunded on the provider's own evidence "
                  "(a refund event and the refund object it fetched itself), with no person involved. "
                  "The reconciler never resolves an operation as failed.");
        break;
    case Figure::MedianSettleByReconciler:
        text = tr("Median of resolved_at - created_at over the operations the reconciler resolved "
                  "(nearest-rank).");
        break;
    case Figure::MedianSettleByPeople:
        text = tr("Median of resolved_at - created_at over the operations a person resolved, in the console "
                  "or with refund-tool review (nearest-rank).");
        break;
    case Figure::Reversals:
        text = tr("Refunds that were confirmed and that the provider reported failed later (shown as "
                  "Reversed): the money went back to the merchant and the customer has nothing. A new "
                  "\"try again\" may open a new operation for them.");
        break;
    case Figure::ReversedMoney:
        text = tr("Sum of the amounts of reversed operations, per currency, in major units: refunds the "
                  "customer was told about that did not reach them.");
        break;
    case Figure::UnmatchedEvents:
        return tr("Provider events about refunds that no operation knows (no operation named by the "
                  "refund's metadata): recorded and shown under Review > Unmatched provider events, never "
                  "acted on. Often refunds made outside this tool. Not limited to the selected range.");
    }
    return text + QLatin1Char(' ') + scope;
}
