#pragma once

#include <QLocale>
#include <QString>

/**
 * Amounts in minor units (integer cents, R1) shown as text: the one formatter the console,
 * the customer drafts and the CLI share (minor-unit exponents from CurrencyUnits).
 */
namespace Money {

/** CurrencyUnits::exponent(): 0 for zero-decimal currencies (jpy, krw, ...), 3 for bhd, kwd, ..., else 2. */
int decimals(const QString& currency);
/** "$" usd, "€" eur, "£" gbp, "¥" jpy, "₽" rub, "₺" try, ...; the upper-case ISO code otherwise
    (followed by a no-break space when format() uses it). */
QString symbol(const QString& currency);
/**
 * amountCents of currency in locale's currency format with the currency's symbol, via
 * QLocale::toCurrencyString: en "$38.00", ru "38,00 $", tr "$38,00". The "C" locale has no
 * currency format of its own: English (US) is used instead.
 */
QString format(qint64 amountCents, const QString& currency, const QLocale& locale);
/** Locale-free "38.00 USD", for logs, notes and mismatch sentences. */
QString plain(qint64 amountCents, const QString& currency);

} // namespace Money
