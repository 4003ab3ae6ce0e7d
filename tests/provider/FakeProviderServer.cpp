#include "FakeProviderServer.h"

#include "sandbox/HttpRequest.h"
#include "sandbox/HttpResponse.h"

#include <QTcpSocket>

QString RecordedRequest::path() const
{
    const int q = target.indexOf('?');
    return QString::fromLatin1(q < 0 ? target : target.left(q));
}

QUrlQuery RecordedRequest::query() const
{
    const int q = target.indexOf('?');
    // Decoded as a form, as the sandbox decodes a body: '+' is a space, then percent-decoding.
    QUrlQuery out;
    for (const auto& [key, value] : HttpRequest::decodeForm(q < 0 ? QByteArray() : target.mid(q + 1)))
        out.addQueryItem(key, value);
    return out;
}

FakeReply FakeReply::json(int status, const QByteArray& body, QList<QPair<QByteArray, QByteArray>> headers)
{
    FakeReply reply;
    reply.status = status;
    reply.body = body;
    reply.headers = std::move(headers);
    return reply;
}

FakeReply FakeReply::silent()
{
    FakeReply reply;
    reply.mode = Mode::Silent;
    return reply;
}

FakeReply FakeReply::close()
{
    FakeReply reply;
    reply.mode = Mode::Close;
    return reply;
}

FakeProviderServer::FakeProviderServer(QObject* parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &FakeProviderServer::onNewConnection);
}

bool FakeProviderServer::start()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl FakeProviderServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_server.serverPort());
    return url;
}

void FakeProviderServer::setReply(const FakeReply& reply)
{
    m_handler = [reply](const RecordedRequest&) { return reply; };
}

void FakeProviderServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        ++connections;
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
        emit connectionAccepted();
    }
}

void FakeProviderServer::onReadyRead(QTcpSocket* socket)
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
    RecordedRequest request;
    request.method = parsed.request.method;
    request.target = parsed.request.target;
    for (const auto& [name, value] : parsed.request.headers)
        request.headers.insert(name, value);
    request.body = parsed.request.body;
    buffer.clear();

    requests.append(request);
    emit requestReceived();
    const FakeReply reply = m_handler ? m_handler(request) : FakeReply::json(404, "{}");
    switch (reply.mode) {
    case FakeReply::Mode::Silent:
        return;
    case FakeReply::Mode::Close:
        socket->disconnectFromHost();
        return;
    case FakeReply::Mode::Answer:
        break;
    }
    HttpResponse out;
    out.status = reply.status;
    out.contentType = reply.contentType;
    out.headers = reply.headers;
    out.body = reply.body;
    socket->write(out.toWire(true));
    socket->disconnectFromHost();
}
