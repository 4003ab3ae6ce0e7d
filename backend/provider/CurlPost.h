#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

/**
 * One HTTP/1.1 POST over libcurl that is exactly one request on the wire (SPEC R12), with a
 * deadline for the whole exchange and a cap on the answer (R7). Used for POST /v1/refunds,
 * where Qt's QNetworkAccessManager is unfit: it resends a POST by itself when the connection
 * closes before an answer, its transfer timeout is an inactivity timer (a body dripped one
 * byte per 400 ms kept a 600 ms-timeout call alive for 72 s), and it reads any body whole.
 *
 * Per request: a fresh connection that is never reused (so libcurl has no "dead reused
 * connection" to retry on), HTTP/1.1 only (libcurl retries an HTTP/2 stream the server
 * refused), no redirects, no proxy from the environment, http/https only, system CAs with
 * peer and host verification, no signals (CURLOPT_NOSIGNAL, safe in threads).
 *
 * Blocking; call from any thread, one request per call. Holds no secret beyond the headers
 * given to it, and puts none of them into Result::error.
 */
class CurlPost
{
public:
    /** Largest answer body read, bytes (1 MiB); a longer one is cut off (BodyTooLarge). */
    static constexpr qint64 kMaxBodyBytes = 1024 * 1024;
    /** Largest total of answer header lines read, bytes; more aborts (HeadersTooLarge). */
    static constexpr qint64 kMaxHeaderBytes = 64 * 1024;

    /** Why no complete answer arrived. */
    enum class Failure {
        None,            ///< a complete answer (any HTTP status)
        NotSent,         ///< connection refused, host or proxy not found, or libcurl unusable:
                         ///< nothing left the process
        TimedOut,        ///< the whole exchange ran past timeoutMs
        BodyTooLarge,    ///< the answer body was over kMaxBodyBytes; reading stopped there
        HeadersTooLarge, ///< the answer headers were over kMaxHeaderBytes
        Transport,       ///< reset, closed early, partial body, TLS failure, bad HTTP, ...
    };

    /** What came back, unchecked: the caller validates every value before storing it. */
    struct Result
    {
        Failure failure = Failure::None;
        int httpStatus = 0;            ///< 0 when no status line arrived
        QByteArray body;               ///< at most kMaxBodyBytes
        QByteArray requestId;          ///< raw Request-Id header value, trimmed
        QByteArray idempotentReplayed; ///< raw Idempotent-Replayed header value, trimmed
        QString error;                 ///< empty for None; never contains header values
        qint64 elapsedMs = 0;          ///< wall time of the exchange, ms
        bool complete() const { return failure == Failure::None; }
    };

    /** url: http or https; timeoutMs: deadline of the whole exchange (connect to last byte), ms. */
    CurlPost(QUrl url, int timeoutMs);

    /** Adds a request header; name and value must not contain CR or LF (they are dropped). */
    void addHeader(const QByteArray& name, const QByteArray& value);

    /** Sends body as the request body, once. Blocking. */
    Result post(const QByteArray& body) const;

private:
    QUrl m_url;
    int m_timeoutMs = 0;
    QList<QPair<QByteArray, QByteArray>> m_headers;
};
