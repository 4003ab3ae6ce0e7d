#pragma once

#include <QByteArray>
#include <QString>

/**
 * Signs webhook bodies exactly as Stripe does (R25): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "{t}.{body}")>`, where the
 * endpoint secret ("whsec_...") is the HMAC key as-is, the way stripe-node's
 * `webhooks.constructEvent` checks it. Pure functions: no clock, no I/O.
 */
class WebhookSigner
{
public:
    /** Lower-case hex HMAC-SHA256 of "{timestamp}.{body}" keyed with the secret's UTF-8 bytes. */
    static QByteArray signature(const QString& secret, qint64 timestamp, const QByteArray& body);
    /** The Stripe-Signature header value: "t=<timestamp>,v1=<signature>". */
    static QByteArray header(const QString& secret, qint64 timestamp, const QByteArray& body);
    /** A new endpoint secret: "whsec_" + 32 random alphanumerics. */
    static QString newSecret();
};
