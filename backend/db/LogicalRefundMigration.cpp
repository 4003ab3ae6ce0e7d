#include "db/LogicalRefundRepeats.h"
#include "db/Migration.h"

// Schema v8 (issue 15, "the refund-per-logical-refund check computed against the provider's
// evidence so it can fail"): the logical refunds with more than one operation, backfilled from
// the operations already there and kept by a trigger from then on (LogicalRefundRepeats.h).
// The guard changed with this step too (DatabaseGuard, applied after it): SQLite's insert guard
// now refuses a new row that already carries reversed_at or reversed_by, as PostgreSQL's did.
Migration logicalRefundMigration()
{
    Migration m;
    m.version = 8;
    m.name = "logical refunds with more than one operation, kept by a trigger";
    m.sqliteOnly = LogicalRefundRepeats::createStatements(/*sqlite=*/true);
    m.postgresOnly = LogicalRefundRepeats::createStatements(/*sqlite=*/false);
    return m;
}
