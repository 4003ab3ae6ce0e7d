#pragma once

#include <QByteArray>
#include <QString>

/**
 * R25: Stripe's webhook signature check, as a pure function (no clock, no I/O), so a fuzzer can
 * call it directly.
 *
 * Header `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...][,v0=...]`. The signed
 * payload is "{t}.{body}" with the endpoint secret (the whole "whsec_..." string) as the key. The
 * request is accepted when exactly one t is given, some v1 entry equals the expected signature
 * (compared in constant time; several v1 entries exist while a secret is being rolled) and
 * |now - t| <= toleranceSeconds (300 by default, Stripe's). Other schemes (v0) are ignored.
 */
class WebhookSignature
{
public:
    static constexpr qint64 kDefaultToleranceSeconds = 300;

    enum class Verdict {
        Valid,
        MissingHeader,
        MalformedHeader,
        NoSignature,
        WrongSignature,
        Stale,
        NoSecret
    };

    struct Result
    {
        Verdict verdict = Verdict::MalformedHeader;
        qint64 timestamp = 0; ///< t from the header (Unix seconds), 0 if none was read
        QString reason;       ///< for logs and the 400 answer; never contains the secret
        bool ok() const { return verdict == Verdict::Valid; }
    };

    /** Checks header for body under secret at nowSeconds (Unix seconds, UTC). */
    static Result verify(const QByteArray& header, const QByteArray& body, const QByteArray& secret,
                         qint64 nowSeconds, qint64 toleranceSeconds = kDefaultToleranceSeconds);

    /** The header Stripe would send for body at timestamp (tests and the demo's sender). */
    static QByteArray sign(const QByteArray& body, const QByteArray& secret, qint64 timestamp);

    /** Lower-case hex HMAC-SHA256 of "{t}.{body}". */
    static QByteArray expectedSignature(const QByteArray& body, const QByteArray& secret, qint64 timestamp);

    /** Equality that takes the same time whatever the first difference is. */
    static bool constantTimeEquals(const QByteArray& a, const QByteArray& b);
};
