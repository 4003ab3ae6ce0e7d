// ChangeWatcher on both engines: a write from another connection reaches changed(), bursts
// are coalesced, idle databases stay quiet; on PostgreSQL a killed connection is reported
// once, restored, re-subscribed, and followed by changed().
#include "TestDatabase.h"

#include "db/ChangeWatcher.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"

#include <QSignalSpy>
#include <QtTest>

namespace {
const QString kWatcherName = QStringLiteral("refund-ops-watcher");

DatabaseUrl parsed(const QString& url)
{
    return *DatabaseUrl::parse(url);
}

/** What a tool call writes first: an order's refund operation and its tool-call row (R2, R12). */
bool openRefund(Database& db, const QString& orderId)
{
    OperationStore store(db);
    if (!store.addOrder(Order{orderId, 1000, QStringLiteral("usd"), QStringLiteral("pi_") + orderId, 0}))
        return false;
    return store.openOrJoin(orderId, 1000, QStringLiteral("toolu_") + orderId).ok();
}
} // namespace

class TestChangeWatcher : public QObject
{
    Q_OBJECT

private slots:
    void writeFromAnotherConnectionEmitsChanged();
    void idleDatabaseStaysQuiet();
    void burstIsCoalesced();
    void unreachableDatabaseFailsToStart();
    void postgresLostConnectionIsRestoredAndResubscribed();
};

void TestChangeWatcher::writeFromAnotherConnectionEmitsChanged()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ChangeWatcher watcher(parsed(testDb.url()));
    watcher.setPollIntervalMs(50);
    QVERIFY2(watcher.start(), qPrintable(watcher.errorString()));
    QVERIFY(watcher.isConnected());
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);

    QVERIFY(openRefund(*db, QStringLiteral("w1")));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 10000);

    // Settings and the audit log are watched too (the settings page shows them).
    const int before = changed.count();
    QTest::qWait(300);
    SettingsStore settings(*db);
    QVERIFY(settings.set(QStringLiteral("lookup_concurrency"), QStringLiteral("5"), QStringLiteral("t"), QStringLiteral("admin")));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() > before, 10000);
}

void TestChangeWatcher::idleDatabaseStaysQuiet()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ChangeWatcher watcher(parsed(testDb.url()));
    watcher.setPollIntervalMs(50);
    QVERIFY2(watcher.start(), qPrintable(watcher.errorString()));
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    // Reads (ours and others') are not changes.
    for (int i = 0; i < 5; ++i) {
        QVERIFY(db->run(QStringLiteral("SELECT count(*) FROM refund_ops")));
        QTest::qWait(100);
    }
    QCOMPARE(changed.count(), 0);
}

void TestChangeWatcher::burstIsCoalesced()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ChangeWatcher watcher(parsed(testDb.url()));
    watcher.setPollIntervalMs(50);
    QVERIFY2(watcher.start(), qPrintable(watcher.errorString()));
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    // Twenty separate commits, each notified on PostgreSQL: the console re-reads a few times, not twenty.
    for (int i = 0; i < 20; ++i)
        QVERIFY(openRefund(*db, QStringLiteral("b%1").arg(i)));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 10000);
    QTest::qWait(400);
    QVERIFY2(changed.count() < 10, qPrintable(QString::number(changed.count())));
}

void TestChangeWatcher::unreachableDatabaseFailsToStart()
{
    const QString url = TestDatabase::currentEngine() == QLatin1String("sqlite")
        ? QStringLiteral("sqlite:/nonexistent-dir-for-refund-tests/ops.db")
        : QStringLiteral("postgresql://nobody:x@127.0.0.1:1/none");
    ChangeWatcher watcher(parsed(url));
    QVERIFY(!watcher.start());
    QVERIFY(!watcher.isConnected());
    QVERIFY(!watcher.errorString().isEmpty());
    QVERIFY(!watcher.errorString().contains(QLatin1String(":x@")));   // never the password (R22)
}

void TestChangeWatcher::postgresLostConnectionIsRestoredAndResubscribed()
{
    if (TestDatabase::currentEngine() != QLatin1String("postgresql"))
        QSKIP("LISTEN/NOTIFY and killed connections are PostgreSQL's");
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ChangeWatcher watcher(parsed(testDb.url()));
    watcher.setPollIntervalMs(100);
    watcher.setRetryIntervalMs(200);
    QVERIFY2(watcher.start(), qPrintable(watcher.errorString()));
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    QSignalSpy lost(&watcher, &ChangeWatcher::connectionLost);
    QSignalSpy restored(&watcher, &ChangeWatcher::connectionRestored);

    // The watcher's backend, told apart by its application_name, in this test's database only.
    const QString terminate = QStringLiteral("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                             "WHERE application_name = ? AND datname = current_database()");
    auto killed = db->run(terminate, {kWatcherName});
    QVERIFY2(killed, qPrintable(killed ? QString() : killed.error().message));
    QVERIFY(killed.value().next());
    QCOMPARE(killed.value().value(0).toInt(), 1);

    QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 10000);
    QVERIFY(watcher.isConnected());
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 10000);   // re-read: notifications were lost meanwhile
    QCOMPARE(lost.count(), 1);

    // Subscribed again: a write after the restore is noticed.
    QTest::qWait(300);
    const int before = changed.count();
    QVERIFY(openRefund(*db, QStringLiteral("after-restore")));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() > before, 10000);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestChangeWatcher)
#include "TestChangeWatcher.moc"
