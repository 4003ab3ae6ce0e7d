#pragma once

#include "db/Database.h"
#include "history/HistoryFilter.h"
#include "history/RefundsPerLogicalRefund.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

/**
 * The duplicate-prevention history finance reviews (R12), computed in SQL over the operations
 * of a HistoryFilter (created in [from, to) UTC, optional status). Works on both engines and
 * never loads operation rows into memory: every figure is an aggregate, and the two
 * percentiles are single rows read with ORDER BY ... LIMIT 1 OFFSET k.
 *
 * Cost: whole UTC days from the v6 rollups (history_day_ops, history_day_resolves), the partial
 * days at either end from the base tables by index, and the refunds-per-logical-refund check
 * (RefundsPerLogicalRefund: the v8 table of logical refunds with more than one operation and a
 * few events by action). On 1,000,000 operations with 1.4 million provider events this is
 * about 0.1 s on SQLite (README, "History at a million operations").
 *
 * Every figure has a title and a definition (definition()), used for the tooltips in the
 * History tab and for the README, so what is shown is exactly what is computed.
 */
class HistoryStats
{
    Q_DECLARE_TR_FUNCTIONS(HistoryStats)

public:
    enum class Figure {
        Operations,
        ToolCalls,
        JoinedToolCalls,
        LostInsertRaces,
        ProviderReplays,
        AttemptsBeyondFirst,
        MaxRefundsPerLogicalRefund,
        DuplicatesPrevented,
        UnknownRate,
        UnknownMoney,
        UnknownNow,
        UnknownMoneyNow,
        MedianTimeToResolve,
        P90TimeToResolve,
        AutoResolved,
        MedianSettleByReconciler,
        MedianSettleByPeople,
        Reversals,
        ReversedMoney,
        UnmatchedEvents,
    };

    /** One UTC day of the range; zero rows are included so charts have every day. */
    struct Day
    {
        qint64 startMs = 0; ///< UTC midnight starting the day, epoch ms
        qint64 refunded = 0, failed = 0, unknown = 0, open = 0,
               reversed = 0; ///< operations created that day, by current status
        qint64 duplicatesPrevented =
            0; ///< joined tool calls + attempts beyond the first, of those operations
    };

    /** A time-to-resolve bucket [fromMs, toMs); toMs = 0 means "and longer". */
    struct Bucket
    {
        qint64 fromMs = 0;
        qint64 toMs = 0;
        qint64 operations = 0;
    };

    /** Sum of amounts in one currency, minor units. */
    struct Money
    {
        QString currency;
        qint64 minorUnits = 0;
    };

    struct Snapshot
    {
        HistoryFilter filter;
        qint64 operations = 0;
        qint64 toolCalls = 0;
        qint64 joinedToolCalls = 0; ///< created_operation = 0
        qint64 lostInsertRaces = 0; ///< lost_insert_race = 1 (a subset of joined)
        /** R5a: calls answered from an already refunded logical refund, nothing sent
            (answered_from_refunded = 1; a subset of joined). */
        qint64 answeredFromRefunded = 0;
        qint64 providerReplays = 0;     ///< refund_attempts.replayed = 1
        qint64 attemptsBeyondFirst = 0; ///< sum(attempts - 1) over operations with attempts > 0
        qint64 refundedOperations = 0;
        /** R5a, issue 15: the most live provider refunds for one logical refund (order, amount,
            request ref) with an operation in the range, from the provider's evidence (see
            RefundsPerLogicalRefund); 0 when none has a refund. Above 1 is money paid twice. */
        int maxRefundsPerLogicalRefund = 0;
        /** The logical refunds the provider paid more than once (empty when all is well). */
        QList<RefundsPerLogicalRefund::OverRefund> overRefunded;
        qint64 duplicatesPrevented = 0; ///< joinedToolCalls + attemptsBeyondFirst
        qint64 unknownOperations = 0;
        QList<Money> unknownMoney; ///< sorted by currency
        /** As of now, whatever the range and state filter: every operation now unknown
            (issue 15: older unknown rows are most of the money at risk). */
        qint64 unknownNowOperations = 0;
        QList<Money> unknownNowMoney;          ///< as of now, per currency, sorted by currency
        qint64 resolvedOperations = 0;         ///< resolved_at set (a person, R16, or the reconciler, R24, resolved it)
        std::optional<qint64> medianResolveMs; ///< nearest-rank median of resolved_at - created_at
        std::optional<qint64> p90ResolveMs;    ///< nearest-rank 90th percentile
        /** R24: operations the reconciler resolved on the provider's evidence (audit role
            `reconciler`), and the nearest-rank medians of resolved_at - created_at for those and
            for the ones people resolved (ms). */
        qint64 autoResolvedOperations = 0;
        std::optional<qint64> medianSettleByReconcilerMs;
        std::optional<qint64> medianSettleByPeopleMs;
        /** R4 amended: confirmed refunds the provider reported failed later, and their money. */
        qint64 reversedOperations = 0;
        QList<Money> reversedMoney;            ///< per currency, sorted by currency
        /** As of now: provider events for refunds no operation knows (recorded, never acted on). */
        qint64 unmatchedEvents = 0;
        QList<Day> days;                       ///< every UTC day touched by [from, to), in order
        /** attemptsHistogram[i] = operations with exactly i + 1 attempts, i = 0 .. max - 1. */
        QList<qint64> attemptsHistogram;
        qint64 operationsWithoutAttempts = 0; ///< open rows no attempt was sent for yet
        QList<Bucket> resolveBuckets;         ///< the fixed buckets of resolveBucketBounds()
        qint64 elapsedMs = 0;                 ///< time the computation took

        /** unknownOperations / operations; 0 when there are no operations. */
        double unknownRate() const
        {
            return operations ? double(unknownOperations) / double(operations) : 0.0;
        }
    };

    /**
     * Computes every figure and series for filter on db. Errors: InvalidArgument (empty or
     * reversed range, from < 0), QueryFailed / ConnectionFailed from the engine.
     * Reads only; safe on any thread that owns db.
     */
    static StoreResult<Snapshot> compute(Database& db, const HistoryFilter& filter);
    /**
     * "All time" up to filter.toMs: filter starting at the first operation's UTC day (one chart
     * bar per day since 1970 would be 20,000 empty ones), at most a day before toMs; a week
     * when there are no operations yet. Reads one MIN over refund_ops_by_created.
     */
    static StoreResult<HistoryFilter> allTime(Database& db, const HistoryFilter& filter);

    /** Time-to-resolve bucket bounds in ms: 0, 1 h, 4 h, 24 h, 3 d, 7 d (the last bucket is open). */
    static QList<qint64> resolveBucketBounds();

    static QList<Figure> figures();
    /** Short label, e.g. "Duplicate refunds prevented". */
    static QString title(Figure figure);
    /** What exactly is counted, for tooltips and the README. */
    static QString definition(Figure figure);
};
