// R16, R17, R20, R21 on a real PostgreSQL (issue 11): real logins made with `refund-tool db roles`
// and `db grant` try, by direct SQL, what issue 11 found possible, and the database refuses it
// with nothing changed and no audit entry; people change operations and settings only through
// resolve_operation() and change_setting(), which audit session_user. Roles and logins carry
// REFUND_TEST_PG_ROLE_PREFIX, so tests/with-postgres.sh drops them afterwards.
#include "RollupOracle.h"
#include "CliRun.h"
#include "TestDatabase.h"

#include "Clock.h"
#include "cli/RefundToolCli.h"
#include "db/OperationStore.h"
#include "db/RoleManager.h"
#include "db/SettingsStore.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>
#include <QtTest>

#include <latch>
#include <thread>

namespace {
constexpr qint64 kHour = 3600LL * 1000;
constexpr qint64 kT0 = 1'780'000'000'000LL;   // in the past of the server clock
constexpr qint64 kExpires = kT0 + 24 * kHour; // key_expires_at of the unknown operation



bool permissionDenied(const StoreError& e)
{
    return e.message.contains(QLatin1String("permission denied"));
}

qint64 scalar(Database& db, const QString& sql, const QVariantList& binds = {})
{
    auto q = db.run(sql, binds);
    if (!q || !q.value().next())
        return -1;
    return q.value().value(0).toLongLong();
}

QString text(Database& db, const QString& sql, const QVariantList& binds = {})
{
    auto q = db.run(sql, binds);
    if (!q || !q.value().next())
        return QStringLiteral("<none>");
    return q.value().value(0).toString();
}

/** A provider refund object as the lookup saw it (Stripe v1 shape). */
QJsonObject refund(const QString& id, const QString& operationId, qint64 amount, const QString& status,
                   const QString& currency = QStringLiteral("usd"))
{
    return QJsonObject{
        {QStringLiteral("id"), id},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("amount"), amount},
        {QStringLiteral("currency"), currency},
        {QStringLiteral("status"), status},
        {QStringLiteral("payment_intent"), QStringLiteral("pi_4417")},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), operationId},
                                                 {QStringLiteral("order_id"), QStringLiteral("4417")}}}};
}

QJsonObject completeLookup(const QJsonArray& refunds = {})
{
    return QJsonObject{{QStringLiteral("lookup"), QJsonObject{{QStringLiteral("complete"), true}}},
                       {QStringLiteral("refunds"), refunds}};
}

OperationStore::Resolution refunded(const QJsonObject& refundObject)
{
    OperationStore::Resolution r;
    r.status = OperationStatus::Refunded;
    r.providerRefundId = refundObject.value(QStringLiteral("id")).toString();
    r.providerStatus = refundObject.value(QStringLiteral("status")).toString();
    r.actor = QStringLiteral("typed-by-the-client");
    r.role = QStringLiteral("admin");
    r.note = QStringLiteral("found the refund by metadata.operation_id");
    r.evidence = QJsonObject{{QStringLiteral("refund"), refundObject}};
    r.lookupStartedAt = kExpires + kHour;
    return r;
}

OperationStore::Resolution failed(qint64 lookupStartedAt, const QJsonArray& refunds = {})
{
    OperationStore::Resolution r;
    r.status = OperationStatus::Failed;
    r.actor = QStringLiteral("typed-by-the-client");
    r.role = QStringLiteral("admin");
    r.note = QStringLiteral("no refund at the provider");
    r.evidence = completeLookup(refunds);
    r.lookupStartedAt = lookupStartedAt;
    return r;
}
} // namespace

class TestDatabaseGuardRoles : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void r21_supportCannotUpdateStatus();
    void r21_supportCannotForgeRefundedOrReopen();
    void r21_nobodyForgesAuditEntries();
    void r21_peopleHaveNoDirectWrites();
    void r21_toolCannotRewriteKeyAttemptsOrDeadline();
    void r21_toolCannotInsertClosedRows();
    void r21_loginWithoutRoleCannotResolve();
    void r16_resolveRefundedAuditsTheLogin();
    void r16_resolveRefusesEvidenceThatDoesNotMatch();
    void r16_failedIsJudgedByWhenTheLookupStarted();
    void r16_failedWithFailedRefundNeedsNoExpiry();
    void r17_twoReviewersRaceThroughTheFunction();
    void r20_changeSettingValidatesAndAuditsTheLogin();
    void r21_supportSessionDoesNotStallTheTool();
    void r12_rollupsFollowEveryLoginsWritesAndNobodyForgesThem();
    void r5a_logicalRefundRepeatsFollowTheToolAndNobodyForgesThem_issue15();

private:
    bool skip() const
    {
        return TestDatabase::currentEngine() != QLatin1String("postgresql") || prefix().isEmpty();
    }
    QString prefix() const { return qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX"); }
    QString loginName(const QString& key) const { return prefix() + key + QStringLiteral("_guard"); }
    std::unique_ptr<Database> login(const QString& key) const;
    qint64 auditCount() { return scalar(*m_owner, QStringLiteral("SELECT count(*) FROM audit_log")); }
    QString statusOf(const QString& opId)
    {
        return text(*m_owner, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = ?"), {opId});
    }

    std::unique_ptr<TestDatabase> m_t;
    std::unique_ptr<Database> m_owner;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<Database> m_support, m_finance, m_admin, m_tool, m_none;
    QString m_unknown = QStringLiteral("op_unknown1"); // unknown, key expires kExpires
    QString m_open = QStringLiteral("op_open1");       // open, one attempt
};

std::unique_ptr<Database> TestDatabaseGuardRoles::login(const QString& key) const
{
    auto db = Database::open(urlAs(m_t->url(), loginName(key), QStringLiteral("pw_") + key));
    if (!db) {
        qWarning("%s", qPrintable(db.error().message));
        return nullptr;
    }
    return std::move(db).value();
}

void TestDatabaseGuardRoles::init()
{
    if (skip())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    m_t = std::make_unique<TestDatabase>();
    QVERIFY2(m_t->isValid(), qPrintable(m_t->error()));
    m_owner = m_t->openMigrated();
    QVERIFY(m_owner);
    const CliRun roles = runCli({QStringLiteral("db"), QStringLiteral("roles"), QStringLiteral("--db"),
                                 m_t->url(), QStringLiteral("--role-prefix"), prefix()});
    QVERIFY2(roles.code == 0, qPrintable(roles.err));
    for (const char* key : {"support", "finance", "admin", "tool", "none"}) {
        const QString name = loginName(QLatin1String(key));
        // Logins are cluster-wide; an earlier test function of this run made them already.
        m_owner->runScript(QStringLiteral("DO $$ BEGIN CREATE ROLE %1 LOGIN PASSWORD 'pw_%2'; "
                                          "EXCEPTION WHEN duplicate_object THEN NULL; END $$")
                               .arg(RoleManager::quoteIdentifier(name), QLatin1String(key)));
        if (QLatin1String(key) == QLatin1String("none"))
            continue;
        const CliRun g = runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"),
                                 m_t->url(), QStringLiteral("--user"), name, QStringLiteral("--role"),
                                 QLatin1String(key), QStringLiteral("--role-prefix"), prefix()});
        QVERIFY2(g.code == 0, qPrintable(g.err));
    }
    m_clock = std::make_unique<ManualClock>(kT0);
    OperationStore store(*m_owner, *m_clock);
    QVERIFY(store.addOrder(
        Order{QStringLiteral("4417"), 10000, QStringLiteral("usd"), QStringLiteral("pi_4417"), 0}));
    for (const auto& [id, amount] : {std::pair{m_unknown, 3800}, std::pair{m_open, 1200}}) {
        QVERIFY(m_owner->run(
            QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                           "idempotency_key, status, attempts, created_at, updated_at) "
                           "VALUES (?, '4417', ?, 'usd', ?, 'open', 0, ?, ?)"),
            {id, amount, QStringLiteral("key-") + id, kT0, kT0}));
        QVERIFY(store.claimAttempt(id, QStringLiteral("toolu_01"), 6, 24 * kHour));
    }
    QVERIFY(store.markUnknown(m_unknown, QStringLiteral("attempt_budget_exhausted")));
    m_support = login(QStringLiteral("support"));
    m_finance = login(QStringLiteral("finance"));
    m_admin = login(QStringLiteral("admin"));
    m_tool = login(QStringLiteral("tool"));
    m_none = login(QStringLiteral("none"));
    QVERIFY(m_support && m_finance && m_admin && m_tool && m_none);
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::cleanup()
{
    // Schema v6: whatever each login just did by direct SQL (allowed or refused), the history
    // rollups still equal a recomputation from the rows (R12).
    if (m_owner) {
        const QString diff = RollupOracle::compare(*m_owner);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
    m_support.reset();
    m_finance.reset();
    m_admin.reset();
    m_tool.reset();
    m_none.reset();
    m_owner.reset();
    m_t.reset();
}

void TestDatabaseGuardRoles::r21_supportCannotUpdateStatus()
{
    // The issue's attack: an unknown row whose refund the provider executed, closed failed by hand.
    for (Database* db : {m_support.get(), m_finance.get(), m_admin.get()}) {
        auto r =
            db->run(QStringLiteral("UPDATE refund_ops SET status = 'failed', resolved_by = 'someone_else' "
                                   "WHERE operation_id = ?"),
                    {m_unknown});
        QVERIFY(!r);
        QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
    }
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));
    QCOMPARE(text(*m_owner,
                  QStringLiteral("SELECT COALESCE(resolved_by, '') FROM refund_ops WHERE operation_id = ?"),
                  {m_unknown}),
             QString());
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::r21_supportCannotForgeRefundedOrReopen()
{
    for (const char* sql :
         {"UPDATE refund_ops SET status = 'refunded', provider_refund_id = 're_FAKE' WHERE operation_id = ?",
          "UPDATE refund_ops SET status = 'open' WHERE operation_id = ?"}) {
        for (Database* db : {m_support.get(), m_finance.get(), m_admin.get()}) {
            auto r = db->run(QLatin1String(sql), {m_unknown});
            QVERIFY2(!r, sql);
            QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
        }
    }
    // unknown → refunded is one of the tool's own transitions (a late answer of an attempt brings
    // the refund, R7), so its role keeps that column grant; unknown → open is no transition at
    // all, and the guard refuses it even for the role that may update status.
    auto reopen = m_tool->run(QStringLiteral("UPDATE refund_ops SET status = 'open' WHERE operation_id = ?"),
                              {m_unknown});
    QVERIFY(!reopen);
    QVERIFY2(reopen.error().message.contains(QLatin1String("R4")), qPrintable(reopen.error().message));
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::r21_nobodyForgesAuditEntries()
{
    for (Database* db : {m_support.get(), m_finance.get(), m_admin.get(), m_tool.get(), m_none.get()}) {
        auto r =
            db->run(QStringLiteral("INSERT INTO audit_log (at, actor, role, action, operation_id, details) "
                                   "VALUES (1, 'admin-x', 'admin', 'resolve', ?, '{}')"),
                    {m_unknown});
        QVERIFY(!r);
        QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
    }
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::r21_peopleHaveNoDirectWrites()
{
    const QStringList attacks = {
        QStringLiteral(
            "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, "
            "status, "
            "attempts, created_at, updated_at) VALUES ('op_p', '4417', 5, 'usd', 'k-p', 'open', 0, 1, 1)"),
        QStringLiteral("UPDATE refund_ops SET resolution_note = 'x'"),
        QStringLiteral("DELETE FROM refund_ops"),
        QStringLiteral("UPDATE refund_attempts SET outcome = 'refused'"),
        QStringLiteral("INSERT INTO refund_attempts (operation_id, tool_call_id, attempt_no, "
                       "idempotency_key, started_at, "
                       "outcome) VALUES ('op_open1', 't', 99, 'k', 0, 'timeout')"),
        QStringLiteral("UPDATE tool_calls SET result_status = 'refunded'"),
        QStringLiteral("DELETE FROM audit_log"),
        QStringLiteral("UPDATE settings SET value = '20'"),
        QStringLiteral("INSERT INTO settings (key, value, updated_at, updated_by) VALUES "
                       "('max_attempts_per_call', '20', 0, 'x')"),
        QStringLiteral("SELECT 1 FROM refund_ops FOR UPDATE"),
    };
    for (Database* db : {m_support.get(), m_finance.get(), m_admin.get()}) {
        for (const QString& sql : attacks) {
            auto r = db->run(sql);
            QVERIFY2(!r, qPrintable(sql));
            QVERIFY2(permissionDenied(r.error()), qPrintable(sql + QStringLiteral(": ") + r.error().message));
        }
        // Reading is their work (triage, history, settings tab).
        QVERIFY(db->run(QStringLiteral("SELECT count(*) FROM refund_ops, settings, audit_log LIMIT 1")));
    }
    // Support and finance may not change settings even through the function.
    for (Database* db : {m_support.get(), m_finance.get()}) {
        auto r = db->run(QStringLiteral("SELECT change_setting('max_attempts_per_call', '2')"));
        QVERIFY(!r);
        QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
    }
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::r21_toolCannotRewriteKeyAttemptsOrDeadline()
{
    const QString keyBefore = text(
        *m_owner, QStringLiteral("SELECT idempotency_key FROM refund_ops WHERE operation_id = ?"), {m_open});
    for (const char* set :
         {"idempotency_key = 'second-key'", "attempts = 0", "key_expires_at = key_expires_at + 86400000",
          "first_attempt_at = 5", "resolved_by = 'tool'", "amount_cents = 1", "request_ref = 'other'"}) {
        auto r = m_tool->run(
            QStringLiteral("UPDATE refund_ops SET %1 WHERE operation_id = ?").arg(QLatin1String(set)),
            {m_open});
        QVERIFY2(!r, set);
    }
    auto attemptKey =
        m_tool->run(QStringLiteral("UPDATE refund_attempts SET idempotency_key = 'second-key'"));
    QVERIFY(!attemptKey);
    auto del = m_tool->run(QStringLiteral("DELETE FROM refund_attempts"));
    QVERIFY(!del && permissionDenied(del.error()));
    auto settings = m_tool->run(QStringLiteral("UPDATE settings SET value = '100'"));
    QVERIFY(!settings && permissionDenied(settings.error()));
    // Found by an attack: a tool login closed an unknown row `failed` by plain SQL, and the next
    // call paid again with a new key. "No refund was made" is a reviewer's finding (R16).
    auto closeUnknownFailed = m_tool->run(
        QStringLiteral(
            "UPDATE refund_ops SET status = 'failed', failure_code = 'card_declined', closed_at = 0 "
            "WHERE operation_id = ?"),
        {m_unknown});
    QVERIFY(!closeUnknownFailed);
    QCOMPARE(
        text(*m_owner, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = ?"), {m_unknown}),
        QStringLiteral("unknown"));
    auto resolve = m_tool->run(
        QStringLiteral("SELECT resolve_operation(?, 'failed', '{}'::jsonb, NULL, 'x')"), {m_unknown});
    QVERIFY(!resolve && permissionDenied(resolve.error()));
    QCOMPARE(text(*m_owner, QStringLiteral("SELECT idempotency_key FROM refund_ops WHERE operation_id = ?"),
                  {m_open}),
             keyBefore);
    QCOMPARE(
        scalar(*m_owner, QStringLiteral("SELECT attempts FROM refund_ops WHERE operation_id = ?"), {m_open}),
        qint64(1));
    QCOMPARE(scalar(*m_owner, QStringLiteral("SELECT key_expires_at FROM refund_ops WHERE operation_id = ?"),
                    {m_open}),
             kExpires);

    // What the tool does need still works, as the tool's login: claim, finish, close.
    OperationStore tool(*m_tool, *m_clock);
    auto claim = tool.claimAttempt(m_open, QStringLiteral("toolu_02"), 6, 24 * kHour);
    QVERIFY2(claim, qPrintable(claim ? QString() : claim.error().message));
    OperationStore::AttemptResult timeout;
    timeout.outcome = QStringLiteral("timeout");
    QVERIFY(tool.finishAttempt(claim.value().attemptRowId, timeout));
    QVERIFY(tool.closeRefunded(m_open, QStringLiteral("re_open1"), QStringLiteral("succeeded")));
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::r21_toolCannotInsertClosedRows()
{
    auto r = m_tool->run(
        QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                       "idempotency_key, status, attempts, created_at, updated_at, provider_refund_id, "
                       "closed_at) VALUES ('op_fake', '4417', 500, 'usd', 'k-fake', 'refunded', 1, 1, 1, "
                       "'re_FAKE', 1)"));
    QVERIFY(!r);
    QCOMPARE(
        scalar(*m_owner, QStringLiteral("SELECT count(*) FROM refund_ops WHERE operation_id = 'op_fake'")),
        qint64(0));
}

void TestDatabaseGuardRoles::r21_loginWithoutRoleCannotResolve()
{
    auto r = m_none->run(QStringLiteral("SELECT resolve_operation(?, 'failed', '{}'::jsonb, NULL, 'x')"),
                         {m_unknown});
    QVERIFY(!r);
    QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));
}

void TestDatabaseGuardRoles::r16_resolveRefundedAuditsTheLogin()
{
    OperationStore store(*m_support, *m_clock);
    auto r = store.resolve(
        m_unknown, refunded(refund(QStringLiteral("re_1"), m_unknown, 3800, QStringLiteral("succeeded"))));
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r.value().status, OperationStatus::Refunded);
    QCOMPARE(r.value().providerRefundId, QStringLiteral("re_1"));
    // The actor is the database login, never the value the client typed; the role is the login's.
    QCOMPARE(r.value().resolvedBy, loginName(QStringLiteral("support")));
    const auto audit = store.auditEntries(m_unknown).value();
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit[0].actor, loginName(QStringLiteral("support")));
    QCOMPARE(audit[0].role, QStringLiteral("support"));
    QCOMPARE(audit[0].details.value(QStringLiteral("to")).toString(), QStringLiteral("refunded"));
    QVERIFY(audit[0].details.value(QStringLiteral("evidence")).toObject().contains(QStringLiteral("refund")));
}

void TestDatabaseGuardRoles::r16_resolveRefusesEvidenceThatDoesNotMatch()
{
    OperationStore store(*m_finance, *m_clock);
    const QList<QJsonObject> wrong = {
        refund(QStringLiteral("re_FAKE"), QStringLiteral("op_other"), 3800, QStringLiteral("succeeded")),
        refund(QStringLiteral("re_2"), m_unknown, 3000, QStringLiteral("succeeded")),
        refund(QStringLiteral("re_3"), m_unknown, 3800, QStringLiteral("succeeded"), QStringLiteral("eur")),
        refund(QStringLiteral("re_4"), m_unknown, 3800, QStringLiteral("failed")),
    };
    for (const QJsonObject& w : wrong) {
        auto r = store.resolve(m_unknown, refunded(w));
        QVERIFY(!r);
        QCOMPARE(r.error().code, StoreError::Code::NotAllowed);
        QVERIFY2(r.error().message.contains(QLatin1String("R16")), qPrintable(r.error().message));
    }
    // No evidence at all, straight through the function.
    auto bare = m_finance->run(
        QStringLiteral("SELECT resolve_operation(?, 'refunded', '{}'::jsonb, NULL, 'trust me')"),
        {m_unknown});
    QVERIFY(!bare);
    // "failed" while a succeeded refund is in the evidence.
    auto r = store.resolve(m_unknown,
                           failed(kExpires + kHour, QJsonArray{refund(QStringLiteral("re_5"), m_unknown, 3800,
                                                                      QStringLiteral("succeeded"))}));
    QCOMPARE(r.error().code, StoreError::Code::NotAllowed);
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));
    QCOMPARE(auditCount(), qint64(0));
}

void TestDatabaseGuardRoles::r16_failedIsJudgedByWhenTheLookupStarted()
{
    // The server's clock is long past kExpires, but the lookup started one millisecond before it:
    // the original request could still execute while that lookup read the provider.
    OperationStore store(*m_support, *m_clock);
    auto early = store.resolve(m_unknown, failed(kExpires - 1));
    QVERIFY(!early);
    QCOMPARE(early.error().code, StoreError::Code::NotAllowed);
    QVERIFY2(early.error().message.contains(QLatin1String("started")), qPrintable(early.error().message));
    auto noStart = store.resolve(m_unknown, failed(0));
    QCOMPARE(noStart.error().code, StoreError::Code::NotAllowed);
    // An incomplete lookup proves nothing either.
    OperationStore::Resolution incomplete = failed(kExpires);
    incomplete.evidence =
        QJsonObject{{QStringLiteral("lookup"), QJsonObject{{QStringLiteral("complete"), false}}}};
    QCOMPARE(store.resolve(m_unknown, incomplete).error().code, StoreError::Code::NotAllowed);
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));
    QCOMPARE(auditCount(), qint64(0));

    auto atExpiry = store.resolve(m_unknown, failed(kExpires));
    QVERIFY2(atExpiry, qPrintable(atExpiry ? QString() : atExpiry.error().message));
    QCOMPARE(atExpiry.value().status, OperationStatus::Failed);
    QCOMPARE(atExpiry.value().failureCode, QStringLiteral("no_refund_found"));
    QCOMPARE(auditCount(), qint64(1));
}

void TestDatabaseGuardRoles::r16_failedWithFailedRefundNeedsNoExpiry()
{
    OperationStore store(*m_support, *m_clock);
    auto r = store.resolve(m_unknown,
                           failed(kExpires - 10 * kHour, QJsonArray{refund(QStringLiteral("re_f"), m_unknown,
                                                                           3800, QStringLiteral("failed"))}));
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r.value().failureCode, QStringLiteral("refund_failed"));
}

void TestDatabaseGuardRoles::r17_twoReviewersRaceThroughTheFunction()
{
    std::latch start(2);
    StoreResult<Operation> results[2] = {StoreError{}, StoreError{}};
    Database* dbs[2] = {m_support.get(), m_finance.get()};
    // Each thread uses its own connection (Qt SQL connections belong to their thread).
    const QString urls[2] = {
        urlAs(m_t->url(), loginName(QStringLiteral("support")), QStringLiteral("pw_support")),
        urlAs(m_t->url(), loginName(QStringLiteral("finance")), QStringLiteral("pw_finance"))};
    Q_UNUSED(dbs);
    std::thread threads[2];
    for (int i = 0; i < 2; ++i) {
        threads[i] = std::thread([&, i] {
            auto db = Database::open(urls[i]);
            start.arrive_and_wait();
            if (!db) {
                results[i] = db.error();
                return;
            }
            OperationStore store(*db.value(), *m_clock);
            results[i] = i == 0
                             ? store.resolve(m_unknown, refunded(refund(QStringLiteral("re_1"), m_unknown,
                                                                        3800, QStringLiteral("succeeded"))))
                             : store.resolve(m_unknown, failed(kExpires + kHour));
        });
    }
    for (auto& t : threads)
        t.join();
    const int wins = int(bool(results[0])) + int(bool(results[1]));
    QCOMPARE(wins, 1);
    const int loser = results[0] ? 1 : 0;
    const int winner = 1 - loser;
    QCOMPARE(results[loser].error().code, StoreError::Code::AlreadyResolved);
    const QString winnerLogin =
        loginName(winner == 0 ? QStringLiteral("support") : QStringLiteral("finance"));
    QVERIFY2(results[loser].error().message.contains(winnerLogin),
             qPrintable(results[loser].error().message));
    QCOMPARE(auditCount(), qint64(1));
}

void TestDatabaseGuardRoles::r20_changeSettingValidatesAndAuditsTheLogin()
{
    SettingsStore admin(*m_admin, *m_clock);
    auto bad = admin.set(QStringLiteral("max_attempts_per_call"), QStringLiteral("50"), QStringLiteral("ada"),
                         QStringLiteral("admin"));
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, StoreError::Code::InvalidArgument);
    QCOMPARE(bad.error().field, QStringLiteral("max_attempts_per_call"));
    // The database refuses it too, with the same rule, whatever the client checked.
    for (const char* sql : {"SELECT change_setting('max_attempts_per_call', '50')",
                            "SELECT change_setting('max_attempts_per_operation', '2')",
                            "SELECT change_setting('repeat_window_hours', '0')",
                            "SELECT change_setting('backoff_base_ms', '5000')",
                            "SELECT change_setting('provider_api', 'stripe_v9')",
                            "SELECT change_setting('no_such_key', '1')"}) {
        auto r = m_admin->run(QLatin1String(sql));
        QVERIFY2(!r, sql);
        QCOMPARE(r.error().code, StoreError::Code::InvalidArgument);
    }
    QCOMPARE(auditCount(), qint64(0));
    auto ok = admin.set(QStringLiteral("repeat_window_hours"), QStringLiteral("24"), QStringLiteral("ada"),
                        QStringLiteral("admin"));
    QVERIFY2(ok, qPrintable(ok ? QString() : ok.error().message));
    QCOMPARE(SettingsStore(*m_owner, *m_clock).load().value().repeatWindowHours, 24);
    const auto history = admin.history().value();
    QCOMPARE(history.size(), 1);
    QCOMPARE(history[0].actor, loginName(QStringLiteral("admin")));
    QCOMPARE(history[0].oldValue, QStringLiteral("72"));
    QCOMPARE(history[0].newValue, QStringLiteral("24"));
    // Two settings whose rule binds them change together (per-call above the old per-operation).
    auto both = admin.setMany({{QStringLiteral("max_attempts_per_call"), QStringLiteral("8")},
                               {QStringLiteral("max_attempts_per_operation"), QStringLiteral("10")}},
                              QStringLiteral("ada"), QStringLiteral("admin"));
    QVERIFY2(both, qPrintable(both ? QString() : both.error().message));
    QCOMPARE(SettingsStore(*m_owner, *m_clock).load().value().maxAttemptsPerCall, 8);
}

void TestDatabaseGuardRoles::r21_supportSessionDoesNotStallTheTool()
{
    // A person cannot take row locks by hand (FOR UPDATE needs a write privilege).
    auto forUpdate = m_support->run(
        QStringLiteral("SELECT 1 FROM refund_ops WHERE operation_id = ? FOR UPDATE"), {m_open});
    QVERIFY(!forUpdate && permissionDenied(forUpdate.error()));

    OperationStore tool(*m_tool, *m_clock);
    // A support session left inside its transaction after a resolution holds that row: the tool's
    // late answer for it waits at most lock_timeout, reports "busy", and changes nothing.
    QVERIFY(m_support->runScript(QStringLiteral("BEGIN")));
    OperationStore supportStore(*m_support, *m_clock);
    QVERIFY(supportStore.resolve(m_unknown, failed(kExpires + kHour)));
    QElapsedTimer timer;
    timer.start();
    auto late = tool.closeRefunded(m_unknown, QStringLiteral("re_late"), QStringLiteral("succeeded"));
    qint64 waited = timer.elapsed();
    QVERIFY(!late);
    QCOMPARE(late.error().code, StoreError::Code::Busy);
    QVERIFY2(waited < 5000, qPrintable(QStringLiteral("the tool waited %1 ms").arg(waited)));
    m_support->rollback();
    QCOMPARE(statusOf(m_unknown), QStringLiteral("unknown"));

    // Any session holding the open row (here a psql session of the schema owner): the tool's claim
    // is refused as busy within a few seconds, and the row stays open with its attempts.
    auto holder = m_t->open();
    QVERIFY(holder);
    QVERIFY(holder->runScript(QStringLiteral("BEGIN")));
    QVERIFY(
        holder->run(QStringLiteral("SELECT 1 FROM refund_ops WHERE operation_id = ? FOR UPDATE"), {m_open}));
    timer.restart();
    auto claim = tool.claimAttempt(m_open, QStringLiteral("toolu_02"), 6, 24 * kHour);
    waited = timer.elapsed();
    QVERIFY(!claim);
    QCOMPARE(claim.error().code, StoreError::Code::Busy);
    QVERIFY2(claim.error().message.contains(QLatin1String("operation database busy")),
             qPrintable(claim.error().message));
    QVERIFY2(waited < 5000, qPrintable(QStringLiteral("the tool waited %1 ms").arg(waited)));
    holder->rollback();
    QCOMPARE(statusOf(m_open), QStringLiteral("open"));
    QCOMPARE(
        scalar(*m_owner, QStringLiteral("SELECT attempts FROM refund_ops WHERE operation_id = ?"), {m_open}),
        qint64(1));
    // Once the session ends, the same claim goes through.
    QVERIFY(tool.claimAttempt(m_open, QStringLiteral("toolu_02"), 6, 24 * kHour));
}

void TestDatabaseGuardRoles::r12_rollupsFollowEveryLoginsWritesAndNobodyForgesThem()
{
    // The tool login's own transitions and a support login's resolution move the rollups
    // (SECURITY DEFINER triggers: neither login may write them itself)...
    ManualClock clock(kT0 + 2 * kHour);
    OperationStore tool(*m_tool, clock);
    auto opened = tool.openOrJoin(QStringLiteral("4417"), 500, QStringLiteral("toolu_r12"),
                                  QStringLiteral("ticket-r12"));
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    const QString op = opened.value().operation.operationId;
    QVERIFY(tool.claimAttempt(op, QStringLiteral("toolu_r12"), 6, 24 * kHour));
    QVERIFY(tool.markUnknown(op, QStringLiteral("no_response")));
    QVERIFY(tool.openOrJoin(QStringLiteral("4417"), 500, QStringLiteral("toolu_r12b"),
                            QStringLiteral("ticket-r12")));
    QString diff = RollupOracle::compare(*m_owner);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    OperationStore support(*m_support, clock);
    const QJsonObject found = refund(QStringLiteral("re_r12"), op, 500, QStringLiteral("succeeded"));
    auto resolved = support.resolve(op, refunded(found));
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().message));
    QCOMPARE(statusOf(op), QStringLiteral("refunded"));
    diff = RollupOracle::compare(*m_owner);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(scalar(*m_owner, QStringLiteral("SELECT sum(operations) FROM history_day_resolves")), qint64(1));

    // ...every login reads them, and none writes them directly: a forged figure is refused.
    for (Database* db : {m_support.get(), m_finance.get(), m_admin.get(), m_tool.get()}) {
        QVERIFY(scalar(*db, QStringLiteral("SELECT count(*) FROM history_day_ops")) > 0);
        for (const QString& sql :
             {QStringLiteral("UPDATE history_day_ops SET operations = 0"),
              QStringLiteral("DELETE FROM history_day_resolves"),
              QStringLiteral("INSERT INTO history_day_ops (day, status, currency, attempts, operations) "
                             "VALUES (1, 'refunded', 'usd', 1, 1000)")}) {
            auto r = db->run(sql);
            QVERIFY2(!r, qPrintable(sql));
            QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
        }
    }
    QVERIFY(!m_none->run(QStringLiteral("SELECT count(*) FROM history_day_ops")));
}

void TestDatabaseGuardRoles::r5a_logicalRefundRepeatsFollowTheToolAndNobodyForgesThem_issue15()
{
    // The tool login opens a second operation of one logical refund (the first failed, which
    // frees the amount): the v8 trigger (SECURITY DEFINER) records the logical refund...
    ManualClock clock(kT0 + 3 * kHour);
    OperationStore tool(*m_tool, clock);
    const QString repeats = QStringLiteral("SELECT count(*) FROM logical_refund_repeats WHERE order_id = '4417' "
                                           "AND amount_cents = 700 AND request_ref = 'ticket-v8'");
    auto first = tool.openOrJoin(QStringLiteral("4417"), 700, QStringLiteral("toolu_v8a"), QStringLiteral("ticket-v8"));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    QVERIFY(tool.claimAttempt(first.value().operation.operationId, QStringLiteral("toolu_v8a"), 6, 24 * kHour));
    QVERIFY(tool.closeFailed(first.value().operation.operationId, QStringLiteral("charge_disputed")));
    QCOMPARE(scalar(*m_owner, repeats), qint64(0));
    auto second = tool.openOrJoin(QStringLiteral("4417"), 700, QStringLiteral("toolu_v8b"), QStringLiteral("ticket-v8"));
    QVERIFY2(second, qPrintable(second ? QString() : second.error().message));
    QVERIFY(second.value().operation.operationId != first.value().operation.operationId);
    QCOMPARE(scalar(*m_owner, repeats), qint64(1));

    // ...every login reads it, and none writes it directly: hiding a logical refund from the
    // check (DELETE) or planting one is refused.
    for (Database* db : {m_support.get(), m_finance.get(), m_admin.get(), m_tool.get()}) {
        QCOMPARE(scalar(*db, repeats), qint64(1));
        for (const QString& sql :
             {QStringLiteral("DELETE FROM logical_refund_repeats"),
              QStringLiteral("UPDATE logical_refund_repeats SET request_ref = 'x'"),
              QStringLiteral("INSERT INTO logical_refund_repeats (order_id, amount_cents, request_ref) "
                             "VALUES ('4417', 1, '')")}) {
            auto r = db->run(sql);
            QVERIFY2(!r, qPrintable(sql));
            QVERIFY2(permissionDenied(r.error()), qPrintable(r.error().message));
        }
    }
    QVERIFY(!m_none->run(QStringLiteral("SELECT count(*) FROM logical_refund_repeats")));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestDatabaseGuardRoles)
#include "TestDatabaseGuardRoles.moc"
