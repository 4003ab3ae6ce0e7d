#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QTcpServer>
#include <QUrl>
#include <QUrlQuery>

class QTcpSocket;

/**
 * A provider that lies, stalls and floods: a raw-TCP HTTP/1.1 server on 127.0.0.1 for the
 * R7/R12 tests. QTcpServer rather than QHttpServer because it must be able to send what no
 * well-behaved server sends (a body dripped byte by byte, 5 MB answers, a 20 KB header, a
 * connection closed mid-way).
 *
 * It counts every complete request it receives (method, path, headers, body) before it
 * answers, so a test can check that one createRefund() call is exactly one request (R12).
 * POST /v1/refunds is answered per mode(); every other request gets 404. Every answer
 * carries "Connection: close".
 *
 * Lives in the thread that created it; a blocking client in the same thread must spin an
 * event loop while it waits (ProviderClient does).
 */
class HostileProvider : public QObject
{
    Q_OBJECT

public:
    /** How POST /v1/refunds is answered. */
    enum class Mode {
        CorrectRefund,      ///< 200, a refund echoing amount/payment_intent/metadata, currency()
        ForeignRefund,      ///< 200, {"id":"re_not_ours",...,"operation_id":"op_someone_else"}
        WrongAmount,        ///< 200, correct but amount + 1
        WrongCurrency,      ///< 200, correct but currency "eur" (or "usd" when currency() is eur)
        WrongPaymentIntent, ///< 200, correct but payment_intent "pi_someone_else"
        WrongOperationId,   ///< 200, correct but metadata.operation_id "op_someone_else"
        StatusFailed,       ///< 200, correct but status failed, failure_reason failureReason()
        StatusCanceled,     ///< 200, correct but status canceled
        StatusMisspelled,   ///< 200, correct but status "succeded"
        StatusEmpty,        ///< 200, correct but status ""
        StatusNumber,       ///< 200, correct but status 42
        Drip,               ///< 200 headers, then the correct body one byte per dripIntervalMs()
        HugeBody,           ///< 200, a 5 MB body without Content-Length (ends at close)
        HugeRefundId,       ///< 200, a correct refund whose id is 5 MB long (with Content-Length)
        LongRefundId,       ///< 200, a correct refund whose id is 300 characters long
        NulInRefundId,      ///< 200, a correct refund whose id contains \u0000
        HugeRequestId,      ///< 200, the correct refund with a 20 KB Request-Id header
        CloseWithoutAnswer, ///< read the request, close the connection
        ServerError500,     ///< 500 api_error
        Conflict409,        ///< 409 idempotency_key_in_use
        RateLimited429,     ///< 429 rate_limit
    };
    Q_ENUM(Mode)

    /** One request as received. */
    struct Request
    {
        QByteArray method;
        QByteArray target;                    ///< path and query, as sent
        QMap<QByteArray, QByteArray> headers; ///< names lower-cased
        QByteArray body;

        QByteArray path() const
        {
            return target.left(target.indexOf('?') < 0 ? target.size() : target.indexOf('?'));
        }
        QByteArray header(const QByteArray& name) const { return headers.value(name.toLower()); }
        QByteArray idempotencyKey() const { return header("idempotency-key"); }
        /** The body decoded as a form ('+' is a space, then percent-decoding). */
        QUrlQuery form() const;
    };

    explicit HostileProvider(QObject* parent = nullptr);
    ~HostileProvider() override;

    /** Listens on 127.0.0.1, any free port. */
    bool start();
    QUrl baseUrl() const;

    void setMode(Mode mode) { m_mode = mode; }
    Mode mode() const { return m_mode; }
    /** Currency of the refunds it makes up (default "usd"). */
    void setCurrency(const QString& currency) { m_currency = currency; }
    QString currency() const { return m_currency; }
    /** Interval between two body bytes in Drip mode, ms (default 400). */
    void setDripIntervalMs(int ms) { m_dripIntervalMs = ms; }
    int dripIntervalMs() const { return m_dripIntervalMs; }
    /** failure_reason of StatusFailed/StatusCanceled refunds (default "insufficient_funds"). */
    void setFailureReason(const QString& reason) { m_failureReason = reason; }
    QString failureReason() const { return m_failureReason; }

    /** Number of complete requests received (all paths and methods). */
    int requestCount() const { return int(m_requests.size()); }
    const QList<Request>& requests() const { return m_requests; }
    /** Connections accepted (a request that never completed still counts here). */
    int connectionCount() const { return m_connections; }
    /** Bytes handed to sockets so far (answers), for flood checks. */
    qint64 bytesQueued() const { return m_bytesQueued; }

    /** The correct refund object for a request (what CorrectRefund sends), as JSON. */
    QByteArray correctRefund(const Request& request) const;

    /** A loopback port with no listener: connecting to it is refused. */
    static quint16 refusedPort();
    /** http://127.0.0.1:<refusedPort()>. */
    static QUrl refusedUrl();

    static QString modeName(Mode mode);

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);
    void answer(QTcpSocket* socket, const Request& request);
    void write(QTcpSocket* socket, const QByteArray& bytes);
    void startDrip(QTcpSocket* socket, const QByteArray& body);

    QTcpServer m_server;
    Mode m_mode = Mode::CorrectRefund;
    QString m_currency = QStringLiteral("usd");
    QString m_failureReason = QStringLiteral("insufficient_funds");
    int m_dripIntervalMs = 400;
    QList<Request> m_requests;
    int m_connections = 0;
    qint64 m_bytesQueued = 0;
    QMap<QTcpSocket*, QByteArray> m_buffers;
};
