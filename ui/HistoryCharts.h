#pragma once

#include "history/HistoryStats.h"

#include <QCoreApplication>

class QChart;

/**
 * The History tab's four charts, built from a HistoryStats::Snapshot (R12). Kept apart from
 * the tab so the chart library stays behind one file pair (Qt Charts is deprecated from Qt
 * 6.10; STYLE.md). Every chart has a title, a legend where there is more than one series,
 * axis titles, and "hovered" tooltips with the exact value.
 *
 * Days are UTC days labelled "Nov 24"; ranges longer than 45 days are shown per week (the
 * label is the week's first day) so the labels never overlap. Axis numbers follow the interface
 * locale ("12,500", "12 500") and count axes tick on whole numbers only.
 *
 * The two per-day charts can use a log scale (issue 15: one spike flattened the rest, and the
 * red Failed segments vanished). A log axis cannot show zero, and stacked segments on it would
 * not add up by eye, so on a log scale the outcomes are bars side by side, a zero count has no
 * bar (a gap in the line), the hover still tells the exact value, and the chart says so.
 */
class HistoryCharts
{
    Q_DECLARE_TR_FUNCTIONS(HistoryCharts)

public:
    enum class Scale { Linear, Log };
    /** A log scale is proposed when the busiest period has more than this many times the median one. */
    static constexpr double kDominanceRatio = 20.0;

    /** Operations created per day (or week) by current outcome: refunded, failed, unknown, open (stacked
     * bars; on a log scale side by side). */
    static QChart* outcomesPerDay(const HistoryStats::Snapshot& s, Scale scale = Scale::Linear);
    /** Joined tool calls + attempts beyond the first, per day (or week) (line). */
    static QChart* duplicatesPerDay(const HistoryStats::Snapshot& s, Scale scale = Scale::Linear);
    /** Operations per period (what outcomesPerDay stacks) and duplicates prevented per period. */
    static QList<qint64> operationsPerPeriod(const HistoryStats::Snapshot& s);
    static QList<qint64> duplicatesPerPeriod(const HistoryStats::Snapshot& s);
    /**
     * How many times the busiest period's value is the median of the periods that have any
     * (periods with none are left out: a quiet weekend should not make every day look like a
     * spike); 0 when fewer than two periods have any. A log scale is proposed above
     * kDominanceRatio.
     */
    static double dominance(const QList<qint64>& perPeriod);
    /** Operations by number of provider attempts, 1..max (bars). */
    static QChart* attemptsHistogram(const HistoryStats::Snapshot& s);
    /** Resolved operations by time to resolve, in the buckets of HistoryStats::resolveBucketBounds() (bars).
     */
    static QChart* timeToResolve(const HistoryStats::Snapshot& s);

    /** "under 1 h", "1 h – 4 h", ..., "over 7 d" for a bucket. */
    static QString bucketLabel(const HistoryStats::Bucket& bucket);
    /** "3 h 20 min", "1 d 6 h", "45 s" for a duration in ms. */
    static QString duration(qint64 ms);
    /** The day (or week) groups of the snapshot: label and the indexes of the days it holds. */
    struct Period
    {
        QString label;
        int firstDay = 0;
        int lastDay = 0; ///< inclusive
    };
    static QList<Period> periods(const HistoryStats::Snapshot& s);
};
