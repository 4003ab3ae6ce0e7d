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
 * label is the week's first day) so the labels never overlap.
 */
class HistoryCharts
{
    Q_DECLARE_TR_FUNCTIONS(HistoryCharts)

public:
    /** Operations created per day (or week) by current outcome: refunded, failed, unknown, open (stacked
     * bars). */
    static QChart* outcomesPerDay(const HistoryStats::Snapshot& s);
    /** Joined tool calls + attempts beyond the first, per day (or week) (line). */
    static QChart* duplicatesPerDay(const HistoryStats::Snapshot& s);
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
