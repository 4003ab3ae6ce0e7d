#pragma once

#include "Clock.h"
#include "db/OperationStore.h"
#include "db/StoreError.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>

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
 * jobs (History figures, a CSV export of a million rows) belong on a worker connection of
 * their own (Database::open inside a QtConcurrent job in backend/), not here: one job at a
 * time runs on this thread, and a slow one delays the panel's reads behind it.
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
    };

    /** What the views need after a change: counts and the budget, read in one go. */
    struct Snapshot
    {
        OperationStore::StateCounts counts;
        int maxAttemptsPerOperation = 0;   ///< R6, from the settings table (R20); 0 if they could not be read
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
     * Asked while not open, requests are served once the open succeeds (the latest eight).
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
        using R = std::invoke_result_t<Job&, Database&, OperationStore&>;
        QPointer<QObject> guard(context);
        enqueue(
            [job = std::move(job), done = std::move(done), guard](Database* db, OperationStore* store,
                                                                  const StoreError* unavailable,
                                                                  bool* connectionFailed) mutable -> std::function<void()> {
                std::optional<R> r;
                if (unavailable)
                    r.emplace(*unavailable);
                else
                    r.emplace(job(*db, *store));
                *connectionFailed = !r->ok() && r->error().code == StoreError::Code::ConnectionFailed;
                return [done = std::move(done), guard, r = std::move(*r)]() mutable {
                    if (guard)
                        done(std::move(r));
                };
            },
            retry);
    }

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
    /**
     * A type-erased submit(): called on the service thread with the connection and store, or
     * with the reason they are unavailable; returns the continuation to run on the owner's
     * thread and says whether the job failed on a lost connection.
     */
    using Job = std::function<std::function<void()>(Database*, OperationStore*, const StoreError* unavailable,
                                                    bool* connectionFailed)>;
    void enqueue(Job job, Retry retry);

    const Clock& m_clock;
    Options m_options;
    QThread* m_thread = nullptr;
    Worker* m_worker = nullptr;   // lives on m_thread
    quint64 m_generation = 0;     // bumped by open/close: results of an older connection are dropped
};

Q_DECLARE_METATYPE(ConsoleDataService::Snapshot)
