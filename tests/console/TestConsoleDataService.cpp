// ConsoleDataService (issue 12 item 1) on both engines, without a window: it opens, watches
// and reads on its own thread; a change from another connection arrives as a snapshot with
// the new counts and settings; a commit made before its watcher started is still announced;
// a failed open arrives later, never inside open(); results of a closed connection are dropped;
// the detail panel's reads happen on it, asked even before the open; requests waiting for an
// open that fails are answered, not left waiting; submit() runs any job there; submitOnWorker()
// runs a long job on a worker connection of its own, off both threads, without holding up the
// short reads behind it.
#include "TestDatabase.h"

#include "console/ConsoleDataService.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

class TestConsoleDataService : public QObject
{
    Q_OBJECT

private slots:
    void changeFromAnotherConnectionArrivesAsASnapshot();
    void commitBeforeTheWatcherStartedIsAnnounced();
    void failedOpenArrivesLaterNotInsideOpen();
    void resultsOfAClosedConnectionAreDropped();
    void detailIsReadOnTheServiceThread_issue12();
    void requestsWaitingForAFailedOpenAreAnswered_issue12();
    void submittedJobRunsOnTheServiceThread_issue12();
    void retriedJobAnswersWithItsCapturesIntact_issue12();
    void workerJobRunsOnItsOwnConnectionOffBothThreads_issue12();
    void longWorkerJobDoesNotDelayAShortSubmit_issue12();
    void workerJobWaitingForAFailedOpenIsAnswered_issue12();

private:
    static ConsoleDataService::Options fast()
    {
        ConsoleDataService::Options o;
        o.watchIntervalMs = 50;
        o.retryIntervalMs = 200;
        return o;
    }
};

void TestConsoleDataService::changeFromAnotherConnectionArrivesAsASnapshot()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    OperationStore store(*db);
    QVERIFY(store.addOrder(Order{QStringLiteral("ds-1"), 5000, QStringLiteral("usd"), QStringLiteral("pi_ds1"), 0}));
    ConsoleDataService service(Clock::system(), fast());
    QVERIFY(service.serviceThread() != QThread::currentThread());
    QSignalSpy opened(&service, &ConsoleDataService::opened);
    QSignalSpy changed(&service, &ConsoleDataService::changed);
    service.open(testDb.url());
    QVERIFY(opened.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 10000);   // the one right after open()
    QTest::qWait(200);
    changed.clear();

    QVERIFY(store.openOrJoin(QStringLiteral("ds-1"), 1200, QStringLiteral("toolu_ds1")));
    QVERIFY(SettingsStore(*db).set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("8"),
                                   QStringLiteral("admin1"), QStringLiteral("admin")));
    QVERIFY(SettingsStore(*db).set(QStringLiteral("request_timeout_ms"), QStringLiteral("4321"),
                                   QStringLiteral("admin1"), QStringLiteral("admin")));
    QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty()
                                 && changed.last().at(0).value<ConsoleDataService::Snapshot>().maxAttemptsPerOperation == 8
                                 && changed.last().at(0).value<ConsoleDataService::Snapshot>().requestTimeoutMs == 4321,
                             10000);
    const auto snapshot = changed.last().at(0).value<ConsoleDataService::Snapshot>();
    QCOMPARE(snapshot.counts.all, store.stateCounts().value().all);
    QCOMPARE(snapshot.counts.open, qint64(1));

    QSignalSpy ready(&service, &ConsoleDataService::snapshotReady);
    service.requestSnapshot(42);
    QVERIFY(ready.wait(10000));
    QCOMPARE(ready.first().at(0).toULongLong(), quint64(42));
    QCOMPARE(ready.first().at(1).value<ConsoleDataService::Snapshot>().counts.open, qint64(1));
}

// The owner loads what it shows, then the service starts watching: a commit in between is not
// a change the watcher can see. The snapshot right after open() announces it (without it, no
// changed() ever came here and the console kept the old budget until the next counts timer).
void TestConsoleDataService::commitBeforeTheWatcherStartedIsAnnounced()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    QVERIFY(SettingsStore(*db).set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("7"),
                                   QStringLiteral("admin1"), QStringLiteral("admin")));
    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy changed(&service, &ConsoleDataService::changed);
    service.open(testDb.url());
    QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), 10000);
    QCOMPARE(changed.first().at(0).value<ConsoleDataService::Snapshot>().maxAttemptsPerOperation, 7);
}

void TestConsoleDataService::failedOpenArrivesLaterNotInsideOpen()
{
    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy failed(&service, &ConsoleDataService::openFailed);
    QSignalSpy ready(&service, &ConsoleDataService::snapshotReady);
    QSignalSpy snapshotFailed(&service, &ConsoleDataService::snapshotFailed);
    // A refused port on PostgreSQL, a directory that is no SQLite file: either fails, later.
    const QString bad = TestDatabase::currentEngine() == QLatin1String("postgresql")
        ? QStringLiteral("postgresql://nobody@127.0.0.1:1/none")
        : QStringLiteral("sqlite:") + QDir::tempPath();
    service.open(bad);
    QCOMPARE(failed.count(), 0);   // open() only queued the work
    QVERIFY(failed.wait(20000));
    QVERIFY(!failed.first().at(0).value<StoreError>().message.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() >= 2, 20000);   // retried every retryIntervalMs
    // Not open: a snapshot request waits for the open instead of failing as "connection lost".
    service.requestSnapshot(7);
    QTest::qWait(300);
    QCOMPARE(ready.count(), 0);
    QCOMPARE(snapshotFailed.count(), 0);
    service.close();
    const int afterClose = failed.count();
    QTest::qWait(600);
    QCOMPARE(failed.count(), afterClose);   // close() stops the retries
}

// A result of a connection that was closed or replaced never reaches the owner: after
// open(A), close(), open(A) exactly one opened() and one changed() arrive.
void TestConsoleDataService::resultsOfAClosedConnectionAreDropped()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy opened(&service, &ConsoleDataService::opened);
    QSignalSpy changed(&service, &ConsoleDataService::changed);
    service.open(testDb.url());
    service.close();
    service.open(testDb.url());
    QVERIFY(opened.wait(20000));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 20000);
    QTest::qWait(500);
    QCOMPARE(opened.count(), 1);
    QCOMPARE(changed.count(), 1);
}

// Issue 12 item 1: the detail panel's four reads run on the service's connection and thread.
// Asked before the open succeeded, the request waits for it; a missing operation is NotFound.
void TestConsoleDataService::detailIsReadOnTheServiceThread_issue12()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    OperationStore store(*db);
    QVERIFY(store.addOrder(Order{QStringLiteral("ds-d"), 5000, QStringLiteral("usd"), QStringLiteral("pi_dsd"), 0}));
    auto opened = store.openOrJoin(QStringLiteral("ds-d"), 1200, QStringLiteral("toolu_d1"));
    QVERIFY(opened);
    QVERIFY(store.openOrJoin(QStringLiteral("ds-d"), 1200, QStringLiteral("toolu_d2")));
    const QString id = opened.value().operation.operationId;

    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy ready(&service, &ConsoleDataService::detailReady);
    QSignalSpy failed(&service, &ConsoleDataService::detailFailed);
    service.requestDetail(1, id);   // before open(): served once it is
    QTest::qWait(100);
    QCOMPARE(ready.count(), 0);
    service.open(testDb.url());
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    QCOMPARE(ready.first().at(0).toULongLong(), quint64(1));
    const auto detail = ready.first().at(1).value<OperationStore::Detail>();
    const auto direct = store.detail(id);
    QVERIFY(direct);
    QCOMPARE(detail.operation.operationId, id);
    QCOMPARE(detail.toolCalls.size(), 2);
    QCOMPARE(detail.toolCalls.size(), direct.value().toolCalls.size());
    QCOMPARE(detail.attempts.size(), direct.value().attempts.size());
    QCOMPARE(detail.audit.size(), direct.value().audit.size());

    service.requestDetail(2, QStringLiteral("op_missing"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
    QCOMPARE(failed.first().at(0).toULongLong(), quint64(2));
    QCOMPARE(failed.first().at(1).toString(), QStringLiteral("op_missing"));
    QCOMPARE(failed.first().at(2).value<StoreError>().code, StoreError::Code::NotFound);
}

// A detail (the panel, Customer message) or a job asked before an open that then fails was
// kept waiting through every retry: the panel stayed blank and Ctrl+M stayed blocked. Now
// the failed open answers it ConnectionFailed.
void TestConsoleDataService::requestsWaitingForAFailedOpenAreAnswered_issue12()
{
    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy failed(&service, &ConsoleDataService::detailFailed);
    QSignalSpy openFailed(&service, &ConsoleDataService::openFailed);
    QObject context;
    int answered = 0;
    StoreError jobError;
    service.requestDetail(9, QStringLiteral("op_x"));
    service.submit(
        &context, [](Database&, OperationStore&) -> StoreResult<int> { return 1; },
        [&](StoreResult<int> r) {
            ++answered;
            if (!r)
                jobError = r.error();
        });
    const QString bad = TestDatabase::currentEngine() == QLatin1String("postgresql")
        ? QStringLiteral("postgresql://nobody@127.0.0.1:1/none")
        : QStringLiteral("sqlite:") + QDir::tempPath();
    service.open(bad);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
    QCOMPARE(failed.first().at(0).toULongLong(), quint64(9));
    QCOMPARE(failed.first().at(2).value<StoreError>().code, openFailed.first().at(0).value<StoreError>().code);
    QTRY_COMPARE_WITH_TIMEOUT(answered, 1, 20000);
    QVERIFY(!jobError.message.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(openFailed.count() >= 2, 20000);   // still retried, answered once
    QCOMPARE(failed.count(), 1);
    QCOMPARE(answered, 1);
}

// submit(): the job runs on the service thread with its connection, the continuation in the
// caller's; a job asked before the open waits for it; a destroyed context gets no call.
void TestConsoleDataService::submittedJobRunsOnTheServiceThread_issue12()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    OperationStore store(*db);
    QVERIFY(store.addOrder(Order{QStringLiteral("ds-j"), 5000, QStringLiteral("usd"), QStringLiteral("pi_dsj"), 0}));
    QVERIFY(store.openOrJoin(QStringLiteral("ds-j"), 1200, QStringLiteral("toolu_j1")));

    ConsoleDataService service(Clock::system(), fast());
    QObject context;
    QThread* ranOn = nullptr;
    QThread* answeredOn = nullptr;
    qint64 open = -1;
    service.submit(
        &context,
        [&ranOn](Database&, OperationStore& s) -> StoreResult<qint64> {
            ranOn = QThread::currentThread();
            auto counts = s.stateCounts();
            if (!counts)
                return counts.error();
            return counts.value().open;
        },
        [&](StoreResult<qint64> r) {
            answeredOn = QThread::currentThread();
            open = r ? r.value() : -2;
        });
    auto gone = std::make_unique<QObject>();
    bool goneCalled = false;
    service.submit(
        gone.get(), [](Database&, OperationStore&) -> StoreResult<int> { return 1; },
        [&goneCalled](StoreResult<int>) { goneCalled = true; });
    gone.reset();
    service.open(testDb.url());
    QTRY_COMPARE_WITH_TIMEOUT(open, qint64(1), 10000);
    QCOMPARE(ranOn, service.serviceThread());
    QCOMPARE(answeredOn, QThread::currentThread());
    QTest::qWait(100);
    QVERIFY(!goneCalled);
}

// submitOnWorker(): asked before the open, the job waits for it, then runs on a pool thread
// (neither the caller's nor the service's) with a connection of its own; done comes back here.
void TestConsoleDataService::workerJobRunsOnItsOwnConnectionOffBothThreads_issue12()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    OperationStore store(*db);
    QVERIFY(store.addOrder(
        Order{QStringLiteral("ds-w"), 5000, QStringLiteral("usd"), QStringLiteral("pi_dsw"), 0}));
    QVERIFY(store.openOrJoin(QStringLiteral("ds-w"), 1200, QStringLiteral("toolu_w1")));

    ConsoleDataService service(Clock::system(), fast());
    QList<QPair<ConsoleDataService::Where, QThread*>> observed;
    QMutex mutex;
    service.setJobObserver([&](ConsoleDataService::Where where) {
        QMutexLocker lock(&mutex);
        observed.append({where, QThread::currentThread()});
    });
    QObject context;
    QThread* ranOn = nullptr;
    QThread* answeredOn = nullptr;
    qint64 open = -1;
    service.submitOnWorker(
        &context,
        [&ranOn](Database& worker, const std::atomic_bool&) -> StoreResult<qint64> {
            ranOn = QThread::currentThread();
            auto counts = OperationStore(worker).stateCounts();
            if (!counts)
                return counts.error();
            return counts.value().open;
        },
        [&](StoreResult<qint64> r) {
            answeredOn = QThread::currentThread();
            open = r ? r.value() : -2;
        });
    service.open(testDb.url());
    QTRY_COMPARE_WITH_TIMEOUT(open, qint64(1), 10000);
    QVERIFY(ranOn != nullptr);
    QVERIFY(ranOn != QThread::currentThread());
    QVERIFY(ranOn != service.serviceThread());
    QCOMPARE(answeredOn, QThread::currentThread());
    QMutexLocker lock(&mutex);
    QCOMPARE(observed.size(), 1);
    QCOMPARE(observed.first().first, ConsoleDataService::Where::WorkerThread);
    QCOMPARE(observed.first().second, ranOn);
}

// A long job on a worker (a History compute over all time, an export) must not hold up the
// short reads behind it: the worker job here only finishes once a short submit() asked after
// it has been answered. Were both on one thread, the short one would wait for ever (timeout).
void TestConsoleDataService::longWorkerJobDoesNotDelayAShortSubmit_issue12()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy opened(&service, &ConsoleDataService::opened);
    service.open(testDb.url());
    QVERIFY(opened.wait(10000));

    QObject context;
    QSemaphore shortAnswered;
    std::atomic_bool longStarted{false};
    bool longDone = false;
    bool longTimedOut = true;
    service.submitOnWorker(
        &context,
        [&](Database& worker, const std::atomic_bool&) -> StoreResult<bool> {
            longStarted = true;
            auto ok =
                worker.run(QStringLiteral("SELECT COUNT(*) FROM refund_ops"), {}, QStringLiteral("long job"));
            if (!ok)
                return ok.error();
            return !shortAnswered.tryAcquire(1, 20000);
        },
        [&](StoreResult<bool> r) {
            longDone = true;
            longTimedOut = !r || r.value();
        });
    QTRY_VERIFY_WITH_TIMEOUT(longStarted.load(), 10000);
    QElapsedTimer timer;
    timer.start();
    qint64 shortMs = -1;
    bool longDoneBeforeShort = true;
    service.submit(
        &context,
        [](Database&, OperationStore& s) -> StoreResult<qint64> {
            auto counts = s.stateCounts();
            if (!counts)
                return counts.error();
            return counts.value().all;
        },
        [&](StoreResult<qint64> r) {
            QVERIFY(r.ok());
            shortMs = timer.elapsed();
            longDoneBeforeShort = longDone;
            shortAnswered.release();
        });
    QTRY_VERIFY_WITH_TIMEOUT(shortMs >= 0, 10000);
    QVERIFY2(!longDoneBeforeShort, "the long job finished before the short read was answered");
    QTRY_VERIFY_WITH_TIMEOUT(longDone, 10000);
    QVERIFY(!longTimedOut);
    QVERIFY2(shortMs < 2000, qPrintable(QString::number(shortMs)));
}

// A worker job asked before an open that fails is answered ConnectionFailed, like submit().
void TestConsoleDataService::workerJobWaitingForAFailedOpenIsAnswered_issue12()
{
    ConsoleDataService service(Clock::system(), fast());
    QObject context;
    std::optional<StoreError> error;
    bool ran = false;
    service.submitOnWorker(
        &context,
        [&ran](Database&, const std::atomic_bool&) -> StoreResult<int> {
            ran = true;
            return 1;
        },
        [&error](StoreResult<int> r) { error = r ? StoreError{} : r.error(); });
    QSignalSpy openFailed(&service, &ConsoleDataService::openFailed);
    service.open(TestDatabase::currentEngine() == QLatin1String("postgresql")
                     ? QStringLiteral("postgresql://nobody@127.0.0.1:1/none")
                     : QStringLiteral("sqlite:") + QDir::tempPath());
    QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 20000);
    QVERIFY(!openFailed.isEmpty());
    QCOMPARE(error->code, openFailed.first().at(0).value<StoreError>().code);
    QVERIFY(!error->message.isEmpty());
    QVERIFY(!ran);
}

// A job that fails on a lost connection runs once more on a fresh one. The first version moved
// the caller's done into the first continuation, which a retry throws away: the second one
// called an empty std::function (a crash in a queued slot) and lost every capture. Found in review.
void TestConsoleDataService::retriedJobAnswersWithItsCapturesIntact_issue12()
{
    TestDatabase testDb;
    REFUND_OPEN_OR_FAIL(db, testDb);
    ConsoleDataService service(Clock::system(), fast());
    QSignalSpy opened(&service, &ConsoleDataService::opened);
    service.open(testDb.url());
    QVERIFY(opened.wait(10000));
    QObject context;
    int calls = 0;
    QString answer;
    const std::function<QString(int)> format = [](int v) { return QStringLiteral("value %1").arg(v); };
    service.submit(
        &context,
        [&calls](Database&, OperationStore&) -> StoreResult<int> {
            if (++calls == 1)
                return StoreError::make(StoreError::Code::ConnectionFailed, QStringLiteral("server closed the connection"));
            return 7;
        },
        [format, prefix = QStringLiteral("answer: "), &answer](StoreResult<int> r) {
            answer = prefix + (r ? format(r.value()) : r.error().message);
        });
    QTRY_VERIFY_WITH_TIMEOUT(!answer.isEmpty(), 10000);
    QCOMPARE(calls, 2);
    QCOMPARE(answer, QStringLiteral("answer: value 7"));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestConsoleDataService)
#include "TestConsoleDataService.moc"
