#include "review/ClaimChecker.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace {

using Kind = ClaimChecker::Claim::Kind;

constexpr auto kOptions = QRegularExpression::UseUnicodePropertiesOption;

/** Case-folded text and, per folded QChar, the index of the original QChar it came from. */
struct Folded
{
    QString text;
    QList<int> origin;
};

Folded fold(const QString& text)
{
    Folded out;
    out.text.reserve(text.size());
    out.origin.reserve(text.size());
    for (int i = 0; i < text.size(); ++i) {
        QString piece;
        const int start = i;
        if (text.at(i).isHighSurrogate() && i + 1 < text.size()) {
            piece = text.mid(i, 2).toCaseFolded();
            ++i;
        } else if (text.at(i).unicode() == 0x0130) {
            // Turkish dotted capital İ has no simple case folding: Qt keeps it as is.
            piece = QStringLiteral("i");
        } else {
            piece = QString(text.at(i)).toCaseFolded();
        }
        for (const QChar c : std::as_const(piece)) {
            QChar n = c;
            if (c.unicode() == 0x0307) // combining dot above, left by folding İ
                continue;
            if (c.unicode() == 0x0131) // dotless ı: Turkish upper I folds to plain i, so treat both alike
                n = QLatin1Char('i');
            else if (c.unicode() == 0x0451) // ё → е: Russian writes both
                n = QChar(0x0435);
            else if (c.unicode() == 0x2019 || c.unicode() == 0x02BC) // typographic apostrophes
                n = QLatin1Char('\'');
            else if (c.unicode() == 0x00A0)
                n = QLatin1Char(' ');
            out.text.append(n);
            out.origin.append(start);
        }
    }
    return out;
}

struct Pattern
{
    QRegularExpression re;
    Kind kind;
    bool intrinsicNegation; // the phrase itself is negative ("could not refund"): only look before it
};

struct LanguageRules
{
    MessageLanguage language;
    QList<Pattern> patterns;
    QRegularExpression negation;      // in the clause before (or inside) a phrase
    QRegularExpression yet;           // "not yet": the outcome is still open
    QRegularExpression hedge;         // in the sentence before a phrase: we do not know
    QRegularExpression trailingNegation; // right after a phrase (Turkish "değil")
    QRegularExpression trailingQuestion; // right after a phrase (Turkish "mi")
};

Pattern pattern(const char* re, Kind kind, bool intrinsicNegation = false)
{
    return Pattern{QRegularExpression(QString::fromUtf8(re), kOptions), kind, intrinsicNegation};
}

QRegularExpression rx(const char* re)
{
    return QRegularExpression(QString::fromUtf8(re), kOptions);
}

const LanguageRules& rules(MessageLanguage language)
{
    // Patterns are written in the folded alphabet: lower case, i for ı/İ, е for ё.
    static const LanguageRules en{
        MessageLanguage::English,
        {
            pattern(R"(\b(?:has|have|had|was|were|is|are|been|got|get)\s+(?:(?:not|already|now|just|fully|successfully|yet|never|been|n't)\s+){0,3}refunded\b)",
                    Kind::Success),
            pattern(R"(\b(?:has|have|had|was|were|is|are)n't\s+(?:(?:already|yet|been)\s+){0,2}refunded\b)", Kind::Success),
            pattern(R"(\brefund\w*\s+(?:\S+\s+){0,6}?(?:(?:has|have|had|was|were|is|are|been|not|already|now|just|fully|hasn't|wasn't|isn't|never|yet)\s+){1,4}(?:successful(?:ly)?|succeeded|completed?|processed|done|issued|sent|approved|made|(?:gone|went)\s+through)\b)",
                    Kind::Success),
            pattern(R"(\brefund\w*\s+(?:\S+\s+){0,6}?(?:succeeded|went\s+through)\b)", Kind::Success),
            pattern(R"(\bsuccessfully\s+refunded\b)", Kind::Success),
            pattern(R"(\bwe(?:'ve|\s+have)?\s+(?:(?:already|now|just|not|never)\s+){0,2}(?:refunded|returned\s+(?:your|the)\s+(?:money|payment|funds)|sent\s+(?:your|the)\s+money\s+back)\b)",
                    Kind::Success),
            pattern(R"(\bwe(?:'ve|\s+have)?\s+(?:(?:already|now|just)\s+)?(?:issued|processed|completed|made|sent)\s+(?:your|the)\s+refund\b)",
                    Kind::Success),
            pattern(R"(\b(?:money|funds|payment)\s+(?:has|have|was|were|is|are)\s+(?:(?:not|already|now|just|been|n't|yet)\s+){0,3}(?:returned|sent\s+back|credited)\b)",
                    Kind::Success),
            pattern(R"(\byou(?:'ll|\s+will)\s+(?:(?:soon|now)\s+)?(?:receive|get|see)\s+(?:your|the)\s+(?:money|refund|funds)\b)",
                    Kind::Success),
            pattern(R"(\brefund\s+is\s+on\s+(?:its|the)\s+way\b)", Kind::Success),
            pattern(R"(\brefund\w*\s+(?:has\s+|have\s+)?failed\b)", Kind::Failure),
            pattern(R"(\brefund\w*\s+(?:was|were|has\s+been|is)\s+(?:declined|rejected|refused|unsuccessful|not\s+successful)\b)",
                    Kind::Failure, true),
            pattern(R"(\b(?:could|can|were|was|are)(?:\s+not|n't)\s+(?:able\s+to\s+)?(?:refund|process|issue|complete|make)\b)",
                    Kind::Failure, true),
            pattern(R"(\bcannot\s+(?:refund|process\s+(?:your|the)\s+refund|issue\s+(?:your|the|a)\s+refund))",
                    Kind::Failure, true),
            pattern(R"(\bunable\s+to\s+(?:refund|process\s+(?:your|the)\s+refund|issue\s+(?:your|the|a)\s+refund))",
                    Kind::Failure, true),
            pattern(R"(\brefund\w*\s+(?:did\s+not|didn't)\s+go\s+through\b)", Kind::Failure, true),
            pattern(R"(\bno\s+refund\s+(?:was|has\s+been)\s+(?:made|issued|processed)\b)", Kind::Failure, true),
        },
        rx(R"(\b(?:not|never|no|cannot)\b|n't\b)"),
        rx(R"(\b(?:yet|still)\b)"),
        rx(R"(\b(?:cannot|can't|can\s+not|unable\s+to|not\s+able\s+to|don't|do\s+not)\s+(?:yet\s+)?(?:confirm|say|tell|verify|guarantee|know)\b|\b(?:checking|verifying|confirming|whether|if)\b)"),
        QRegularExpression(),
        QRegularExpression(),
    };
    static const LanguageRules ru{
        MessageLanguage::Russian,
        {
            pattern(R"(\bвозврат\w*\s+(?:\S+\s+){0,5}?(?:выполнен|произведен|оформлен|завершен|проведен|осуществлен|прошел|сделан|одобрен)\w*)",
                    Kind::Success),
            pattern(R"(\b(?:деньги|средства|сумма|сумму|оплата|платеж)\s+(?:\S+\s+){0,3}?(?:возвращен\w*|поступ(?:или|ила|ят|ит)|зачислен\w*|отправлен\w*)\b)",
                    Kind::Success),
            pattern(R"(\bвозвращен[аыо]?\b)", Kind::Success),
            pattern(R"(\bверн(?:ули|ем|улись|улась)\b)", Kind::Success),
            pattern(R"(\bвозврат\w*\s+(?:\S+\s+){0,3}?(?:не\s+удал(?:ся|ось)|отклонен\w*|отменен\w*|невозможен|не\s+состоялся))",
                    Kind::Failure, true),
            pattern(R"(\bне\s+(?:удалось|смогли|можем|получилось)\s+(?:\S+\s+){0,2}?(?:вернуть|оформить|провести|выполнить|сделать)\b)",
                    Kind::Failure, true),
            pattern(R"(\bошибк\w+\s+возврат\w*)", Kind::Failure),
        },
        rx(R"(\b(?:не|нет|ни|никак)\b)"),
        rx(R"(\b(?:еще|пока|до\s+сих\s+пор)\b)"),
        rx(R"(\b(?:не\s+можем\s+(?:\S+\s+)?(?:подтвердить|сказать|гарантировать)|не\s+знаем|неизвестно|проверя\w*|уточня\w*|выясня\w*)\b)"),
        QRegularExpression(),
        QRegularExpression(),
    };
    static const LanguageRules tr{
        MessageLanguage::Turkish,
        {
            pattern(R"(\biade\w*\s+(?:\S+\s+){0,3}?(?:edildi|yapildi|gerçekleşti|gerçekleştirildi|tamamlandi|onaylandi|gönderildi|edilecek|yapilacak|edilmiş|yapilmiş|edilmiştir|yapilmiştir)\b)",
                    Kind::Success),
            pattern(R"(\b(?:paraniz|ücretiniz|ödemeniz|tutar)\w*\s+(?:\S+\s+){0,3}?(?:yatirildi|gönderildi|hesabiniza\s+geçti|yansidi)\b)",
                    Kind::Success),
            pattern(R"(\biade\w*\s+(?:\S+\s+){0,3}?(?:edilmedi|yapilmadi|gerçekleşmedi|gerçekleştirilemedi|tamamlanmadi|edilemedi|yapilamadi|edilmemiştir|yapilmamiştir)\b)",
                    Kind::Failure, true),
            pattern(R"(\biade\w*\s+(?:\S+\s+){0,2}?(?:başarisiz|reddedildi|iptal\s+edildi))", Kind::Failure),
            pattern(R"(\biade\s+(?:edemedik|yapamadik|edemiyoruz|yapamiyoruz|edemeyecegiz|edemeyeceğiz))", Kind::Failure, true),
        },
        // Turkish negates with a verb suffix (its own patterns) and "değil" after a predicate;
        // "hiç"/"yok" intensify a negative verb rather than negate one.
        rx(R"(\bdeğil\b)"),
        rx(R"(\b(?:henüz|hâlâ|hala|hâla|daha)\b)"),
        rx(R"((?:onaylayamiyoruz|teyit\s+edemiyoruz|kontrol\s+ediyor\w*|inceliyor\w*|bilmiyoruz|emin\s+değiliz))"),
        rx(R"(^\s*(?:değil|olmadi)\b)"),
        rx(R"(^\s*m[iuü]\w*\b)"),
    };
    switch (language) {
    case MessageLanguage::Russian:
        return ru;
    case MessageLanguage::Turkish:
        return tr;
    case MessageLanguage::English:
        break;
    }
    return en;
}

/** Sentence ranges [start, end) in the folded text, with whether the sentence is a question. */
struct Sentence
{
    int start;
    int end;
    bool question;
};

QList<Sentence> sentences(const QString& text)
{
    // A period inside "38.00" or "4.417" does not end a sentence: it must be followed by space.
    static const QRegularExpression end(QStringLiteral(R"([.!?…;]+(?=\s|$)|\n)"), kOptions);
    QList<Sentence> out;
    int start = 0;
    auto it = end.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        const int stop = int(m.capturedEnd());
        out.append({start, stop, m.captured().contains(QLatin1Char('?'))});
        start = stop;
    }
    if (start < text.size())
        out.append({start, int(text.size()), false});
    return out;
}

/** Start of the clause containing position pos within [sentenceStart, pos]. */
int clauseStart(const QString& text, int sentenceStart, int pos)
{
    static const QRegularExpression boundary(
        QStringLiteral(R"([,:—–]\s|\s-\s|\b(?:but|however|and|но|а|однако|и|ama|fakat|ancak|ve)\b)"), kOptions);
    int start = sentenceStart;
    auto it = boundary.globalMatch(text.mid(sentenceStart, pos - sentenceStart));
    while (it.hasNext())
        start = sentenceStart + int(it.next().capturedEnd());
    return start;
}

/** End of the clause that starts before pos, at most sentenceEnd. */
int clauseEnd(const QString& text, int pos, int sentenceEnd)
{
    static const QRegularExpression boundary(
        QStringLiteral(R"([,:—–]\s|\s-\s|\b(?:but|however|and|но|а|однако|и|ama|fakat|ancak|ve)\b)"), kOptions);
    const auto m = boundary.match(text.mid(pos, sentenceEnd - pos));
    return m.hasMatch() ? pos + int(m.capturedStart()) : sentenceEnd;
}

void scan(const Folded& folded, const QString& original, const LanguageRules& r, QList<ClaimChecker::Claim>& out)
{
    const QString& text = folded.text;
    for (const Sentence& s : sentences(text)) {
        if (s.question)
            continue;
        const QString sentence = text.mid(s.start, s.end - s.start);
        for (const Pattern& p : r.patterns) {
            auto it = p.re.globalMatch(sentence);
            while (it.hasNext()) {
                const auto m = it.next();
                const int start = s.start + int(m.capturedStart());
                const int end = s.start + int(m.capturedEnd());
                if (r.hedge.match(text.mid(s.start, start - s.start)).hasMatch())
                    continue;
                const QString after = text.mid(end, s.end - end);
                if (r.trailingQuestion.isValid() && !r.trailingQuestion.pattern().isEmpty()
                    && r.trailingQuestion.match(after).hasMatch())
                    continue;
                const int cStart = clauseStart(text, s.start, start);
                const int cEnd = clauseEnd(text, end, s.end);
                const QString before = text.mid(cStart, start - cStart);
                const QString inside = p.intrinsicNegation ? QString() : m.captured();
                bool negated = r.negation.match(before + QLatin1Char(' ') + inside).hasMatch();
                if (r.trailingNegation.isValid() && !r.trailingNegation.pattern().isEmpty()
                    && r.trailingNegation.match(after).hasMatch())
                    negated = !negated;
                const QString clause = text.mid(cStart, cEnd - cStart);
                // "not yet refunded", "ещё не вернули", "henüz iade edilmedi": still open, no claim.
                if ((negated || p.intrinsicNegation) && r.yet.match(clause).hasMatch())
                    continue;
                Kind kind = p.kind;
                if (negated)
                    kind = kind == Kind::Success ? Kind::Failure : Kind::Success;

                ClaimChecker::Claim claim;
                claim.kind = kind;
                claim.language = r.language;
                claim.position = folded.origin.value(start);
                const int lastOrigin = folded.origin.value(end - 1);
                int originalEnd = lastOrigin + 1;
                if (originalEnd < original.size() && original.at(lastOrigin).isHighSurrogate())
                    ++originalEnd;
                claim.length = originalEnd - claim.position;
                claim.phrase = original.mid(claim.position, claim.length);
                out.append(claim);
            }
        }
    }
}

} // namespace

QList<ClaimChecker::Claim> ClaimChecker::findClaims(const QString& text, MessageLanguage language)
{
    const Folded folded = fold(text);
    QList<Claim> all;
    scan(folded, text, rules(language), all);
    if (language != MessageLanguage::English)
        scan(folded, text, rules(MessageLanguage::English), all);
    // One claim per stretch of text: the earliest, longest match wins an overlap.
    std::sort(all.begin(), all.end(), [](const Claim& a, const Claim& b) {
        return a.position != b.position ? a.position < b.position : a.length > b.length;
    });
    QList<Claim> out;
    for (const Claim& c : std::as_const(all)) {
        if (!out.isEmpty() && c.position < out.last().position + out.last().length)
            continue;
        out.append(c);
    }
    return out;
}

QList<ClaimChecker::Claim> ClaimChecker::check(const QString& text, MessageLanguage language, OperationStatus status)
{
    QList<Claim> out;
    for (const Claim& c : findClaims(text, language)) {
        const bool forbidden = status == OperationStatus::Unknown || status == OperationStatus::Open
                               || (status == OperationStatus::Refunded && c.kind == Claim::Kind::Failure)
                               || ((status == OperationStatus::Failed || status == OperationStatus::Reversed)
                                   && c.kind == Claim::Kind::Success);
        if (forbidden)
            out.append(c);
    }
    return out;
}

QString ClaimChecker::kindText(Claim::Kind kind)
{
    return kind == Claim::Kind::Success ? QCoreApplication::translate("ClaimChecker", "claims success")
                                        : QCoreApplication::translate("ClaimChecker", "claims failure");
}
