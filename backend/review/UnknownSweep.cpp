#include "review/UnknownSweep.h"

#include "Logging.h"
#include "db/Database.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "provider/ProviderClient.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

UnknownSweep::UnknownSweep(QString databaseUrl, ProviderConfig provider, const Clock& clock, QObject* parent)
    : QObject(parent)
    , m_databaseUrl(std::move(databaseUrl))
    , m_provider(std::move(provider))
    , m_clock(clock)
{
}

namespace {
// A sweep over 100,000 unknown operations holds as many items (each with its lookup and
// proposal), ids and ledger entries: freeing them took ~140 ms on the GUI thread when the
// dialog closed, and tens of ms on the coordinator that the GUI thread joins. The global pool
// is drained at exit.
template <typename... Values>
void freeElsewhere(Values&&... values)
{
    QThreadPool::globalInstance()->start([... kept = std::move(values)]() mutable { ((void)kept, ...); });
}
} // namespace

UnknownSweep::~UnknownSweep()
{
    cancel();
    joinThread();
    freeElsewhere(std::exchange(m_items, {}));
}

void UnknownSweep::joinThread()
{
    // Short once the sweep has finished: the coordinator hands its large locals to the thread
    // pool before its last post (runCoordinator()). Joining is what keeps a thread from
    // outliving this object or the application.
    if (!m_thread)
        return;
    m_thread->wait();
    delete std::exchange(m_thread, nullptr);
}

void UnknownSweep::post(std::function<void()> fn)
{
    QMetaObject::invokeMethod(this, std::move(fn), Qt::QueuedConnection);
}

bool UnknownSweep::start()
{
    if (m_running)
        return false;
    joinThread();
    m_canceled.store(false);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_gateUntil = {};
        m_gateStreak = 0;
    }
    m_running = true;
    m_total = 0;
    m_done = 0;
    m_sharedEventRequests = 0;
    m_eventsShared = false;
    freeElsewhere(std::exchange(m_items, {}));
    {
        std::lock_guard<std::mutex> lock(m_finishedMutex);
        m_finishedQueue.clear();
        m_drainPosted = false;
    }
    m_thread = QThread::create([this] { runCoordinator(); });
    m_thread->setObjectName(QStringLiteral("unknown-sweep"));
    m_thread->start();
    return true;
}

void UnknownSweep::cancel()
{
    m_canceled.store(true);
    std::lock_guard<std::mutex> lock(m_mutex);
    for (OperationLookup* lookup : std::as_const(m_active))
        lookup->cancel();
    m_wake.notify_all();
}

void UnknownSweep::runCoordinator()
{
    const auto fail = [this](const QString& message) {
        Logging::warn(QStringLiteral("unknown sweep: %1").arg(message));
        post([this, message] {
            m_running = false;
            emit finished(false, message);
        });
    };
    QList<QString> ids;
    qint64 oldestCreatedAtMs = std::numeric_limits<qint64>::max();
    int concurrency = m_options.concurrency;
    {
        auto db = Database::open(m_databaseUrl);
        if (!db)
            return fail(db.error().message);
        if (concurrency <= 0) {
            auto settings = SettingsStore(*db.value(), m_clock).load();
            if (!settings)
                return fail(settings.error().message);
            concurrency = settings.value().lookupConcurrency;
        }
        // Ids only, from the covering status index, in one read: the oldest first. (Pages of
        // full rows took 2.2 s for 97,552 unknown of 1,000,000 before any lookup could start.)
        // A row resolved meanwhile by someone else is caught by the worker's re-read.
        auto unknown = OperationStore(*db.value(), m_clock).idsInState(OperationStatus::Unknown);
        if (!unknown)
            return fail(unknown.error().message);
        ids.reserve(unknown.value().size());
        for (const OperationStore::IdAndCreation& op : std::as_const(unknown.value())) {
            ids.append(op.operationId);
            oldestCreatedAtMs = std::min(oldestCreatedAtMs, op.createdAt);
        }
    }
    concurrency = std::clamp(concurrency, 1, 16);
    const int total = int(ids.size());
    // The item list is built here, not on the GUI thread: 100,000 items took ~40-60 ms there.
    auto items = std::make_shared<QList<Item>>(total);
    for (int i = 0; i < total; ++i)
        (*items)[i].operation.operationId = ids.at(i);
    post([this, items, total, concurrency] {
        m_total = total;
        m_usedConcurrency = concurrency;
        m_items.swap(*items);
        emit started(total);
        emit progress(0, total);
    });
    Logging::info(QStringLiteral("unknown sweep: %1 unknown operation(s), %2 parallel lookup(s)")
                      .arg(total)
                      .arg(concurrency));

    // One read of the account's refund events serves every lookup: provider reads then grow
    // with the events and payments involved, not with unknown operations x events.
    std::optional<OperationLookup::EventSnapshot> events;
    if (m_options.shareEvents && total > 1)
        events = readSharedEvents(oldestCreatedAtMs - m_options.lookup.eventMarginMs);
    const OperationLookup::EventSnapshot* shared = events && events->complete ? &*events : nullptr;
    post([this, requests = events ? events->requests : 0, isShared = shared != nullptr] {
        m_sharedEventRequests = requests;
        m_eventsShared = isShared;
    });

    std::atomic<int> next{0};
    std::vector<std::unique_ptr<QThread>> workers;
    for (int i = 0; i < std::min(concurrency, std::max(total, 1)); ++i) {
        workers.emplace_back(QThread::create([this, &ids, &next, shared] { runWorker(ids, next, shared); }));
        workers.back()->setObjectName(QStringLiteral("unknown-sweep-%1").arg(i));
        workers.back()->start();
    }
    for (auto& w : workers)
        w->wait();
    workers.clear();
    // Not here: it would delay the thread's end, which the GUI thread joins when the dialog
    // closes (the 41-73 ms stall of closing it, seen with bench_console_stall --trace-stalls).
    freeElsewhere(std::move(ids), std::move(events));
    const bool canceled = m_canceled.load();
    post([this, canceled] { finishWhenDrained(canceled); });
}

void UnknownSweep::queueFinished(int index, Item item)
{
    std::lock_guard<std::mutex> lock(m_finishedMutex);
    m_finishedQueue.append({index, std::move(item)});
    if (!m_drainPosted) {
        m_drainPosted = true;
        post([this] { drainFinished(); });
    }
}

bool UnknownSweep::drainFinished()
{
    // A bounded batch per event-loop turn: the window repaints and takes input between
    // batches however fast the lookups finish (ten thousand posted events, one per item,
    // each with its own progress repaint, froze the window for seconds; issue 12).
    constexpr int kBatch = 64;   // items per event-loop turn
    QList<std::pair<int, Item>> batch;
    bool more = false;
    {
        std::lock_guard<std::mutex> lock(m_finishedMutex);
        const int n = int(std::min<qsizetype>(kBatch, m_finishedQueue.size()));
        batch = m_finishedQueue.mid(0, n);
        m_finishedQueue.remove(0, n);
        more = !m_finishedQueue.isEmpty();
        m_drainPosted = more;
    }
    for (auto& [index, item] : batch) {
        if (index < m_items.size())
            m_items[index] = std::move(item);
        ++m_done;
        emit itemFinished(index);
    }
    if (!batch.isEmpty())
        emit progress(m_done, m_total);
    if (more)
        post([this] { drainFinished(); });
    return more;
}

void UnknownSweep::finishWhenDrained(bool canceled)
{
    // The workers have ended: what they queued is delivered before finished().
    if (drainFinished()) {
        post([this, canceled] { finishWhenDrained(canceled); });
        return;
    }
    m_running = false;
    emit finished(canceled, QString());
}

bool UnknownSweep::runGated(const std::function<ReadFailure(OperationLookup&)>& read)
{
    for (int attempt = 0;; ++attempt) {
        if (!waitForGate())
            return false;
        OperationLookup lookup(m_provider, m_options.lookup, m_clock);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (m_canceled.load())
                lookup.cancel();
            m_active.insert(&lookup);
        }
        const ReadFailure failure = read(lookup);
        std::lock_guard<std::mutex> lock(m_mutex);
        m_active.remove(&lookup);
        if (failure == ReadFailure::RateLimited && attempt < m_options.rateLimitRetries) {
            pauseAllLocked();
            continue;
        }
        if (failure == ReadFailure::None)
            m_gateStreak = 0;
        return true;
    }
}

OperationLookup::EventSnapshot UnknownSweep::readSharedEvents(qint64 sinceMs)
{
    OperationLookup::EventSnapshot snapshot;
    const bool ran = runGated([&](OperationLookup& lookup) {
        const int spent = snapshot.requests;
        snapshot = lookup.readEvents(sinceMs);
        snapshot.requests += spent;
        return snapshot.failure;
    });
    if (!ran) {
        snapshot.failure = ReadFailure::Canceled;
        return snapshot;
    }
    if (!snapshot.complete && snapshot.failure != ReadFailure::Canceled) {
        // Not fatal: each lookup then reads its own events, as a single lookup does.
        Logging::warn(QStringLiteral("unknown sweep: the shared event read failed (%1: %2); each lookup reads its own")
                          .arg(snapshot.failedRead, snapshot.failureText));
    }
    return snapshot;
}

void UnknownSweep::pauseAllLocked()
{
    // Everyone pauses, not just this worker: the limit is per account.
    const int pauseMs = m_options.rateLimitPauseMs << std::min(m_gateStreak, 6);
    ++m_gateStreak;
    m_gateUntil = std::max(m_gateUntil, std::chrono::steady_clock::now() + std::chrono::milliseconds(pauseMs));
    Logging::info(QStringLiteral("unknown sweep: rate limited; all lookups pause %1 ms").arg(pauseMs));
}

bool UnknownSweep::waitForGate()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_wake.wait_until(lock, m_gateUntil, [this] {
        return m_canceled.load() || std::chrono::steady_clock::now() >= m_gateUntil;
    });
    return !m_canceled.load();
}

void UnknownSweep::runWorker(const QList<QString>& ids, std::atomic<int>& next,
                             const OperationLookup::EventSnapshot* events)
{
    auto db = Database::open(m_databaseUrl);
    std::unique_ptr<OperationStore> store;
    QString dbError;
    if (db)
        store = std::make_unique<OperationStore>(*db.value(), m_clock);
    else
        dbError = db.error().message;
    // One client per worker for all its lookups: its connection to the provider stays open.
    ProviderClient client(m_provider);

    for (int index = next.fetch_add(1); index < ids.size(); index = next.fetch_add(1)) {
        // After Cancel the rest is skipped, not reported one by one: those rows stay "not
        // looked up" (87,552 skipped items, each posted, kept the window busy for 47 s).
        if (m_canceled.load())
            break;
        Item item;
        if (!store) {
            item.operation.operationId = ids.at(index);
            item.error = dbError;
        } else {
            item = lookUp(*store, ids.at(index), events, client);
        }
        queueFinished(index, std::move(item));
    }
}

UnknownSweep::Item UnknownSweep::lookUp(OperationStore& store, const QString& operationId,
                                        const OperationLookup::EventSnapshot* events, ProviderClient& client)
{
    Item item;
    item.operation.operationId = operationId;
    auto op = store.operation(operationId);
    if (!op) {
        item.error = op.error().message;
        return item;
    }
    item.operation = op.value();
    if (item.operation.status != OperationStatus::Unknown) {
        // A colleague resolved it after the list was read: nothing to look up.
        item.proposal = ResolutionPolicy::propose(item.operation, item.lookup, m_clock.nowMs());
        return item;
    }
    auto order = store.order(item.operation.orderId);
    if (!order) {
        item.error = order.error().message;
        return item;
    }
    item.paymentIntent = order.value().paymentIntent;
    const OperationLookup::Target target = OperationLookup::Target::from(item.operation, order.value());

    const bool ran = runGated([&](OperationLookup& lookup) {
        lookup.useClient(&client);
        item.lookup = events ? lookup.run(target, *events) : lookup.run(target);
        return item.lookup.failure;
    });
    if (!ran) {
        item.lookup.operationId = operationId;
        item.lookup.failure = ReadFailure::Canceled;
        item.lookup.failureText = QStringLiteral("canceled");
    }
    item.proposal = ResolutionPolicy::propose(item.operation, item.lookup, m_clock.nowMs());
    return item;
}
