#include "sandbox/HttpConnection.h"

namespace {
// Qt's own read buffer per socket: once full, Qt stops reading the socket and the kernel's
// TCP window closes, so a client that streams while we hold its answer is simply slowed down.
constexpr qint64 kSocketReadBuffer = 64 * 1024;
// After an error answer or a refusal: how long a client gets to take it before an abort.
constexpr int kClosingGraceMs = 1000;
} // namespace

HttpConnection::HttpConnection(QTcpSocket* socket, QObject* parent)
    : HttpConnection(socket, HttpLimits{}, parent)
{
}

HttpConnection::HttpConnection(QTcpSocket* socket, const HttpLimits& limits, QObject* parent)
    : QObject(parent)
    , m_socket(socket)
    , m_limits(limits)
{
    m_socket->setParent(this);
    m_socket->setReadBufferSize(kSocketReadBuffer);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &HttpConnection::onTimeout);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    // A client reading its backlog of answers may let the next request in.
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_phase == Phase::Idle)
            m_timer.start(m_limits.idleTimeoutMs);
        onReadyRead();
    });
    connect(m_socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    setPhase(Phase::Idle);
}

void HttpConnection::setPhase(Phase phase)
{
    m_phase = phase;
    switch (phase) {
    case Phase::Idle:
        m_timer.start(m_limits.idleTimeoutMs);
        break;
    case Phase::Headers:
        m_timer.start(m_limits.headerTimeoutMs);
        break;
    case Phase::Body:
        m_timer.start(m_limits.bodyTimeoutMs);
        break;
    case Phase::Busy:
        m_timer.stop();
        break; // the handler decides when to answer (delay fault)
    case Phase::Closing:
        m_timer.start(kClosingGraceMs);
        break;
    }
}

void HttpConnection::onTimeout()
{
    switch (m_phase) {
    case Phase::Idle:
        // A graceful close (FIN), so a client about to reuse the connection sees it is gone.
        emit limitHit(QStringLiteral("idle_timeout"));
        setPhase(Phase::Closing);
        m_socket->disconnectFromHost();
        break;
    case Phase::Headers:
        fail(408, "Request headers not received in time", QStringLiteral("header_timeout"));
        break;
    case Phase::Body:
        fail(408, "Request body not received in time", QStringLiteral("body_timeout"));
        break;
    case Phase::Busy:
        break;
    case Phase::Closing:
        m_socket->abort();
        deleteLater();
        break;
    }
}

void HttpConnection::onReadyRead()
{
    // Not reading while busy, closing or with unread answers queued is what bounds memory.
    if (m_busy || m_phase == Phase::Closing || m_socket->bytesToWrite() > m_limits.maxPendingOutputBytes)
        return;
    const qint64 room = m_limits.maxHeaderBytes + m_limits.maxBodyBytes + 4 - m_buffer.size();
    if (room > 0 && m_socket->bytesAvailable() > 0)
        m_buffer.append(m_socket->read(qMin<qint64>(room, m_socket->bytesAvailable())));
    tryParse();
}

void HttpConnection::fail(int status, const QByteArray& message, const QString& reason)
{
    emit limitHit(reason);
    HttpResponse r = HttpResponse::stripeError(status, QStringLiteral("invalid_request_error"), {},
                                               QString::fromLatin1(message));
    m_closeAfter = true;
    m_busy = true;
    respond(r);
}

void HttpConnection::refuse(const QByteArray& message)
{
    fail(503, message, QStringLiteral("connection_limit"));
}

void HttpConnection::tryParse()
{
    if (m_busy || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    if (m_buffer.isEmpty()) {
        if (m_phase != Phase::Idle)
            setPhase(Phase::Idle);
        return;
    }
    const HttpParseResult parsed =
        HttpRequest::parse(m_buffer, m_limits.maxHeaderBytes, m_limits.maxBodyBytes);
    switch (parsed.state) {
    case HttpParseResult::State::Error:
        fail(parsed.errorStatus, parsed.errorMessage, QString::number(parsed.errorStatus));
        return;
    case HttpParseResult::State::Incomplete:
        // The deadlines run from the first byte of the request and of the body: a drip of
        // single bytes does not extend them.
        if (!parsed.headersComplete && m_phase != Phase::Headers)
            setPhase(Phase::Headers);
        else if (parsed.headersComplete && m_phase != Phase::Body)
            setPhase(Phase::Body);
        // Clients such as curl (stripe-php) wait for this before sending a larger body.
        if (parsed.expectContinue && !m_sentContinue) {
            m_sentContinue = true;
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
        return;
    case HttpParseResult::State::Complete:
        break;
    }
    HttpRequest request = parsed.request;
    request.peer = m_socket->peerAddress();
    m_buffer.remove(0, parsed.consumed);
    m_sentContinue = false;
    m_closeAfter = parsed.closeAfter;
    m_busy = true;
    setPhase(Phase::Busy);
    emit requestReady(request);
}

void HttpConnection::respond(const HttpResponse& response)
{
    if (!m_busy || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    m_socket->write(response.toWire(m_closeAfter));
    m_busy = false;
    if (m_closeAfter) {
        m_buffer.clear();
        setPhase(Phase::Closing);
        m_socket->disconnectFromHost();
        return;
    }
    setPhase(Phase::Idle);
    // A pipelined request may already be buffered here or in the socket.
    onReadyRead();
}

void HttpConnection::drop()
{
    m_busy = false;
    m_buffer.clear();
    m_timer.stop();
    m_socket->abort();
    deleteLater();
}
