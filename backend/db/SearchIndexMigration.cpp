#include "db/Migration.h"
#include "db/OperationSearch.h"

// Schema v7 (issue 15, "search by substring of order id, operation id, key or refund id,
// indexed"): the search index, backfilled from the operations already there and kept by
// triggers in the writer's own transaction (OperationSearch.h). PostgreSQL needs pg_trgm.
Migration searchIndexMigration()
{
    Migration m;
    m.version = 7;
    m.name = "search index: substrings of order id, operation id, key and refund id";
    m.sqliteOnly = OperationSearch::createStatements(/*sqlite=*/true);
    m.postgresOnly = OperationSearch::createStatements(/*sqlite=*/false);
    return m;
}
