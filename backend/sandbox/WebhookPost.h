#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

/**
 * One webhook delivery attempt: a single HTTP/1.1 POST over its own connection
 * (`Connection: close`), answered by the receiver's status line. Exactly one request leaves
 * per attempt, so the attempts the sandbox records are the requests the receiver saw
 * (QNetworkAccessManager may resend a POST on its own; never used for writes here).
 *
 * Non-blocking, on the caller's event loop: the API keeps answering while a receiver is
 * slow. finished() is emitted once (status 0 with an error on connection errors or the
 * timeout); the object deletes itself afterwards.
 */
class WebhookPost : public QObject
{
    Q_OBJECT
public:
    /** url must be http with a host and port; headers are "Name: value" lines without CRLF. */
    WebhookPost(const QUrl& url, const QByteArray& body, const QList<QByteArray>& headers, int timeoutMs,
                QObject* parent = nullptr);
    void start();

signals:
    /** status: the receiver's HTTP status, or 0 with error set. durationMs: send to answer. */
    void finished(int status, const QString& error, qint64 durationMs);

private:
    void onConnected();
    void onReadyRead();
    void finish(int status, const QString& error);

    QUrl m_url;
    QByteArray m_request;
    int m_timeoutMs;
    QTcpSocket m_socket;
    QTimer m_timer;
    QElapsedTimer m_elapsed;
    QByteArray m_response;
    bool m_done = false;
};
