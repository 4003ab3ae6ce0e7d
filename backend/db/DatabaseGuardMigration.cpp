#include "db/Migration.h"

// Schema v4 (issue 11, "the database is the guard").
//
// v1's closed-row triggers give way to the guard (DatabaseGuard: row invariants on both engines,
// the transition functions on PostgreSQL), which SchemaMigrator applies after the last step.
// This step adds what the guard reads: refund_roles, the database role names of the refund
// roles, written by `refund-tool db roles` (the names carry a per-installation prefix, so the
// functions cannot know them in advance).
Migration databaseGuardMigration()
{
    Migration m;
    m.version = 4;
    m.name = "database guard: row invariants, transition functions";
    m.sqliteOnly = QStringList{QStringLiteral("DROP TRIGGER refund_ops_closed_rows_are_final"),
                               QStringLiteral("DROP TRIGGER refund_ops_closed_rows_not_deleted")};
    m.postgresOnly = QStringList{
        QStringLiteral("DROP TRIGGER refund_ops_closed_rows_are_final ON refund_ops"),
        QStringLiteral("DROP FUNCTION refund_ops_closed_rows_are_final()"),
        QStringLiteral(
            "CREATE TABLE refund_roles (role_key TEXT PRIMARY KEY "
            "CHECK (role_key IN ('support', 'finance', 'admin', 'tool')), role_name TEXT NOT NULL)"),
    };
    return m;
}
