#include "reconcile/WebhookSignature.h"

#include <QCryptographicHash>
#include <QList>
#include <QMessageAuthenticationCode>

namespace {

WebhookSignature::Result fail(WebhookSignature::Verdict v, const QString& reason, qint64 t = 0)
{
    return {v, t, reason};
}

bool allDigits(const QByteArray& s)
{
    if (s.isEmpty() || s.size() > 18)
        return false;
    for (char c : s) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

} // namespace

QByteArray WebhookSignature::expectedSignature(const QByteArray& body, const QByteArray& secret,
                                               qint64 timestamp)
{
    QMessageAuthenticationCode mac(QCryptographicHash::Sha256, secret);
    mac.addData(QByteArray::number(timestamp));
    mac.addData(".", 1);
    mac.addData(body);
    return mac.result().toHex();
}

QByteArray WebhookSignature::sign(const QByteArray& body, const QByteArray& secret, qint64 timestamp)
{
    return "t=" + QByteArray::number(timestamp) + ",v1=" + expectedSignature(body, secret, timestamp);
}

bool WebhookSignature::constantTimeEquals(const QByteArray& a, const QByteArray& b)
{
    // The length of a hex SHA-256 is public; only the content must not leak through timing.
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return diff == 0;
}

WebhookSignature::Result WebhookSignature::verify(const QByteArray& header, const QByteArray& body,
                                                  const QByteArray& secret, qint64 nowSeconds,
                                                  qint64 toleranceSeconds)
{
    if (secret.isEmpty())
        return fail(Verdict::NoSecret, QStringLiteral("no webhook secret configured"));
    const QByteArray trimmed = header.trimmed();
    if (trimmed.isEmpty())
        return fail(Verdict::MissingHeader, QStringLiteral("Stripe-Signature header missing"));
    if (trimmed.size() > 8192)
        return fail(Verdict::MalformedHeader, QStringLiteral("Stripe-Signature header too long"));

    QByteArray t;
    int timestamps = 0;
    QList<QByteArray> v1;
    for (const QByteArray& rawPart : trimmed.split(',')) {
        const QByteArray part = rawPart.trimmed();
        const qsizetype eq = part.indexOf('=');
        if (eq <= 0)
            return fail(Verdict::MalformedHeader,
                        QStringLiteral("Stripe-Signature: element without key=value"));
        const QByteArray key = part.left(eq);
        const QByteArray value = part.mid(eq + 1);
        if (key == "t") {
            t = value;
            ++timestamps;
        } else if (key == "v1") {
            v1.append(value.toLower());
        }
    }
    if (timestamps != 1 || !allDigits(t))
        return fail(Verdict::MalformedHeader,
                    QStringLiteral("Stripe-Signature: needs exactly one numeric t"));
    const qint64 timestamp = t.toLongLong();
    if (v1.isEmpty())
        return fail(Verdict::NoSignature, QStringLiteral("Stripe-Signature: no v1 signature"), timestamp);

    const QByteArray expected = expectedSignature(body, secret, timestamp);
    bool match = false;
    for (const QByteArray& candidate : std::as_const(v1))
        match = constantTimeEquals(candidate, expected) || match; // no early exit: same work for every entry
    if (!match)
        return fail(Verdict::WrongSignature,
                    QStringLiteral("Stripe-Signature: no v1 signature matches the body"), timestamp);
    const qint64 age = nowSeconds - timestamp;
    if (age > toleranceSeconds || -age > toleranceSeconds)
        return fail(
            Verdict::Stale,
            QStringLiteral("Stripe-Signature: timestamp %1 is %2 s from now, outside the %3 s tolerance")
                .arg(timestamp)
                .arg(age)
                .arg(toleranceSeconds),
            timestamp);
    return {Verdict::Valid, timestamp, QString()};
}
