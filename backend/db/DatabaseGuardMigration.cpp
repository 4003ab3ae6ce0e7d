#include "db/Migration.h"

// Schema v4: filled in by the database-guard work (issue "the database is the guard").
Migration databaseGuardMigration()
{
    Migration m;
    m.version = 4;
    m.name = "database guard: row invariants, transition functions";
    return m;
}
