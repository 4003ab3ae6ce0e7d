#pragma once

#include <QString>

/**
 * Minor units of the currencies the provider uses (amounts are stored as the provider sends
 * them, R1). The exponent follows Stripe's currency list, which the provider speaks (SPEC 4):
 * zero-decimal currencies (bif, clp, djf, gnf, jpy, kmf, krw, mga, pyg, rwf, ugx, vnd, vuv,
 * xaf, xof, xpf) have exponent 0, three-decimal ones (bhd, jod, kwd, omr, tnd) 3, all others 2.
 */
class CurrencyUnits
{
public:
    /** 0, 2 or 3 for an ISO 4217 code in any case. */
    static int exponent(const QString& currency);

    /**
     * minor units as a plain decimal in major units with exactly exponent() decimals and a
     * '.' separator, no grouping, no symbol: 3800 usd -> "38.00", 500 jpy -> "500",
     * 1234 kwd -> "1.234", -5 usd -> "-0.05". For CSV and other machine-read output.
     */
    static QString toMajor(qint64 minorUnits, const QString& currency);
};
