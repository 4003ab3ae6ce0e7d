#pragma once

#include "sandbox/HttpRequest.h"
#include "sandbox/HttpResponse.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>

/**
 * One keep-alive HTTP/1.1 connection: parses requests (Content-Length bodies, Expect:
 * 100-continue) and writes responses, one request at a time.
 *
 * Why not QHttpServer: in Qt 6.4.2 (Technical Preview) a responder kept past the handler
 * holds a raw socket pointer and a reference to the request, both freed when the client
 * disconnects; the sandbox must answer later (delay fault) and must be able to drop a
 * connection after committing (drop_after_commit, R14). Owning the socket makes both safe.
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

    /** Writes the response; then reads the next request, or closes if the client asked to. */
    void respond(const HttpResponse& response);
    /** Closes the connection at once without any response (RST): the client sees a reset. */
    void drop();

    static constexpr qsizetype MaxHeaderBytes = 64 * 1024;
    static constexpr qsizetype MaxBodyBytes = 1024 * 1024;

signals:
    /** A complete request arrived; exactly one respond() or drop() must follow. */
    void requestReady(const HttpRequest& request);

private:
    void onReadyRead();
    void tryParse();
    void fail(int status, const QByteArray& message);

    QTcpSocket* m_socket;
    QByteArray m_buffer;
    bool m_busy = false;          // a request was emitted and is not answered yet
    bool m_closeAfter = false;    // the current request asked for Connection: close
    bool m_sentContinue = false;  // 100 Continue already sent for the pending body
};
