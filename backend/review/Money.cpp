#include "review/Money.h"

#include "history/CurrencyUnits.h"

#include <QHash>

#include <cmath>

namespace Money {

int decimals(const QString& currency)
{
    return CurrencyUnits::exponent(currency);
}

QString symbol(const QString& currency)
{
    // QLocale only knows the symbol of a locale's own currency, and e.g. en_CA spells USD
    // "US$"; a fixed table gives one symbol per code whatever the reader's locale.
    static const QHash<QString, QString> symbols = {
        {QStringLiteral("usd"), QStringLiteral("$")},       {QStringLiteral("eur"), QStringLiteral("\u20AC")},
        {QStringLiteral("gbp"), QStringLiteral("\u00A3")},  {QStringLiteral("jpy"), QStringLiteral("\u00A5")},
        {QStringLiteral("rub"), QStringLiteral("\u20BD")},  {QStringLiteral("try"), QStringLiteral("\u20BA")},
        {QStringLiteral("inr"), QStringLiteral("\u20B9")},  {QStringLiteral("krw"), QStringLiteral("\u20A9")},
        {QStringLiteral("uah"), QStringLiteral("\u20B4")},  {QStringLiteral("pln"), QStringLiteral("z\u0142")},
        {QStringLiteral("cny"), QStringLiteral("CN\u00A5")}, {QStringLiteral("brl"), QStringLiteral("R$")},
        {QStringLiteral("cad"), QStringLiteral("CA$")},     {QStringLiteral("aud"), QStringLiteral("A$")}};
    const QString lower = currency.toLower();
    return symbols.value(lower, lower.toUpper());
}

QString format(qint64 amountCents, const QString& currency, const QLocale& locale)
{
    const QLocale l = locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : locale;
    const int places = decimals(currency);
    const double major = double(amountCents) / std::pow(10.0, places);
    QString sign = symbol(currency);
    // A bare ISO code glued to the digits ("CHF38.00") is hard to read.
    if (sign == currency.toUpper())
        sign += QChar(0x00a0);
    return l.toCurrencyString(major, sign, places);
}

QString plain(qint64 amountCents, const QString& currency)
{
    return CurrencyUnits::toMajor(amountCents, currency) + QLatin1Char(' ') + currency.toUpper();
}

} // namespace Money
