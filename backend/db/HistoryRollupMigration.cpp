#include "db/HistoryRollups.h"
#include "db/Migration.h"

// Schema v6 (issue 12, "History on 1,000,000 operations in under 200 ms"): per-day rollups of
// the finance history, backfilled from the rows already there and kept by triggers in the
// writer's own transaction from then on (see HistoryRollups.h for the dimensions and the
// concurrency argument). v5 is reconciliation (branch reconcile); this step does not depend on it.
Migration historyRollupMigration()
{
    Migration m;
    m.version = 6;
    m.name = "history rollups per UTC day, kept by triggers";
    m.sqliteOnly = HistoryRollups::createStatements(/*sqlite=*/true);
    m.postgresOnly = HistoryRollups::createStatements(/*sqlite=*/false);
    return m;
}
