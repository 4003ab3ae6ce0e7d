#include "reconcile/WebhookWorker.h"

#include "Logging.h"
#include "db/Database.h"
#include "provider/ProviderClient.h"
#include "reconcile/Reconciler.h"

#include <QTimer>

WebhookWorker::WebhookWorker(QString databaseUrl, ProviderConfig provider, int waitingRetryMs)
    : m_url(std::move(databaseUrl))
    , m_provider(std::move(provider))
    , m_retryMs(waitingRetryMs)
{
}

WebhookWorker::~WebhookWorker() = default;

void WebhookWorker::start()
{
    auto db = Database::open(m_url);
    if (!db) {
        Logging::error(QStringLiteral("webhook worker: %1").arg(db.error().message));
        return;
    }
    m_db = std::move(db).value();
    m_client = std::make_unique<ProviderClient>(m_provider);
    ProviderClient* client = m_client.get();
    m_reconciler = std::make_unique<Reconciler>(
        *m_db, [client](const QString& id) { return client->retrieveRefund(id); });
    m_timer = new QTimer(this);
    connect(m_timer, &QTimer::timeout, this, &WebhookWorker::applyWaiting);
    m_timer->start(m_retryMs);
    applyWaiting();
}

void WebhookWorker::apply(const QString& eventId)
{
    if (!m_reconciler)
        return;
    if (auto r = m_reconciler->apply(eventId); !r)
        Logging::error(QStringLiteral("webhook worker: event %1: %2").arg(eventId, r.error().message));
}

void WebhookWorker::applyWaiting()
{
    if (!m_reconciler)
        return;
    if (auto r = m_reconciler->applyWaiting(); !r)
        Logging::error(QStringLiteral("webhook worker: waiting events: %1").arg(r.error().message));
}

void WebhookWorker::stop()
{
    if (m_timer)
        m_timer->stop();
    m_reconciler.reset();
    m_client.reset();
    m_db.reset();
}
