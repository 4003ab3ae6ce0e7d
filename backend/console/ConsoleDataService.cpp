#include "console/ConsoleDataService.h"

#include "Logging.h"
#include "db/ChangeWatcher.h"
#include "db/Database.h"
#include "db/DatabaseUrl.h"
#include "db/SettingsStore.h"
#include "history/RefundsPerLogicalRefund.h"

#include <QThread>
#include <QTimer>

#include <tuple>
#include <utility>

// Everything of the worker runs on the service thread: its connection, store and watcher are
// created, used and destroyed there (Qt SQL connections belong to the thread that opened them).
class ConsoleDataService::Worker : public QObject
{
public:
    Worker(ConsoleDataService* owner, const Clock& clock, const Options& options)
        : m_owner(owner)
        , m_clock(clock)
        , m_options(options)
    {
        // One timer retries whatever is down: the connection (open) or the watcher (start).
        m_retry.setParent(this);
        m_retry.setInterval(qMax(10, m_options.retryIntervalMs));
        QObject::connect(&m_retry, &QTimer::timeout, this, [this] { retry(); });
    }

    void open(quint64 generation, const QString& url)
    {
        close();
        m_stopping = std::make_shared<std::atomic_bool>(false);
        m_generation = generation;
        m_url = url;
        const auto parsed = DatabaseUrl::parse(url);
        if (!parsed) {
            m_url.clear();
            return post([error = StoreError::make(StoreError::Code::InvalidUrl, QStringLiteral("database url is not valid"))](
                            ConsoleDataService* s) { emit s->openFailed(error); });
        }
        tryOpen();
    }

    /** forget: also drop the requests waiting for the open (the owner closed; a reopen keeps them). */
    void close(bool forget = false)
    {
        if (forget)
            m_pendingJobs.clear();
        m_retry.stop();
        m_url.clear();
        m_stopping->store(true); // worker jobs of this connection: their answers are dropped anyway
        if (m_watcher)
            m_watcher->stop();
        m_watcher.reset();
        m_store.reset();
        m_db.reset();
    }

    void snapshot(quint64 ticket)
    {
        if (!m_store)
            return;   // not open yet: the open (or its retry) announces a change when it is
        auto s = read();
        if (s)
            post([ticket, v = s.value()](ConsoleDataService* o) { emit o->snapshotReady(ticket, v); });
        else
            post([ticket, e = s.error()](ConsoleDataService* o) { emit o->snapshotFailed(ticket, e); });
    }

    /** observe: tell the job observer (not for runOnWorker()'s gate, which runs no SQL). */
    void run(Job job, Retry retry, bool observe = true)
    {
        if (!m_store) {
            if (m_pendingJobs.size() == kMaxPendingJobs)
                answerUnavailable(std::get<0>(m_pendingJobs.takeFirst()), notConnected());
            m_pendingJobs.append({std::move(job), retry, observe});
            return;
        }
        if (observe && m_owner->m_observer)
            m_owner->m_observer(Where::ServiceThread);
        if (retry == Retry::OnceAfterReconnect) {
            postDone(withReconnectJob(job));
        } else {
            bool connectionFailed = false;
            postDone(job(m_db.get(), m_store.get(), nullptr, &connectionFailed));
        }
    }

    // submitOnWorker(): a gate job on this thread waits for the open like any other, then
    // hands the work to the pool with this connection's URL (and this generation's stop flag).
    void runOnWorker(WorkerJob job)
    {
        auto work = std::make_shared<WorkerJob>(std::move(job));
        run(
            [this, work](Database* db, OperationStore*, const StoreError* unavailable,
                         bool* connectionFailed) -> std::function<void()> {
                *connectionFailed = false;
                if (unavailable) {
                    const std::atomic_bool stopped{true};
                    return (*work)(nullptr, unavailable, stopped);
                }
                startOnPool(db->url(), work);
                return [] {};
            },
            Retry::Never, false);
    }

private:
    static constexpr int kMaxPendingJobs = 64;

    void startOnPool(const DatabaseUrl& url, std::shared_ptr<WorkerJob> work)
    {
        ConsoleDataService* owner = m_owner;
        owner->m_pool.start([owner, url, work, generation = m_generation, stopping = m_stopping] {
            if (stopping->load())
                return; // closed or reopened while it waited: its answer would be dropped
            std::function<void()> done;
            {
                auto db = Database::open(url, QStringLiteral("refund-console-worker"));
                if (!db) {
                    const StoreError error = db.error();
                    done = (*work)(nullptr, &error, *stopping);
                } else {
                    if (owner->m_observer)
                        owner->m_observer(Where::WorkerThread);
                    done = (*work)(db.value().get(), nullptr, *stopping);
                }
            } // the connection closes here, on the thread that opened it
            QMetaObject::invokeMethod(
                owner,
                [owner, generation, done = std::move(done)] {
                    if (owner->m_generation == generation)
                        done();
                },
                Qt::QueuedConnection);
        });
    }

    static StoreError notConnected()
    {
        return StoreError::make(StoreError::Code::ConnectionFailed, QStringLiteral("not connected to the operation database"));
    }

    void answerUnavailable(const Job& job, const StoreError& error)
    {
        bool connectionFailed = false;
        postDone(job(nullptr, nullptr, &error, &connectionFailed));
    }

    // withReconnect() for a job: once more on a fresh connection after a lost one.
    std::function<void()> withReconnectJob(const Job& job)
    {
        bool connectionFailed = false;
        auto done = job(m_db.get(), m_store.get(), nullptr, &connectionFailed);
        if (connectionFailed && m_db->reconnect())
            done = job(m_db.get(), m_store.get(), nullptr, &connectionFailed);
        return done;
    }

    void postDone(std::function<void()> done)
    {
        post([done = std::move(done)](ConsoleDataService*) { done(); });
    }

    // Waiting requests cannot be served by an open that failed: answer them now rather than
    // leave the window waiting (a blocked panel, Ctrl+M doing nothing) through the retries.
    void failPending(const StoreError& error)
    {
        for (auto& [job, retry, observe] : std::exchange(m_pendingJobs, {}))
            answerUnavailable(job, error);
    }

    void tryOpen()
    {
        const auto parsed = DatabaseUrl::parse(m_url);
        auto db = Database::open(*parsed, QStringLiteral("refund-console-data"));
        if (!db) {
            // Reported, then retried: the window's own connection shows the database's state.
            post([error = db.error()](ConsoleDataService* s) { emit s->openFailed(error); });
            failPending(db.error());
            m_retry.start();
            return;
        }
        m_db = std::move(db).value();
        m_store = std::make_unique<OperationStore>(*m_db, m_clock);
        m_watcher = std::make_unique<ChangeWatcher>(*parsed);
        m_watcher->setPollIntervalMs(m_options.watchIntervalMs);
        m_watcher->setRetryIntervalMs(m_options.retryIntervalMs);
        QObject::connect(m_watcher.get(), &ChangeWatcher::changed, this, [this] { announceChange(); });
        QObject::connect(m_watcher.get(), &ChangeWatcher::connectionLost, this, [this](const QString& reason) {
            post([reason](ConsoleDataService* o) { emit o->connectionLost(reason); });
        });
        QObject::connect(m_watcher.get(), &ChangeWatcher::connectionRestored, this, [this] {
            post([](ConsoleDataService* o) { emit o->connectionRestored(); });
        });
        post([](ConsoleDataService* s) { emit s->opened(); });
        for (auto& [job, retry, observe] : std::exchange(m_pendingJobs, {}))
            run(std::move(job), retry, observe);
        if (!m_watcher->start()) {
            // Without a watcher nothing live reaches the window: say so, and keep trying.
            post([reason = m_watcher->errorString()](ConsoleDataService* o) { emit o->connectionLost(reason); });
            m_retry.start();
            return;
        }
        // The owner read what it shows before this watcher started (open() is queued): a
        // commit in between would never be announced. One change now closes that gap.
        announceChange();
    }

    void retry()
    {
        if (m_url.isEmpty()) {
            m_retry.stop();
            return;
        }
        if (!m_store) {
            m_retry.stop();
            tryOpen();
            return;
        }
        if (m_watcher && m_watcher->start()) {
            m_retry.stop();
            post([](ConsoleDataService* o) { emit o->connectionRestored(); });
            announceChange();
        }
    }

    void announceChange()
    {
        auto snapshot = read();
        if (snapshot)
            post([s = snapshot.value()](ConsoleDataService* o) { emit o->changed(s); });
        else
            post([e = snapshot.error()](ConsoleDataService* o) { emit o->snapshotFailed(0, e); });
    }

    StoreResult<Snapshot> read()
    {
        Snapshot s;
        s.readAtMs = m_clock.nowMs();
        auto counts = withReconnect([&] { return m_store->stateCounts(s.readAtMs, m_options.expiringWithinMs); });
        if (!counts)
            return counts.error();
        s.counts = counts.value();
        // A failed settings read leaves 0: the window keeps the budget it shows.
        if (auto values = SettingsStore(*m_db, m_clock).load()) {
            s.maxAttemptsPerOperation = values.value().maxAttemptsPerOperation;
            s.requestTimeoutMs = values.value().requestTimeoutMs;
        }
        return s;
    }

    // Runs read; after a lost connection, once more on a fresh one.
    template <typename Read>
    auto withReconnect(Read read) -> decltype(read())
    {
        auto r = read();
        if (!r && r.error().code == StoreError::Code::ConnectionFailed && m_db->reconnect())
            r = read();
        return r;
    }

    // Hands fn to the owner's thread; dropped there if the owner opened or closed since.
    template <typename Fn>
    void post(Fn fn)
    {
        QMetaObject::invokeMethod(
            m_owner,
            [owner = m_owner, generation = m_generation, fn = std::move(fn)] {
                if (owner->m_generation == generation)
                    fn(owner);
            },
            Qt::QueuedConnection);
    }

    ConsoleDataService* m_owner;
    const Clock& m_clock;
    Options m_options;
    quint64 m_generation = 0;
    QString m_url;   // may hold a password: never logged; empty when closed
    QTimer m_retry;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<OperationStore> m_store;
    std::unique_ptr<ChangeWatcher> m_watcher;
    // Set when this connection is closed or replaced: worker jobs started on it may stop early.
    std::shared_ptr<std::atomic_bool> m_stopping = std::make_shared<std::atomic_bool>(false);
    QList<std::tuple<Job, Retry, bool>> m_pendingJobs;     // submitted before the open succeeded
};

ConsoleDataService::ConsoleDataService(const Clock& clock, const Options& options, QObject* parent)
    : QObject(parent)
    , m_clock(clock)
    , m_options(options)
    , m_thread(new QThread)
{
    m_thread->setObjectName(QStringLiteral("console-data"));
    m_pool.setMaxThreadCount(qMax(1, m_options.workerThreads));
    m_pool.setObjectName(QStringLiteral("console-workers"));
    m_worker = new Worker(this, m_clock, m_options);
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

ConsoleDataService::~ConsoleDataService()
{
    ++m_generation;
    // Close on the service thread (its connection and watcher live there), then stop it.
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->close(); delete w; }, Qt::BlockingQueuedConnection);
    // Worker jobs were told to stop (close); their answers post to this object, so wait for them.
    m_pool.clear();
    m_pool.waitForDone();
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

void ConsoleDataService::open(const QString& url)
{
    const quint64 generation = ++m_generation;
    QMetaObject::invokeMethod(m_worker, [w = m_worker, generation, url] { w->open(generation, url); }, Qt::QueuedConnection);
}

void ConsoleDataService::close()
{
    ++m_generation;
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->close(true); }, Qt::QueuedConnection);
}

void ConsoleDataService::requestSnapshot(quint64 ticket)
{
    QMetaObject::invokeMethod(m_worker, [w = m_worker, ticket] { w->snapshot(ticket); }, Qt::QueuedConnection);
}

void ConsoleDataService::requestDetail(quint64 ticket, const QString& operationId)
{
    // A job like any other: it waits for the open, is answered by an open that fails or when
    // the waiting queue is full, and is read once more after a lost connection.
    submit(
        this,
        [operationId](Database& db, OperationStore& store) -> StoreResult<OperationStore::Detail> {
            auto detail = store.detail(operationId);
            if (!detail)
                return detail;
            // Money paid twice is the first thing anyone looking at the operation must see. A
            // check that cannot be made (a setting that does not validate, a refused read) does
            // not take the detail, or the customer message drafted from it, with it: the detail
            // says it does not know. A lost connection fails the read as any other, and retries.
            auto settings = SettingsStore(db).load();
            if (!settings) {
                if (settings.error().code == StoreError::Code::ConnectionFailed)
                    return settings.error();
                detail.value().paidTwiceError = settings.error().message;
                return detail;
            }
            auto paid = RefundsPerLogicalRefund::paidTwice(db, operationId, settings.value().repeatWindowMs());
            if (!paid) {
                if (paid.error().code == StoreError::Code::ConnectionFailed)
                    return paid.error();
                detail.value().paidTwiceError = paid.error().message;
            } else if (paid.value()) {
                detail.value().paidTwiceRefundIds = paid.value()->refundIds;
                detail.value().paidTwiceOperationIds = paid.value()->operationIds;
            }
            return detail;
        },
        [this, ticket, operationId](StoreResult<OperationStore::Detail> d) {
            if (d)
                emit detailReady(ticket, d.value());
            else
                emit detailFailed(ticket, operationId, d.error());
        });
}

void ConsoleDataService::enqueue(Job job, Retry retry)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job = std::move(job), retry]() mutable { w->run(std::move(job), retry); },
        Qt::QueuedConnection);
}

void ConsoleDataService::enqueueOnWorker(WorkerJob job)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job = std::move(job)]() mutable { w->runOnWorker(std::move(job)); },
        Qt::QueuedConnection);
}
