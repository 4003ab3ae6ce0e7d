#pragma once

#include "db/Database.h"
#include "history/HistoryFilter.h"

#include <QString>

/**
 * The schema v6 rollups recomputed in C++ from every row of refund_ops, tool_calls and
 * refund_attempts (independent of the SQL the triggers and the backfill use), and compared
 * with what the triggers stored. Also a brute-force HistoryStats over the same rows, for
 * ranges that do not start or end at a UTC midnight.
 */
namespace RollupOracle {

/** Empty when history_day_ops and history_day_resolves equal the recomputation (all-zero
    stored rows are ignored); otherwise the first differences, readable. */
QString compare(Database& db);

/** Empty when HistoryStats::compute(db, filter) equals a recomputation from the rows. */
QString compareStats(Database& db, const HistoryFilter& filter);

} // namespace RollupOracle
