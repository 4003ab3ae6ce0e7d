#pragma once

#include "provider/ProviderConfig.h"

#include <QObject>
#include <QString>

#include <memory>

class Database;
class ProviderClient;
class QTimer;
class Reconciler;

/**
 * The webhook's reconciler thread: its own database connection, its own ProviderClient (which
 * must live in the thread that uses it) and a Reconciler. Created in the main thread, moved to
 * the worker thread; start() runs there.
 */
class WebhookWorker : public QObject
{
    Q_OBJECT
public:
    WebhookWorker(QString databaseUrl, ProviderConfig provider, int waitingRetryMs);
    ~WebhookWorker() override;

public slots:
    /** Opens the connection and applies what was left waiting by an earlier run. */
    void start();
    void apply(const QString& eventId);
    void applyWaiting();
    void stop();

private:
    QString m_url;
    ProviderConfig m_provider;
    int m_retryMs;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ProviderClient> m_client;
    std::unique_ptr<Reconciler> m_reconciler;
    QTimer* m_timer = nullptr;
};
