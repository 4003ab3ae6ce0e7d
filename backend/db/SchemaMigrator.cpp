#include "db/SchemaMigrator.h"

#include "Clock.h"
#include "db/DatabaseGuard.h"
#include "db/Migration.h"
#include "Logging.h"

#include <QSqlQuery>
#include <QStringList>

namespace {

// Timestamps are UTC epoch milliseconds (BIGINT) everywhere: one convention (R1), no time
// zone arithmetic in SQL, identical on both engines. Booleans are INTEGER 0/1 for the same reason.
const QList<Migration>& migrations()
{
    static const QList<Migration> list = {
        {1,
         "operation database: orders, refund_ops, attempts, tool calls, audit, settings",
         {
             QStringLiteral(R"(CREATE TABLE orders (
                 order_id TEXT PRIMARY KEY,
                 amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
                 currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = lower(currency)),
                 payment_intent TEXT NOT NULL CHECK (length(payment_intent) > 0),
                 created_at BIGINT NOT NULL))"),
             // R1 columns plus the lifecycle fields the console shows.
             QStringLiteral(R"(CREATE TABLE refund_ops (
                 operation_id TEXT PRIMARY KEY CHECK (operation_id LIKE 'op\_%' ESCAPE '\'),
                 order_id TEXT NOT NULL REFERENCES orders(order_id),
                 amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
                 currency TEXT NOT NULL CHECK (length(currency) = 3),
                 idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
                 status TEXT NOT NULL CHECK (status IN ('open', 'unknown', 'refunded', 'failed')),
                 attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 first_attempt_at BIGINT,
                 last_attempt_at BIGINT,
                 key_expires_at BIGINT,
                 closed_at BIGINT,
                 provider_refund_id TEXT,
                 provider_status TEXT,
                 unknown_reason TEXT,
                 failure_code TEXT,
                 resolved_by TEXT,
                 resolved_at BIGINT,
                 resolution_note TEXT,
                 CHECK (status <> 'refunded' OR provider_refund_id IS NOT NULL)))"),
             // R3: the database, not the application, keeps one open/unknown row per (order, amount).
             QStringLiteral("CREATE UNIQUE INDEX one_open_refund ON refund_ops (order_id, amount_cents) "
                            "WHERE status IN ('open', 'unknown')"),
             QStringLiteral("CREATE INDEX refund_ops_by_created ON refund_ops (created_at, operation_id)"),
             QStringLiteral("CREATE INDEX refund_ops_by_status ON refund_ops (status, created_at, operation_id)"),
             QStringLiteral("CREATE INDEX refund_ops_by_order ON refund_ops (order_id)"),
             QStringLiteral("CREATE INDEX refund_ops_by_refund ON refund_ops (provider_refund_id)"),
             // "Key expires within 1 h": two short range scans (open, unknown), not a walk over every open row.
             QStringLiteral("CREATE INDEX refund_ops_by_status_expiry ON refund_ops (status, key_expires_at)"),
             // R12: every attempt, with the key it sent.
             QStringLiteral(R"(CREATE TABLE refund_attempts (
                 id {{ID}},
                 operation_id TEXT NOT NULL REFERENCES refund_ops(operation_id),
                 tool_call_id TEXT NOT NULL,
                 attempt_no INTEGER NOT NULL CHECK (attempt_no > 0),
                 idempotency_key TEXT NOT NULL,
                 started_at BIGINT NOT NULL,
                 finished_at BIGINT,
                 outcome TEXT NOT NULL,
                 http_status INTEGER,
                 provider_request_id TEXT,
                 replayed INTEGER NOT NULL DEFAULT 0 CHECK (replayed IN (0, 1)),
                 error_code TEXT,
                 error_message TEXT,
                 UNIQUE (operation_id, attempt_no)))"),
             // R12: every tool call, the operation it mapped to, and whether it lost the insert race.
             QStringLiteral(R"(CREATE TABLE tool_calls (
                 id {{ID}},
                 tool_call_id TEXT NOT NULL,
                 order_id TEXT NOT NULL,
                 amount_cents BIGINT NOT NULL,
                 operation_id TEXT REFERENCES refund_ops(operation_id),
                 created_operation INTEGER NOT NULL DEFAULT 0 CHECK (created_operation IN (0, 1)),
                 lost_insert_race INTEGER NOT NULL DEFAULT 0 CHECK (lost_insert_race IN (0, 1)),
                 result_status TEXT,
                 result_reason TEXT,
                 started_at BIGINT NOT NULL,
                 finished_at BIGINT))"),
             QStringLiteral("CREATE INDEX tool_calls_by_operation ON tool_calls (operation_id)"),
             QStringLiteral("CREATE INDEX tool_calls_by_started ON tool_calls (started_at)"),
             QStringLiteral(R"(CREATE TABLE audit_log (
                 id {{ID}},
                 at BIGINT NOT NULL,
                 actor TEXT NOT NULL,
                 role TEXT NOT NULL,
                 action TEXT NOT NULL,
                 operation_id TEXT,
                 details TEXT NOT NULL DEFAULT '{}'))"),
             QStringLiteral("CREATE INDEX audit_log_by_operation ON audit_log (operation_id, at)"),
             QStringLiteral("CREATE INDEX audit_log_by_action ON audit_log (action, at)"),
             QStringLiteral(R"(CREATE TABLE settings (
                 key TEXT PRIMARY KEY,
                 value TEXT NOT NULL,
                 updated_at BIGINT NOT NULL,
                 updated_by TEXT NOT NULL))"),
         },
         // R4: a closed row never changes again, whatever program writes to the database.
         {
             QStringLiteral(R"(CREATE TRIGGER refund_ops_closed_rows_are_final
                 BEFORE UPDATE ON refund_ops
                 WHEN OLD.status IN ('refunded', 'failed')
                 BEGIN SELECT RAISE(ABORT, 'refund_ops: a closed operation never changes (R4)'); END)"),
             QStringLiteral(R"(CREATE TRIGGER refund_ops_closed_rows_not_deleted
                 BEFORE DELETE ON refund_ops
                 WHEN OLD.status IN ('refunded', 'failed')
                 BEGIN SELECT RAISE(ABORT, 'refund_ops: a closed operation is never deleted (R4)'); END)"),
         },
         {
             QStringLiteral(R"(CREATE FUNCTION refund_ops_closed_rows_are_final() RETURNS trigger
                 LANGUAGE plpgsql AS $$
                 BEGIN
                     IF OLD.status IN ('refunded', 'failed') THEN
                         RAISE EXCEPTION 'refund_ops: a closed operation never changes (R4): %', OLD.operation_id
                             USING ERRCODE = 'check_violation';
                     END IF;
                     IF TG_OP = 'DELETE' THEN
                         RETURN OLD;
                     END IF;
                     RETURN NEW;
                 END $$)"),
             QStringLiteral("CREATE TRIGGER refund_ops_closed_rows_are_final BEFORE UPDATE OR DELETE ON refund_ops "
                            "FOR EACH ROW EXECUTE FUNCTION refund_ops_closed_rows_are_final()"),
         }},
        // Consoles LISTEN on refund_ops_changed (ChangeWatcher) instead of polling the server.
        // One NOTIFY per statement, delivered at commit; PostgreSQL folds identical payloads of
        // one transaction into one. SQLite has no NOTIFY: its watcher polls PRAGMA data_version.
        {2,
         "change notifications for consoles (PostgreSQL LISTEN/NOTIFY)",
         {},
         {},
         {
             QStringLiteral(R"(CREATE FUNCTION refund_notify_change() RETURNS trigger
                 LANGUAGE plpgsql AS $$
                 BEGIN
                     PERFORM pg_notify('refund_ops_changed', TG_TABLE_NAME);
                     RETURN NULL;
                 END $$)"),
             QStringLiteral("CREATE TRIGGER refund_ops_notify_change AFTER INSERT OR UPDATE OR DELETE ON refund_ops "
                            "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
             QStringLiteral("CREATE TRIGGER refund_attempts_notify_change AFTER INSERT OR UPDATE OR DELETE ON refund_attempts "
                            "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
             QStringLiteral("CREATE TRIGGER tool_calls_notify_change AFTER INSERT OR UPDATE OR DELETE ON tool_calls "
                            "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
             QStringLiteral("CREATE TRIGGER audit_log_notify_change AFTER INSERT OR UPDATE OR DELETE ON audit_log "
                            "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
             QStringLiteral("CREATE TRIGGER settings_notify_change AFTER INSERT OR UPDATE OR DELETE ON settings "
                            "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
         }},
        exactlyOnceMigration(),
        databaseGuardMigration(),
        reconcileMigration(),
        historyRollupMigration(),
        searchIndexMigration(),
        logicalRefundMigration(),
    };
    return list;
}

QString expand(const QString& sql, const Database& db)
{
    QString out = sql;
    out.replace(QLatin1String("{{ID}}"), db.isSqlite() ? QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT")
                                                       : QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"));
    return out;
}

StoreResult<bool> migrationsTableExists(Database& db)
{
    const QString sql = db.isSqlite()
        ? QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        : QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() "
                         "AND table_name = 'schema_migrations'");
    auto q = db.run(sql, {}, QStringLiteral("read schema version"));
    if (!q)
        return q.error();
    q.value().next();
    return q.value().value(0).toInt() > 0;
}

StoreResult<int> versionIn(Database& db)
{
    auto exists = migrationsTableExists(db);
    if (!exists)
        return exists.error();
    if (!exists.value())
        return 0;
    auto q = db.run(QStringLiteral("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"), {},
                    QStringLiteral("read schema version"));
    if (!q)
        return q.error();
    q.value().next();
    return q.value().value(0).toInt();
}

// The versions recorded in schema_migrations (empty when the table does not exist yet).
StoreResult<QList<int>> appliedIn(Database& db)
{
    auto exists = migrationsTableExists(db);
    if (!exists)
        return exists.error();
    QList<int> out;
    if (!exists.value())
        return out;
    auto q = db.run(QStringLiteral("SELECT version FROM schema_migrations ORDER BY version"), {},
                    QStringLiteral("read schema versions"));
    if (!q)
        return q.error();
    while (q.value().next())
        out << q.value().value(0).toInt();
    return out;
}

StoreError tooNew(const Database& db, int version)
{
    return StoreError::make(StoreError::Code::SchemaTooNew,
                            QStringLiteral("database %1 has schema version %2, newer than this program supports (%3); "
                                           "nothing was changed: upgrade refund-ops to use it")
                                .arg(db.url().display())
                                .arg(version)
                                .arg(SchemaMigrator::latestVersion()));
}

QString stepList()
{
    QStringList out;
    for (int v : SchemaMigrator::versions())
        out << QString::number(v);
    return out.join(QStringLiteral(", "));
}

} // namespace

QList<int> SchemaMigrator::versions()
{
    QList<int> out;
    for (const Migration& m : migrations())
        out << m.version;
    return out;
}

int SchemaMigrator::latestVersion()
{
    return migrations().constLast().version;
}

StoreResult<int> SchemaMigrator::currentVersion(Database& db)
{
    return versionIn(db);
}

StoreResult<void> SchemaMigrator::refuseNewer(Database& db)
{
    auto v = versionIn(db);
    if (!v)
        return v.error();
    if (v.value() > latestVersion())
        return tooNew(db, v.value());
    return {};
}

StoreResult<void> SchemaMigrator::check(Database& db)
{
    auto v = versionIn(db);
    if (!v)
        return v.error();
    if (v.value() > latestVersion())
        return tooNew(db, v.value());
    // Steps may land out of order (v6 before v5): every known step must be recorded.
    auto applied = appliedIn(db);
    if (!applied)
        return applied.error();
    for (int version : versions()) {
        if (!applied.value().contains(version) && v.value() >= latestVersion()) {
            return StoreError::make(StoreError::Code::SchemaOutdated,
                                    QStringLiteral("database %1 lacks schema step %2 (it has version %3): "
                                                   "run `refund-tool db migrate --db URL` first")
                                        .arg(db.url().display())
                                        .arg(version)
                                        .arg(v.value()));
        }
    }
    if (v.value() < latestVersion()) {
        return StoreError::make(StoreError::Code::SchemaOutdated,
                                QStringLiteral("database %1 has schema version %2, this program needs %3: "
                                               "run `refund-tool db migrate --db URL` first")
                                    .arg(db.url().display())
                                    .arg(v.value())
                                    .arg(latestVersion()));
    }
    return {};
}

StoreResult<int> SchemaMigrator::migrate(Database& db, int target)
{
    if (!versions().contains(target))
        return StoreError::make(StoreError::Code::InvalidArgument,
                                QStringLiteral("target: %1 is not a schema version; this program has steps %2")
                                    .arg(target)
                                    .arg(stepList()));
    // Read-only look first, so a newer database is refused without any write at all.
    auto before = versionIn(db);
    if (!before)
        return before.error();
    if (before.value() > latestVersion())
        return tooNew(db, before.value());
    auto appliedBefore = appliedIn(db);
    if (!appliedBefore)
        return appliedBefore.error();
    bool allApplied = true;
    for (int version : versions())
        allApplied = allApplied && (version > target || appliedBefore.value().contains(version));
    if (allApplied)
        return before.value();

    // SQLite changes a CHECK constraint only by rebuilding the table (v5). Its documented procedure
    // turns foreign keys off outside the transaction (the pragma is a no-op inside one) and runs
    // foreign_key_check before the commit, so no step can leave a dangling reference.
    struct ForeignKeysBack
    {
        Database* db = nullptr;
        ~ForeignKeysBack()
        {
            if (db)
                db->runScript(QStringLiteral("PRAGMA foreign_keys=ON"), QStringLiteral("foreign keys back on"));
        }
    } foreignKeysBack;
    if (db.isSqlite()) {
        if (auto r = db.runScript(QStringLiteral("PRAGMA foreign_keys=OFF"), QStringLiteral("foreign keys off for migration")); !r)
            return r.error();
        foreignKeysBack.db = &db;
    }
    WriteTransaction tx(db);
    if (auto r = tx.begin(); !r)
        return r.error();
    if (db.isPostgres()) {
        // Two processes migrating the same database at once: the second waits, then sees the work done.
        if (auto r = db.runScript(QStringLiteral("SELECT pg_advisory_xact_lock(727100001)"), QStringLiteral("lock schema")); !r)
            return r.error();
        // IF [NOT] EXISTS on objects already there (or not yet) would NOTICE once each; only warnings matter.
        if (auto r = db.runScript(QStringLiteral("SET LOCAL client_min_messages = warning"), QStringLiteral("lock schema")); !r)
            return r.error();
    }
    if (auto r = db.runScript(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations ("
                                             "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"),
                              QStringLiteral("create schema_migrations"));
        !r)
        return r.error();
    auto current = versionIn(db);
    if (!current)
        return current.error();
    if (current.value() > latestVersion())
        return tooNew(db, current.value());

    auto applied = appliedIn(db);
    if (!applied)
        return applied.error();
    int version = current.value();
    for (const Migration& m : migrations()) {
        if (applied.value().contains(m.version) || m.version > target)
            continue;
        QStringList statements = m.common;
        statements += db.isSqlite() ? m.sqliteOnly : m.postgresOnly;
        for (const QString& sql : statements) {
            if (auto r = db.runScript(expand(sql, db), QStringLiteral("migration %1").arg(m.version)); !r)
                return r.error();
        }
        auto ins = db.run(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)"),
                          {m.version, QString::fromUtf8(m.name), Clock::system().nowMs()},
                          QStringLiteral("record migration %1").arg(m.version));
        if (!ins)
            return ins.error();
        version = qMax(version, m.version);
    }
    if (target == latestVersion()) {
        if (db.isPostgres()) {
            // CREATE OR REPLACE needs membership in the functions' owner (`db roles` makes it the
            // guard role and adds the login that ran it and the schema's owner): say who may
            // migrate instead of failing halfway with "must be owner".
            auto owner = db.run(QStringLiteral(
                "SELECT p.proname, pg_get_userbyid(p.proowner), current_user FROM pg_proc p "
                "WHERE p.pronamespace = current_schema()::regnamespace AND p.proname IN ('refund_caller_role', "
                "'resolve_operation', 'reverse_operation', 'change_setting', 'refund_ops_guard', "
                "'refund_attempts_guard', 'refund_append_only') AND NOT pg_has_role(current_user, p.proowner, 'USAGE') "
                "LIMIT 1"), {}, QStringLiteral("database guard"));
            if (!owner)
                return owner.error();
            if (owner.value().next())
                return StoreError::make(
                    StoreError::Code::NotAllowed,
                    QStringLiteral("migration to %1: %2() belongs to %3 and %4 is not a member of it; nothing was "
                                   "changed: migrate as the login that ran `refund-tool db roles` or as a superuser, "
                                   "or GRANT %3 TO %4 first")
                        .arg(version)
                        .arg(owner.value().value(0).toString(), owner.value().value(1).toString(),
                             owner.value().value(2).toString()));
            owner.value().finish();
        }
        for (const QString& sql : DatabaseGuard::definitionStatements(db.isSqlite())) {
            if (auto r = db.runScript(sql, QStringLiteral("database guard")); !r)
                return r.error();
        }
    }
    if (db.isSqlite()) {
        auto fk = db.run(QStringLiteral("PRAGMA foreign_key_check"), {}, QStringLiteral("check foreign keys"));
        if (!fk)
            return fk.error();
        if (fk.value().next())
            return StoreError::make(StoreError::Code::QueryFailed,
                                    QStringLiteral("migration to %1: table %2 holds a row whose reference is missing; nothing was changed")
                                        .arg(version)
                                        .arg(fk.value().value(0).toString()));
        fk.value().finish();
    }
    if (auto r = tx.commit(); !r)
        return r.error();
    Logging::info(QStringLiteral("migrated %1 to schema version %2").arg(db.url().display()).arg(version));
    return version;
}
