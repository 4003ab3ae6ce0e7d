#pragma once

#include "Clock.h"
#include "db/OperationStore.h"
#include "db/StoreError.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

class ChangeWatcher;
class Database;
class QThread;

/**
 * The console's background data service (issue 12 item 1): a QObject on its own QThread
 * that owns a database connection, the change watcher and the reads a change notification
 * triggers, so neither the watcher's (re)connects (connect_timeout 5 s on a host that drops
 * packets) nor the state counts (a GROUP BY over every row, ~200 ms on a million PostgreSQL
 * rows) ever wait on the GUI thread.
 *
 * Every public method is safe to call from the owner's (GUI) thread: it queues the work on
 * the service thread and returns at once; results come back as signals, delivered queued in
 * the owner's thread. A snapshot is the state counts (at the clock's now, keys expiring
 * within expiringWithinMs) and the settings the views show (the attempt budget, R6/R20).
 * After the watcher reports a change the service reads a snapshot itself and emits
 * changed(snapshot), one per burst of notifications (the watcher coalesces them); and once
 * right after open(), because the owner read what it shows before the watcher started.
 *
 * The detail panel's reads (an operation with its attempts, tool calls and audit entries)
 * run here too: requestDetail().
 *
 * Any other read or write the console needs goes through submit(): a job that runs on the
 * service thread with its connection, and a continuation back in the caller's thread. Long
 * jobs (History figures, pages sorted over a whole range, a CSV export of a million rows) go
 * through submitOnWorker() instead: one job at a time runs on the service thread, and a slow
 * one would delay the panel's reads behind it.
 */
class ConsoleDataService : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int watchIntervalMs = 1000;            ///< ChangeWatcher poll / liveness interval, ms
        int retryIntervalMs = 2000;            ///< ChangeWatcher reconnect interval, ms
        qint64 expiringWithinMs = 3600 * 1000; ///< the "key expires within" state count, ms
        int workerThreads = 3; ///< submitOnWorker(): jobs running at once (each its own connection)
    };

    /** What the views need after a change: counts and the budget, read in one go. */
    struct Snapshot
    {
        OperationStore::StateCounts counts;
        int maxAttemptsPerOperation = 0;   ///< R6, from the settings table (R20); 0 if they could not be read
        int requestTimeoutMs = 0;          ///< request_timeout_ms (R20) for Resolve's and Check all's reads; 0 if unread
        qint64 readAtMs = 0;               ///< UTC epoch ms of the read
    };

    ConsoleDataService(const Clock& clock, const Options& options, QObject* parent = nullptr);
    ~ConsoleDataService() override;   ///< closes on the service thread and joins it

    /**
     * Opens url on the service thread and starts watching; opened() (then one changed()) or
     * openFailed() follows. A failed open, or a watcher that cannot start, is retried every
     * retryIntervalMs until close() or another open().
     */
    void open(const QString& url);
    /** Stops watching and closes the connection; nothing is emitted for work still queued. */
    void close();
    /**
     * Reads a snapshot now; snapshotReady(ticket, ...) or snapshotFailed(ticket, ...) follows.
     * Nothing follows while the service is not open (the open announces a change when it is).
     */
    void requestSnapshot(quint64 ticket);
    /**
     * Reads one operation's detail; detailReady(ticket, ...) or detailFailed(ticket, ...) follows.
     * A submit() job: asked while not open, it waits for the open (or is answered ConnectionFailed).
     */
    void requestDetail(quint64 ticket, const QString& operationId);

    /** Whether a job may run again on a fresh connection after ConnectionFailed. */
    enum class Retry {
        OnceAfterReconnect,   ///< reads, and writes that are compare-and-set (running twice changes nothing more)
        Never,                ///< anything else: the caller sees ConnectionFailed and decides
    };

    /**
     * Runs job(Database&, OperationStore&) -> StoreResult<T> on the service thread, then
     * done(StoreResult<T>) in context's thread. Nothing is called if context is destroyed, or
     * the service was opened again or closed, before the answer arrives. Submitted while the
     * service is not open, the job waits for the open (at most 64 jobs wait, the oldest is
     * answered ConnectionFailed to make room); an open that fails answers every waiting job
     * ConnectionFailed ("not connected") instead of leaving it waiting through the retries.
     */
    template <typename Job, typename Done>
    void submit(QObject* context, Job job, Done done, Retry retry = Retry::OnceAfterReconnect)
    {
        using R = std::invoke_result_t<const Job&, Database&, OperationStore&>;
        // done lives once, shared by the continuations: a retry after a lost connection makes
        // a second continuation and drops the first, and a done moved into the first would
        // reach the second empty (a crash for a std::function, lost captures otherwise). The
        // job is called as const, so a retry runs it with the same captures.
        auto state = std::make_shared<Continuation<Done>>(Continuation<Done>{std::move(done), QPointer<QObject>(context)});
        enqueue(
            [job = std::move(job), state](Database* db, OperationStore* store, const StoreError* unavailable,
                                          bool* connectionFailed) -> std::function<void()> {
                std::optional<R> r;
                if (unavailable)
                    r.emplace(*unavailable);
                else
                    r.emplace(job(*db, *store));
                *connectionFailed = !r->ok() && r->error().code == StoreError::Code::ConnectionFailed;
                return [state, r = std::move(*r)]() mutable { state->deliver(std::move(r)); };
            },
            retry);
    }

    /**
     * Runs a long job, job(Database&, const std::atomic_bool& stopping) -> StoreResult<T>, on
     * a worker thread with a connection of its own, then done(StoreResult<T>) in context's
     * thread; for work that must not hold up submit()'s short reads (History figures, pages
     * that sort a range, a CSV export).
     *
     * - The job waits for the service's open like submit() (and is answered ConnectionFailed
     *   by an open that fails); then the worker opens the service's URL (Database::open,
     *   application name "refund-console-worker"), runs the job and closes the connection
     *   before done. A worker connection that cannot be opened answers done with its error.
     * - At most Options::workerThreads jobs run at once; the rest wait in a queue (FIFO).
     * - stopping becomes true when the service is closed, opened again or destroyed: a job
     *   that runs for long should look at it and return early (its answer is dropped anyway).
     *   The destructor waits for the running jobs.
     * - done is dropped, as with submit(), if context is destroyed or the service was opened
     *   again or closed before the answer arrives. There is no retry: a caller that wants one
     *   submits again.
     */
    template <typename Job, typename Done>
    void submitOnWorker(QObject* context, Job job, Done done)
    {
        using R = std::invoke_result_t<const Job&, Database&, const std::atomic_bool&>;
        auto state = std::make_shared<Continuation<Done>>(Continuation<Done>{std::move(done), QPointer<QObject>(context)});
        enqueueOnWorker([job = std::move(job), state](Database* db, const StoreError* unavailable,
                                                      const std::atomic_bool& stopping) -> std::function<void()> {
            std::optional<R> r;
            if (unavailable)
                r.emplace(*unavailable);
            else
                r.emplace(job(*db, stopping));
            return [state, r = std::move(*r)]() mutable { state->deliver(std::move(r)); };
        });
    }

    /** Where a job runs, for setJobObserver(). */
    enum class Where { ServiceThread, WorkerThread };
    /**
     * Test seam: observer(where) is called on the thread that runs each submit() or
     * submitOnWorker() job, just before it runs (tests record QThread::currentThread()). Set it
     * before submitting; it must be thread-safe.
     */
    void setJobObserver(std::function<void(Where)> observer) { m_observer = std::move(observer); }

    /** The service thread (for tests: nothing of the service runs on the caller's). */
    QThread* serviceThread() const { return m_thread; }

signals:
    void opened();
    void openFailed(const StoreError& error);
    void snapshotReady(quint64 ticket, const ConsoleDataService::Snapshot& snapshot);
    /** A snapshot read failed; ticket 0 for the read after a change notification. */
    void snapshotFailed(quint64 ticket, const StoreError& error);
    void detailReady(quint64 ticket, const OperationStore::Detail& detail);
    /** NotFound when the operation is gone; ConnectionFailed when the service's connection is. */
    void detailFailed(quint64 ticket, const QString& operationId, const StoreError& error);
    /** The database changed (another console, the tool, the reconciler): a fresh snapshot. */
    void changed(const ConsoleDataService::Snapshot& snapshot);
    /** The watcher lost its connection or could not start (emitted once), then got it back. */
    void connectionLost(const QString& reason);
    void connectionRestored();

private:
    class Worker;
    /** A caller's done and its context, called at most once, in the context's thread. */
    template <typename Done>
    struct Continuation
    {
        Done done;
        QPointer<QObject> guard;
        bool delivered = false;
        template <typename R>
        void deliver(R&& result)
        {
            if (!guard || delivered)
                return;
            delivered = true;
            done(std::forward<R>(result));
        }
    };
    /**
     * A type-erased submit(): called on the service thread with the connection and store, or
     * with the reason they are unavailable; returns the continuation to run on the owner's
     * thread and says whether the job failed on a lost connection.
     */
    using Job = std::function<std::function<void()>(Database*, OperationStore*, const StoreError* unavailable,
                                                    bool* connectionFailed)>;
    void enqueue(Job job, Retry retry);
    /** A type-erased submitOnWorker(): called on a worker thread with its own connection (or why there is
     * none). */
    using WorkerJob = std::function<std::function<void()>(Database* db, const StoreError* unavailable,
                                                          const std::atomic_bool& stopping)>;
    void enqueueOnWorker(WorkerJob job);

    const Clock& m_clock;
    Options m_options;
    QThread* m_thread = nullptr;
    Worker* m_worker = nullptr;   // lives on m_thread
    quint64 m_generation = 0;     // bumped by open/close: results of an older connection are dropped
    QThreadPool m_pool;           // submitOnWorker()'s threads
    std::function<void(Where)> m_observer;
};

Q_DECLARE_METATYPE(ConsoleDataService::Snapshot)
