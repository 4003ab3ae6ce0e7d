#include "sandbox/HttpConnection.h"

#include "sandbox/HttpRequestParser.h"

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
    HttpRequestParser::Result parsed = HttpRequestParser::parse(m_buffer, MaxHeaderBytes, MaxBodyBytes);
    switch (parsed.state) {
    case HttpRequestParser::State::Incomplete:
        if (parsed.expectsContinue && !m_sentContinue) {
            m_sentContinue = true;
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
        return;
    case HttpRequestParser::State::Error:
        fail(parsed.errorStatus, parsed.errorMessage);
        return;
    case HttpRequestParser::State::Complete:
        break;
    }
    m_buffer.remove(0, parsed.consumed);
    m_sentContinue = false;
    parsed.request.peer = m_socket->peerAddress();
    m_closeAfter = parsed.closeAfter;
    m_busy = true;
    emit requestReady(parsed.request);
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
