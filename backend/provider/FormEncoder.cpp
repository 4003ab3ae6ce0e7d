#include "provider/FormEncoder.h"

#include <QUrl>

QByteArray FormEncoder::encode(const Pairs& pairs)
{
    QByteArray out;
    for (const auto& [key, value] : pairs) {
        if (!out.isEmpty())
            out += '&';
        out += encodeKey(key);
        out += '=';
        out += encodeValue(value);
    }
    return out;
}

QByteArray FormEncoder::encodeKey(const QString& key)
{
    return QUrl::toPercentEncoding(key, QByteArrayLiteral("[]"));
}

QByteArray FormEncoder::encodeValue(const QString& value)
{
    // QUrlQuery would leave '+' literal, which a form decoder reads as a space.
    return QUrl::toPercentEncoding(value);
}
