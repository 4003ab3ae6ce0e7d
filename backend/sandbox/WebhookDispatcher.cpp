#include "sandbox/WebhookDispatcher.h"

#include "Clock.h"
#include "Logging.h"
#include "sandbox/WebhookPost.h"
#include "sandbox/WebhookSigner.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

WebhookDispatcher::WebhookDispatcher(SandboxStore& store, StripeApi& api, WebhookConfig config,
                                     QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_api(api)
    , m_config(config)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &WebhookDispatcher::process);
}

qint64 WebhookDispatcher::backoffMs(const WebhookConfig& config, int failedAttempts)
{
    qint64 wait = config.retryBaseMs;
    for (int i = 1; i < failedAttempts && wait < config.retryCapMs; ++i)
        wait *= 2;
    return qMin<qint64>(wait, config.retryCapMs);
}

void WebhookDispatcher::poke()
{
    m_timer.start(0);
}

void WebhookDispatcher::applyFaults(const QString& eventId, bool duplicate, bool reorder, int reorderHoldMs,
                                    int delayMs)
{
    if (!duplicate && !reorder && delayMs <= 0)
        return;
    const qint64 now = Clock::system().nowMs();
    QStringList faults;
    if (duplicate)
        faults.append(QStringLiteral("webhook_duplicate"));
    if (delayMs > 0)
        faults.append(QStringLiteral("webhook_delay"));
    if (reorder)
        faults.append(QStringLiteral("webhook_reorder"));
    const QList<StoredWebhookDelivery> deliveries = m_store.webhookDeliveriesOfEvent(eventId).valueOr({});
    for (const StoredWebhookDelivery& d : deliveries) {
        qint64 next = d.nextAttemptMs;
        if (delayMs > 0)
            next = qMax(next, now + delayMs);
        if (reorder)
            next = qMax(next, now + reorderHoldMs); // the bound: delivered even if no later event comes
        m_store.updateWebhookDeliverySchedule(d.seq, next, reorder, faults.join(QLatin1Char(',')));
        if (duplicate)
            m_store.duplicateWebhookDelivery(d.seq, now);
    }
    Logging::info(QStringLiteral("webhook faults on %1: %2").arg(eventId, faults.join(QLatin1Char(','))));
}

void WebhookDispatcher::process()
{
    constexpr int batch = 200;
    const qint64 now = Clock::system().nowMs();
    const QList<StoredWebhookDelivery> due = m_store.dueWebhookDeliveries(now, batch).valueOr({});
    for (const StoredWebhookDelivery& d : due) {
        if (!m_busyEndpoints.contains(d.endpointId))
            attempt(d);
    }
    if (due.size() == batch) { // more may be due than one batch
        m_timer.start(0);
        return;
    }
    // Due deliveries left now belong to busy endpoints: onAttemptFinished() pokes for them.
    // Waiting on them here would spin while a slow receiver takes its time.
    const auto next = m_store.nextWebhookDueMs(now).valueOr(std::nullopt);
    if (!next)
        return;
    const qint64 wait = qMax<qint64>(0, *next - Clock::system().nowMs());
    if (!m_timer.isActive() || m_timer.remainingTime() > wait)
        m_timer.start(static_cast<int>(qMin<qint64>(wait, 3600 * 1000)));
}

void WebhookDispatcher::attempt(const StoredWebhookDelivery& delivery)
{
    const auto event = m_store.event(delivery.eventId).valueOr(std::nullopt);
    const QUrl url(delivery.url);
    if (!event) {
        Logging::error(
            QStringLiteral("webhook delivery %1: event %2 missing").arg(delivery.seq).arg(delivery.eventId));
        return;
    }
    m_busyEndpoints.insert(delivery.endpointId);
    const QByteArray body = QJsonDocument(m_api.eventJson(*event)).toJson(QJsonDocument::Compact);
    const qint64 sentMs = Clock::system().nowMs();
    // Stripe's t is the time of the attempt (wall clock, never the sandbox clock: a receiver
    // compares it with its own clock within 300 s, R25), so each retry carries a fresh signature.
    const qint64 t = sentMs / 1000;
    const QList<QByteArray> headers = {
        "Content-Type: application/json; charset=utf-8",
        "User-Agent: Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature: " + WebhookSigner::header(delivery.secret, t, body),
    };
    auto* post = new WebhookPost(url, body, headers, m_config.timeoutMs, this);
    connect(post, &WebhookPost::finished, this,
            [this, delivery, sentMs, t](int status, const QString& error, qint64 durationMs) {
                onAttemptFinished(delivery, sentMs, t, status, error, durationMs);
            });
    post->start();
}

void WebhookDispatcher::onAttemptFinished(const StoredWebhookDelivery& delivery, qint64 sentMs,
                                          qint64 signatureTimestamp, int status, const QString& error,
                                          qint64 durationMs)
{
    m_busyEndpoints.remove(delivery.endpointId);
    const qint64 now = Clock::system().nowMs();
    StoredWebhookAttempt a;
    a.deliverySeq = delivery.seq;
    a.attempt = delivery.attempts + 1;
    a.atMs = sentMs;
    a.durationMs = durationMs;
    a.status = status;
    a.error = error;
    a.signatureTimestamp = signatureTimestamp;
    const bool ok = status >= 200 && status < 300;
    QString state = QStringLiteral("pending");
    qint64 next = now + backoffMs(m_config, a.attempt);
    if (ok)
        state = QStringLiteral("delivered");
    else if (a.attempt >= m_config.maxAttempts || next - delivery.createdMs >= m_config.maxAgeMs)
        state = QStringLiteral("failed");
    m_store.recordWebhookAttempt(a, state, ok ? now : next, ok ? now : 0);
    m_store.incrementCounter(QStringLiteral("webhook_attempts_total"));
    if (ok)
        m_store.incrementCounter(QStringLiteral("webhook_delivered_total"));
    else if (state == QLatin1String("failed"))
        m_store.incrementCounter(QStringLiteral("webhook_failed_total"));
    Logging::info(QStringLiteral("webhook %1 -> %2 attempt %3: %4 %5")
                      .arg(delivery.eventId, delivery.endpointId)
                      .arg(a.attempt)
                      .arg(status)
                      .arg(ok ? QStringLiteral("delivered") : state + QLatin1Char(' ') + error));
    // webhook_reorder: a later event reached the endpoint, so the held earlier ones may follow.
    m_store.releaseWebhookReorderHolds(delivery.endpointId, delivery.eventSeq, now);
    poke();
}

QJsonArray WebhookDispatcher::deliveriesJson()
{
    QJsonArray out;
    const QList<StoredWebhookDelivery> all = m_store.allWebhookDeliveries().valueOr({});
    for (const StoredWebhookDelivery& d : all) {
        const auto event = m_store.event(d.eventId).valueOr(std::nullopt);
        QJsonArray attempts;
        const QList<StoredWebhookAttempt> tries = m_store.webhookAttempts(d.seq).valueOr({});
        for (const StoredWebhookAttempt& a : tries) {
            attempts.append(
                QJsonObject{{QStringLiteral("attempt"), a.attempt},
                            {QStringLiteral("at_ms"), a.atMs},
                            {QStringLiteral("duration_ms"), a.durationMs},
                            {QStringLiteral("status"), a.status},
                            {QStringLiteral("error"),
                             a.error.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(a.error)},
                            {QStringLiteral("signature_t"), a.signatureTimestamp}});
        }
        out.append(QJsonObject{
            {QStringLiteral("id"), d.seq},
            {QStringLiteral("event_id"), d.eventId},
            {QStringLiteral("event_type"), event ? event->type : QString()},
            {QStringLiteral("endpoint_id"), d.endpointId},
            {QStringLiteral("state"), d.state},
            {QStringLiteral("attempts"), d.attempts},
            {QStringLiteral("created_ms"), d.createdMs},
            {QStringLiteral("next_attempt_ms"), d.state == QLatin1String("pending")
                                                    ? QJsonValue(d.nextAttemptMs)
                                                    : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("delivered_ms"),
             d.deliveredMs > 0 ? QJsonValue(d.deliveredMs) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("last_status"), d.lastStatus},
            {QStringLiteral("faults"), d.faults.isEmpty()
                                           ? QJsonArray()
                                           : QJsonArray::fromStringList(d.faults.split(QLatin1Char(',')))},
            {QStringLiteral("attempt_log"), attempts},
        });
    }
    return out;
}
