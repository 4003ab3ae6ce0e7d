#pragma once

#include "db/OperationStatus.h"
#include "review/MessageLanguage.h"

#include <QList>
#include <QString>

/**
 * Finds phrases in a customer message that claim a refund succeeded or failed (R19).
 *
 * For an `unknown`/`open` operation nobody knows the outcome, so a draft must make neither
 * claim ("we refunded", "возврат выполнен", "iade edildi"; "refund failed", "возврат не
 * удался", "iade başarısız"). For a `refunded` operation a failure claim contradicts the facts,
 * for a `failed` one a success claim does; check() applies the rule that fits the status.
 *
 * Matching is case-insensitive and Unicode-aware: the text is case-folded
 * (QString::toCaseFolded) with Turkish dotted/dotless i and Russian ё normalised (İ→i, ı→i,
 * ё→е, ’→'), and the patterns are QRegularExpressions with UseUnicodePropertiesOption, so \b
 * and \w work for Cyrillic and Turkish letters. Reported positions are in the original text.
 *
 * Per sentence (a question, ending in '?', claims nothing):
 *  - a phrase after a hedge in the same sentence ("we cannot confirm whether…", "коллега
 *    проверяет…", "henüz onaylayamıyoruz…") is not a claim;
 *  - a negated phrase ("has not been refunded", "не вернули"; Turkish negates with a suffix,
 *    so "iade edilmedi" is its own pattern) with "yet/still", "ещё/пока", "henüz/hâlâ" in the
 *    same clause is not a claim: it says the outcome is still open ("not yet refunded", "ещё
 *    не вернули", "henüz iade edilmedi");
 *  - a negated success without "yet" is a failure claim ("your money was not refunded") and a
 *    negated failure a success claim.
 * The text checked is the draft's language plus English (English phrases turn up in every chat).
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

    /** "claims success" / "claims failure" (translated), for lists next to a phrase. */
    static QString kindText(Claim::Kind kind);
};
