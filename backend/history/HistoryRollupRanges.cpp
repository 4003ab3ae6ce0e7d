#include "history/HistoryRollupRanges.h"

#include "history/HistoryFilter.h"

HistoryRollupRanges HistoryRollupRanges::split(qint64 fromMs, qint64 toMs)
{
    HistoryRollupRanges out;
    if (toMs <= fromMs)
        return out;
    constexpr qint64 kDay = HistoryFilter::kDayMs;
    // First midnight at or after fromMs, last midnight at or before toMs.
    const qint64 first = HistoryFilter::dayOf(fromMs) + (fromMs % kDay != 0 ? 1 : 0);
    const qint64 last = HistoryFilter::dayOf(toMs);
    if (first >= last) {
        out.fullFromDay = out.fullToDay = first;
        out.edges << qMakePair(fromMs, toMs);
        return out;
    }
    out.fullFromDay = first;
    out.fullToDay = last;
    if (fromMs < first * kDay)
        out.edges << qMakePair(fromMs, first * kDay);
    if (last * kDay < toMs)
        out.edges << qMakePair(last * kDay, toMs);
    return out;
}
