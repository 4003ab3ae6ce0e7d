// SettingsStore on both engines (SPEC R20): typed defaults, validation naming the field, audit.
#include "TestDatabase.h"

#include "db/SettingsStore.h"

#include <QtTest>

class TestSettingsStore : public QObject
{
    Q_OBJECT

private slots:
    void r20_defaults();
    void r20_oneTableDescribesEverySetting();
    void r20_setIsAuditedWithOldAndNew();
    void r20_invalidValuesNameTheField_data();
    void r20_invalidValuesNameTheField();
    void r20_crossFieldRules();
    void r10_retentionFollowsProviderApi();
    void r20_changeReachesOtherConnections();
};

void TestSettingsStore::r20_defaults()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    SettingsStore s(*db);
    auto v = s.load();
    QVERIFY(v);
    QCOMPARE(v.value().maxAttemptsPerCall, 3);
    QCOMPARE(v.value().maxAttemptsPerOperation, 6);
    QCOMPARE(v.value().backoffBaseMs, 250);
    QCOMPARE(v.value().backoffCapMs, 4000);
    QCOMPARE(v.value().requestTimeoutMs, 10000);
    QCOMPARE(v.value().providerApi, QStringLiteral("stripe_v1"));
    QCOMPARE(v.value().lookupConcurrency, 4);
    QCOMPARE(v.value().keyRetentionMs(), 24LL * 3600 * 1000);
}

// The settings table (key, type, default, range, description) and Values' initialisers agree,
// every key has a description, and every default parses back to itself.
void TestSettingsStore::r20_oneTableDescribesEverySetting()
{
    const SettingsStore::Values defaults;
    QCOMPARE(SettingsStore::keys().size(), 9);
    for (const QString& key : SettingsStore::keys()) {
        QVERIFY2(!SettingsStore::describe(key).isEmpty(), qPrintable(key));
        QCOMPARE(defaults.get(key).toString(), SettingsStore::defaultText(key));
        SettingsStore::Values v;
        QVERIFY2(SettingsStore::assign(v, key, SettingsStore::defaultText(key)).ok(), qPrintable(key));
        QCOMPARE(v.get(key).toString(), SettingsStore::defaultText(key));
    }
    QVERIFY(SettingsStore::defaultText(QStringLiteral("no_such_key")).isEmpty());
    SettingsStore::Values v;
    const auto r = SettingsStore::assign(v, QStringLiteral("provider_api"), QStringLiteral("stripe_v3"));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().field, QStringLiteral("provider_api"));
    QVERIFY2(r.error().message.contains(QStringLiteral("must be stripe_v1 or stripe_v2")), qPrintable(r.error().message));
    QCOMPARE(v.providerApi, QStringLiteral("stripe_v1")); // nothing changed
}

void TestSettingsStore::r20_setIsAuditedWithOldAndNew()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    SettingsStore s(*db);
    auto v = s.set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("8"), QStringLiteral("root"), QStringLiteral("admin"));
    QVERIFY2(v, qPrintable(v ? QString() : v.error().message));
    QCOMPARE(v.value().maxAttemptsPerOperation, 8);
    QVERIFY(s.set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("9"), QStringLiteral("eve"), QStringLiteral("admin")));
    // Setting the same value again is not a change and is not audited.
    QVERIFY(s.set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("9"), QStringLiteral("eve"), QStringLiteral("admin")));
    auto h = s.history();
    QVERIFY(h);
    QCOMPARE(h.value().size(), 2);
    // On PostgreSQL change_setting() audits the database login (session_user), never a typed name (R21).
    QString actor = QStringLiteral("eve");
    if (db->isPostgres()) {
        auto who = db->run(QStringLiteral("SELECT session_user"));
        QVERIFY(who && who.value().next());
        actor = who.value().value(0).toString();
    }
    QCOMPARE(h.value()[0].actor, actor);
    QCOMPARE(h.value()[0].oldValue, QStringLiteral("8"));
    QCOMPARE(h.value()[0].newValue, QStringLiteral("9"));
    QCOMPARE(h.value()[1].oldValue, QStringLiteral("6"));
    QCOMPARE(s.load().value().maxAttemptsPerOperation, 9);
}

void TestSettingsStore::r20_invalidValuesNameTheField_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not a number") << "max_attempts_per_call" << "three" << "whole number";
    QTest::newRow("zero budget") << "max_attempts_per_operation" << "0" << "between";
    QTest::newRow("negative backoff") << "backoff_base_ms" << "-5" << "between";
    QTest::newRow("huge timeout") << "request_timeout_ms" << "99999999999" << "between";
    QTest::newRow("bad api") << "provider_api" << "stripe_v9" << "stripe_v1 or stripe_v2";
    QTest::newRow("concurrency") << "lookup_concurrency" << "100" << "between";
    QTest::newRow("unknown key") << "max_retries" << "3" << "unknown setting";
}

void TestSettingsStore::r20_invalidValuesNameTheField()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, reason);
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    SettingsStore s(*db);
    auto r = s.set(key, value, QStringLiteral("root"), QStringLiteral("admin"));
    QVERIFY(!r);
    QCOMPARE(r.error().code, StoreError::Code::InvalidArgument);
    QCOMPARE(r.error().field, key);
    QVERIFY2(r.error().message.startsWith(key), qPrintable(r.error().message));
    QVERIFY2(r.error().message.contains(reason), qPrintable(r.error().message));
    QVERIFY(s.history().value().isEmpty());
}

void TestSettingsStore::r20_crossFieldRules()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    SettingsStore s(*db);
    auto r = s.set(QStringLiteral("max_attempts_per_call"), QStringLiteral("7"), QStringLiteral("root"), QStringLiteral("admin"));
    QCOMPARE(r.error().field, QStringLiteral("max_attempts_per_call"));
    QVERIFY(r.error().message.contains(QLatin1String("max_attempts_per_operation")));
    r = s.set(QStringLiteral("backoff_cap_ms"), QStringLiteral("100"), QStringLiteral("root"), QStringLiteral("admin"));
    QCOMPARE(r.error().field, QStringLiteral("backoff_cap_ms"));
    // The message names the setting that was changed, not its partner.
    r = s.set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("2"), QStringLiteral("root"), QStringLiteral("admin"));
    QCOMPARE(r.error().field, QStringLiteral("max_attempts_per_operation"));
    QVERIFY2(r.error().message.startsWith(QLatin1String("max_attempts_per_operation: 2 is below max_attempts_per_call (3)")),
             qPrintable(r.error().message));
    r = s.set(QStringLiteral("backoff_base_ms"), QStringLiteral("5000"), QStringLiteral("root"), QStringLiteral("admin"));
    QCOMPARE(r.error().field, QStringLiteral("backoff_base_ms"));
    // Together they are fine: validated as a set.
    auto ok = s.setMany({{QStringLiteral("max_attempts_per_call"), QStringLiteral("7")},
                         {QStringLiteral("max_attempts_per_operation"), QStringLiteral("10")}},
                        QStringLiteral("root"), QStringLiteral("admin"));
    QVERIFY2(ok, qPrintable(ok ? QString() : ok.error().message));
    QCOMPARE(s.history().value().size(), 2);
}

void TestSettingsStore::r10_retentionFollowsProviderApi()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    SettingsStore s(*db);
    auto v = s.set(QStringLiteral("provider_api"), QStringLiteral("stripe_v2"), QStringLiteral("root"), QStringLiteral("admin"));
    QVERIFY(v);
    QCOMPARE(v.value().keyRetentionMs(), 30LL * 24 * 3600 * 1000);
}

void TestSettingsStore::r20_changeReachesOtherConnections()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    auto tool = t.open();
    SettingsStore admin(*db);
    SettingsStore toolSettings(*tool);
    QCOMPARE(toolSettings.load().value().maxAttemptsPerCall, 3);
    QVERIFY(admin.set(QStringLiteral("max_attempts_per_call"), QStringLiteral("2"), QStringLiteral("root"), QStringLiteral("admin")));
    QCOMPARE(toolSettings.load().value().maxAttemptsPerCall, 2);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestSettingsStore)
#include "TestSettingsStore.moc"
