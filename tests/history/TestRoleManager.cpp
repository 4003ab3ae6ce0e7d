// R21: on PostgreSQL the console's roles are database roles and the database itself refuses
// what a role may not do (settings for support and finance, anything but resolution columns
// for support); SQLite is single-user. Roles and logins this test creates carry
// REFUND_TEST_PG_ROLE_PREFIX, so tests/with-postgres.sh drops them afterwards.
#include "TestDatabase.h"
#include "CliRun.h"

#include "cli/RefundToolCli.h"
#include "db/OperationStore.h"
#include "db/RoleManager.h"
#include "db/SettingsStore.h"

#include <QJsonObject>
#include <QUrl>
#include <QtTest>

namespace {
constexpr qint64 kT0 = 1'795'478'400'000LL;



bool permissionDenied(const StoreError& e)
{
    return e.code == StoreError::Code::QueryFailed && e.message.contains(QLatin1String("permission denied"));
}
} // namespace

class TestRoleManager : public QObject
{
    Q_OBJECT

private slots:
    void r21_sqliteIsSingleUser();
    void r21_rolesAreEnforcedByPostgres();
    void r21_grantValidatesItsArguments();

private:
    std::unique_ptr<Database> login(const TestDatabase& t, const QString& name);
    QString prefix() const { return qEnvironmentVariable("REFUND_TEST_PG_ROLE_PREFIX"); }
    bool skipUnlessPostgres();
};

bool TestRoleManager::skipUnlessPostgres()
{
    return TestDatabase::currentEngine() != QLatin1String("postgresql") || prefix().isEmpty();
}

std::unique_ptr<Database> TestRoleManager::login(const TestDatabase& t, const QString& name)
{
    auto db = Database::open(urlAs(t.url(), prefix() + name, QStringLiteral("pw_") + name));
    if (!db) {
        qWarning("%s", qPrintable(db.error().message));
        return nullptr;
    }
    return std::move(db).value();
}

void TestRoleManager::r21_sqliteIsSingleUser()
{
    if (TestDatabase::currentEngine() != QLatin1String("sqlite"))
        QSKIP("SQLite only");
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    const CliRun roles =
        runCli({QStringLiteral("db"), QStringLiteral("roles"), QStringLiteral("--db"), t.url()});
    QCOMPARE(roles.code, 2);
    QVERIFY2(roles.err.contains(QLatin1String("SQLite is single-user: roles are not a security boundary")),
             qPrintable(roles.err));
    const CliRun grant = runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"),
                                 t.url(), QStringLiteral("--user"), QStringLiteral("x"),
                                 QStringLiteral("--role"), QStringLiteral("support")});
    QCOMPARE(grant.code, 2);
    QVERIFY(grant.err.contains(QLatin1String("single-user")));
    QCOMPARE(RoleManager::currentRole(*db).value(), QStringLiteral("single-user"));
    QCOMPARE(RoleManager(*db).createRoles().error().code, StoreError::Code::NotAllowed);
}

void TestRoleManager::r21_rolesAreEnforcedByPostgres()
{
    if (skipUnlessPostgres())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(owner, t);
    const QString p = prefix();

    // Twice: the command is idempotent.
    for (int i = 0; i < 2; ++i) {
        const CliRun r = runCli({QStringLiteral("db"), QStringLiteral("roles"), QStringLiteral("--db"),
                                 t.url(), QStringLiteral("--role-prefix"), p});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(p + QStringLiteral("refund_support")));
    }
    for (const char* name : {"support", "finance", "admin", "tool", "none"}) {
        const QString login = p + QLatin1String(name) + QStringLiteral("_login");
        QVERIFY(owner->runScript(QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD 'pw_%2_login'")
                                     .arg(RoleManager::quoteIdentifier(login), QLatin1String(name))));
        if (QLatin1String(name) == QLatin1String("none"))
            continue;
        const CliRun g = runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"),
                                 t.url(), QStringLiteral("--user"), login, QStringLiteral("--role"),
                                 QLatin1String(name), QStringLiteral("--role-prefix"), p});
        QVERIFY2(g.code == 0, qPrintable(g.err));
        QVERIFY(g.out.contains(QStringLiteral("granted ")));
    }

    // An unknown operation for support to resolve, written by the owner.
    ManualClock clock(kT0);
    OperationStore ownerStore(*owner, clock);
    QVERIFY(ownerStore.addOrder(
        Order{QStringLiteral("4417"), 3800, QStringLiteral("usd"), QStringLiteral("pi_4417"), 0}));
    auto op = ownerStore.openOrJoin(QStringLiteral("4417"), 3800, QStringLiteral("toolu_01"));
    QVERIFY(op);
    const QString opId = op.value().operation.operationId;
    QVERIFY(ownerStore.claimAttempt(opId, QStringLiteral("toolu_01"), 6, 24 * 3600 * 1000LL));
    QVERIFY(ownerStore.markUnknown(opId, QStringLiteral("attempt_budget_exhausted")));

    auto support = login(t, QStringLiteral("support_login"));
    auto finance = login(t, QStringLiteral("finance_login"));
    auto admin = login(t, QStringLiteral("admin_login"));
    auto tool = login(t, QStringLiteral("tool_login"));
    auto none = login(t, QStringLiteral("none_login"));
    QVERIFY(support && finance && admin && tool && none);

    QCOMPARE(RoleManager::currentRole(*support, p).value(), QStringLiteral("support"));
    QCOMPARE(RoleManager::currentRole(*finance, p).value(), QStringLiteral("finance"));
    QCOMPARE(RoleManager::currentRole(*admin, p).value(), QStringLiteral("admin"));
    QCOMPARE(RoleManager::currentRole(*tool, p).value(), QStringLiteral("tool"));
    QCOMPARE(RoleManager::currentRole(*none, p).value(), QStringLiteral("none"));
    QCOMPARE(RoleManager::currentRole(*owner, p).value(), QStringLiteral("admin")); // owns the tables

    // Support and finance cannot change settings, through the store or with direct SQL.
    for (Database* db : {support.get(), finance.get()}) {
        auto viaStore = SettingsStore(*db, clock)
                            .set(QStringLiteral("max_attempts_per_call"), QStringLiteral("2"),
                                 QStringLiteral("mallory"), QStringLiteral("support"));
        QVERIFY(!viaStore);
        QVERIFY2(permissionDenied(viaStore.error()), qPrintable(viaStore.error().message));
        auto insert = db->run(QStringLiteral("INSERT INTO settings (key, value, updated_at, updated_by) "
                                             "VALUES ('max_attempts_per_call', '20', 0, 'mallory')"));
        QVERIFY(!insert);
        QVERIFY2(permissionDenied(insert.error()), qPrintable(insert.error().message));
        auto update = db->run(QStringLiteral("UPDATE settings SET value = '20'"));
        QVERIFY(!update);
        QVERIFY2(permissionDenied(update.error()), qPrintable(update.error().message));
        // Reading is allowed: the console shows settings to everyone.
        QVERIFY(SettingsStore(*db, clock).load());
    }

    // Support writes nothing directly, not even the resolution columns, and deletes nothing.
    for (const char* sql :
         {"UPDATE refund_ops SET attempts = 0", "UPDATE refund_ops SET idempotency_key = 'k'",
          "UPDATE refund_ops SET status = 'failed', resolved_by = 'someone_else'", "DELETE FROM audit_log",
          "DELETE FROM refund_ops",
          "INSERT INTO refund_attempts "
          "(operation_id, tool_call_id, attempt_no, idempotency_key, started_at, outcome) "
          "VALUES ('op_x', 't', 99, 'k', 0, 'timeout')"}) {
        auto r = support->run(QLatin1String(sql));
        QVERIFY2(!r && permissionDenied(r.error()), sql);
    }

    // Support can read and resolve (R16, R17), with the audit entry.
    OperationStore supportStore(*support, clock);
    QCOMPARE(supportStore.operation(opId).value().status, OperationStatus::Unknown);
    OperationStore::Resolution res;
    res.status = OperationStatus::Refunded;
    res.providerRefundId = QStringLiteral("re_1");
    res.providerStatus = QStringLiteral("succeeded");
    res.actor = QStringLiteral("sam");
    res.role = QStringLiteral("support");
    res.note = QStringLiteral("found re_1 with metadata.operation_id");
    // R16: the database checks the evidence itself (resolve_operation()).
    res.evidence = QJsonObject{
        {QStringLiteral("refund"),
         QJsonObject{{QStringLiteral("id"), QStringLiteral("re_1")},
                     {QStringLiteral("amount"), 3800},
                     {QStringLiteral("currency"), QStringLiteral("usd")},
                     {QStringLiteral("status"), QStringLiteral("succeeded")},
                     {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), opId}}}}}};
    auto resolved = supportStore.resolve(opId, res);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().message));
    QCOMPARE(resolved.value().status, OperationStatus::Refunded);
    QCOMPARE(supportStore.auditEntries(opId).value().size(), 1);
    // The audit names the database login and its role, not what the client typed (R21).
    QCOMPARE(supportStore.auditEntries(opId).value().first().actor, p + QStringLiteral("support_login"));
    QCOMPARE(supportStore.auditEntries(opId).value().first().role, QStringLiteral("support"));

    // The admin can change settings (audited).
    auto set = SettingsStore(*admin, clock)
                   .set(QStringLiteral("max_attempts_per_call"), QStringLiteral("2"), QStringLiteral("ada"),
                        QStringLiteral("admin"));
    QVERIFY2(set, qPrintable(set ? QString() : set.error().message));
    QCOMPARE(SettingsStore(*owner, clock).load().value().maxAttemptsPerCall, 2);
    QCOMPARE(SettingsStore(*admin, clock).history().value().first().actor, p + QStringLiteral("admin_login"));
    // Only through change_setting(): no direct writes, even for the admin (R21).
    auto direct = admin->run(
        QStringLiteral("UPDATE settings SET updated_by = 'ada' WHERE key = 'max_attempts_per_call'"));
    QVERIFY(!direct && permissionDenied(direct.error()));

    // The refund tool's login does the write path, and nothing of settings or audit.
    OperationStore toolStore(*tool, clock);
    QVERIFY(ownerStore.addOrder(
        Order{QStringLiteral("5521"), 1000, QStringLiteral("usd"), QStringLiteral("pi_5521"), 0}));
    auto toolOp = toolStore.openOrJoin(QStringLiteral("5521"), 1000, QStringLiteral("toolu_09"));
    QVERIFY2(toolOp, qPrintable(toolOp ? QString() : toolOp.error().message));
    auto claim = toolStore.claimAttempt(toolOp.value().operation.operationId, QStringLiteral("toolu_09"), 6,
                                        3600 * 1000);
    QVERIFY2(claim, qPrintable(claim ? QString() : claim.error().message));
    OperationStore::AttemptResult timeout;
    timeout.outcome = QStringLiteral("timeout");
    QVERIFY(toolStore.finishAttempt(claim.value().attemptRowId, timeout));
    QVERIFY(toolStore.closeRefunded(toolOp.value().operation.operationId, QStringLiteral("re_9"),
                                    QStringLiteral("succeeded")));
    auto toolSettings = tool->run(QStringLiteral("UPDATE settings SET value = '1'"));
    QVERIFY(!toolSettings && permissionDenied(toolSettings.error()));
    auto toolAudit = tool->run(
        QStringLiteral("INSERT INTO audit_log (at, actor, role, action) VALUES (0, 't', 't', 'x')"));
    QVERIFY(!toolAudit && permissionDenied(toolAudit.error()));

    // A login without a refund role reads nothing.
    auto noRead = none->run(QStringLiteral("SELECT count(*) FROM refund_ops"));
    QVERIFY(!noRead && permissionDenied(noRead.error()));

    // Granting another role replaces the old one: the admin login becomes support and loses settings.
    const CliRun down =
        runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"), t.url(),
                QStringLiteral("--user"), p + QStringLiteral("admin_login"), QStringLiteral("--role"),
                QStringLiteral("support"), QStringLiteral("--role-prefix"), p});
    QVERIFY2(down.code == 0, qPrintable(down.err));
    QVERIFY2(down.out.contains(QStringLiteral("revoked ") + p + QStringLiteral("refund_admin")),
             qPrintable(down.out));
    auto adminAgain = login(t, QStringLiteral("admin_login"));
    QVERIFY(adminAgain);
    QCOMPARE(RoleManager::currentRole(*adminAgain, p).value(), QStringLiteral("support"));
    auto denied = adminAgain->run(QStringLiteral("UPDATE settings SET value = '3'"));
    QVERIFY(!denied && permissionDenied(denied.error()));
}

void TestRoleManager::r21_grantValidatesItsArguments()
{
    if (skipUnlessPostgres())
        QSKIP("needs PostgreSQL with REFUND_TEST_PG_ROLE_PREFIX (tests/with-postgres.sh)");
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(owner, t);
    const QString p = prefix();
    QVERIFY(RoleManager(*owner, p).createRoles());
    const CliRun badRole =
        runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"), t.url(),
                QStringLiteral("--user"), QStringLiteral("x"), QStringLiteral("--role"),
                QStringLiteral("root"), QStringLiteral("--role-prefix"), p});
    QCOMPARE(badRole.code, 2);
    QVERIFY(badRole.err.contains(QLatin1String("--role")));
    const CliRun noUser =
        runCli({QStringLiteral("db"), QStringLiteral("grant"), QStringLiteral("--db"), t.url(),
                QStringLiteral("--user"), p + QStringLiteral("nobody"), QStringLiteral("--role"),
                QStringLiteral("support"), QStringLiteral("--role-prefix"), p});
    QCOMPARE(noUser.code, 2);
    QVERIFY2(noUser.err.contains(QLatin1String("no database role")), qPrintable(noUser.err));
    QCOMPARE(RoleManager(*owner, QStringLiteral("Bad-Prefix")).createRoles().error().code,
             StoreError::Code::InvalidArgument);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestRoleManager)
#include "TestRoleManager.moc"
