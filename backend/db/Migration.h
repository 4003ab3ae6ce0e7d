#pragma once

#include <QStringList>

/**
 * One step of the operation database schema (SchemaMigrator runs them in order, each in
 * one transaction). `common` runs on both engines ({{ID}} becomes the engine's
 * auto-increment key), then the engine's own statements. A step is never edited once it has
 * shipped: a change is a new step. Triggers and functions of the guard are not in steps but in
 * DatabaseGuard, applied after the last one; a change to them is a new step too (it may be empty).
 * Steps v6 (history rollups), v7 (search index) and v8 (logical refund repeats) own triggers on
 * refund_ops: a later step that rebuilds that table on SQLite (as v5 did) must create them again.
 */
struct Migration
{
    int version = 0;
    const char* name = "";
    QStringList common;
    QStringList sqliteOnly;
    QStringList postgresOnly;
};

/** v3: the repeat window and request refs (R5a), one attempt = one request (R12), one order per payment (R5). */
Migration exactlyOnceMigration();

/** v4: the database is the guard: row invariants as triggers, people's transitions as functions (R4, R16, R17, R21). */
Migration databaseGuardMigration();

/**
 * v5: reconciliation (R4 amended `reversed`, R24): provider events stored once, the polling cursor,
 * auto_resolve_refunded, the reconciler's resolve and reverse functions on PostgreSQL.
 */
Migration reconcileMigration();

/** v6: per-UTC-day history rollups kept by triggers in the writer's transaction (R12, issue 12). */
Migration historyRollupMigration();

/** v7: the search index, substrings of order id, operation id, key and refund id (issue 15). */
Migration searchIndexMigration();

/** v8: the logical refunds with more than one operation, for the refunds-per-logical-refund check (issue 15). */
Migration logicalRefundMigration();
