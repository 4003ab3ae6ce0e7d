#pragma once

#include "provider/ProviderConfig.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

/**
 * Checks every intervalMs whether the provider answers the console's read key (R13), off
 * the GUI thread: each check runs a fresh ProviderClient in a QtConcurrent worker (the
 * client and its network manager are created, used and destroyed in that thread).
 *
 * The check is one cheap GET: the refund events created from now on
 * (GET /v1/events?type=refund.created&created[gte]=now, normally an empty first page).
 * It proves reachability and that the key may read, and never writes anything.
 */
class ProviderStatusMonitor : public QObject
{
    Q_OBJECT

public:
    struct Status
    {
        bool reachable = false;   ///< the provider answered 2xx to the read key
        QString text;             ///< "reachable", "wrong key (401)", "unreachable: ...", never the key
    };

    explicit ProviderStatusMonitor(QObject* parent = nullptr);
    ~ProviderStatusMonitor() override;

    /** Starts checking at once, then every intervalMs. */
    void start(const ProviderConfig& config, int intervalMs = 30000);
    void stop();
    /** Runs one check now unless one is already running. */
    void checkNow();

signals:
    void checked(const ProviderStatusMonitor::Status& status);

private:
    ProviderConfig m_config;
    QTimer m_timer;
    QFutureWatcher<Status> m_watcher;
};

Q_DECLARE_METATYPE(ProviderStatusMonitor::Status)
