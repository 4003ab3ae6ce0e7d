#include "ProviderStatusMonitor.h"

#include "provider/ProviderClient.h"

#include <QDateTime>
#include <QtConcurrent>

namespace {

ProviderStatusMonitor::Status runCheck(const ProviderConfig& config)
{
    ProviderClient client(config);   // lives and dies in this worker thread
    const qint64 nowSeconds = QDateTime::currentSecsSinceEpoch();
    const EventListResult result = client.listEvents(QStringLiteral("refund.created"), nowSeconds);
    ProviderStatusMonitor::Status status;
    status.reachable = result.ok();
    status.text = result.ok() ? ProviderStatusMonitor::tr("reachable") : result.describe();
    return status;
}

} // namespace

ProviderStatusMonitor::ProviderStatusMonitor(QObject* parent)
    : QObject(parent)
{
    m_timer.setObjectName(QStringLiteral("providerCheckTimer"));
    connect(&m_timer, &QTimer::timeout, this, &ProviderStatusMonitor::checkNow);
    connect(&m_watcher, &QFutureWatcher<Status>::finished, this, [this] {
        if (m_watcher.future().resultCount() > 0)
            emit checked(m_watcher.result());
    });
}

ProviderStatusMonitor::~ProviderStatusMonitor()
{
    m_timer.stop();
    // A check in flight is bounded by the request timeout; wait so its result has a receiver.
    m_watcher.waitForFinished();
}

void ProviderStatusMonitor::start(const ProviderConfig& config, int intervalMs)
{
    m_config = config;
    // A status check should be quick and not pile up retries behind a rate limit.
    m_config.readRetryMax = 0;
    m_config.requestTimeoutMs = qMin(m_config.requestTimeoutMs, 5000);
    m_timer.start(intervalMs);
    checkNow();
}

void ProviderStatusMonitor::stop()
{
    m_timer.stop();
}

void ProviderStatusMonitor::checkNow()
{
    if (m_watcher.isRunning() || m_config.baseUrl.isEmpty())
        return;
    const ProviderConfig config = m_config;
    m_watcher.setFuture(QtConcurrent::run([config] { return runCheck(config); }));
}
