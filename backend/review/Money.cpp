#include "review/Money.h"

#include <QHash>
#include <QSet>

namespace Money {

int decimals(const QString& currency)
{
    // Stripe's zero-decimal currencies: the amount is already in whole units.
    static const QSet<QString> zeroDecimal = {
        QStringLiteral("bif"), QStringLiteral("clp"), QStringLiteral("djf"), QStringLiteral("gnf"),
        QStringLiteral("jpy"), QStringLiteral("kmf"), QStringLiteral("krw"), QStringLiteral("mga"),
        QStringLiteral("pyg"), QStringLiteral("rwf"), QStringLiteral("ugx"), QStringLiteral("vnd"),
        QStringLiteral("vuv"), QStringLiteral("xaf"), QStringLiteral("xof"), QStringLiteral("xpf")};
    return zeroDecimal.contains(currency.toLower()) ? 0 : 2;
}

QString symbol(const QString& currency)
{
    static const QHash<QString, QString> symbols = {
        {QStringLiteral("usd"), QStringLiteral("$")},       {QStringLiteral("eur"), QStringLiteral("\u20AC")},
        {QStringLiteral("gbp"), QStringLiteral("\u00A3")},  {QStringLiteral("jpy"), QStringLiteral("\u00A5")},
        {QStringLiteral("rub"), QStringLiteral("\u20BD")},  {QStringLiteral("try"), QStringLiteral("\u20BA")},
        {QStringLiteral("inr"), QStringLiteral("\u20B9")},  {QStringLiteral("krw"), QStringLiteral("\u20A9")},
        {QStringLiteral("uah"), QStringLiteral("\u20B4")},  {QStringLiteral("pln"), QStringLiteral("z\u0142")},
        {QStringLiteral("chf"), QStringLiteral("CHF")},     {QStringLiteral("cad"), QStringLiteral("CA$")},
        {QStringLiteral("aud"), QStringLiteral("A$")}};
    const QString lower = currency.toLower();
    return symbols.value(lower, lower.toUpper());
}

QString format(qint64 amountCents, const QString& currency, const QLocale& locale)
{
    const QLocale l = locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : locale;
    const int places = decimals(currency);
    const double major = places == 0 ? double(amountCents) : double(amountCents) / 100.0;
    return l.toCurrencyString(major, symbol(currency), places);
}

QString plain(qint64 amountCents, const QString& currency)
{
    const int places = decimals(currency);
    QString number;
    if (places == 0) {
        number = QString::number(amountCents);
    } else {
        const qint64 whole = amountCents / 100;
        const qint64 cents = qAbs(amountCents % 100);
        number = QStringLiteral("%1%2.%3")
                     .arg(amountCents < 0 && whole == 0 ? QStringLiteral("-") : QString())
                     .arg(whole)
                     .arg(cents, 2, 10, QLatin1Char('0'));
    }
    return number + QLatin1Char(' ') + currency.toUpper();
}

} // namespace Money
