#pragma once

#include "sandbox/HttpLimits.h"
#include "sandbox/HttpRequest.h"
#include "sandbox/HttpResponse.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

/**
 * One keep-alive HTTP/1.1 connection: parses requests (HttpRequest::parse: Content-Length
 * bodies, Expect: 100-continue) and writes responses, one request at a time.
 *
 * Why not QHttpServer: in Qt 6.4.2 (Technical Preview) a responder kept past the handler
 * holds a raw socket pointer and a reference to the request, both freed when the client
 * disconnects; the sandbox must answer later (delay fault) and must be able to drop a
 * connection after committing (drop_after_commit, R14). Owning the socket makes both safe.
 *
 * Bounded (HttpLimits): while a request waits for its answer, or the client does not read its
 * answers, nothing more is read from the socket (Qt's read buffer is capped, so TCP flow
 * control stops the sender): memory stays bounded however much a client streams. Headers over
 * the limit get 431, a Content-Length over the limit 413, headers or a body that take too long
 * 408 (a slowloris drip is cut at the header timeout, not reset by each byte), and a
 * connection without a request in progress is closed after the idle timeout. After an error
 * answer the connection is aborted if the client does not take it within a second.
 *
 * The connection deletes itself when the socket disconnects; hold it in a QPointer when
 * answering later.
 */
class HttpConnection : public QObject
{
    Q_OBJECT
public:
    /** Takes ownership of the connected socket. */
    explicit HttpConnection(QTcpSocket* socket, QObject* parent = nullptr);
    HttpConnection(QTcpSocket* socket, const HttpLimits& limits, QObject* parent = nullptr);

    /** Writes the response; then reads the next request, or closes if the client asked to. */
    void respond(const HttpResponse& response);
    /** Closes the connection at once without any response (RST): the client sees a reset. */
    void drop();
    /** Answers 503 at once and closes (a connection over the server's limit). */
    void refuse(const QByteArray& message);

signals:
    /** A complete request arrived; exactly one respond() or drop() must follow. */
    void requestReady(const HttpRequest& request);
    /** A limit closed or refused the connection: "idle_timeout", "header_timeout", "body_timeout", "431",
     * "413"... */
    void limitHit(const QString& reason);

private:
    enum class Phase { Idle, Headers, Body, Busy, Closing };

    void onReadyRead();
    void tryParse();
    void fail(int status, const QByteArray& message, const QString& reason);
    void setPhase(Phase phase);
    void onTimeout();

    QTcpSocket* m_socket;
    HttpLimits m_limits;
    QByteArray m_buffer;
    QTimer m_timer; // the deadline of the current phase
    Phase m_phase = Phase::Idle;
    bool m_busy = false;         // a request was emitted and is not answered yet
    bool m_closeAfter = false;   // the current request asked for Connection: close
    bool m_sentContinue = false; // 100 Continue already sent for the pending body
};
