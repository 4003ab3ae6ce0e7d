#pragma once

#include "db/OperationStatus.h"
#include "review/MessageLanguage.h"

#include <QList>
#include <QString>

/**
 * Finds statements in a customer message that claim a refund succeeded or failed (R19).
 *
 * For an `unknown`/`open` operation nobody knows the outcome, so a draft must state neither the
 * outcome nor the money's arrival. For a `refunded` operation a failure claim contradicts the
 * facts, for a `failed`/`reversed` one a success claim does; check() applies the rule that fits.
 *
 * Not a phrase list but families per language (issue 15): the act in the first person ("we
 * refunded", "я оформил возврат", "iadenizi yaptım"); the refund or the money as subject with an
 * outcome ("your $38 was credited back", "возврат проведён"); arrival ("you'll see it back in
 * 5-10 days", "деньги придут", "hesabınıza geçecek"); short verdicts ("Done!", "Готово",
 * "Tamamlandı"); refusals by anyone ("the card issuer turned it down", "эмитент отказал",
 * "kartı veren kurum kabul etmedi"). Turkish is matched by stem and suffix: a positive ending is
 * the act, a negative one (-me/-ma, -eme/-ama) its failure.
 *
 * Matching is case-insensitive and Unicode-aware on a folded text (QString::toCaseFolded; İ/ı→i,
 * ё→е, Turkish ş ğ ç ö ü→s g c o u so drafts typed without diacritics match; ’→'); positions
 * reported are in the original text. Per sentence (a question, ending in '?', claims nothing):
 *  - a hedge before a phrase since the last "but" ("we cannot confirm whether…", "коллега
 *    проверяет…", "henüz onaylayamıyoruz…"), or a condition after it ("…, if it went through";
 *    in Turkish, which puts the main verb last, "…teyit edemiyoruz" in the same clause) takes
 *    the claim back;
 *  - a negated phrase with "yet/still", "ещё/пока", "henüz/hâlâ" in its clause is not a claim: the
 *    outcome is still open ("not yet refunded", "ещё не вернули", "henüz iade edilmedi");
 *  - a negated success without "yet" is a failure claim ("your money was not refunded"), except
 *    for "confirmed"/"подтверждён", whose negation says nothing about the outcome;
 *  - a phrase about a request, an attempt or a status ("the refund request was sent") is not
 *    about the refund's outcome.
 * The text checked is the draft's language plus English (English phrases turn up in every chat).
 * Measured by tst_review_claims on the labelled drafts in tests/data/claims (README: recall and
 * false alarms per language).
 */
class ClaimChecker
{
public:
    struct Claim
    {
        enum class Kind { Success, Failure };
        Kind kind = Kind::Success;
        QString phrase;        ///< the text as written, e.g. "Has Been Refunded"
        int position = 0;      ///< index in the original text (QChar units)
        int length = 0;        ///< QChar units
        MessageLanguage language = MessageLanguage::English; ///< whose pattern found it
    };

    /** Every success or failure claim in text (language's patterns and English'), by position. */
    static QList<Claim> findClaims(const QString& text, MessageLanguage language);

    /**
     * The claims a draft for an operation in status must not make: unknown/open → all;
     * refunded → failure claims; failed and reversed → success claims.
     */
    static QList<Claim> check(const QString& text, MessageLanguage language, OperationStatus status);

    /** Of claims (from findClaims()), those a draft for an operation in status must not make. */
    static QList<Claim> forbiddenFor(const QList<Claim>& claims, OperationStatus status);

    /** "claims success" / "claims failure" (translated), for lists next to a phrase. */
    static QString kindText(Claim::Kind kind);
};
