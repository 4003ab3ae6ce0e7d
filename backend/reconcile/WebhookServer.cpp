#include "reconcile/WebhookServer.h"

#include "Logging.h"
#include "db/Database.h"
#include "reconcile/ProviderEventStore.h"
#include "reconcile/WebhookEventParser.h"
#include "reconcile/WebhookSignature.h"
#include "reconcile/WebhookWorker.h"
#include "sandbox/HttpConnection.h"

#include <QDateTime>
#include <QJsonObject>
#include <QPointer>
#include <QTcpServer>

namespace {

HttpResponse refusal(const QString& reason)
{
    return HttpResponse::json(400, QJsonObject{{QStringLiteral("error"), reason}});
}

} // namespace

WebhookServer::WebhookServer(Options options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options))
{
}

WebhookServer::~WebhookServer()
{
    if (m_worker) {
        QMetaObject::invokeMethod(m_worker, &WebhookWorker::stop, Qt::BlockingQueuedConnection);
        m_workerThread.quit();
        m_workerThread.wait();
        delete m_worker;
    }
}

bool WebhookServer::listen(const QHostAddress& address, quint16 port, QString* error)
{
    if (m_options.secret.isEmpty()) {
        *error =
            QStringLiteral("STRIPE_WEBHOOK_SECRET is not set: the webhook cannot check signatures (R25)");
        return false;
    }
    auto db = Database::open(m_options.databaseUrl);
    if (!db) {
        *error = db.error().message;
        return false;
    }
    m_db = std::move(db).value();

    m_worker = new WebhookWorker(m_options.databaseUrl, m_options.provider, m_options.waitingRetryMs);
    m_worker->moveToThread(&m_workerThread);
    connect(&m_workerThread, &QThread::started, m_worker, &WebhookWorker::start);
    connect(this, &WebhookServer::eventStored, m_worker, &WebhookWorker::apply, Qt::QueuedConnection);
    m_workerThread.start();

    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::newConnection, this, &WebhookServer::onConnection);
    if (!m_server->listen(address, port)) {
        *error = QStringLiteral("--listen: cannot listen on %1:%2: %3")
                     .arg(address.toString())
                     .arg(port)
                     .arg(m_server->errorString());
        return false;
    }
    return true;
}

quint16 WebhookServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

void WebhookServer::onConnection()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        // The parser's own cap (413 before the body is read) bounds memory; bodies between our
        // limit and that cap are refused 400 below, like any other body that is not an event.
        HttpLimits limits;
        limits.maxBodyBytes = 1024 * 1024;
        auto* connection = new HttpConnection(socket, limits, this);
        connect(connection, &HttpConnection::requestReady, this,
                [this, connection](const HttpRequest& request) { onRequest(connection, request); });
    }
}

void WebhookServer::onRequest(HttpConnection* connection, const HttpRequest& request)
{
    if (request.method != "POST") {
        connection->respond(
            HttpResponse::json(405, QJsonObject{{QStringLiteral("error"), QStringLiteral("POST only")}}));
        return;
    }
    if (request.body.size() > WebhookEventParser::kMaxBodyBytes) {
        ++m_refused;
        Logging::warn(QStringLiteral("webhook: refused a %1-byte body (limit %2)")
                          .arg(request.body.size())
                          .arg(WebhookEventParser::kMaxBodyBytes));
        connection->respond(refusal(QStringLiteral("body: %1 bytes, more than %2")
                                        .arg(request.body.size())
                                        .arg(WebhookEventParser::kMaxBodyBytes)));
        return;
    }
    // R25: the signature over the raw bytes first; the body is not even parsed before it holds.
    const WebhookSignature::Result sig =
        WebhookSignature::verify(request.header("stripe-signature"), request.body, m_options.secret,
                                 QDateTime::currentSecsSinceEpoch());
    if (!sig.ok()) {
        ++m_refused;
        Logging::warn(QStringLiteral("webhook: refused a request from %1: %2")
                          .arg(request.peer.toString(), sig.reason));
        connection->respond(refusal(sig.reason));
        return;
    }
    QString why;
    auto event = WebhookEventParser::parse(request.body, &why);
    if (!event) {
        ++m_refused;
        Logging::warn(QStringLiteral("webhook: refused a signed but malformed event: %1").arg(why));
        connection->respond(refusal(why));
        return;
    }
    ProviderEventStore store(*m_db);
    auto inserted = store.insert(*event, ProviderEventStore::Source::Webhook);
    if (!inserted) {
        // Not stored: a 5xx makes the provider deliver it again later.
        Logging::error(
            QStringLiteral("webhook: event %1 not stored: %2").arg(event->id, inserted.error().message));
        connection->respond(HttpResponse::json(
            503, QJsonObject{{QStringLiteral("error"), QStringLiteral("not stored, retry")}}));
        return;
    }
    if (!inserted.value()) {
        ++m_duplicates;
        Logging::info(
            QStringLiteral("webhook: event %1 (%2) already stored; ignored").arg(event->id, event->type));
        connection->respond(HttpResponse::json(
            200, QJsonObject{{QStringLiteral("received"), true}, {QStringLiteral("duplicate"), true}}));
        return;
    }
    ++m_accepted;
    Logging::info(QStringLiteral("webhook: stored event %1 (%2)").arg(event->id, event->type));
    connection->respond(HttpResponse::json(200, QJsonObject{{QStringLiteral("received"), true}}));
    emit eventStored(event->id);
}
