// A lost PostgreSQL connection (the console's backends terminated with pg_terminate_backend)
// shows a banner, keeps the rows on screen (stale), reconnects by itself and clears the
// banner; a change made by another client afterwards reaches the window (LISTEN/NOTIFY).
#include "TestDatabase.h"

#include "MainWindow.h"
#include "MessageBanner.h"
#include "OperationTableModel.h"
#include "StateCountsModel.h"
#include "db/OperationStore.h"

#include <QtTest>

class TestConsoleReconnect : public QObject
{
    Q_OBJECT

private slots:
    void lostAndRestoredConnectionShowsAndClearsBanner();
};

void TestConsoleReconnect::lostAndRestoredConnectionShowsAndClearsBanner()
{
    if (!TestDatabase::engines().contains(QStringLiteral("postgresql")))
        QSKIP("REFUND_TEST_PG_URL is not set (run through tests/with-postgres.sh)");
    TestDatabase testDb(QStringLiteral("postgresql"));
    QVERIFY2(testDb.isValid(), qPrintable(testDb.error()));
    auto admin = testDb.openMigrated();
    QVERIFY(admin);
    OperationStore store(*admin);
    for (int i = 0; i < 5; ++i) {
        QVERIFY(store.addOrder({QStringLiteral("pg%1").arg(i), 5000, QStringLiteral("usd"), QStringLiteral("pi_pg%1").arg(i),
                                QDateTime::currentMSecsSinceEpoch()}));
        QVERIFY(store.openOrJoin(QStringLiteral("pg%1").arg(i), 1200, QStringLiteral("toolu_pg%1").arg(i)));
    }

    MainWindow::Options options;
    options.retryIntervalMs = 500;
    options.watchIntervalMs = 300;
    auto window = std::make_unique<MainWindow>(Clock::system(), options);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QSignalSpy loaded(window.get(), &MainWindow::dataLoaded);
    QVERIFY(window->connectDatabase(testDb.url()));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);   // loaded on the data service's thread
    QCOMPARE(window->operationModel()->rowCount(), 5);
    auto* banner = window->findChild<MessageBanner*>(QStringLiteral("connectionBanner"));
    QVERIFY(banner);
    QVERIFY(!banner->isVisible());

    bool bannerShownOnLoss = false;
    QString bannerText;
    connect(window.get(), &MainWindow::databaseConnectionLost, this, [&] {
        bannerShownOnLoss = banner->isVisible();
        bannerText = banner->text();
    });
    QSignalSpy lost(window.get(), &MainWindow::databaseConnectionLost);
    QSignalSpy restored(window.get(), &MainWindow::databaseConnectionRestored);

    // Cut every other session of this database: the console's query and watcher connections.
    auto killed = admin->run(QStringLiteral("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                            "WHERE datname = current_database() AND pid <> pg_backend_pid()"));
    QVERIFY(killed && killed.value().next());
    QVERIFY2(killed.value().value(0).toInt() >= 1, "no console connection was terminated");

    QTRY_VERIFY_WITH_TIMEOUT(lost.count() >= 1, 20000);
    QVERIFY(bannerShownOnLoss);
    QVERIFY2(bannerText.contains(QStringLiteral("Cannot reach the database")), qPrintable(bannerText));
    QVERIFY2(bannerText.contains(QStringLiteral("retrying every")), qPrintable(bannerText));
    QVERIFY2(!bannerText.contains(QStringLiteral("refund_test_pw")), "the password must never be shown (R22)");
    // Nothing is lost while disconnected: the rows stay on screen.
    QCOMPARE(window->operationModel()->rowCount(), 5);

    QTRY_VERIFY_WITH_TIMEOUT(restored.count() >= 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), 10000);
    QVERIFY(window->isConnected());
    QVERIFY(!window->operationModel()->isStale());

    // Live again: a change by another client shows up without a manual refresh.
    QVERIFY(store.addOrder({QStringLiteral("pg9"), 5000, QStringLiteral("usd"), QStringLiteral("pi_pg9"),
                            QDateTime::currentMSecsSinceEpoch()}));
    QVERIFY(store.openOrJoin(QStringLiteral("pg9"), 1200, QStringLiteral("toolu_pg9")));
    QTRY_COMPARE_WITH_TIMEOUT(window->stateCountsModel()->count(OperationStore::StateFilter::All), qint64(6), 15000);
    QTRY_COMPARE_WITH_TIMEOUT(window->operationModel()->rowCount(), 6, 15000);
    window.reset();
}

QTEST_MAIN(TestConsoleReconnect)
#include "TestConsoleReconnect.moc"
