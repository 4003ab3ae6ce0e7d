// Fuzzes the claim checker (R19) on arbitrary drafts: the first byte picks the language, the
// rest is the draft (UTF-8). Every claim points into the original text (phrase ==
// text.mid(position, length), also around İ, whose folding is two code units), claims come in
// order without overlapping, each status's forbidden claims are a subset of them (all of them for
// unknown/open), check() equals findClaims() then forbiddenFor() for the status the input picks,
// and no draft makes the patterns backtrack past libFuzzer's -timeout (bounded gaps between words).
#include "FuzzCheck.h"
#include "review/ClaimChecker.h"

#include <algorithm>

static bool sameClaim(const ClaimChecker::Claim& a, const ClaimChecker::Claim& b)
{
    return a.position == b.position && a.length == b.length && a.kind == b.kind;
}

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
    // Every status's rule on the claims found once (a draft is scanned twice per input, not four
    // times: the scan is what costs), and check() as a whole for one status the input picks.
    const OperationStatus statuses[] = {OperationStatus::Open, OperationStatus::Unknown, OperationStatus::Refunded,
                                        OperationStatus::Failed, OperationStatus::Reversed};
    for (const OperationStatus status : statuses) {
        const QList<ClaimChecker::Claim> forbidden = ClaimChecker::forbiddenFor(claims, status);
        for (const ClaimChecker::Claim& f : forbidden)
            FUZZ_CHECK(std::any_of(claims.begin(), claims.end(),
                                   [&f](const ClaimChecker::Claim& c) { return sameClaim(c, f); }),
                       f.phrase);
        if (status == OperationStatus::Unknown || status == OperationStatus::Open)
            FUZZ_CHECK(forbidden.size() == claims.size(), text);
    }
    const OperationStatus picked = statuses[(data[0] / 3) % 5];
    const QList<ClaimChecker::Claim> checked = ClaimChecker::check(text, language, picked);
    const QList<ClaimChecker::Claim> expected = ClaimChecker::forbiddenFor(claims, picked);
    FUZZ_CHECK(checked.size() == expected.size(), text);
    for (qsizetype i = 0; i < checked.size(); ++i)
        FUZZ_CHECK(sameClaim(checked[i], expected[i]), checked[i].phrase);
    return 0;
}
