#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QTcpServer>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

/** One HTTP request as the fake server received it. */
struct RecordedRequest
{
    QByteArray method;
    QByteArray target;                    ///< path and query, as sent
    QMap<QByteArray, QByteArray> headers; ///< names lower-cased
    QByteArray body;

    QString path() const;
    /** Query items, percent-decoded. */
    QUrlQuery query() const;
    bool hasHeader(const QByteArray& name) const { return headers.contains(name.toLower()); }
    QByteArray header(const QByteArray& name) const { return headers.value(name.toLower()); }
};

/** What the fake server does with one request. */
struct FakeReply
{
    enum class Mode {
        Answer, ///< write an HTTP answer, then close
        Silent, ///< accept, read, never answer (the transfer-timeout case)
        Close,  ///< close the connection without answering
    };
    Mode mode = Mode::Answer;
    int status = 200;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray contentType = QByteArrayLiteral("application/json");

    static FakeReply json(int status, const QByteArray& body,
                          QList<QPair<QByteArray, QByteArray>> headers = {});
    static FakeReply silent();
    static FakeReply close();
};

/**
 * A minimal HTTP/1.1 server on 127.0.0.1 built on QTcpServer, for provider client tests.
 * It records every request and answers through a handler; every answer carries
 * "Connection: close" so each request is a fresh connection. Lives in the test thread;
 * the blocking client's local event loop drives it when both share a thread.
 */
class FakeProviderServer : public QObject
{
    Q_OBJECT

public:
    using Handler = std::function<FakeReply(const RecordedRequest&)>;

    explicit FakeProviderServer(QObject* parent = nullptr);

    /** Listens on 127.0.0.1, any free port. */
    bool start();
    QUrl baseUrl() const;
    void setHandler(Handler handler) { m_handler = std::move(handler); }
    /** Always answers with reply. */
    void setReply(const FakeReply& reply);

    QList<RecordedRequest> requests;
    int connections = 0;

signals:
    void connectionAccepted();
    void requestReceived();

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);

    QTcpServer m_server;
    Handler m_handler;
    QMap<QTcpSocket*, QByteArray> m_buffers;
};
