#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

/**
 * An HTTP response the sandbox sends or stores for replay (R14).
 *
 * Stored idempotent responses keep status, content type and body; per-response headers
 * such as Request-Id and Idempotent-Replayed are added when it is written.
 */
class HttpResponse
{
public:
    int status = 200;
    QByteArray contentType = "application/json";
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers; ///< extra headers, in order
    /**
     * The sandbox's own storage failed while answering (never sent as such: the client sees a
     * 500 api_error "Storage failure."). The pipeline rolls the execution back and stores
     * nothing for the key, so a retry runs again (R14), whatever was written before the failure.
     */
    bool storageFailed = false;

    /** A JSON response (compact, UTF-8). */
    static HttpResponse json(int status, const QJsonObject& object);

    /**
     * A Stripe error response: `{"error":{"type","code","message","param"?}}`.
     * Empty code or param are left out.
     */
    static HttpResponse stripeError(int status, const QString& type, const QString& code,
                                    const QString& message, const QString& param = {});

    /** 500 api_error "Storage failure.", with storageFailed set. */
    static HttpResponse storageFailure();

    /** An RFC 7807 application/problem+json response (the IETF idempotency draft profile). */
    static HttpResponse problem(int status, const QString& type, const QString& title,
                                const QString& detail);

    /** Sets a header, replacing any earlier value of the same (case-insensitive) name. */
    void setHeader(const QByteArray& name, const QByteArray& value);
    QByteArray header(const QByteArray& name) const;

    /**
     * The response as HTTP/1.1 bytes: status line with its reason phrase, Content-Type,
     * Content-Length, the extra headers in order, then `Connection: close` or `keep-alive`,
     * a blank line and the body. The sandbox's connections and the test fakes write this.
     */
    QByteArray toWire(bool closeConnection) const;

    /** The reason phrase for a status code ("OK", "Conflict", ...). */
    static QByteArray reasonPhrase(int status);
};
