#include "sandbox/HttpConnection.h"

#include <QUrl>

HttpConnection::HttpConnection(QTcpSocket* socket, QObject* parent)
    : QObject(parent), m_socket(socket)
{
    m_socket->setParent(this);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
}

void HttpConnection::onReadyRead()
{
    m_buffer.append(m_socket->readAll());
    tryParse();
}

void HttpConnection::fail(int status, const QByteArray& message)
{
    HttpResponse r = HttpResponse::stripeError(status, QStringLiteral("invalid_request_error"), {},
                                               QString::fromLatin1(message));
    m_closeAfter = true;
    m_busy = true;
    respond(r);
}

void HttpConnection::tryParse()
{
    if (m_busy || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    const qsizetype headerEnd = m_buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (m_buffer.size() > MaxHeaderBytes)
            fail(413, "Request headers too large");
        return;
    }
    const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1.")) {
        fail(400, "Malformed request line");
        return;
    }
    HttpRequest request;
    request.method = requestLine.at(0).toUpper();
    request.peer = m_socket->peerAddress();
    const QByteArray version = requestLine.at(2);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        request.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }
    if (request.header("transfer-encoding").toLower().contains("chunked")) {
        fail(411, "Chunked request bodies are not supported; send Content-Length");
        return;
    }
    bool ok = true;
    const QByteArray lengthHeader = request.header("content-length");
    const qint64 length = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&ok);
    if (!ok || length < 0 || length > MaxBodyBytes) {
        fail(413, "Invalid or too large Content-Length");
        return;
    }
    const qsizetype total = headerEnd + 4 + length;
    if (m_buffer.size() < total) {
        // Clients such as curl (stripe-php) wait for this before sending a larger body.
        if (!m_sentContinue && request.header("expect").toLower() == "100-continue") {
            m_sentContinue = true;
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
        return;
    }
    request.body = m_buffer.mid(headerEnd + 4, length);
    m_buffer.remove(0, total);
    m_sentContinue = false;

    const QUrl target = QUrl::fromEncoded(requestLine.at(1));
    request.path = target.path(QUrl::FullyDecoded);
    request.query = QUrlQuery(target.query(QUrl::FullyEncoded));

    const QByteArray connection = request.header("connection").toLower();
    m_closeAfter = version == "HTTP/1.0" ? connection != "keep-alive" : connection == "close";
    m_busy = true;
    emit requestReady(request);
}

void HttpConnection::respond(const HttpResponse& response)
{
    if (!m_busy || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(response.status) + ' '
        + HttpResponse::reasonPhrase(response.status) + "\r\n";
    out += "Content-Type: " + response.contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
    for (const auto& h : response.headers)
        out += h.first + ": " + h.second + "\r\n";
    out += m_closeAfter ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
    out += "\r\n";
    out += response.body;
    m_socket->write(out);
    m_busy = false;
    if (m_closeAfter) {
        m_socket->disconnectFromHost();
        return;
    }
    // A pipelined request may already be buffered.
    tryParse();
}

void HttpConnection::drop()
{
    m_busy = false;
    m_buffer.clear();
    m_socket->abort();
    deleteLater();
}
