#pragma once

#include "Clock.h"
#include "db/Operation.h"
#include "provider/ProviderConfig.h"
#include "review/LookupResult.h"
#include "review/OperationLookup.h"
#include "review/ResolutionPolicy.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <condition_variable>
#include <memory>
#include <mutex>

class OperationStore;
class ProviderClient;
class QThread;

/**
 * "Check all unknown": looks up every `unknown` operation at the provider (R15) and proposes a
 * resolution for each (ResolutionPolicy). It never resolves anything: a person confirms each
 * proposal (CheckUnknownDialog), and the write is OperationStore::resolve (R17).
 *
 * start() returns at once. A coordinator thread opens its own database connection, reads the
 * settings (lookup_concurrency, unless Options::concurrency is set) and the ids of all unknown
 * operations. With more than one, it reads the account's refund events since the oldest one's
 * creation once (OperationLookup::readEvents, Options::shareEvents): every lookup shares that
 * ledger and reads only its payment's refunds, so provider reads grow with the events and
 * payments involved, not with unknown operations x events (issue 12). If that read fails, each
 * lookup reads its own events, as before. Then it runs that many worker threads. Each worker has its own Database connection
 * (Qt SQL connections are per thread) and, per operation, re-reads the row and its order (a
 * colleague may have resolved it meanwhile: then the item says so and nothing is looked up) and
 * runs an OperationLookup with its own ProviderClient.
 *
 * Rate limits: ProviderClient already retries a 429 with backoff. When a lookup still ends
 * rate limited, every worker pauses (shared gate, Options::rateLimitPauseMs doubling per
 * repeat) and the operation is looked up again, up to Options::rateLimitRetries times.
 *
 * Signals are emitted in the thread that owns this object (the GUI thread): started(total),
 * then itemFinished per operation and progress per batch (finished items are delivered at most
 * 64 per event-loop turn, so the window keeps answering), then finished. cancel() stops the
 * lookups in flight (their items end Incomplete/canceled) and skips the rest without an
 * itemFinished for them (done() counts what was looked up). Each worker keeps one
 * ProviderClient for all its lookups. The destructor cancels and waits for the threads.
 */
class UnknownSweep : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int concurrency = 0;            ///< parallel lookups; 0 = the lookup_concurrency setting
        int rateLimitRetries = 2;       ///< extra lookups of an operation that ended rate limited
        int rateLimitPauseMs = 2000;    ///< first pause of all workers after a rate-limited lookup, ms
        bool shareEvents = true;        ///< one event read for the whole sweep (off: one per lookup)
        OperationLookup::Options lookup;
    };

    struct Item
    {
        Operation operation;            ///< as re-read just before its lookup
        QString paymentIntent;
        LookupResult lookup;
        ResolutionPolicy::Proposal proposal;
        QString error;                  ///< database read error; empty when the lookup ran
    };

    UnknownSweep(QString databaseUrl, ProviderConfig provider, const Clock& clock = Clock::system(),
                 QObject* parent = nullptr);
    ~UnknownSweep() override;

    void setOptions(const Options& options) { m_options = options; }

    /** Starts the sweep; false when one is already running. */
    bool start();
    /** Thread-safe. */
    void cancel();
    bool isRunning() const { return m_running; }
    bool wasCanceled() const { return m_canceled.load(); }
    int total() const { return m_total; }
    int done() const { return m_done; }
    /** Results so far, in the order of the unknown operations (oldest first); index = signal index. */
    const QList<Item>& items() const { return m_items; }
    /** The parallelism actually used by the last start(). */
    int concurrency() const { return m_usedConcurrency; }
    /** Whether the last start()'s lookups shared one event read, and that read's requests. */
    bool eventsShared() const { return m_eventsShared; }
    int sharedEventRequests() const { return m_sharedEventRequests; }

signals:
    void started(int total);
    void itemFinished(int index);
    void progress(int done, int total);
    /** failed: the sweep could not start (database or settings unreadable); message says why. */
    void finished(bool canceled, const QString& failure);

private:
    void runCoordinator();
    void runWorker(const QList<QString>& ids, std::atomic<int>& next, const OperationLookup::EventSnapshot* events);
    Item lookUp(OperationStore& store, const QString& operationId, const OperationLookup::EventSnapshot* events,
                ProviderClient& client);
    /** From a worker: hands a finished item to the owner's thread, coalesced into batches. */
    void queueFinished(int index, Item item);
    /** Owner's thread: delivers one batch (itemFinished each, one progress); true if more wait. */
    bool drainFinished();
    void finishWhenDrained(bool canceled);
    OperationLookup::EventSnapshot readSharedEvents(qint64 sinceMs);
    /**
     * Runs read with a fresh, cancelable lookup after the rate-limit gate; a RateLimited answer
     * pauses every worker and reads again, up to Options::rateLimitRetries. False when canceled
     * at the gate (read not run).
     */
    bool runGated(const std::function<ReadFailure(OperationLookup&)>& read);
    void pauseAllLocked(); // m_mutex held
    bool waitForGate();
    void post(std::function<void()> fn);
    /** GUI thread: waits for the coordinator thread (if any) and deletes it. */
    void joinThread();

    QString m_databaseUrl;   // may hold a password: never logged
    ProviderConfig m_provider;
    const Clock& m_clock;
    Options m_options;

    // GUI-thread state.
    bool m_running = false;
    int m_total = 0;
    int m_done = 0;
    int m_usedConcurrency = 0;
    int m_sharedEventRequests = 0;
    bool m_eventsShared = false;
    QList<Item> m_items;
    QThread* m_thread = nullptr;

    // Shared with the threads.
    std::atomic<bool> m_canceled{false};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::chrono::steady_clock::time_point m_gateUntil{}; // guarded by m_mutex; workers wait until then
    int m_gateStreak = 0;           // guarded by m_mutex
    QSet<OperationLookup*> m_active; // guarded by m_mutex
    std::mutex m_finishedMutex;
    QList<std::pair<int, Item>> m_finishedQueue; // guarded by m_finishedMutex
    bool m_drainPosted = false;                  // guarded by m_finishedMutex
};
