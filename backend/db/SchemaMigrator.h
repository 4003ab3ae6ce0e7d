#pragma once

#include "db/Database.h"

/**
 * The operation database schema (SPEC section 2), versioned in `schema_migrations`.
 *
 * One migration source serves both engines: each step is SQL common to SQLite and
 * PostgreSQL, with `{{ID}}` standing for the engine's auto-increment key, plus optional
 * engine-specific statements. Steps hold tables, columns, indexes and data; the database guard
 * (DatabaseGuard: triggers and functions, written once as the latest schema defines them) is
 * applied after the last step, in the same transaction. A migration runs in one transaction,
 * serialised between processes (BEGIN IMMEDIATE on SQLite, an advisory lock on PostgreSQL).
 *
 * A database whose schema is newer than this program is refused with SchemaTooNew and left
 * exactly as it was.
 */
class SchemaMigrator
{
public:
    /** The schema version this program writes. */
    static int latestVersion();

    /**
     * Every step's version, ascending. Versions are assigned per feature branch and may have
     * gaps (v6 can ship before v5): migrate() applies each step not recorded yet, whatever the
     * highest recorded version is, and check() wants every one of them recorded.
     */
    static QList<int> versions();

    /** The database's version: 0 for an empty database. */
    static StoreResult<int> currentVersion(Database& db);

    /**
     * Applies every missing step, then (re)applies the guard when it applied any; returns the
     * resulting version. `target` below latestVersion() stops after that version's steps and
     * leaves the guard out (it needs the latest tables): a staged upgrade, which the program
     * itself refuses to use until migrated to the end (check()).
     */
    static StoreResult<int> migrate(Database& db, int target = latestVersion());

    /**
     * Ok when the schema is exactly latestVersion(); SchemaOutdated ("run refund-tool db
     * migrate") when older, SchemaTooNew when newer.
     */
    static StoreResult<void> check(Database& db);

    /** SchemaTooNew when the database's version is newer than latestVersion(); reads only. */
    static StoreResult<void> refuseNewer(Database& db);
};
