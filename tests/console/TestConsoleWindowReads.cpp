// Issue 12 item 1, the main window on both engines: its connect-time load, the first page,
// F5 and Select operation are read on the data service's thread (held there, nothing of them
// happens; released, they arrive), and the detail panel's flow (review findings):
//  (a) while another operation's detail loads the panel shows "Loading…" and no button that
//      would act on the operation shown before;
//  (b) after a failed (not connection) detail read, a click on the row asks again;
//  (c) an answer for the wanted operation is shown even when a later request for it is still
//      on its way (a stream of change notifications must not starve the panel).
#include "ServiceHold.h"
#include "TestDatabase.h"

#include "DetailPanel.h"
#include "MainWindow.h"
#include "MessageBanner.h"
#include "OperationTableModel.h"
#include "OperationTableView.h"
#include "StateCountsModel.h"
#include "db/OperationStore.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

class TestConsoleWindowReads : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();
    void connectF5AndSelectReadOnTheServiceThread_issue12();
    void panelSaysLoadingUntilTheAnswer_issue12a();
    void failedDetailReadIsAskedAgainByAClick_issue12b();
    void wantedDetailIsNotStarvedByLaterRequests_issue12c();
    void r5a_paidTwiceOperationSaysSoAboveItsFields_issue15();

private:
    /** Selects row in the table as a click would, and waits for its detail. */
    bool selectRow(int row);
    bool execSql(const QString& sql);

    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_ids;   // the six operations, newest first (the table's default order)
};

void TestConsoleWindowReads::initTestCase_data()
{
    TestDatabase::addEngineRows();
}

void TestConsoleWindowReads::init()
{
    QFETCH_GLOBAL(QString, engine);
    m_testDb = std::make_unique<TestDatabase>(engine);
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    m_store = std::make_unique<OperationStore>(*m_db);
    m_ids.clear();
    for (int i = 0; i < 6; ++i) {
        const QString order = QStringLiteral("wr-%1").arg(i);
        QVERIFY(m_store->addOrder(Order{order, 5000, QStringLiteral("usd"), QStringLiteral("pi_wr%1").arg(i),
                                        QDateTime::currentMSecsSinceEpoch()}));
        auto op = m_store->openOrJoin(order, 1000 + i, QStringLiteral("toolu_wr%1").arg(i));
        QVERIFY(op);
        m_ids.prepend(op.value().operation.operationId);
        QTest::qWait(2);   // distinct created_at
    }
    MainWindow::Options options;
    options.watchIntervalMs = 600000;    // no change notification but the ones a test makes
    options.countsIntervalMs = 600000;
    options.retryIntervalMs = 500;
    m_window = std::make_unique<MainWindow>(Clock::system(), options);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestConsoleWindowReads::cleanup()
{
    m_window.reset();
    m_store.reset();
    m_db.reset();
    m_testDb.reset();
}

bool TestConsoleWindowReads::selectRow(int row)
{
    OperationTableModel* model = m_window->operationModel();
    const QString id = model->operationAt(row)->operationId;
    m_window->operationsView()->setCurrentIndex(model->index(row, 0));
    return QTest::qWaitFor([&] { return m_window->detailPanel()->operationId() == id; }, 10000);
}

bool TestConsoleWindowReads::execSql(const QString& sql)
{
    auto r = m_db->runScript(sql);   // DDL: not a prepared statement on PostgreSQL
    if (!r)
        qWarning("%s: %s", qPrintable(sql), qPrintable(r.error().message));
    return r.ok();
}

void TestConsoleWindowReads::connectF5AndSelectReadOnTheServiceThread_issue12()
{
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    OperationTableModel* model = m_window->operationModel();
    QVERIFY(m_window->connectDatabase(m_testDb->url()));
    // The connect-time load (schema, counts, settings, role) runs first on the service thread;
    // hold it there before the first page.
    {
        ServiceHold hold(*m_window->dataService());
        QVERIFY(hold.started());
        QTest::qWait(300);
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(!m_window->isConnected());
    }
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    QCOMPARE(model->rowCount(), 6);
    QCOMPARE(m_window->stateCountsModel()->count(OperationStore::StateFilter::All), qint64(6));
    QVERIFY(m_window->isConnected());

    // F5: counts and the visible rows, read there.
    QVERIFY(m_store->addOrder(Order{QStringLiteral("wr-new"), 5000, QStringLiteral("usd"), QStringLiteral("pi_wrnew"),
                                    QDateTime::currentMSecsSinceEpoch()}));
    QVERIFY(m_store->openOrJoin(QStringLiteral("wr-new"), 1200, QStringLiteral("toolu_wrnew")));
    auto* refresh = m_window->findChild<QAction*>(QStringLiteral("actionRefresh"));
    QVERIFY(refresh);
    {
        ServiceHold hold(*m_window->dataService());
        QVERIFY(hold.started());
        refresh->trigger();
        QTest::qWait(300);
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(m_window->stateCountsModel()->count(OperationStore::StateFilter::All), qint64(6));
    }
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 7, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->stateCountsModel()->count(OperationStore::StateFilter::All), qint64(7), 20000);

    // Select operation: the row read, the view switched, the page read, all there.
    QVERIFY(m_store->markUnknown(m_ids.at(2), QStringLiteral("attempt_budget_exhausted")));
    QSignalSpy selected(m_window.get(), &MainWindow::operationSelected);
    {
        ServiceHold hold(*m_window->dataService());
        QVERIFY(hold.started());
        QVERIFY(m_window->selectOperation(m_ids.at(2)));
        QTest::qWait(300);
        QCOMPARE(selected.count(), 0);
    }
    QTRY_COMPARE_WITH_TIMEOUT(selected.count(), 1, 20000);
    QCOMPARE(selected.first().at(1).toBool(), true);
    QCOMPARE(model->filter(), OperationStore::StateFilter::Unknown);
    QCOMPARE(model->operationAt(m_window->operationsView()->currentIndex().row())->operationId, m_ids.at(2));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->detailPanel()->operationId(), m_ids.at(2), 10000);
}

// (a) A is shown with live buttons; B is clicked while the service is busy: until B's answer
// the panel says it is loading B and offers no button (before: A's detail and buttons stayed).
void TestConsoleWindowReads::panelSaysLoadingUntilTheAnswer_issue12a()
{
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QVERIFY(m_window->connectDatabase(m_testDb->url()));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    DetailPanel* panel = m_window->detailPanel();
    auto* message = panel->findChild<QPushButton*>(QStringLiteral("customerMessageButton"));
    auto* placeholder = panel->findChild<QLabel*>(QStringLiteral("detailPlaceholder"));
    QVERIFY(message && placeholder);
    QVERIFY(selectRow(0));
    QVERIFY(message->isEnabled());

    ServiceHold hold(*m_window->dataService());
    QVERIFY(hold.started());
    m_window->operationsView()->setCurrentIndex(m_window->operationModel()->index(1, 0));
    QVERIFY(panel->isLoading());
    QVERIFY2(panel->operationId().isEmpty(), qPrintable(panel->operationId()));   // A is no longer offered
    QVERIFY(!message->isEnabled());
    QVERIFY(!message->isVisible());
    QVERIFY2(placeholder->isVisible() && placeholder->text().contains(QStringLiteral("Loading")),
             qPrintable(placeholder->text()));
    QVERIFY(placeholder->text().contains(m_ids.at(1)));
    hold.release();
    QTRY_COMPARE_WITH_TIMEOUT(panel->operationId(), m_ids.at(1), 10000);
    QVERIFY(!panel->isLoading());
    QVERIFY(message->isEnabled());
}

// (b) B's detail read fails with a refused query (its audit table is briefly gone): the panel
// says so, and a click on the row, once the table is back, reads it again (before: the
// operation stayed "wanted" and the click did nothing).
void TestConsoleWindowReads::failedDetailReadIsAskedAgainByAClick_issue12b()
{
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QVERIFY(m_window->connectDatabase(m_testDb->url()));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    DetailPanel* panel = m_window->detailPanel();
    QVERIFY(selectRow(0));
    auto* notice = m_window->findChild<QWidget*>(QStringLiteral("noticeBanner"));
    QVERIFY(notice);

    {
        ServiceHold hold(*m_window->dataService());
        QVERIFY(hold.started());
        QVERIFY(execSql(QStringLiteral("ALTER TABLE audit_log RENAME TO audit_log_away")));
        m_window->operationsView()->setCurrentIndex(m_window->operationModel()->index(1, 0));
    }
    QTRY_VERIFY_WITH_TIMEOUT(notice->isVisible(), 10000);   // "The database refused a query: …"
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isLoading(), 10000);
    QVERIFY(panel->operationId().isEmpty());
    auto* placeholder = panel->findChild<QLabel*>(QStringLiteral("detailPlaceholder"));
    QVERIFY2(placeholder->text().contains(m_ids.at(1)), qPrintable(placeholder->text()));

    QVERIFY(execSql(QStringLiteral("ALTER TABLE audit_log_away RENAME TO audit_log")));
    OperationTableView* view = m_window->operationsView();
    QCOMPARE(view->currentIndex().row(), 1);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(m_window->operationModel()->index(1, 1)).center());
    QTRY_COMPARE_WITH_TIMEOUT(panel->operationId(), m_ids.at(1), 10000);
}

// (c) B is wanted (ticket 1); a change notification's refresh asks for B again (ticket 2)
// before ticket 1's answer arrives, and ticket 2's answer is held back: ticket 1's answer is
// shown (before: dropped, the panel waited for the latest request, which a stream of
// notifications can postpone forever).
void TestConsoleWindowReads::wantedDetailIsNotStarvedByLaterRequests_issue12c()
{
    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QVERIFY(m_window->connectDatabase(m_testDb->url()));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    DetailPanel* panel = m_window->detailPanel();
    QVERIFY(selectRow(0));
    ConsoleDataService* service = m_window->dataService();

    auto first = std::make_unique<ServiceHold>(*service);
    QVERIFY(first->started());
    // Queued on the service thread in this order: the refresh's page, B's detail (ticket 1),
    // a second hold; the refresh's answer asks for B's detail again (ticket 2), behind it.
    ConsoleDataService::Snapshot snapshot;
    snapshot.counts = m_store->stateCounts().value();
    snapshot.maxAttemptsPerOperation = 6;
    snapshot.readAtMs = QDateTime::currentMSecsSinceEpoch();
    emit service->changed(snapshot);
    m_window->operationsView()->setCurrentIndex(m_window->operationModel()->index(1, 0));
    QVERIFY(panel->isLoading());
    ServiceHold second(*service);
    first->release();
    QVERIFY(second.started());
    QTRY_COMPARE_WITH_TIMEOUT(panel->operationId(), m_ids.at(1), 5000);
    second.release();
    QTest::qWait(200);
    QCOMPARE(panel->operationId(), m_ids.at(1));
}

// Issue 15 (left open before): an operation whose logical refund the provider paid twice said
// nothing of it in its detail; only Review > Refunds paid twice listed it. Two refunded rows of
// one (order, amount, no request ref) within the setting's repeat window (the caller's own
// window was 1 ms, so its repeat opened a second row): both rows' detail names both refunds,
// and an unrelated operation's does not.
void TestConsoleWindowReads::r5a_paidTwiceOperationSaysSoAboveItsFields_issue15()
{
    const QString first = m_ids.at(5); // order wr-0, 10.00 USD
    QVERIFY(m_store->claimAttempt(first, QStringLiteral("toolu_wr0"), 6, 24 * 3600 * 1000LL));
    QVERIFY(m_store->closeRefunded(first, QStringLiteral("re_wr_a"), QStringLiteral("succeeded")));
    QTest::qWait(5);
    auto repeat = m_store->openOrJoin(QStringLiteral("wr-0"), 1000, QStringLiteral("toolu_wr0b"), {}, 1);
    QVERIFY(repeat);
    const QString second = repeat.value().operation.operationId;
    QVERIFY(second != first);
    QVERIFY(m_store->claimAttempt(second, QStringLiteral("toolu_wr0b"), 6, 24 * 3600 * 1000LL));
    QVERIFY(m_store->closeRefunded(second, QStringLiteral("re_wr_b"), QStringLiteral("succeeded")));

    QSignalSpy loaded(m_window.get(), &MainWindow::dataLoaded);
    QVERIFY(m_window->connectDatabase(m_testDb->url()));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    DetailPanel* panel = m_window->detailPanel();
    auto* banner = panel->findChild<MessageBanner*>(QStringLiteral("detailPaidTwice"));
    QVERIFY(banner);
    QVERIFY(selectRow(0)); // the newest: the repeat
    QCOMPARE(panel->operationId(), second);
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->level(), MessageBanner::Level::Error);
    for (const QString& id : {QStringLiteral("re_wr_a"), QStringLiteral("re_wr_b"), first, second})
        QVERIFY2(banner->text().contains(id), qPrintable(banner->text()));
    QVERIFY(selectRow(1)); // order wr-5: one open operation
    QVERIFY(!banner->isVisible());
    QVERIFY(selectRow(6)); // the first refund's own row says the same
    QCOMPARE(panel->operationId(), first);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("re_wr_b")), qPrintable(banner->text()));

    // A check that cannot be made (the provider's events unreadable) leaves the detail shown,
    // and says it does not know, rather than failing the whole read (and the customer message).
    QVERIFY(selectRow(1));
    QVERIFY(execSql(QStringLiteral("ALTER TABLE provider_events RENAME TO provider_events_away")));
    m_window->operationsView()->setCurrentIndex(m_window->operationModel()->index(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(panel->operationId(), second, 10000);
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->level(), MessageBanner::Level::Warning);
    QVERIFY2(banner->text().contains(QStringLiteral("Could not check")), qPrintable(banner->text()));
    QVERIFY(execSql(QStringLiteral("ALTER TABLE provider_events_away RENAME TO provider_events")));
}

QTEST_MAIN(TestConsoleWindowReads)
#include "TestConsoleWindowReads.moc"
