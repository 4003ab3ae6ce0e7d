#include "history/CurrencyUnits.h"

#include <QSet>

int CurrencyUnits::exponent(const QString& currency)
{
    static const QSet<QString> zero = {
        QStringLiteral("bif"), QStringLiteral("clp"), QStringLiteral("djf"), QStringLiteral("gnf"),
        QStringLiteral("jpy"), QStringLiteral("kmf"), QStringLiteral("krw"), QStringLiteral("mga"),
        QStringLiteral("pyg"), QStringLiteral("rwf"), QStringLiteral("ugx"), QStringLiteral("vnd"),
        QStringLiteral("vuv"), QStringLiteral("xaf"), QStringLiteral("xof"), QStringLiteral("xpf")};
    static const QSet<QString> three = {QStringLiteral("bhd"), QStringLiteral("jod"), QStringLiteral("kwd"),
                                        QStringLiteral("omr"), QStringLiteral("tnd")};
    const QString c = currency.trimmed().toLower();
    if (zero.contains(c))
        return 0;
    if (three.contains(c))
        return 3;
    return 2;
}

QString CurrencyUnits::toMajor(qint64 minorUnits, const QString& currency)
{
    const int exp = exponent(currency);
    // Integer arithmetic only: a double would round large amounts.
    const bool negative = minorUnits < 0;
    const quint64 abs = negative ? quint64(0) - quint64(minorUnits) : quint64(minorUnits);
    quint64 scale = 1;
    for (int i = 0; i < exp; ++i)
        scale *= 10;
    QString text = QString::number(abs / scale);
    if (exp > 0)
        text += QLatin1Char('.') + QStringLiteral("%1").arg(abs % scale, exp, 10, QLatin1Char('0'));
    return negative ? QLatin1Char('-') + text : text;
}
