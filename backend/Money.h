#pragma once

#include <QLocale>
#include <QString>

#include <optional>

/**
 * Amounts in minor units (integer cents, R1) and their currencies: the one module for
 * exponents and formatting that the console, the customer drafts, History, CSV and the CLI
 * share. Exponents follow Stripe's currency list, which the provider speaks (SPEC 4):
 * zero-decimal currencies (bif, clp, djf, gnf, jpy, kmf, krw, mga, pyg, rwf, ugx, vnd, vuv,
 * xaf, xof, xpf) have 0, three-decimal ones (bhd, jod, kwd, omr, tnd) 3, all others 2.
 */
namespace Money {

/** The minor-unit exponent of an ISO 4217 code in any case: 0 (jpy, krw, ...), 3 (bhd, kwd, ...), else 2. */
int decimals(const QString& currency);
/**
 * minor units as a plain decimal in major units with exactly decimals() decimals and a '.'
 * separator, no grouping, no symbol: 3800 usd -> "38.00", 500 jpy -> "500", 1234 kwd ->
 * "1.234", -5 usd -> "-0.05". For CSV and other machine-read output.
 */
QString toMajor(qint64 minorUnits, const QString& currency);
/** "$" usd, "€" eur, "£" gbp, "¥" jpy, "₽" rub, "₺" try, ...; the upper-case ISO code otherwise
    (followed by a no-break space when format() uses it). */
QString symbol(const QString& currency);
/**
 * amountCents of currency in locale's currency format with the currency's symbol, via
 * QLocale::toCurrencyString: en "$38.00", ru "38,00 $", tr "$38,00". The "C" locale has no
 * currency format of its own: English (US) is used instead.
 */
QString format(qint64 amountCents, const QString& currency, const QLocale& locale);
/** Grouped digits in locale's way with the code: en "6,756.25 EUR", ru "6 756,25 EUR" (History's tiles). */
QString withCode(qint64 amountCents, const QString& currency, const QLocale& locale);
/** Locale-free "38.00 USD", for logs, notes and mismatch sentences. */
QString plain(qint64 amountCents, const QString& currency);
/**
 * Parses an amount typed in major units into minor units, exactly (no floating point): "38",
 * "38.5", "1,234.50" (en) or "1 234,50" (ru) usd -> 3800, 3850, 123450; "500" jpy -> 500.
 * The locale's decimal point is accepted, and '.' where it is not the group separator (ru
 * "38.5"); the group separator only between groups of three digits, so a misplaced one is
 * refused rather than guessed (en "38,50", tr "38.50" and "1.5": nullopt). Empty, negative,
 * more decimals than the currency has, or above 10^13 minor units: nullopt.
 */
std::optional<qint64> fromMajor(const QString& text, const QString& currency, const QLocale& locale);

} // namespace Money
