#include "sandbox/HttpRequest.h"

#include <QUrl>

bool HttpRequest::hasHeader(const QByteArray& name) const
{
    const QByteArray lower = name.toLower();
    for (const auto& h : headers) {
        if (h.first == lower)
            return true;
    }
    return false;
}

QByteArray HttpRequest::header(const QByteArray& name) const
{
    const QByteArray lower = name.toLower();
    for (const auto& h : headers) {
        if (h.first == lower)
            return h.second;
    }
    return {};
}

QList<QPair<QString, QString>> HttpRequest::formParams() const
{
    QList<QPair<QString, QString>> out;
    const QList<QByteArray> pairs = body.split('&');
    for (const QByteArray& pair : pairs) {
        if (pair.isEmpty())
            continue;
        const qsizetype eq = pair.indexOf('=');
        QByteArray key = eq < 0 ? pair : pair.left(eq);
        QByteArray value = eq < 0 ? QByteArray() : pair.mid(eq + 1);
        // '+' means space in form encoding; QByteArray::fromPercentEncoding does not know that.
        key.replace('+', ' ');
        value.replace('+', ' ');
        out.append({QString::fromUtf8(QByteArray::fromPercentEncoding(key)),
                    QString::fromUtf8(QByteArray::fromPercentEncoding(value))});
    }
    return out;
}
