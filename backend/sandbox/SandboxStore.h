#pragma once

#include "db/Database.h"
#include "db/StoreError.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

/** A payment intent with its single succeeded charge, as the sandbox stores it. */
struct StoredPaymentIntent
{
    qint64 seq = 0;
    QString id;       ///< pi_...
    QString chargeId; ///< ch_...
    qint64 amount = 0; ///< cents
    QString currency;  ///< lower case ISO 4217
    QJsonObject metadata;
    qint64 created = 0; ///< UTC seconds
};

/** A refund row. */
struct StoredRefund
{
    qint64 seq = 0;
    QString id; ///< re_...
    QString paymentIntent;
    QString charge;
    qint64 amount = 0; ///< cents
    QString currency;
    QString reason;    ///< empty = null
    QString status;    ///< succeeded, pending, failed, canceled
    QJsonObject metadata;
    qint64 created = 0; ///< UTC seconds
    QString balanceTransaction;
    QString idempotencyKey;            ///< empty when the request had none
    QString failureReason;             ///< set when status is failed (e.g. "expired_or_canceled_card")
    QString failureBalanceTransaction; ///< txn_... that reverses the refund's balance transaction
};

/** A registered webhook receiver (POST /_sandbox/webhook_endpoints). */
struct StoredWebhookEndpoint
{
    qint64 seq = 0;
    QString id;           ///< we_...
    QString url;          ///< http://127.0.0.1:PORT/path (loopback only)
    QString secret;       ///< whsec_...: the HMAC-SHA256 key, used as-is
    qint64 createdMs = 0; ///< UTC epoch ms (wall clock)
};

/** One event to one endpoint: retried until a 2xx, max attempts or max age. */
struct StoredWebhookDelivery
{
    qint64 seq = 0;
    QString eventId;
    qint64 eventSeq = 0;
    QString endpointId;
    QString url;    ///< of the endpoint (joined)
    QString secret; ///< of the endpoint (joined)
    QString state;  ///< pending, delivered, failed (gave up), canceled (endpoint deleted)
    int attempts = 0;
    qint64 nextAttemptMs = 0; ///< UTC epoch ms (wall clock)
    qint64 createdMs = 0;
    qint64 deliveredMs = 0;   ///< 0 until delivered
    int lastStatus = 0;       ///< HTTP status of the last attempt, 0 = no HTTP answer
    QString lastError;        ///< connection error text of the last attempt
    bool reorderHold = false; ///< webhook_reorder: held until a later event reached the endpoint
    QString faults;           ///< the webhook faults applied, comma separated (for tests)
};

/** One delivery attempt (an HTTP POST that left the sandbox). */
struct StoredWebhookAttempt
{
    qint64 deliverySeq = 0;
    int attempt = 0; ///< 1-based
    qint64 atMs = 0; ///< when it was sent, UTC epoch ms
    qint64 durationMs = 0;
    int status = 0; ///< HTTP status, 0 = none (connection error or timeout)
    QString error;
    qint64 signatureTimestamp = 0; ///< t= of the Stripe-Signature header (UTC seconds)
};

/** A stored idempotency key (R14). */
struct StoredKey
{
    QString key;
    QString fingerprint;
    bool completed = false; ///< false while the first request still runs
    int status = 0;
    QByteArray contentType;
    QByteArray body;
    QString requestId; ///< Request-Id of the first request
    qint64 createdMs = 0;
    qint64 expiresMs = 0;
};

/** One page of a cursor-paged list, newest first. */
template<typename T>
struct Page
{
    QList<T> items;
    bool hasMore = false;
};

/** An event row; `data` is the event's data ({object, previous_attributes?}) at the time. */
struct StoredEvent
{
    qint64 seq = 0;
    QString id; ///< evt_...
    QString type;
    qint64 created = 0; ///< UTC seconds
    QJsonObject data;
    QString requestId;      ///< empty = null
    QString idempotencyKey; ///< empty = null
};

/** Cursor paging arguments (Stripe: limit 1..100, starting_after / ending_before by seq). */
struct PageRequest
{
    int limit = 10;
    qint64 startingAfterSeq = 0; ///< 0 = none; items older than this
    qint64 endingBeforeSeq = 0;  ///< 0 = none; items newer than this
};

/**
 * The sandbox's SQLite persistence: payment intents, refunds, events, idempotency keys,
 * webhook deliveries, counters and the clock offset, so a restart keeps everything (R14).
 *
 * Built on Database like the operation stores: one SQLite connection (WAL, 15 s busy
 * timeout), used only from the thread that opened it. Callers group writes with
 * transaction()/commit() so a refund, its event and the stored idempotent response land
 * together or not at all.
 *
 * Errors: every method returns a StoreResult. A failure is QueryFailed (ConnectionFailed when
 * the file is gone or the store was never opened; NotFound or InvalidArgument where a method
 * says so), with a message naming the operation ("insert refund: ..."); it is also logged, and
 * nothing is retried. Times are UTC epoch milliseconds (`...Ms`) or seconds (`created`),
 * amounts integer cents.
 */
class SandboxStore
{
public:
    SandboxStore();
    ~SandboxStore();
    SandboxStore(const SandboxStore&) = delete;
    SandboxStore& operator=(const SandboxStore&) = delete;

    /**
     * Opens (creating if needed, mode 0600) the SQLite file at path and its schema; older
     * sandbox files get the columns added since. Keys left `in progress` by a crash are
     * removed: their work never committed (execution and the stored response share one
     * transaction), so a retry must be able to run. Errors: ConnectionFailed (cannot open),
     * NotADatabase (not an SQLite file; left unchanged), QueryFailed (schema).
     */
    StoreResult<void> open(const QString& path);

    /** BEGIN IMMEDIATE: the write transaction commit() ends. */
    StoreResult<void> transaction();
    /** Commits; a failed commit is rolled back, so nothing of the transaction remains. */
    StoreResult<void> commit();
    void rollback();

    // Clock offset (ms, 0 until set) and named counters (stats).
    StoreResult<qint64> clockOffsetMs();
    StoreResult<void> setClockOffsetMs(qint64 ms);
    StoreResult<void> incrementCounter(const QString& name, qint64 by = 1);
    /** Every counter: {name: n}. */
    StoreResult<QJsonObject> counters();
    /** A counter per key within a group (e.g. refund POSTs per idempotency key); {key: n}. */
    StoreResult<void> incrementKeyedCounter(const QString& group, const QString& key);
    StoreResult<QJsonObject> keyedCounters(const QString& group);

    StoreResult<void> insertPaymentIntent(const StoredPaymentIntent& pi);
    /** nullopt when there is no such payment intent. */
    StoreResult<std::optional<StoredPaymentIntent>> paymentIntent(const QString& id);
    StoreResult<std::optional<StoredPaymentIntent>> paymentIntentByCharge(const QString& chargeId);
    /** Newest first. */
    StoreResult<QList<StoredPaymentIntent>> allPaymentIntents();

    StoreResult<void> insertRefund(StoredRefund& refund); ///< sets refund.seq
    StoreResult<void> updateRefundMetadata(const QString& id, const QJsonObject& metadata);
    /** Sets status failed, failure_reason and failure_balance_transaction; NotFound if no such refund. */
    StoreResult<void> failRefund(const QString& id, const QString& failureReason,
                                 const QString& failureBalanceTransaction);
    /** nullopt when there is no such refund. */
    StoreResult<std::optional<StoredRefund>> refund(const QString& id);
    /** Sum of succeeded and pending refunds of a payment intent, cents. */
    StoreResult<qint64> refundedAmount(const QString& paymentIntentId);
    /** Refunds filtered by payment intent and/or charge (empty = any), newest first. */
    StoreResult<Page<StoredRefund>> refunds(const QString& paymentIntent, const QString& charge,
                                            const PageRequest& page);
    /** Refund counts by column ("payment_intent" or "idempotency_key"; others: InvalidArgument). */
    StoreResult<QJsonObject> refundCountsBy(const QString& column);
    StoreResult<qint64> refundCount();

    StoreResult<void> insertEvent(StoredEvent& event); ///< sets event.seq
    /** nullopt when there is no such event. */
    StoreResult<std::optional<StoredEvent>> event(const QString& id);
    /** Events; types empty = any (a trailing ".*" matches a prefix); created range in seconds. */
    StoreResult<Page<StoredEvent>> events(const QStringList& types, std::optional<qint64> createdGte,
                                          std::optional<qint64> createdLte, const PageRequest& page);

    // Webhooks. Deliveries are rows so a restart resumes them (at least once).
    StoreResult<void> insertWebhookEndpoint(StoredWebhookEndpoint& endpoint); ///< sets endpoint.seq
    /** Endpoints not deleted, oldest first. */
    StoreResult<QList<StoredWebhookEndpoint>> webhookEndpoints();
    /** Deletes an endpoint and cancels its pending deliveries, in one transaction; false if unknown. */
    StoreResult<bool> deleteWebhookEndpoint(const QString& id);
    /** One pending delivery of the event to every endpoint (inside the event's transaction). */
    StoreResult<void> enqueueWebhookDeliveries(const StoredEvent& event, qint64 nowMs);
    /** The event's deliveries (any state), oldest first. */
    StoreResult<QList<StoredWebhookDelivery>> webhookDeliveriesOfEvent(const QString& eventId);
    /** Pending deliveries due at nowMs, oldest event first (at most limit). */
    StoreResult<QList<StoredWebhookDelivery>> dueWebhookDeliveries(qint64 nowMs, int limit);
    /** Earliest next_attempt_ms after afterMs of a pending delivery, or nullopt when none. */
    StoreResult<std::optional<qint64>> nextWebhookDueMs(qint64 afterMs);
    /** A second delivery of the same event to the same endpoint (webhook_duplicate). */
    StoreResult<void> duplicateWebhookDelivery(qint64 deliverySeq, qint64 nowMs);
    /** Schedule and fault fields of one delivery. */
    StoreResult<void> updateWebhookDeliverySchedule(qint64 deliverySeq, qint64 nextAttemptMs, bool reorderHold,
                                                    const QString& faults);
    /** Outcome of an attempt: the attempt row and the delivery's new state, in one transaction. */
    StoreResult<void> recordWebhookAttempt(const StoredWebhookAttempt& attempt, const QString& state,
                                           qint64 nextAttemptMs, qint64 deliveredMs);
    /** Releases reorder holds on the endpoint for events older than eventSeq; the count released. */
    StoreResult<int> releaseWebhookReorderHolds(const QString& endpointId, qint64 eventSeq, qint64 nowMs);
    /** Every delivery, oldest first. */
    StoreResult<QList<StoredWebhookDelivery>> allWebhookDeliveries();
    /** The attempts of one delivery, oldest first. */
    StoreResult<QList<StoredWebhookAttempt>> webhookAttempts(qint64 deliverySeq);
    /** Endpoints the event has not reached yet (Stripe's pending_webhooks). */
    StoreResult<int> pendingWebhookCount(const QString& eventId);

    /**
     * Seq of an object id (cursor lookup) in "refunds", "events" or "payment_intents" (others:
     * InvalidArgument); 0 if unknown.
     */
    StoreResult<qint64> seqOf(const QString& table, const QString& id);

    /**
     * Claims a key with one atomic INSERT (R14). An expired row (expiresMs <= nowMs) is
     * deleted first, so after retention the same key is a new request. True when this call
     * inserted the row; false when a live row exists (read it with key()).
     */
    StoreResult<bool> claimKey(const QString& key, const QString& fingerprint, const QString& requestId,
                               qint64 nowMs, qint64 expiresMs);
    /** nullopt when the key is not stored. */
    StoreResult<std::optional<StoredKey>> key(const QString& key);
    /**
     * Stores the executed response for a claimed key (inside the execution transaction);
     * NotFound when the key is not claimed and running.
     */
    StoreResult<void> completeKey(const QString& key, int status, const QByteArray& contentType,
                                  const QByteArray& body);
    /** Releases a claimed key that never began execution. */
    StoreResult<void> releaseKey(const QString& key);
    StoreResult<qint64> inProgressKeyCount();

private:
    StoreResult<QSqlQuery> run(const QString& sql, const QVariantList& binds, const QString& context);
    StoreResult<QSqlQuery*> runPrepared(const QString& sql, const QVariantList& binds, const QString& context);
    StoreResult<bool> hasColumn(const QString& table, const QString& column);

    std::unique_ptr<Database> m_db;
};
