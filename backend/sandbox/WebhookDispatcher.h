#pragma once

#include "sandbox/SandboxStore.h"
#include "sandbox/StripeApi.h"

#include <QHash>
#include <QJsonArray>
#include <QObject>
#include <QSet>
#include <QTimer>

/** Retry bounds of webhook delivery (sandbox-provider --webhook-* flags). */
struct WebhookConfig
{
    int retryBaseMs = 1000;                   ///< wait after the first failed attempt; doubles after each one
    int retryCapMs = 60000;                   ///< longest wait between two attempts
    int maxAttempts = 8;                      ///< a delivery stops (state failed) after this many attempts
    qint64 maxAgeMs = 3LL * 24 * 3600 * 1000; ///< ... or once it is this old (Stripe: 3 days)
    int timeoutMs = 10000;                    ///< per attempt: connect, send, status line
};

/**
 * Delivers every event to every registered endpoint (R24, R25), signed like Stripe
 * (WebhookSigner), at least once: a delivery is a SandboxStore row queued in the event's
 * transaction and stays pending until the receiver answers 2xx, so a restart resumes it.
 * Non-2xx answers, connection errors and timeouts are retried with exponential backoff
 * (retryBaseMs * 2^(n-1), at most retryCapMs) until maxAttempts or maxAgeMs; every attempt is
 * recorded (GET /_sandbox/webhook_deliveries).
 *
 * Deliveries run on the event loop, off the request path: an API answer never waits for a
 * receiver. One attempt per endpoint is in flight at a time, oldest event first, so without
 * faults an endpoint sees events in creation order; the faults webhook_duplicate,
 * webhook_reorder and webhook_delay change that on purpose (applyFaults()).
 */
class WebhookDispatcher : public QObject
{
    Q_OBJECT
public:
    WebhookDispatcher(SandboxStore& store, StripeApi& api, WebhookConfig config, QObject* parent = nullptr);

    /** Looks for due deliveries soon (after the current request's answer is written). */
    void poke();

    /**
     * Faults for one new event's deliveries: duplicate (a second delivery of the same
     * event), reorder (held until a later event was sent to the endpoint, or holdMs at most),
     * delay (not sent before delayMs from now). delayMs/holdMs in ms; 0 = not applied.
     */
    void applyFaults(const QString& eventId, bool duplicate, bool reorder, int reorderHoldMs, int delayMs);

    /** Deliveries with their attempts, oldest first (the control API's view). */
    QJsonArray deliveriesJson();

    /** Wait before attempt n+1 after n failed attempts (n >= 1), ms. */
    static qint64 backoffMs(const WebhookConfig& config, int failedAttempts);

private:
    void process();
    void attempt(const StoredWebhookDelivery& delivery);
    void onAttemptFinished(const StoredWebhookDelivery& delivery, qint64 sentMs, qint64 signatureTimestamp,
                           int status, const QString& error, qint64 durationMs);

    SandboxStore& m_store;
    StripeApi& m_api;
    WebhookConfig m_config;
    QTimer m_timer;
    QSet<QString> m_busyEndpoints; ///< endpoints with an attempt in flight
};
