// Schema v4, "the database is the guard" (SPEC R2, R4, R6, R10, R12, R21): the row invariants
// hold against raw SQL from whatever program writes to the database. On SQLite the statements
// go through the sqlite3 C API on a connection of their own (not Qt, not OperationStore); on
// PostgreSQL through the schema owner's connection, which the triggers bind as well.
#include "TestDatabase.h"

#include "Clock.h"
#include "db/DatabaseGuard.h"
#include "db/HistoryGenerator.h"
#include "db/OperationStore.h"
#include "db/SchemaMigrator.h"
#include "db/SettingsStore.h"

#include <QCryptographicHash>

#include <QSqlQuery>
#include <QtTest>

#include <sqlite3.h>

namespace {
constexpr qint64 kHour = 3600LL * 1000;
constexpr qint64 kT0 = 1'780'000'000'000LL;

/** Runs SQL outside OperationStore: the C API on SQLite, a plain statement on PostgreSQL. */
class RawSql
{
public:
    RawSql(const TestDatabase& t, Database& db)
        : m_db(db)
    {
        if (db.isSqlite()) {
            const QByteArray path = t.url().mid(int(qstrlen("sqlite:"))).toUtf8();
            if (sqlite3_open_v2(path.constData(), &m_handle, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
                m_handle = nullptr;
            else
                sqlite3_busy_timeout(m_handle, 5000);
        }
    }
    ~RawSql()
    {
        if (m_handle)
            sqlite3_close(m_handle);
    }
    bool usable() const { return m_db.isPostgres() || m_handle; }

    /** Empty when the statement succeeded, else the engine's message. */
    QString exec(const QString& sql)
    {
        if (m_handle) {
            char* err = nullptr;
            const int rc = sqlite3_exec(m_handle, sql.toUtf8().constData(), nullptr, nullptr, &err);
            QString msg = rc == SQLITE_OK ? QString() : QString::fromUtf8(err ? err : "error");
            sqlite3_free(err);
            return msg;
        }
        auto r = m_db.run(sql);
        return r ? QString() : r.error().message;
    }

private:
    Database& m_db;
    sqlite3* m_handle = nullptr;
};

qint64 scalar(Database& db, const QString& sql)
{
    auto q = db.run(sql);
    if (!q || !q.value().next())
        return -1;
    return q.value().value(0).toLongLong();
}

/**
 * The tool's insert of a new operation (R2: open, nothing spent), written here rather than
 * through OperationStore::openOrJoin so these tests depend on the schema only.
 */
bool insertOpen(Database& db, const QString& opId, qint64 amountCents, qint64 nowMs)
{
    return bool(
        db.run(QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                              "idempotency_key, status, attempts, created_at, updated_at) "
                              "VALUES (?, '4417', ?, 'usd', ?, 'open', 0, ?, ?)"),
               {opId, amountCents, QStringLiteral("key-") + opId, nowMs, nowMs}));
}

/**
 * The schema as the engine reports it, one line an object, sorted: SQLite's sqlite_master; on
 * PostgreSQL columns, constraints, indexes, functions (definition, settings, ACL) and triggers.
 */
/** A trigger schema v6 (the history rollups) puts on refund_ops. */
const char* db_rollupTrigger(bool sqlite)
{
    return sqlite ? "history_ops_insert" : "history_rollup_insert_delete";
}

QStringList schemaDump(Database& db)
{
    const QString sql = db.isSqlite()
        ? QStringLiteral("SELECT type || ' ' || name || ' ON ' || tbl_name || ': ' || COALESCE(sql, '') "
                         "FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY 1")
        : QStringLiteral(
              "SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable "
              "|| ' ' || COALESCE(column_default, '') FROM information_schema.columns WHERE table_schema = current_schema() "
              "UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) "
              "FROM pg_constraint WHERE connamespace = current_schema()::regnamespace "
              "UNION ALL SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = current_schema() "
              "UNION ALL SELECT 'function ' || p.oid::regprocedure::text || ' ' || pg_get_functiondef(p.oid) || ' acl ' "
              "|| COALESCE(p.proacl::text, 'default') FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace "
              "UNION ALL SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || pg_get_triggerdef(t.oid) "
              "|| ' ' || tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
              "WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace ORDER BY 1");
    QStringList out;
    auto q = db.run(sql);
    if (!q)
        return {QStringLiteral("error: ") + q.error().message};
    while (q.value().next())
        out << q.value().value(0).toString();
    return out;
}

QString text(Database& db, const QString& sql)
{
    auto q = db.run(sql);
    if (!q || !q.value().next())
        return QStringLiteral("<none>");
    return q.value().value(0).toString();
}
} // namespace

class TestDatabaseGuard : public QObject
{
    Q_OBJECT

private slots:
    void r4_rowsAreInsertedOpenOnly();
    void r2_identityColumnsNeverChange();
    void r10_keyDeadlineSetOnceAndOnlyEarlier();
    void r6_attemptsOnlyGrowWithinBudget();
    void r4_statusMovesOnlyForward();
    void r4_closedRowsAreFinal();
    void r12_auditLogIsAppendOnly();
    void r12_attemptIdentityNeverChanges();
    void r4_toolTransitionsStillWork();
    void r4_guardIsBackAfterTheBulkLoad();
    void r4_upgradeFromEveryVersionEqualsAFreshSchema_issue16();
    void r4_guardChangesOnlyWithANewSchemaStep_issue16();
    void r24_providerEventsAreStoredPendingAndDecidedOnce_issue15();

private:
    struct Fixture
    {
        std::unique_ptr<TestDatabase> t;
        std::unique_ptr<Database> db;
        std::unique_ptr<ManualClock> clock;
        std::unique_ptr<OperationStore> store;
        QString opId;
    };
    /** An order and one open operation with one attempt claimed at kT0 (key expires kT0 + 24 h). */
    bool makeFixture(Fixture& f);
};

bool TestDatabaseGuard::makeFixture(Fixture& f)
{
    f.t = std::make_unique<TestDatabase>();
    if (!f.t->isValid())
        return false;
    f.db = f.t->openMigrated();
    if (!f.db)
        return false;
    f.clock = std::make_unique<ManualClock>(kT0);
    f.store = std::make_unique<OperationStore>(*f.db, *f.clock);
    if (!f.store->addOrder(
            Order{QStringLiteral("4417"), 3800, QStringLiteral("usd"), QStringLiteral("pi_4417"), 0}))
        return false;
    f.opId = QStringLiteral("op_guard1");
    if (!insertOpen(*f.db, f.opId, 3800, kT0))
        return false;
    return bool(f.store->claimAttempt(f.opId, QStringLiteral("toolu_01"), 6, 24 * kHour));
}

#define GUARD_FIXTURE(f)                                                                                     \
    Fixture f;                                                                                               \
    QVERIFY2(makeFixture(f), "fixture");                                                                     \
    RawSql raw(*f.t, *f.db);                                                                                 \
    QVERIFY(raw.usable())

#define REFUSED(sql)                                                                                         \
    do {                                                                                                     \
        const QString err_ = raw.exec(sql);                                                                  \
        QVERIFY2(!err_.isEmpty(), qPrintable(QStringLiteral("accepted: ") + (sql)));                         \
    } while (false)

#define ACCEPTED(sql)                                                                                        \
    do {                                                                                                     \
        const QString err_ = raw.exec(sql);                                                                  \
        QVERIFY2(err_.isEmpty(),                                                                             \
                 qPrintable(QStringLiteral("refused: ") + (sql) + QStringLiteral(": ") + err_));             \
    } while (false)

void TestDatabaseGuard::r4_rowsAreInsertedOpenOnly()
{
    GUARD_FIXTURE(f);
    const QString cols =
        QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                       "idempotency_key, status, attempts, created_at, updated_at, provider_refund_id, "
                       "closed_at, key_expires_at) VALUES ");
    REFUSED(cols +
            QStringLiteral("('op_r1', '4417', 100, 'usd', 'k-r1', 'refunded', 1, 1, 1, 're_FAKE', 1, NULL)"));
    REFUSED(cols + QStringLiteral("('op_f1', '4417', 100, 'usd', 'k-f1', 'failed', 0, 1, 1, NULL, 1, NULL)"));
    REFUSED(cols +
            QStringLiteral("('op_u1', '4417', 200, 'usd', 'k-u1', 'unknown', 0, 1, 1, NULL, NULL, NULL)"));
    // Open, but already with spent attempts or a deadline: not how the tool inserts (R2, R6).
    REFUSED(cols +
            QStringLiteral("('op_o1', '4417', 300, 'usd', 'k-o1', 'open', 5, 1, 1, NULL, NULL, NULL)"));
    REFUSED(cols + QStringLiteral("('op_o2', '4417', 300, 'usd', 'k-o2', 'open', 0, 1, 1, NULL, NULL, 99)"));
    // Open, but already carrying a reversal record (R4 amended): a later refunded -> reversed move
    // would then find who and when filled in by the inserter (SQLite let this through before v8).
    for (const char* reversal : {"reversed_at, reversed_by) VALUES ('op_o4', '4417', 300, 'usd', 'k-o4', 'open', 0, 1, 1, 5, NULL)",
                                 "reversed_at, reversed_by) VALUES ('op_o5', '4417', 300, 'usd', 'k-o5', 'open', 0, 1, 1, NULL, 'reconciler')"})
        REFUSED(QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, "
                               "status, attempts, created_at, updated_at, ") +
                QLatin1String(reversal));
    QCOMPARE(scalar(*f.db, QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));
    // The tool's own insert (open, nothing spent) is allowed.
    ACCEPTED(cols +
             QStringLiteral("('op_o3', '4417', 300, 'usd', 'k-o3', 'open', 0, 1, 1, NULL, NULL, NULL)"));
}

void TestDatabaseGuard::r2_identityColumnsNeverChange()
{
    GUARD_FIXTURE(f);
    const Operation before = f.store->operation(f.opId).value();
    for (const char* set :
         {"idempotency_key = 'attacker-key'", "order_id = 'other'", "amount_cents = 1", "currency = 'eur'",
          "request_ref = 'ticket-9'", "created_at = 5", "operation_id = 'op_renamed'"}) {
        REFUSED(QStringLiteral("UPDATE refund_ops SET %1 WHERE operation_id = '%2'")
                    .arg(QLatin1String(set), f.opId));
    }
    const Operation after = f.store->operation(f.opId).value();
    QCOMPARE(after.idempotencyKey, before.idempotencyKey);
    QCOMPARE(after.amountCents, before.amountCents);
    QCOMPARE(after.createdAt, before.createdAt);
    QCOMPARE(after.updatedAt, before.updatedAt);
}

void TestDatabaseGuard::r10_keyDeadlineSetOnceAndOnlyEarlier()
{
    GUARD_FIXTURE(f);
    const qint64 expires = kT0 + 24 * kHour;
    QCOMPARE(*f.store->operation(f.opId).value().keyExpiresAt, expires);
    REFUSED(QStringLiteral("UPDATE refund_ops SET key_expires_at = %1 WHERE operation_id = '%2'")
                .arg(expires + 1)
                .arg(f.opId));
    REFUSED(
        QStringLiteral("UPDATE refund_ops SET key_expires_at = NULL WHERE operation_id = '%1'").arg(f.opId));
    REFUSED(QStringLiteral("UPDATE refund_ops SET first_attempt_at = %1 WHERE operation_id = '%2'")
                .arg(kT0 + 5)
                .arg(f.opId));
    REFUSED(QStringLiteral("UPDATE refund_ops SET first_attempt_at = NULL WHERE operation_id = '%1'")
                .arg(f.opId));
    QCOMPARE(*f.store->operation(f.opId).value().keyExpiresAt, expires);
    // R10 clamp: an admin lowered the retention; the deadline may move earlier.
    ACCEPTED(QStringLiteral("UPDATE refund_ops SET key_expires_at = %1 WHERE operation_id = '%2'")
                 .arg(expires - kHour)
                 .arg(f.opId));
    QCOMPARE(*f.store->operation(f.opId).value().keyExpiresAt, expires - kHour);
}

void TestDatabaseGuard::r6_attemptsOnlyGrowWithinBudget()
{
    GUARD_FIXTURE(f);
    REFUSED(QStringLiteral("UPDATE refund_ops SET attempts = 0 WHERE operation_id = '%1'").arg(f.opId));
    // Past the budget in force (default 6 when no setting is stored).
    REFUSED(QStringLiteral("UPDATE refund_ops SET attempts = 7 WHERE operation_id = '%1'").arg(f.opId));
    QCOMPARE(scalar(*f.db,
                    QStringLiteral("SELECT attempts FROM refund_ops WHERE operation_id = '%1'").arg(f.opId)),
             qint64(1));
    // Not-sent attempts do not count against the budget, and only grow.
    ACCEPTED(
        QStringLiteral("UPDATE refund_ops SET attempts = 7, not_sent_attempts = 1 WHERE operation_id = '%1'")
            .arg(f.opId));
    REFUSED(
        QStringLiteral("UPDATE refund_ops SET not_sent_attempts = 0 WHERE operation_id = '%1'").arg(f.opId));
    // The budget is read from the settings table.
    QVERIFY(SettingsStore(*f.db, *f.clock)
                .set(QStringLiteral("max_attempts_per_call"), QStringLiteral("2"), QStringLiteral("ada"),
                     QStringLiteral("admin")));
    QVERIFY(SettingsStore(*f.db, *f.clock)
                .set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("6"), QStringLiteral("ada"),
                     QStringLiteral("admin")));
    REFUSED(QStringLiteral("UPDATE refund_ops SET attempts = 8 WHERE operation_id = '%1'").arg(f.opId));
    QCOMPARE(scalar(*f.db,
                    QStringLiteral("SELECT attempts FROM refund_ops WHERE operation_id = '%1'").arg(f.opId)),
             qint64(7));
}

void TestDatabaseGuard::r4_statusMovesOnlyForward()
{
    GUARD_FIXTURE(f);
    REFUSED(
        QStringLiteral("UPDATE refund_ops SET status = 'reversed' WHERE operation_id = '%1'").arg(f.opId));
    QVERIFY(f.store->markUnknown(f.opId, QStringLiteral("attempt_budget_exhausted")));
    REFUSED(QStringLiteral("UPDATE refund_ops SET status = 'open' WHERE operation_id = '%1'").arg(f.opId));
    // Nothing more is sent for an unknown row: its attempts do not grow.
    REFUSED(QStringLiteral("UPDATE refund_ops SET attempts = attempts + 1 WHERE operation_id = '%1'")
                .arg(f.opId));
    QCOMPARE(
        text(*f.db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = '%1'").arg(f.opId)),
        QStringLiteral("unknown"));
    REFUSED(QStringLiteral("DELETE FROM refund_ops WHERE operation_id = '%1'").arg(f.opId));
    QCOMPARE(scalar(*f.db, QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));
}

void TestDatabaseGuard::r4_closedRowsAreFinal()
{
    GUARD_FIXTURE(f);
    QVERIFY(f.store->closeRefunded(f.opId, QStringLiteral("re_1"), QStringLiteral("succeeded")));
    for (const char* set : {"status = 'open'", "status = 'failed'", "provider_refund_id = 're_FAKE'",
                            "resolved_by = 'someone_else'", "attempts = 2"})
        REFUSED(QStringLiteral("UPDATE refund_ops SET %1 WHERE operation_id = '%2'")
                    .arg(QLatin1String(set), f.opId));
    REFUSED(QStringLiteral("DELETE FROM refund_ops WHERE operation_id = '%1'").arg(f.opId));
    const Operation after = f.store->operation(f.opId).value();
    QCOMPARE(after.status, OperationStatus::Refunded);
    QCOMPARE(after.providerRefundId, QStringLiteral("re_1"));
}

void TestDatabaseGuard::r12_auditLogIsAppendOnly()
{
    GUARD_FIXTURE(f);
    AuditEntry e;
    e.actor = QStringLiteral("ana");
    e.role = QStringLiteral("support");
    e.action = QStringLiteral("note");
    e.operationId = f.opId;
    QVERIFY(f.store->appendAudit(e));
    REFUSED(QStringLiteral("UPDATE audit_log SET actor = 'admin-x'"));
    REFUSED(QStringLiteral("DELETE FROM audit_log"));
    QCOMPARE(text(*f.db, QStringLiteral("SELECT actor FROM audit_log")), QStringLiteral("ana"));
}

void TestDatabaseGuard::r12_attemptIdentityNeverChanges()
{
    GUARD_FIXTURE(f);
    for (const char* set : {"idempotency_key = 'other'", "attempt_no = 9", "operation_id = 'op_x'",
                            "tool_call_id = 'toolu_x'", "started_at = 1"})
        REFUSED(QStringLiteral("UPDATE refund_attempts SET %1").arg(QLatin1String(set)));
    REFUSED(QStringLiteral("DELETE FROM refund_attempts"));
    // The outcome of the attempt is recorded later (R12).
    ACCEPTED(QStringLiteral("UPDATE refund_attempts SET outcome = 'timeout', finished_at = %1").arg(kT0 + 1));
}

void TestDatabaseGuard::r4_toolTransitionsStillWork()
{
    GUARD_FIXTURE(f);
    // Budget reached through the store, then unknown, then a late answer closes it (R7).
    for (int i = 2; i <= 6; ++i)
        QVERIFY(f.store->claimAttempt(f.opId, QStringLiteral("toolu_01"), 6, 24 * kHour));
    QCOMPARE(f.store->claimAttempt(f.opId, QStringLiteral("toolu_01"), 6, 24 * kHour).error().code,
             StoreError::Code::BudgetExhausted);
    QVERIFY(f.store->markUnknown(f.opId, QStringLiteral("attempt_budget_exhausted")));
    QVERIFY(f.store->closeRefunded(f.opId, QStringLiteral("re_late"), QStringLiteral("succeeded")));
    // The key-retention sweep (R10) and the tool's failed close still work.
    QVERIFY(insertOpen(*f.db, QStringLiteral("op_guard2"), 100, kT0));
    QVERIFY(f.store->claimAttempt(QStringLiteral("op_guard2"), QStringLiteral("toolu_03"), 6, kHour));
    f.clock->advanceMs(2 * kHour);
    QCOMPARE(f.store->expireOpenOperations().value(), 1);
    QCOMPARE(f.store->closeFailed(QStringLiteral("op_guard2"), QStringLiteral("x")).error().code,
             StoreError::Code::NotOpen);
    QVERIFY(insertOpen(*f.db, QStringLiteral("op_guard3"), 200, f.clock->nowMs()));
    QVERIFY(f.store->closeFailed(QStringLiteral("op_guard3"), QStringLiteral("amount_too_large")));
}

void TestDatabaseGuard::r4_guardIsBackAfterTheBulkLoad()
{
    GUARD_FIXTURE(f);
    // The generator writes closed rows (it lifts the guard inside its own transactions only).
    HistoryGenerator::Options options;
    options.operations = 200;
    options.operationsPerTransaction = 50;
    options.nowMs = kT0;
    auto summary = HistoryGenerator(*f.db).generate(options);
    QVERIFY2(summary, qPrintable(summary ? QString() : summary.error().message));
    QVERIFY(summary.value().refunded > 0);
    // Afterwards every rule holds again, for raw SQL too.
    REFUSED(QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, "
        "status, attempts, created_at, updated_at, provider_refund_id) "
        "VALUES ('op_after', '4417', 5, 'usd', 'k-after', 'refunded', 1, 1, 1, 're_x')"));
    REFUSED(QStringLiteral("UPDATE refund_ops SET status = 'open' WHERE status = 'refunded'"));
    REFUSED(QStringLiteral(
        "UPDATE refund_ops SET idempotency_key = 'x' || idempotency_key WHERE status = 'open'"));
    REFUSED(QStringLiteral("DELETE FROM audit_log"));
    REFUSED(QStringLiteral("UPDATE refund_attempts SET idempotency_key = 'x'"));
}

// The guard's triggers and functions are written once (DatabaseGuard) and applied after the last
// step, so a database that stopped at any older version and is migrated now must end with exactly
// the schema of a fresh one, guard included, and rows written at the old version are guarded.
void TestDatabaseGuard::r4_upgradeFromEveryVersionEqualsAFreshSchema_issue16()
{
    TestDatabase fresh;
    REFUND_OPEN_OR_FAIL(freshDb, fresh);
    const QStringList expected = schemaDump(*freshDb);
    QVERIFY(expected.size() > 40);
    // The guard's triggers and the steps' own (v6 rollups, v7 search index) are all there: a later
    // step that rebuilds refund_ops on SQLite must create the steps' triggers again too.
    for (const char* name : {"refund_ops_guard", "refund_ops_search_insert", "refund_ops_search_refund",
                             "logical_refund_repeats_insert",
                             db_rollupTrigger(freshDb->isSqlite())})
        QVERIFY2(!expected.filter(QLatin1String(name)).isEmpty(), name);

    for (int version : SchemaMigrator::versions()) {
        if (version == SchemaMigrator::latestVersion())
            continue;
        TestDatabase old;
        QVERIFY2(old.isValid(), qPrintable(old.error()));
        auto db = old.open();
        QVERIFY(db);
        auto staged = SchemaMigrator::migrate(*db, version);
        QVERIFY2(staged, qPrintable(staged ? QString() : staged.error().message));
        QCOMPARE(SchemaMigrator::currentVersion(*db).value(), version);
        QVERIFY(SchemaMigrator::check(*db).error().code == StoreError::Code::SchemaOutdated);
        QVERIFY(db->run(QStringLiteral("INSERT INTO orders (order_id, amount_cents, currency, payment_intent, created_at) "
                                       "VALUES ('4417', 3800, 'usd', 'pi_upgrade', 1)")));
        QVERIFY(db->run(QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                                       "idempotency_key, status, attempts, created_at, updated_at) "
                                       "VALUES ('op_upgrade', '4417', 3800, 'usd', 'key-upgrade', 'open', 0, 1, 1)")));
        auto done = SchemaMigrator::migrate(*db);
        QVERIFY2(done, qPrintable(done ? QString() : done.error().message));
        QCOMPARE(done.value(), SchemaMigrator::latestVersion());
        QVERIFY(SchemaMigrator::check(*db));
        const QStringList got = schemaDump(*db);
        for (int i = 0; i < qMax(got.size(), expected.size()); ++i) {
            const QString g = got.value(i), e = expected.value(i);
            QVERIFY2(g == e, qPrintable(QStringLiteral("from v%1, line %2:\n  upgraded: %3\n  fresh:    %4")
                                            .arg(version).arg(i).arg(g.left(400), e.left(400))));
        }
        RawSql raw(old, *db);
        QVERIFY(raw.usable());
        REFUSED(QStringLiteral("DELETE FROM refund_ops WHERE operation_id = 'op_upgrade'"));
        REFUSED(QStringLiteral("UPDATE refund_ops SET idempotency_key = 'other' WHERE operation_id = 'op_upgrade'"));
        QCOMPARE(scalar(*db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE operation_id = 'op_upgrade' AND status = 'open'")), 1);
    }
    // A target that is no step is refused and changes nothing.
    TestDatabase empty;
    QVERIFY2(empty.isValid(), qPrintable(empty.error()));
    auto db = empty.open();
    QVERIFY(db);
    auto bad = SchemaMigrator::migrate(*db, SchemaMigrator::latestVersion() + 1);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, StoreError::Code::InvalidArgument);
    QVERIFY2(bad.error().message.startsWith(QStringLiteral("target:")), qPrintable(bad.error().message));
    QCOMPARE(SchemaMigrator::currentVersion(*db).value(), 0);
}

// Databases get the guard's definitions only when a migration applies a step. A definition edited
// without a new step would reach fresh databases and never the existing ones, so this pins the
// definitions to the latest version. When it fails: add a schema step (it may hold no SQL), then
// update both values below.
void TestDatabaseGuard::r4_guardChangesOnlyWithANewSchemaStep_issue16()
{
    const QByteArray all = (DatabaseGuard::definitionStatements(true) + QStringList{QStringLiteral("--")} +
                            DatabaseGuard::definitionStatements(false))
                               .join(u'\n')
                               .toUtf8();
    const QByteArray digest = QCryptographicHash::hash(all, QCryptographicHash::Sha256).toHex();
    QCOMPARE(SchemaMigrator::latestVersion(), 8);
    QCOMPARE(digest, QByteArray("849516fb8d09f45dd9956f5879bbb5e75f34c98760a685177c4fa1e04beb2021"));
}

// A provider event's decision is the evidence History counts per logical refund (issue 15):
// events are stored pending, only a waiting one is decided, what the provider sent never
// changes, and none is deleted, whoever writes (the reconciler login could rewrite any before).
void TestDatabaseGuard::r24_providerEventsAreStoredPendingAndDecidedOnce_issue15()
{
    GUARD_FIXTURE(f);
    const QString insert = QStringLiteral(
        "INSERT INTO provider_events (event_id, source, received_at, type, event_created, refund_id, operation_id, "
        "action, applied_at, payload) VALUES ");
    REFUSED(insert + QStringLiteral("('evt_d', 'poll', 1, 'refund.updated', 1, 're_2', 'op_guard1', 'second_refund_failed', 9, '{}')"));
    REFUSED(insert + QStringLiteral("('evt_d', 'poll', 1, 'refund.updated', 1, 're_2', NULL, 'pending', 9, '{}')"));
    ACCEPTED(insert + QStringLiteral("('evt_p', 'webhook', 1, 'refund.created', 1, 're_2', NULL, 'pending', NULL, '{}')"));
    // Waiting: decided (and a fetch failure may be decided again later).
    ACCEPTED(QStringLiteral("UPDATE provider_events SET action = 'fetch_failed', applied_at = 2 WHERE event_id = 'evt_p'"));
    REFUSED(QStringLiteral("UPDATE provider_events SET payload = '{\"forged\": true}' WHERE event_id = 'evt_p'"));
    REFUSED(QStringLiteral("UPDATE provider_events SET refund_id = 're_other' WHERE event_id = 'evt_p'"));
    ACCEPTED(QStringLiteral("UPDATE provider_events SET action = 'second_refund', operation_id = 'op_guard1', "
                            "applied_at = 3 WHERE event_id = 'evt_p'"));
    // Decided: final.
    REFUSED(QStringLiteral("UPDATE provider_events SET action = 'no_change' WHERE event_id = 'evt_p'"));
    REFUSED(QStringLiteral("UPDATE provider_events SET applied_at = 9000000000000000 WHERE event_id = 'evt_p'"));
    REFUSED(QStringLiteral("DELETE FROM provider_events WHERE event_id = 'evt_p'"));
    QCOMPARE(scalar(*f.db, QStringLiteral("SELECT count(*) FROM provider_events WHERE action = 'second_refund'")), qint64(1));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestDatabaseGuard)
#include "TestDatabaseGuard.moc"
