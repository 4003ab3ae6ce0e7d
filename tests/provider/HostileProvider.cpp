#include "HostileProvider.h"

#include "sandbox/HttpRequest.h"
#include "sandbox/HttpResponse.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaEnum>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace {

constexpr qsizetype kHugeBytes = 5 * 1024 * 1024; // well past the client's 1 MiB cap

QByteArray statusLine(int status)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " Hostile\r\n";
}

QByteArray stripeError(const char* type, const char* code, const char* message)
{
    QJsonObject error{{QStringLiteral("type"), QLatin1String(type)},
                      {QStringLiteral("code"), QLatin1String(code)},
                      {QStringLiteral("message"), QLatin1String(message)}};
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

} // namespace

QUrlQuery HostileProvider::Request::form() const
{
    QUrlQuery out;
    for (const auto& [key, value] : HttpRequest::decodeForm(body))
        out.addQueryItem(key, value);
    return out;
}

HostileProvider::HostileProvider(QObject* parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &HostileProvider::onNewConnection);
}

HostileProvider::~HostileProvider() = default;

bool HostileProvider::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl HostileProvider::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_server.serverPort());
    return url;
}

quint16 HostileProvider::refusedPort()
{
    // Take a free port from the kernel and give it back: nothing listens there afterwards.
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 1; // port 1 needs root to listen on: refused as well
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

QUrl HostileProvider::refusedUrl()
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(refusedPort());
    return url;
}

QString HostileProvider::modeName(Mode mode)
{
    return QString::fromLatin1(QMetaEnum::fromType<Mode>().valueToKey(int(mode)));
}

QByteArray HostileProvider::correctRefund(const Request& request) const
{
    const QUrlQuery form = request.form();
    QJsonObject metadata;
    for (const auto& [key, value] : form.queryItems(QUrl::FullyDecoded)) {
        if (key.startsWith(QLatin1String("metadata[")) && key.endsWith(QLatin1Char(']')))
            metadata.insert(key.mid(9, key.size() - 10), value);
    }
    const QString charge = form.queryItemValue(QStringLiteral("charge"), QUrl::FullyDecoded);
    const QString pi = form.queryItemValue(QStringLiteral("payment_intent"), QUrl::FullyDecoded);
    QJsonObject refund{
        {QStringLiteral("id"), QStringLiteral("re_hostile_%1").arg(m_requests.size())},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("amount"), form.queryItemValue(QStringLiteral("amount")).toLongLong()},
        {QStringLiteral("currency"), m_currency},
        {QStringLiteral("created"), 1700000000},
        {QStringLiteral("payment_intent"), pi.isEmpty() ? QJsonValue() : QJsonValue(pi)},
        {QStringLiteral("charge"), charge.isEmpty() ? QJsonValue() : QJsonValue(charge)},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("failure_reason"), QJsonValue()},
        {QStringLiteral("metadata"), metadata},
    };
    QJsonObject edited = refund;
    switch (m_mode) {
    case Mode::WrongAmount:
        edited.insert(QStringLiteral("amount"), refund.value(QStringLiteral("amount")).toInteger() + 1);
        break;
    case Mode::WrongCurrency:
        edited.insert(QStringLiteral("currency"),
                      m_currency == QLatin1String("eur") ? QStringLiteral("usd") : QStringLiteral("eur"));
        break;
    case Mode::WrongPaymentIntent:
        edited.insert(QStringLiteral("payment_intent"), QStringLiteral("pi_someone_else"));
        break;
    case Mode::WrongOperationId:
        metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_someone_else"));
        edited.insert(QStringLiteral("metadata"), metadata);
        break;
    case Mode::StatusFailed:
        edited.insert(QStringLiteral("status"), QStringLiteral("failed"));
        edited.insert(QStringLiteral("failure_reason"), m_failureReason);
        break;
    case Mode::StatusCanceled:
        edited.insert(QStringLiteral("status"), QStringLiteral("canceled"));
        edited.insert(QStringLiteral("failure_reason"), m_failureReason);
        break;
    case Mode::StatusMisspelled:
        edited.insert(QStringLiteral("status"), QStringLiteral("succeded"));
        break;
    case Mode::StatusEmpty:
        edited.insert(QStringLiteral("status"), QString());
        break;
    case Mode::StatusNumber:
        edited.insert(QStringLiteral("status"), 42);
        break;
    case Mode::HugeRefundId:
        edited.insert(QStringLiteral("id"), QStringLiteral("re_") + QString(kHugeBytes, QLatin1Char('x')));
        break;
    case Mode::LongRefundId:
        edited.insert(QStringLiteral("id"), QStringLiteral("re_") + QString(297, QLatin1Char('x')));
        break;
    case Mode::NulInRefundId:
        edited.insert(QStringLiteral("id"), QStringLiteral("re_nul") + QChar(0) + QStringLiteral("tail"));
        break;
    default:
        break;
    }
    return QJsonDocument(edited).toJson(QJsonDocument::Compact);
}

void HostileProvider::onNewConnection()
{
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        ++m_connections;
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void HostileProvider::onReadyRead(QTcpSocket* socket)
{
    QByteArray& buffer = m_buffers[socket];
    buffer += socket->readAll();
    // The sandbox's own parser (one HTTP/1.1 request parser for the sandbox and the fakes).
    const HttpParseResult parsed = HttpRequest::parse(buffer, 64 * 1024, 64 * 1024 * 1024);
    if (parsed.state == HttpParseResult::State::Incomplete)
        return; // headers or body not complete yet
    if (parsed.state == HttpParseResult::State::Error) {
        HttpResponse refusal;
        refusal.status = parsed.errorStatus;
        socket->write(refusal.toWire(true));
        socket->disconnectFromHost();
        return;
    }
    Request request;
    request.method = parsed.request.method;
    request.target = parsed.request.target;
    for (const auto& [name, value] : parsed.request.headers)
        request.headers.insert(name, value);
    request.body = parsed.request.body;
    buffer.clear();
    m_requests.append(request);
    answer(socket, request);
}

void HostileProvider::write(QTcpSocket* socket, const QByteArray& bytes)
{
    m_bytesQueued += bytes.size();
    socket->write(bytes);
}

void HostileProvider::answer(QTcpSocket* socket, const Request& request)
{
    const auto send = [this, socket](int status, const QByteArray& body,
                                     const QByteArray& extraHeaders = {}) {
        QByteArray out = statusLine(status);
        out += "Content-Type: application/json\r\nConnection: close\r\n";
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        out += "Request-Id: req_hostile_" + QByteArray::number(m_requests.size()) + "\r\n";
        out += extraHeaders + "\r\n" + body;
        write(socket, out);
        socket->disconnectFromHost();
    };

    if (request.method != "POST" || !request.target.startsWith("/v1/refunds")) {
        send(404, stripeError("invalid_request_error", "resource_missing", "Unrecognized request URL"));
        return;
    }
    switch (m_mode) {
    case Mode::ForeignRefund:
        send(200, QByteArrayLiteral(R"({"id":"re_not_ours","object":"refund","amount":1,"currency":"eur",)"
                                    R"("status":"failed","metadata":{"operation_id":"op_someone_else"}})"));
        return;
    case Mode::Drip: {
        const QByteArray body = correctRefund(request);
        QByteArray head = statusLine(200);
        head += "Content-Type: application/json\r\nConnection: close\r\n";
        head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n";
        write(socket, head);
        startDrip(socket, body);
        return;
    }
    case Mode::HugeBody: {
        // No Content-Length: the body ends when the connection closes, so only a cap on what
        // the client reads (not a look at the header) can stop it.
        QByteArray out = statusLine(200);
        out += "Content-Type: application/json\r\nConnection: close\r\n\r\n";
        out += "{\"id\":\"re_flood\",\"object\":\"refund\",\"padding\":\"";
        out += QByteArray(kHugeBytes, 'x');
        out += "\"}";
        write(socket, out);
        socket->disconnectFromHost();
        return;
    }
    case Mode::HugeRequestId:
        send(200, correctRefund(request), "Request-Id: req_" + QByteArray(20 * 1024, 'r') + "\r\n");
        return;
    case Mode::CloseWithoutAnswer:
        socket->disconnectFromHost();
        return;
    case Mode::ServerError500:
        send(500, stripeError("api_error", "api_error", "Something went wrong on our end"));
        return;
    case Mode::Conflict409:
        send(409, stripeError("idempotency_error", "idempotency_key_in_use",
                              "There is currently another in-progress request using this Idempotent Key"));
        return;
    case Mode::RateLimited429:
        send(429, stripeError("invalid_request_error", "rate_limit", "Too many requests"));
        return;
    default:
        send(200, correctRefund(request));
        return;
    }
}

void HostileProvider::startDrip(QTcpSocket* socket, const QByteArray& body)
{
    auto* timer = new QTimer(socket); // dies with the socket when the client gives up
    auto position = std::make_shared<qsizetype>(0);
    QPointer<QTcpSocket> guard(socket);
    connect(timer, &QTimer::timeout, this, [this, guard, timer, body, position] {
        if (!guard || guard->state() != QAbstractSocket::ConnectedState) {
            timer->stop();
            return;
        }
        write(guard, body.mid(*position, 1));
        ++*position;
        if (*position >= body.size()) {
            timer->stop();
            guard->disconnectFromHost();
        }
    });
    timer->start(m_dripIntervalMs);
}
