#pragma once

#include "db/OperationStatus.h"

#include <QJsonObject>
#include <QCoreApplication>
#include <QDate>
#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>

/**
 * Text the console shows for operation values (colours: StatusPalette). Pure functions of their
 * arguments (no clock, no time zone), so tests pin them down at fixed instants.
 *
 * Every duration is the difference of two UTC epoch-ms instants: a daylight-saving change
 * in the viewer's time zone can never shift a countdown (R10).
 */
class OperationFormat
{
    Q_DECLARE_TR_FUNCTIONS(OperationFormat)

public:
    /** How close a key-retention deadline is; drives the countdown colour. */
    enum class Urgency { None, Normal, Soon, Critical, Expired };

    /** 60 min: the "Key expires within 1 h" navigation entry and the Soon colour. */
    static constexpr qint64 kSoonMs = 3600 * 1000;
    /** 15 min: Critical colour. */
    static constexpr qint64 kCriticalMs = 15 * 60 * 1000;

    /**
     * The time left until expiresAtMs, seen at nowMs: "2 d 4 h", "23 h 12 min", "4 min 10 s",
     * "42 s", or "expired" at or after the deadline. Rounds down (never promises a second
     * that is not there).
     */
    static QString countdown(qint64 expiresAtMs, qint64 nowMs);
    /** The countdown cell of a row: "—" for closed rows and rows without an attempt yet. */
    static QString keyCountdown(OperationStatus status, std::optional<qint64> keyExpiresAtMs, qint64 nowMs);
    static Urgency urgency(OperationStatus status, std::optional<qint64> keyExpiresAtMs, qint64 nowMs);

    /**
     * The locale numbers, dates, percentages and money are shown in, for an interface language
     * ("en", "ru", "tr"): that language's (en_US, ru_RU, tr_TR) when it differs from the
     * system's, else the system locale (so en_GB stays en_GB under --lang en). An unknown code
     * keeps the system locale. `--lang ru` on an English desktop thus shows "38,00 $".
     */
    static QLocale interfaceLocale(const QString& languageCode, const QLocale& system);

    /**
     * text for a label that wraps, with a break opportunity after every hyphen: a zero-width
     * space (U+200B) follows each '-'. An idempotency key ("1f54322c-6975-4940-8918-2a78…")
     * otherwise breaks only where a letter follows the hyphen (Unicode line breaking keeps a
     * hyphen with the digit after it, as in "-5"), so a key of digit groups never wrapped and
     * pushed the detail panel wider than a 1024 px window. withoutBreakHints() gives text back.
     */
    static QString breakableAtHyphens(const QString& text);
    /** text without the break hints breakableAtHyphens() adds (what a copy must carry). */
    static QString withoutBreakHints(const QString& text);
    /** The break hint breakableAtHyphens() inserts: U+200B ZERO WIDTH SPACE. */
    static constexpr char16_t kBreakHint = u'\u200B';

    /** Elapsed time since sinceMs, coarse: "12 s", "5 min", "3 h 20 min", "4 d 2 h". */
    static QString age(qint64 sinceMs, qint64 nowMs);

    /**
     * amountCents (minor units) of an ISO 4217 currency ("usd", any case) in locale's
     * currency format with the currency's symbol: "$38.00", "38,00 €", "¥500".
     * Zero-decimal currencies (jpy, krw, ...) are not divided by 100, three-decimal ones
     * (kwd, bhd, ...) by 1000. The "C" locale has no currency format of its own: en_US
     * formatting is used instead. Same rules as the customer drafts (Money::format).
     */
    static QString money(qint64 amountCents, const QString& currency, const QLocale& locale = QLocale());

    /**
     * percent (0..100) in the locale's way: en "13.8%", ru "13,8 %" (no-break space), tr "%13,8"
     * (the sign first, as Turkish writes it). The "C" locale reads as English.
     */
    static QString percent(double percent, int decimals, const QLocale& locale = QLocale());
    /** "Open", "Unknown", "Refunded", "Failed", "Reversed" (translated). */
    static QString statusTitle(OperationStatus status);
    /**
     * A reason code in words (translated): why an operation is unknown ("attempt_budget_exhausted"
     * → "Attempt budget used up"), or why it failed ("no_refund_found", "charge_already_refunded",
     * ...). Codes it does not know come back as they are; the code itself belongs in a tooltip.
     */
    static QString reasonTitle(const QString& code);
    /**
     * What a tool call answered the agent (R8's status names: "refunded", "unconfirmed",
     * "checking", "failed", "rejected") in words, translated; other text comes back as it is.
     */
    static QString answerTitle(const QString& statusName);
    /** A console role ("support", "finance", "admin") in words, translated; others as they are. */
    static QString roleTitle(const QString& role);
    /**
     * Who resolved or changed something: a person's login as it is, the reconciler (which writes
     * "reconciler") in words, translated.
     */
    static QString actorTitle(const QString& actor);
    /** The reason codes reasonTitle() has words for. */
    static QStringList reasonCodes();
    /**
     * One audit entry's details as a line for people (translated): "unknown → refunded · refund
     * re_… · note: “…”", "refunded → reversed · expired_or_canceled_card · event evt_…", or the
     * scalar fields as "key: value" for other actions. Evidence objects are left to the tooltip.
     */
    static QString auditSummary(const QString& action, const QJsonObject& details);

    /** "Timed out", "Refunded", "Saved provider error", ... for AttemptOutcome strings; the raw text otherwise. */
    static QString outcomeTitle(const QString& outcome);
    /**
     * As above, but an attempt still `in_flight` after its deadline (UTC ms) reads "No answer
     * recorded": its process died before writing the answer, so nobody knows it (R12).
     */
    static QString outcomeTitle(const QString& outcome, std::optional<qint64> deadlineAt, qint64 nowMs);

    /** "2026-03-29 00:30:05 UTC"; the local time of the same instant is localTime(). */
    static QString utcTime(qint64 ms);
    /**
     * A day as a chart's category: month and day in the locale's words and order, no year
     * ("Nov 24" in en_US, "24 нояб." in ru, "24 Kas" in tr).
     */
    static QString shortDay(const QDate& day, const QLocale& locale = QLocale());
    /** shortDay() with the year ("Nov 28, 2026", "28 нояб. 2026"): for axes longer than a year. */
    static QString shortDayWithYear(const QDate& day, const QLocale& locale = QLocale());
    /** "2026-03-29 02:30:05 CEST" in the system time zone. */
    static QString localTime(qint64 ms);
};
