#include "Money.h"

#include <QRegularExpression>

#include <QHash>
#include <QSet>

#include <cmath>

namespace Money {

int decimals(const QString& currency)
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

QString toMajor(qint64 minorUnits, const QString& currency)
{
    const int exp = decimals(currency);
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

QString withCode(qint64 amountCents, const QString& currency, const QLocale& locale)
{
    const int places = decimals(currency);
    return locale.toString(double(amountCents) / std::pow(10.0, places), 'f', places) + QLatin1Char(' ') +
           currency.toUpper();
}

QString plain(qint64 amountCents, const QString& currency)
{
    return toMajor(amountCents, currency) + QLatin1Char(' ') + currency.toUpper();
}

std::optional<qint64> fromMajor(const QString& text, const QString& currency, const QLocale& locale)
{
    // Every kind of space is one: ru groups with a no-break space that people type as a space.
    QString t = text.trimmed();
    for (const QChar space : {QChar(0x00a0), QChar(0x202f)})
        t.replace(space, QLatin1Char(' '));
    QString group = locale.groupSeparator();
    if (group == QString(QChar(0x00a0)) || group == QString(QChar(0x202f)))
        group = QStringLiteral(" ");
    const QString point = locale.decimalPoint();
    // The decimal point: the locale's, or '.' where '.' does not group (ru "38.5" is 38.50).
    qsizetype at = t.lastIndexOf(point);
    qsizetype pointLength = point.size();
    if (at < 0 && point != QLatin1String(".") && group != QLatin1String(".")) {
        at = t.lastIndexOf(QLatin1Char('.'));
        pointLength = 1;
    }
    QString whole = at < 0 ? t : t.left(at);
    const QString fraction = at < 0 ? QString() : t.mid(at + pointLength);
    // Group separators only between groups of three digits: a misplaced one is a typo or
    // another convention ("38,50" in en, "38.50" in tr), and guessing would move the amount
    // by a factor of 100.
    if (!group.isEmpty() && whole.contains(group)) {
        const QStringList groups = whole.split(group);
        for (qsizetype i = 0; i < groups.size(); ++i)
            if (i == 0 ? (groups[i].isEmpty() || groups[i].size() > 3) : groups[i].size() != 3)
                return std::nullopt;
        whole = groups.join(QString());
    }
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,13}$"));
    static const QRegularExpression fractionDigits(QStringLiteral("^[0-9]*$"));
    if (!digits.match(whole).hasMatch() || !fractionDigits.match(fraction).hasMatch())
        return std::nullopt;
    const int exponent = decimals(currency);
    if (fraction.size() > exponent)
        return std::nullopt;
    qint64 minor = whole.toLongLong();
    for (int i = 0; i < exponent; ++i)
        minor = minor * 10 + (i < fraction.size() ? fraction.at(i).digitValue() : 0);
    if (minor > 10'000'000'000'000LL)
        return std::nullopt;
    return minor;
}

} // namespace Money
