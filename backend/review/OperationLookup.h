#pragma once

#include "Clock.h"
#include "db/Operation.h"
#include "db/Order.h"
#include "provider/ProviderConfig.h"
#include "review/LookupResult.h"
#include "review/RefundEventLedger.h"

#include <QString>

#include <atomic>
#include <functional>
#include <optional>
#include <mutex>

class ProviderClient;

/**
 * Looks one operation up at the provider (R15), read-only (R13).
 *
 * run() makes, in this order:
 *  1. GET /v1/events?type=refund.created|refund.updated|refund.failed&created[gte]=T (all
 *     pages), T = the operation's created_at minus Options::eventMarginMs (our clock and the
 *     provider's may differ). Every refund event goes into a RefundEventLedger, so each refund's
 *     state is the newest one whatever the arrival order. A refund is linked to the operation
 *     when one of its events carries request.idempotency_key = the operation's key, or its
 *     object carries metadata.operation_id = the operation (R11).
 *  2. GET /v1/refunds?payment_intent=PI (all pages); refunds with metadata.operation_id = the
 *     operation are linked. This list is read after the events, so a listed object is at least
 *     as new as every event seen and is the state shown.
 *  3. Only with Options::searchPaymentIntents: GET /v1/payment_intents/search for
 *     metadata['order_id'], reported in notes. Search lags writes by up to a minute (an hour in
 *     outages, STRIPE-FACTS §5): a miss is never proof of absence and never changes the result.
 * Each linked refund is compared with the operation: amount, currency, and order
 * (metadata.order_id, and the refund's payment intent against the order's); each difference is
 * a RefundMismatch with a sentence.
 *
 * The first failed read stops the lookup: the result then says which read failed, the
 * ReadFailure, ProviderReadStatus::describe() and what to do (LookupResult::adviceFor), keeps
 * what was found so far, and complete is false. 429 answers are retried by ProviderClient with
 * backoff before they count as a failure.
 *
 * Threading: run() blocks; call it from a worker thread. It creates its own ProviderClient in
 * that thread (a QObject with its own network manager), or uses the one given to useClient(). cancel() may be called from any
 * thread: the read in progress ends with ReadFailure::Canceled and so does the result.
 * One run() at a time per object.
 */
class OperationLookup
{
public:
    /** Everything the lookup needs about the operation; copyable into a worker. */
    struct Target
    {
        QString operationId;
        QString idempotencyKey;   ///< never logged
        QString orderId;
        QString paymentIntent;    ///< the order's payment (pi_...)
        qint64 amountCents = 0;
        QString currency;
        qint64 createdAtMs = 0;   ///< the operation's created_at, UTC epoch ms

        static Target from(const Operation& operation, const Order& order);
    };

    struct Options
    {
        qint64 eventMarginMs = 15 * 60 * 1000; ///< look for events this long before created_at
        bool searchPaymentIntents = false;     ///< also run the (lagging) Search API, for notes only
    };

    /** Called from the worker thread with a short sentence per step ("Listing refunds of pi_…"). */
    using Progress = std::function<void(const QString& step)>;

    explicit OperationLookup(ProviderConfig config, const Clock& clock = Clock::system());
    OperationLookup(ProviderConfig config, const Options& options, const Clock& clock = Clock::system());
    ~OperationLookup();
    OperationLookup(const OperationLookup&) = delete;
    OperationLookup& operator=(const OperationLookup&) = delete;

    void setProgress(Progress progress) { m_progress = std::move(progress); }
    /**
     * Reads through client instead of a ProviderClient of its own per run (nullptr: its own).
     * A sweep keeps one per worker thread so its connection to the provider stays open across
     * lookups: a client per lookup meant a new network manager, thread and TCP connection for
     * each of ten thousand operations. client must live in the calling thread and outlive the run.
     */
    void useClient(ProviderClient* client) { m_shared = client; }

    /**
     * The refund events of an account since a time, read once for many lookups (UnknownSweep):
     * step 1 of run() on its own. complete is true only when all three types were read to the
     * last page; then failure is None.
     */
    struct EventSnapshot
    {
        RefundEventLedger ledger;
        qint64 sinceMs = 0;       ///< events created at or after this (UTC epoch ms) are in the ledger
        qint64 startedAtMs = 0;   ///< when the first event read began, UTC epoch ms
        int requests = 0;         ///< HTTP requests sent for it (pages and 429 retries included)
        bool complete = false;
        ReadFailure failure = ReadFailure::None;
        QString failureText;
        QString failedRead;
    };

    /** Blocking lookup; see the class comment. */
    LookupResult run(const Target& target);
    /**
     * The same lookup with step 1 taken from events read before. When events is complete and
     * reaches back far enough (events.sinceMs <= createdAtMs - eventMarginMs), only the refund
     * list (and the optional search) is read, the result's startedAtMs is events.startedAtMs
     * (the earlier time, so R16 is judged conservatively) and its requests count only this
     * lookup's own; otherwise it is run(target). Several threads may share one snapshot.
     */
    LookupResult run(const Target& target, const EventSnapshot& events);
    /** Reads step 1 for every operation created since sinceMs (UTC epoch ms). Blocking; cancel() ends it. */
    EventSnapshot readEvents(qint64 sinceMs);

    /** Thread-safe; the run in progress (or the next one) ends as Canceled. */
    void cancel();
    bool isCanceled() const { return m_canceled.load(); }

    /**
     * The merge step alone, pure: links refunds from a refund list and a ledger of events to
     * the target and flags mismatches. Used by run(); public for tests.
     */
    static QList<FoundRefund> merge(const Target& target, const QList<ProviderRefund>& listed,
                                    const RefundEventLedger& ledger);
    /** The mismatches of one refund against the target (empty when it matches). */
    static QList<RefundMismatch> mismatches(const Target& target, const ProviderRefund& refund);

private:
    LookupResult runWith(const Target& target, const EventSnapshot* events);
    /** Step 1 into ledger; false (and result says why) when a read failed. */
    bool readEventsInto(ProviderClient& client, qint64 sinceMs, RefundEventLedger& ledger, LookupResult& result);
    void attach(ProviderClient* client);
    ProviderClient& clientForRun(std::optional<ProviderClient>& own);
    bool failed(LookupResult& result, const ProviderReadStatus& status, const QString& what) const;
    void step(const QString& text) const;

    ProviderConfig m_config;
    Options m_options;
    const Clock& m_clock;
    Progress m_progress;
    std::atomic<bool> m_canceled{false};
    std::mutex m_clientMutex;
    ProviderClient* m_client = nullptr; // set while run() is active; guarded by m_clientMutex
    ProviderClient* m_shared = nullptr; // useClient()
};
