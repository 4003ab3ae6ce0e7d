#pragma once

#include "sandbox/FaultInjector.h"
#include "sandbox/HttpConnection.h"
#include "sandbox/IdempotencyLayer.h"
#include "sandbox/SandboxClock.h"
#include "sandbox/SandboxPipeline.h"
#include "sandbox/SandboxStore.h"
#include "sandbox/StripeApi.h"
#include "sandbox/WebhookDispatcher.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QUrl>

#include <memory>

/** Start-up options of the sandbox provider (the sandbox-provider CLI flags). */
struct SandboxConfig
{
    QHostAddress address = QHostAddress::LocalHost; ///< must be loopback
    quint16 port = 0;                                ///< 0 = any free port
    QString dbPath;                                  ///< SQLite file
    IdempotencyProfile profile = IdempotencyProfile::Stripe;
    int retentionHours = 24;                         ///< idempotency key retention
    QString secretKey = QStringLiteral("sk_test_sandbox"); ///< may read and write
    QString readKey = QStringLiteral("rk_test_sandbox");   ///< restricted: GET only (403 on POST)
    WebhookConfig webhooks;                                ///< delivery retry bounds
    HttpLimits http;                                       ///< per-connection limits and the connection cap
};

/**
 * A loopback HTTP server that behaves like Stripe API v1 for refunds (SPEC R14), with
 * fault injection and a control API for tests.
 *
 * Pipeline for /v1 requests: Request-Id -> auth (401 wrong/missing key; 403 restricted key
 * on POST) -> route (404) -> rate limiter faults (429, nothing stored) -> Idempotency-Key
 * check (empty / > 255 chars: 400) -> parameter validation (400, nothing stored) -> key
 * claim (mismatch 400/422, in progress 409, replay with Idempotent-Replayed: true) ->
 * delay fault -> execution in one transaction with the stored response (or a stored 500
 * for the status_500 fault) -> drop_after_commit fault -> response.
 *
 * Control API (loopback only, no auth), JSON in and out:
 *  - POST /_sandbox/payment_intents {"id"?, "amount", "currency", "metadata"?} -> payment intent
 *  - POST /_sandbox/faults {"method", "path", "fault", "count", "delay_ms"?} -> {"id", "fault", ...}
 *    GET /_sandbox/faults -> {"faults": [...]}, DELETE /_sandbox/faults -> {"cleared": true}
 *  - POST /_sandbox/clock {"advance_seconds": N} -> {"now_ms", "now", "offset_ms"}; GET likewise
 *  - GET /_sandbox/stats -> counters (see stats())
 *  - POST /_sandbox/webhook_endpoints {"url"} -> {"id": "we_...", "secret": "whsec_...", "url", ...};
 *    GET lists them (without secrets); DELETE /_sandbox/webhook_endpoints/{id} removes one
 *  - GET /_sandbox/webhook_deliveries -> {"data": [delivery with its attempt_log]}
 *  - POST /_sandbox/refunds/{id}/fail {"failure_reason"} -> the failed refund (StripeApi::failRefund)
 */
class SandboxServer : public QObject
{
    Q_OBJECT
public:
    explicit SandboxServer(SandboxConfig config, QObject* parent = nullptr);
    ~SandboxServer() override;

    /** Opens the database and listens; false with *error set on failure. */
    bool start(QString* error);
    quint16 port() const;
    /** e.g. http://127.0.0.1:41234 */
    QUrl baseUrl() const;

    /**
     * Stats JSON: requests_total (/v1 requests), refunds_executed_total,
     * refunds_by_payment_intent {pi: n}, refunds_by_idempotency_key {key: n}, replays_total,
     * conflicts_409_total, rate_limited_429_total, idempotency_mismatch_total,
     * stored_500_total, dropped_total, in_progress_keys, now_ms; refund_posts_total and
     * refund_posts_by_idempotency_key {key: n} (every POST /v1/refunds that reached the server,
     * counted on arrival, before auth, faults and idempotency: the requests that left a client;
     * a request without the header counts under ""). Since the last start, in memory:
     * connections_open, connections_refused_total (over the connection limit) and
     * connection_limits {reason: n} (idle_timeout, header_timeout, body_timeout, 431, 413, ...).
     */
    StoreResult<QJsonObject> stats();   ///< the store's error when a count cannot be read (answered 500)

private:
    enum class Access { None, Secret, ReadOnly };

    /** "GET /v1/refunds/{id}": the request's method and route, for requests_by_path. */
    static QString routeOf(const HttpRequest& request);
    void onNewConnection();
    void handle(HttpConnection* connection, const HttpRequest& request);
    void handleControl(HttpConnection* connection, const HttpRequest& request, const QString& requestId);
    Access authenticate(const HttpRequest& request) const;
    /** Drop fault or write. */
    void finish(QPointer<HttpConnection> connection, const HttpRequest& request, HttpResponse response,
                const QString& requestId, const QString& key);
    void send(HttpConnection* connection, const HttpRequest& request, HttpResponse response,
              const QString& requestId);
    /** After a commit: webhook faults for the request's new events, then delivery. */
    void eventsCommitted(const HttpRequest& request);
    HttpResponse addWebhookEndpoint(const QJsonObject& body);
    HttpResponse addFault(const QJsonObject& body);

    SandboxConfig m_config;
    QTcpServer m_tcp;
    SandboxStore m_store;
    SandboxClock m_clock;
    StripeApi m_api;
    std::unique_ptr<IdempotencyLayer> m_idempotency;
    FaultInjector m_faults;
    std::unique_ptr<SandboxPipeline> m_pipeline;
    std::unique_ptr<WebhookDispatcher> m_webhooks;
    int m_openConnections = 0;
    qint64 m_refusedConnections = 0;
    qint64 m_acceptedConnections = 0;   ///< stats: connections_accepted_total (clients that reconnect show here)
    QHash<QString, qint64> m_limitHits;
};
