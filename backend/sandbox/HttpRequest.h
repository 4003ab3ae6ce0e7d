#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

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
};
