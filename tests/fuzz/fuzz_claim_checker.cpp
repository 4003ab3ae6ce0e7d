// Fuzzes the claim checker (R19) on arbitrary drafts: the first byte picks the language, the
// rest is the draft (UTF-8). Every claim points into the original text (phrase ==
// text.mid(position, length), also around İ, whose folding is two code units), claims come in
// order without overlapping, check() returns a subset of findClaims(), and no draft makes the
// patterns backtrack past libFuzzer's -timeout (the families use bounded gaps between words).
#include "FuzzCheck.h"
#include "review/ClaimChecker.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const MessageLanguage language = data[0] % 3 == 0   ? MessageLanguage::English
                                     : data[0] % 3 == 1 ? MessageLanguage::Russian
                                                        : MessageLanguage::Turkish;
    const QString text = QString::fromUtf8(fuzzBytes(data + 1, size - 1));
    const QList<ClaimChecker::Claim> claims = ClaimChecker::findClaims(text, language);
    int previousEnd = 0;
    for (const ClaimChecker::Claim& c : claims) {
        FUZZ_CHECK(c.position >= previousEnd && c.length > 0 && c.position + c.length <= text.size(),
                   QStringLiteral("%1+%2 of %3").arg(c.position).arg(c.length).arg(text.size()));
        FUZZ_CHECK(c.phrase == text.mid(c.position, c.length), c.phrase);
        previousEnd = c.position + c.length;
    }
    for (const OperationStatus status : {OperationStatus::Unknown, OperationStatus::Refunded, OperationStatus::Failed}) {
        const QList<ClaimChecker::Claim> forbidden = ClaimChecker::check(text, language, status);
        for (const ClaimChecker::Claim& f : forbidden)
            FUZZ_CHECK(std::any_of(claims.begin(), claims.end(),
                                   [&f](const ClaimChecker::Claim& c) {
                                       return c.position == f.position && c.length == f.length && c.kind == f.kind;
                                   }),
                       f.phrase);
        if (status == OperationStatus::Unknown)
            FUZZ_CHECK(forbidden.size() == claims.size(), text);
    }
    return 0;
}
