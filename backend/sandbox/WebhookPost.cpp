#include "sandbox/WebhookPost.h"

namespace {
// A receiver's answer is read only up to its status line and headers; the rest is ignored.
constexpr qsizetype kMaxResponseHead = 16 * 1024;
} // namespace

WebhookPost::WebhookPost(const QUrl& url, const QByteArray& body, const QList<QByteArray>& headers,
                         int timeoutMs, QObject* parent)
    : QObject(parent)
    , m_url(url)
    , m_timeoutMs(timeoutMs)
{
    QByteArray path = url.path(QUrl::FullyEncoded).toUtf8();
    if (path.isEmpty())
        path = "/";
    if (url.hasQuery())
        path += '?' + url.query(QUrl::FullyEncoded).toUtf8();
    m_request = "POST " + path + " HTTP/1.1\r\nHost: " + url.host().toUtf8() + ':' +
                QByteArray::number(url.port(80)) + "\r\nContent-Length: " + QByteArray::number(body.size()) +
                "\r\nConnection: close\r\n";
    for (const QByteArray& h : headers)
        m_request += h + "\r\n";
    m_request += "\r\n" + body;
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this,
            [this] { finish(0, QStringLiteral("timed out after %1 ms").arg(m_timeoutMs)); });
    connect(&m_socket, &QTcpSocket::connected, this, &WebhookPost::onConnected);
    connect(&m_socket, &QTcpSocket::readyRead, this, &WebhookPost::onReadyRead);
    connect(&m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        // A receiver that answers and closes at once may report RemoteHostClosed after its answer.
        if (error == QAbstractSocket::RemoteHostClosedError)
            onReadyRead();
        finish(0, m_socket.errorString());
    });
}

void WebhookPost::start()
{
    m_elapsed.start();
    m_timer.start(m_timeoutMs);
    m_socket.connectToHost(m_url.host(), static_cast<quint16>(m_url.port(80)));
}

void WebhookPost::onConnected()
{
    m_socket.write(m_request);
}

void WebhookPost::onReadyRead()
{
    if (m_done)
        return;
    m_response += m_socket.read(kMaxResponseHead - m_response.size());
    const qsizetype lineEnd = m_response.indexOf("\r\n");
    if (lineEnd < 0) {
        if (m_response.size() >= kMaxResponseHead)
            finish(0, QStringLiteral("malformed response from receiver"));
        return;
    }
    // "HTTP/1.1 200 OK": the status is all a delivery needs.
    const QList<QByteArray> parts = m_response.left(lineEnd).split(' ');
    bool ok = false;
    const int status = parts.value(1).toInt(&ok);
    if (!parts.value(0).startsWith("HTTP/1.") || !ok || status < 100 || status > 599)
        finish(0, QStringLiteral("malformed status line from receiver"));
    else if (status >= 200) // 1xx are interim answers; the final one follows
        finish(status, {});
    else
        m_response.remove(0, m_response.indexOf("\r\n\r\n") < 0 ? 0 : m_response.indexOf("\r\n\r\n") + 4);
}

void WebhookPost::finish(int status, const QString& error)
{
    if (m_done)
        return;
    m_done = true;
    m_timer.stop();
    m_socket.abort();
    emit finished(status, error, m_elapsed.elapsed());
    deleteLater();
}
