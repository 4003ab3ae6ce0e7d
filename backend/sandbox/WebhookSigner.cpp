#include "sandbox/WebhookSigner.h"

#include "sandbox/StripeApi.h"

#include <QMessageAuthenticationCode>

QByteArray WebhookSigner::signature(const QString& secret, qint64 timestamp, const QByteArray& body)
{
    QMessageAuthenticationCode mac(QCryptographicHash::Sha256, secret.toUtf8());
    mac.addData(QByteArray::number(timestamp));
    mac.addData(".", 1);
    mac.addData(body);
    return mac.result().toHex();
}

QByteArray WebhookSigner::header(const QString& secret, qint64 timestamp, const QByteArray& body)
{
    return "t=" + QByteArray::number(timestamp) + ",v1=" + signature(secret, timestamp, body);
}

QString WebhookSigner::newSecret()
{
    return StripeApi::newId(QStringLiteral("whsec_"), 32);
}
