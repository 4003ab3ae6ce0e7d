#pragma once

#include <QLocale>
#include <QString>

/**
 * Amounts in minor units (integer cents, R1) shown as text. The backend's own copy of the
 * console's formatting rules, so drafts and CLI output need no widget library.
 */
namespace Money {

/** 0 for zero-decimal currencies (jpy, krw, vnd, ... per Stripe's list), else 2. */
int decimals(const QString& currency);
/** "$" usd, "€" eur, "£" gbp, "¥" jpy, "₽" rub, "₺" try, ...; the upper-case ISO code otherwise. */
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
