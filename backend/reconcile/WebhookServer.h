#pragma once

#include "provider/ProviderConfig.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>
#include <memory>

class Database;
class HttpConnection;
class HttpRequest;
class QTcpServer;
class WebhookWorker;

/**
 * `refund-tool webhook`: the HTTP/1.1 receiver of the provider's signed events (R24, R25).
 *
 * Requests are parsed by the sandbox's HttpConnection (Content-Length bodies only; its limits
 * answer a declared body over 1 MiB with 413 before reading it); a body over
 * WebhookEventParser::kMaxBodyBytes (256 KiB) is answered 400. For each POST, in this order: the
 * Stripe-Signature header is verified over the raw body with the endpoint secret and a 300 s tolerance
 * (WebhookSignature), only then is the body parsed as an event, and the event is stored once by its id.
 * Answers: 200 {"received":true} for a new event, 200 {"received":true,"duplicate":true} for one already
 * stored (ignored); 400 with the reason for a bad or missing signature, a stale timestamp, an
 * oversized or malformed body (nothing stored); 405 for other methods. The answer goes out as soon
 * as the event is stored (one INSERT); the reconciler runs on a worker thread with its own
 * database connection and provider client, and every waitingRetryMs it retries events still
 * waiting (a refund that could not be read, an operation that was open).
 */
class WebhookServer : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString databaseUrl;
        QByteArray secret;       ///< the endpoint secret, whsec_...
        ProviderConfig provider; ///< read-only key (R13)
        int waitingRetryMs = 2000;
    };

    explicit WebhookServer(Options options, QObject* parent = nullptr);
    ~WebhookServer() override;

    /** Opens the database (receiver side), starts the worker and listens. False + *error on failure. */
    bool listen(const QHostAddress& address, quint16 port, QString* error);
    quint16 port() const;

    /** Counters for logs and tests. */
    int accepted() const { return m_accepted; }
    int duplicates() const { return m_duplicates; }
    int refused() const { return m_refused; }

signals:
    void eventStored(const QString& eventId);

private:
    void onConnection();
    void onRequest(HttpConnection* connection, const HttpRequest& request);

    Options m_options;
    QTcpServer* m_server = nullptr;
    std::unique_ptr<Database> m_db;
    QThread m_workerThread;
    WebhookWorker* m_worker = nullptr;
    int m_accepted = 0;
    int m_duplicates = 0;
    int m_refused = 0;
};
