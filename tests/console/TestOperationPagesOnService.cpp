// Issue 12 item 1: the operations table's pages are read on the ConsoleDataService's thread,
// on both engines. The model asks (query, cursor, count) through its reader and applies the
// answer when it arrives: nothing is read on the GUI thread (a held service thread holds the
// read back), a newer reload drops older answers, canFetchMore() is false while a page is on
// its way, refreshes asked meanwhile run as one after it, and a failed read marks the model
// stale with the reason.
#include "ServiceHold.h"
#include "TestDatabase.h"

#include "OperationTableModel.h"
#include "console/ConsoleDataService.h"
#include "console/ConsoleReads.h"
#include "db/OperationStore.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>

class TestOperationPagesOnService : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();
    void pagesAreReadOnTheServiceThread_issue12();
    void theWindowsReaderNeverReadsOnTheGuiThread_issue12();
    void aNewerReloadDropsOlderAnswers_issue12();
    void refreshesAskedWhileOneIsOnItsWayRunAsOne_issue12();
    void aFailedReadMarksTheModelStale_issue12();

private:
    static ConsoleDataService::Options fast()
    {
        ConsoleDataService::Options o;
        o.watchIntervalMs = 60000;   // no change notification in the way
        o.retryIntervalMs = 200;
        return o;
    }
    /** A reader that submits to the service like ConsoleReads::serviceReader and notes where each read ran. */
    ConsoleReads::PageReader countingReader(OperationTableModel* context)
    {
        return [this, context](const ConsoleReads::PageRequest& request, ConsoleReads::PageDone done) {
            ++m_asked;
            m_service->submit(
                context,
                [this, request](Database&, OperationStore& store) {
                    if (QThread::currentThread() == m_service->serviceThread())
                        ++m_readOnService;
                    else
                        ++m_readElsewhere;
                    return ConsoleReads::readPage(store, request);
                },
                [done](StoreResult<ConsoleReads::Page> page) { done(std::move(page)); });
        };
    }

    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;
    std::unique_ptr<ConsoleDataService> m_service;
    QStringList m_newestFirst;   // the twelve operations in the default order
    std::atomic<int> m_readOnService{0};
    std::atomic<int> m_readElsewhere{0};
    int m_asked = 0;
};

void TestOperationPagesOnService::initTestCase_data()
{
    TestDatabase::addEngineRows();
}

void TestOperationPagesOnService::init()
{
    QFETCH_GLOBAL(QString, engine);
    m_testDb = std::make_unique<TestDatabase>(engine);
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    m_store = std::make_unique<OperationStore>(*m_db);
    m_newestFirst.clear();
    const qint64 base = QDateTime::currentMSecsSinceEpoch() - 3600 * 1000;
    for (int i = 0; i < 12; ++i) {
        const QString order = QStringLiteral("pg-%1").arg(i, 2, 10, QLatin1Char('0'));
        QVERIFY(m_store->addOrder(Order{order, 5000, QStringLiteral("usd"), QStringLiteral("pi_pg%1").arg(i), base}));
        auto op = m_store->openOrJoin(order, 1000 + i, QStringLiteral("toolu_pg%1").arg(i));
        QVERIFY(op);
        m_newestFirst.prepend(op.value().operation.operationId);
        QTest::qWait(2);   // distinct created_at
    }
    QVERIFY(m_store->markUnknown(m_newestFirst.at(3), QStringLiteral("attempt_budget_exhausted")));
    m_service = std::make_unique<ConsoleDataService>(Clock::system(), fast());
    QSignalSpy opened(m_service.get(), &ConsoleDataService::opened);
    m_service->open(m_testDb->url());
    QVERIFY(opened.wait(20000));
    m_readOnService = 0;
    m_readElsewhere = 0;
    m_asked = 0;
}

void TestOperationPagesOnService::cleanup()
{
    m_service.reset();
    m_store.reset();
    m_db.reset();
    m_testDb.reset();
}

// Every kind of read (first page, next page, Ctrl+End, page before, refresh) runs on the
// service's thread; the model applies it when it arrives, as the synchronous reads did.
void TestOperationPagesOnService::pagesAreReadOnTheServiceThread_issue12()
{
    OperationTableModel model(Clock::system());
    model.setTickInterval(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReader(countingReader(&model));
    model.setPageSize(5);
    int reloaded = 0;
    QVERIFY(model.reload([&reloaded](bool ok) { reloaded += ok ? 1 : 100; }));
    QCOMPARE(model.rowCount(), 0);   // asked, not read here
    QVERIFY(model.isLoading());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 5, 10000);
    QCOMPARE(reloaded, 1);
    QCOMPARE(model.totalCount(), qint64(12));   // counted there too (no state counts given)
    QCOMPARE(model.operationAt(0)->operationId, m_newestFirst.at(0));

    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QVERIFY(model.isLoading());
    QVERIFY(!model.canFetchMore({}));   // one page on its way: the view does not ask for another
    model.fetchMore({});                // and a second fetch is no second read
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 10, 10000);
    QCOMPARE(m_asked, 2);
    for (int row = 0; row < 10; ++row)
        QCOMPARE(model.operationAt(row)->operationId, m_newestFirst.at(row));

    bool last = false;
    QVERIFY(model.fetchLast([&last](bool ok) { last = ok; }));
    QTRY_VERIFY_WITH_TIMEOUT(last, 10000);
    QVERIFY(model.atEnd());
    QCOMPARE(model.rowsBefore(), qint64(7));
    QCOMPARE(model.operationAt(4)->operationId, m_newestFirst.at(11));
    QVERIFY(model.fetchPrevious());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 10, 10000);
    QCOMPARE(model.rowsBefore(), qint64(2));
    QCOMPARE(model.operationAt(0)->operationId, m_newestFirst.at(2));

    // A refresh after a change re-reads the rows on screen there, in place.
    model.setVisibleRows(0, 4);
    QVERIFY(m_store->markUnknown(m_newestFirst.at(4), QStringLiteral("attempt_budget_exhausted")));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    bool refreshed = false;
    QVERIFY(model.refresh([&refreshed](bool ok) { refreshed = ok; }));
    QTRY_VERIFY_WITH_TIMEOUT(refreshed, 10000);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.operationAt(2)->status, OperationStatus::Unknown);

    QCOMPARE(m_readElsewhere.load(), 0);
    QCOMPARE(m_readOnService.load(), m_asked);
    QCOMPARE(m_asked, 5);
}

// The reader the window installs (ConsoleReads::serviceReader): while the service's thread is
// held no page arrives, however long the GUI thread runs its event loop; released, it does.
void TestOperationPagesOnService::theWindowsReaderNeverReadsOnTheGuiThread_issue12()
{
    OperationTableModel model(Clock::system());
    model.setTickInterval(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReader(ConsoleReads::serviceReader(*m_service, &model));
    model.setPageSize(5);
    ServiceHold hold(*m_service);
    QVERIFY(hold.started());
    QVERIFY(model.reload());
    QTest::qWait(300);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.isLoading());
    hold.release();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 5, 10000);
    QVERIFY(!model.isLoading());
    QCOMPARE(model.totalCount(), qint64(12));
}

// Filter Open, then All before the first answer: the Open answer is dropped (its
// continuation never runs) and the All page is what shows.
void TestOperationPagesOnService::aNewerReloadDropsOlderAnswers_issue12()
{
    OperationTableModel model(Clock::system());
    model.setTickInterval(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReader(countingReader(&model));
    model.setPageSize(20);
    ServiceHold hold(*m_service);
    QVERIFY(hold.started());
    int openAnswers = 0;
    int allAnswers = 0;
    model.setFilter(OperationStore::StateFilter::Open);
    QVERIFY(model.reload([&openAnswers](bool) { ++openAnswers; }));
    model.setFilter(OperationStore::StateFilter::All);
    QVERIFY(model.reload([&allAnswers](bool) { ++allAnswers; }));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    hold.release();
    QTRY_COMPARE_WITH_TIMEOUT(allAnswers, 1, 10000);
    QTest::qWait(200);
    QCOMPARE(openAnswers, 0);
    QCOMPARE(resets.count(), 1);   // the dropped answer changed nothing
    QCOMPARE(model.rowCount(), 12);
    QCOMPARE(model.totalCount(), qint64(12));
    QVERIFY(model.rowOf(m_newestFirst.at(3)) >= 0);   // the unknown one: the All view
}

// A stream of change notifications while a read is on its way: one refresh after it, not one
// per notification, and every caller hears the result.
void TestOperationPagesOnService::refreshesAskedWhileOneIsOnItsWayRunAsOne_issue12()
{
    OperationTableModel model(Clock::system());
    model.setTickInterval(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReader(countingReader(&model));
    model.setPageSize(5);
    QVERIFY(model.reload());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 5, 10000);
    model.setVisibleRows(0, 4);
    m_asked = 0;
    ServiceHold hold(*m_service);
    QVERIFY(hold.started());
    int answered = 0;
    for (int i = 0; i < 5; ++i)
        QVERIFY(model.refresh([&answered](bool ok) { answered += ok ? 1 : 100; }));
    QCOMPARE(m_asked, 1);
    hold.release();
    QTRY_COMPARE_WITH_TIMEOUT(answered, 5, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 10000);
    QCOMPARE(m_asked, 2);   // the one in flight, then one for the four asked meanwhile
    QCOMPARE(m_readElsewhere.load(), 0);
}

// A read that fails keeps the rows shown, greys them (stale) and says why; the next good
// answer clears it.
void TestOperationPagesOnService::aFailedReadMarksTheModelStale_issue12()
{
    OperationTableModel model(Clock::system());
    model.setTickInterval(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    bool fail = false;
    const ConsoleReads::PageReader service = ConsoleReads::serviceReader(*m_service, &model);
    model.setReader([&fail, service, &model](const ConsoleReads::PageRequest& request, ConsoleReads::PageDone done) {
        if (!fail)
            return service(request, std::move(done));
        QTimer::singleShot(0, &model, [done] {
            done(StoreError::make(StoreError::Code::QueryFailed, QStringLiteral("canceling statement due to statement timeout")));
        });
    });
    model.setPageSize(5);
    QVERIFY(model.reload());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 5, 10000);
    QSignalSpy failed(&model, &OperationTableModel::queryFailed);
    fail = true;
    bool refreshed = true;
    QVERIFY(model.refresh([&refreshed](bool ok) { refreshed = ok; }));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
    QVERIFY(!refreshed);
    QVERIFY(model.isStale());
    QCOMPARE(model.rowCount(), 5);   // nothing lost
    QVERIFY(model.lastError().message.contains(QStringLiteral("statement timeout")));
    QVERIFY(!model.canFetchMore({}));
    fail = false;
    QVERIFY(model.refresh());
    QTRY_VERIFY_WITH_TIMEOUT(!model.isStale(), 10000);
}

QTEST_MAIN(TestOperationPagesOnService)
#include "TestOperationPagesOnService.moc"
