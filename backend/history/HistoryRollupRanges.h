#pragma once

#include <QList>
#include <QPair>

/**
 * How a history range [fromMs, toMs) (UTC epoch ms) splits into whole UTC days, read from
 * the schema v6 rollups, and at most two partial days at its ends, grouped from the base
 * tables (HistoryStats, HistoryRows::count). A range inside one day is one edge and no days.
 */
struct HistoryRollupRanges
{
    qint64 fullFromDay = 0; ///< first whole UTC day (days since 1970-01-01), inclusive
    qint64 fullToDay = 0;   ///< end of the whole days, exclusive; == fullFromDay when there are none
    QList<QPair<qint64, qint64>> edges; ///< [from, to) ms of the partial days, in order

    static HistoryRollupRanges split(qint64 fromMs, qint64 toMs);
};
