#pragma once

#include <QString>

/**
 * Checks and cleans text that came from the provider before anyone stores or logs it
 * (SPEC R7, R12): a hostile or broken provider must not put a 5 MB id, a NUL or terminal
 * control characters into the operation database, the attempt log or the console.
 */
class ProviderText
{
public:
    /** Longest id or header value stored, characters (Stripe's own id and key limit). */
    static constexpr int kMaxTokenLength = 255;
    /** Longest error message kept, characters. */
    static constexpr int kMaxMessageLength = 500;

    /** True for 1..kMaxTokenLength printable ASCII characters (0x20-0x7E): refund ids,
        Request-Id, failure_reason, error type and code. Empty is not a token. */
    static bool isToken(const QString& text);

    /** text without control characters (C0, DEL, C1; a tab or newline becomes a space),
        cut to maxLength characters with "..." appended when it was longer. */
    static QString cleanMessage(const QString& text, int maxLength = kMaxMessageLength);

    /** For error text about a rejected value: its first 40 characters, cleaned, quoted,
        and its length when it was longer ("\"re_xxx...\" (5242883 chars)"). */
    static QString quote(const QString& text);
};
