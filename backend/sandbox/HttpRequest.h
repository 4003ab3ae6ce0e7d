#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

struct HttpParseResult;

/**
 * One parsed HTTP/1.1 request as the sandbox sees it.
 *
 * Header names are stored lower case; hasHeader() tells an absent header from an empty one,
 * which matters for R14 (an empty Idempotency-Key is refused, a missing one is not).
 */
class HttpRequest
{
public:
    QByteArray method;  ///< upper case, e.g. "POST"
    QString path;       ///< decoded path without the query, e.g. "/v1/refunds"
    QByteArray target;  ///< the request target as sent: path and query, undecoded
    QUrlQuery query;    ///< query string parameters
    QList<QPair<QByteArray, QByteArray>> headers; ///< names lower case, values trimmed
    QByteArray body;
    QHostAddress peer;

    /** True when the header was sent, even with an empty value. */
    bool hasHeader(const QByteArray& name) const;
    /** Value of the first header with that (case-insensitive) name, or an empty array. */
    QByteArray header(const QByteArray& name) const;

    /**
     * The body decoded as application/x-www-form-urlencoded, in sent order, with
     * percent-decoding and '+' as space (Stripe's POST encoding, e.g. metadata[order_id]=4417).
     */
    QList<QPair<QString, QString>> formParams() const;
    /** Pairs encoded as application/x-www-form-urlencoded (a body or a query string), decoded as
        formParams() decodes the body. */
    static QList<QPair<QString, QString>> decodeForm(const QByteArray& encoded);

    /**
     * Parses the first HTTP/1.1 request at the start of buffer: a pure function of its bytes and
     * the two limits (no socket, no clock), so it can be fuzzed. Content-Length bodies only
     * (chunked: 411); headers larger than maxHeaderBytes: 431; a Content-Length above
     * maxBodyBytes: 413 as soon as the headers are in; a malformed request line: 400.
     */
    static HttpParseResult parse(const QByteArray& buffer, qsizetype maxHeaderBytes, qsizetype maxBodyBytes);
};

/** Outcome of parse(). */
struct HttpParseResult
{
    enum class State {
        Incomplete, ///< more bytes needed (headersComplete tells which part)
        Complete,   ///< `request` holds the first request of the buffer; `consumed` bytes are used
        Error,      ///< refuse with errorStatus (400, 411, 413, 431) and close
    };
    State state = State::Incomplete;
    HttpRequest request; ///< method, path, query, headers (and body when Complete); no peer
    qsizetype consumed = 0;
    bool headersComplete = false;
    bool expectContinue = false; ///< `Expect: 100-continue` with the body still missing
    bool closeAfter = false;     ///< the client asked to close after this request
    int errorStatus = 0;
    QByteArray errorMessage;
};
