#pragma once

#include "provider/CurlPost.h"
#include "provider/FormEncoder.h"
#include "provider/ProviderConfig.h"
#include "provider/ProviderListPage.h"
#include "provider/ProviderReadResult.h"
#include "provider/ProviderResponse.h"
#include "provider/RefundCreateParams.h"

#include <QByteArray>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QRandomGenerator>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>

class QEventLoop;
class QJsonObject;
class QNetworkAccessManager;

/**
 * Blocking client for the provider's Stripe v1 REST API (SPEC §4): Stripe itself or the
 * sandbox provider.
 *
 * Wire conventions: `Authorization: Bearer <key>`, form-encoded POST bodies
 * (FormEncoder: `metadata[operation_id]=op_1`), JSON answers, `Idempotency-Key` on POST
 * only (GET never sends one), `Request-Id` and `Idempotent-Replayed` answer headers.
 * Redirects are not followed: a 3xx to a POST is an unknown outcome.
 *
 * Two transports. POST /v1/refunds goes through CurlPost (libcurl): one attempt is exactly
 * one HTTP request on a fresh connection (R12), ProviderConfig::requestTimeoutMs is the
 * deadline of the whole exchange and answers over 1 MiB are cut off (R7). Reads stay on
 * QNetworkAccessManager: they are cancelable, safe to resend, and their requestTimeoutMs
 * is Qt's transfer (inactivity) timeout.
 *
 * Threading: the object and its QNetworkAccessManager live in one thread and every call
 * except cancel() must come from that thread. Each call blocks in a local QEventLoop, so
 * run it in a worker thread (the console does) and do not re-enter it from a slot that
 * this loop delivers. Not copyable.
 *
 * Secrets (R22): the API key goes only into the Authorization header; every message this
 * class produces or logs is passed through Logging::redact() and has the configured key
 * masked as "***", even when the provider echoes it back.
 *
 * Qt may itself resend a GET whose connection closed before an answer; reads are safe to
 * repeat. No POST goes through Qt.
 */
class ProviderClient : public QObject
{
    Q_OBJECT

public:
    /** Waits delayMs milliseconds between read retries. The default sleeper spins an
        event loop that cancel() interrupts; tests inject a recorder. */
    using Sleeper = std::function<void(int delayMs)>;

    explicit ProviderClient(ProviderConfig config, QObject* parent = nullptr);
    ~ProviderClient() override;

    const ProviderConfig& config() const { return m_config; }
    /** Changes the deadline of later requests (ms; see ProviderConfig::requestTimeoutMs). */
    void setRequestTimeoutMs(int ms);

    /**
     * POST /v1/refunds with the given key: ONE attempt that is exactly one HTTP request, no
     * retries by any layer (the tool owns retries, R6/R7/R12). Body order: payment_intent,
     * charge, amount, reason, metadata[k] (sorted by k); p.currency is not sent. Returns
     * within about requestTimeoutMs (the deadline of the whole exchange). Classification
     * (R7): see AttemptOutcome; a 2xx is Succeeded only after RefundAnswerCheck found it to
     * be the refund asked for. Not cancelable: aborting a POST in flight would turn a
     * possible definite answer into an unknown one; the deadline bounds it. Blocks in a local
     * event loop while a helper thread runs the request.
     *
     * Refused locally, nothing sent (outcome Refused, httpStatus 0, error.type
     * "invalid_request_error", error.code "client_validation", error.param naming the
     * field): amountCents <= 0 (an omitted amount refunds the whole payment), neither
     * paymentIntent nor charge, an idempotency key that is not 1..255 printable ASCII
     * characters, a currency that is not three lower-case letters.
     */
    ProviderResponse createRefund(const RefundCreateParams& p, const QString& idempotencyKey);

    /** GET /v1/refunds/{id}. NotFound for 404 (resource_missing). */
    RefundReadResult retrieveRefund(const QString& id);

    /**
     * GET /v1/refunds?payment_intent=&charge=&limit=100, following has_more with
     * starting_after=<last id> to the last page (R15). Empty filters are not sent. Any item
     * that is not a valid refund fails the call as MalformedResponse ("data[3]: refund.amount:
     * ..."): a half-read list is no proof of absence.
     */
    RefundListResult listRefunds(const QString& paymentIntent, const QString& charge);

    /** GET /v1/payment_intents/{id}. */
    PaymentIntentReadResult retrievePaymentIntent(const QString& id);

    /**
     * GET /v1/payment_intents/search?query=&limit=100, following next_page with page= to
     * the end. Query syntax e.g. `metadata['order_id']:'4417'`. Search lags writes by up to
     * a minute (an hour in outages): an empty result is never proof of absence (R15).
     */
    PaymentIntentListResult searchPaymentIntents(const QString& query);

    /**
     * GET /v1/events?type=&created[gte]=&limit=100, following has_more with starting_after
     * to the end. Empty type: all types; createdGteUtcSeconds <= 0: no lower bound. Stripe
     * keeps events for 30 days.
     */
    EventListResult listEvents(const QString& type, qint64 createdGteUtcSeconds);
    /**
     * One page of GET /v1/events?limit=&starting_after= or &ending_before= (at most one of the
     * two; both empty: the newest page). Stripe lists newest first: starting_after walks to older
     * events, ending_before to the `limit` events just newer than the cursor (still newest first);
     * has_more says whether more lie beyond in that direction. limit 1..100. A malformed event
     * fails the whole page (MalformedResponse naming data[i]).
     */
    EventPageResult listEventsPage(const QString& startingAfter, const QString& endingBefore, int limit = 100);

    /**
     * Thread-safe. Makes the read call in progress (and every later one, until
     * resetCancel()) finish with ReadFailure::Canceled: sets an atomic flag and queues an
     * abort of the in-flight GET / the backoff sleep to this object's thread.
     * createRefund() ignores it (see there).
     */
    void cancel();
    /** Thread-safe. */
    bool isCanceled() const { return m_canceled.load(); }
    /** Clears the cancel flag so the client can be used again. Thread-safe. */
    void resetCancel() { m_canceled.store(false); }

    /** Request headers of POST /v1/refunds, in sent order. */
    using PostHeaders = QList<QPair<QByteArray, QByteArray>>;
    /**
     * Carries one POST /v1/refunds (url, headers, form body, deadline in ms) and returns what
     * came back, unchecked, as CurlPost::post() does. Every check and classification of the
     * answer stays in createRefund().
     */
    using PostTransport = std::function<CurlPost::Result(const QUrl& url, const PostHeaders& headers,
                                                         const QByteArray& body, int timeoutMs)>;
    /**
     * Replaces libcurl for POST /v1/refunds (nullptr: libcurl again). Only the deterministic
     * simulation (tests/simulation) sets one: it delivers the request to an in-process
     * provider on a virtual clock and injects network faults. Call before the first request.
     */
    void setPostTransport(PostTransport transport) { m_postTransport = std::move(transport); }

    /** Replaces the backoff sleeper (nullptr: the default interruptible one). */
    void setSleeper(Sleeper sleeper);
    /** Reseeds the jitter source, so tests can know the delays in advance. */
    void setRandomSeed(quint32 seed) { m_random.seed(seed); }

    /** The exact POST /v1/refunds body for p (see createRefund() for the order). */
    static QByteArray refundFormBody(const RefundCreateParams& p);

signals:
    /** A read call got 429 and will send retry number `retry` (1-based) after delayMs
        milliseconds. Emitted in this object's thread; useful for progress text. */
    void readRetryScheduled(int retry, int delayMs);

private:
    /** What came back from one HTTP exchange, before any interpretation. */
    struct RawReply
    {
        int httpStatus = 0; // 0: no status line received
        QByteArray body;
        QString requestId;
        bool replayed = false;
        bool transportFailed = false; // no complete answer (timeout, reset, refused, ...)
        bool timedOut = false;
        bool canceled = false;
        QString networkError;
        qint64 elapsedMs = 0;
    };
    using ItemHandler = ProviderListPage::ItemHandler;

    QUrl endpoint(const QString& path, const FormEncoder::Pairs& query = {}) const;
    CurlPost::Result postWaiting(const CurlPost& post, const QByteArray& body);
    RawReply send(const QByteArray& verb, const QUrl& url, const QByteArray& body,
                  const QString& idempotencyKey, bool cancelable);
    bool getObject(const QUrl& url, ProviderReadStatus& status, QJsonObject* out);
    bool getAllPages(const QString& path, const FormEncoder::Pairs& query, bool search,
                     ProviderReadStatus& status, const ItemHandler& onItem);
    void finishRead(const char* what, ProviderReadStatus& status, qint64 elapsedMs) const;
    void sleepMs(int ms);
    void abortInFlight();
    QString scrub(const QString& text) const;

    ProviderConfig m_config;
    QNetworkAccessManager* m_nam = nullptr;
    Sleeper m_sleeper;
    PostTransport m_postTransport;
    QRandomGenerator m_random;
    std::atomic<bool> m_canceled{false};
    // Touched only in this object's thread (by send()/sleepMs() and the queued abort).
    QPointer<QNetworkReply> m_inFlight;
    bool m_inFlightCancelable = false;
    QEventLoop* m_sleepLoop = nullptr;
};
