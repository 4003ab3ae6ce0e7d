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

/** Turkish letters (and circumflexed vowels) without their marks, as typed on an English
    keyboard ("basarili" for "başarılı"); 0 for any other character. */
char turkishPlain(char16_t c)
{
    switch (c) {
    case 0x015F: return 's'; // ş
    case 0x011F: return 'g'; // ğ
    case 0x00E7: return 'c'; // ç
    case 0x00F6: return 'o'; // ö
    case 0x00FC: return 'u'; // ü
    case 0x00E2: return 'a'; // â
    case 0x00EE: return 'i'; // î
    case 0x00FB: return 'u'; // û
    default: return 0;
    }
}

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
            else if (const char plain = turkishPlain(c.unicode()))
                n = QLatin1Char(plain);
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

/** What a negation before or inside a phrase does to it. */
enum class OnNegation {
    Opposite, // "has not been refunded": a failure claim (unless "yet": still open)
    NoClaim,  // "is not confirmed", "не подтверждён": says nothing about the outcome
};

struct Pattern
{
    QRegularExpression re;
    Kind kind;
    bool intrinsicNegation; // the phrase itself is negative ("could not refund"): only look before it
    OnNegation onNegation = OnNegation::Opposite;
};

struct LanguageRules
{
    MessageLanguage language;
    QList<Pattern> patterns;
    QRegularExpression negation;      // in the clause before (or inside) a phrase
    QRegularExpression yet;           // "not yet": the outcome is still open
    QRegularExpression hedge;         // before a phrase since the last "but" (or inside it): we do not know
    QRegularExpression conditionAfter; // after a phrase in its sentence: "…, if it went through"
    QRegularExpression trailingNegation; // right after a phrase (Turkish "degil")
    QRegularExpression trailingQuestion; // right after a phrase (Turkish "mi", Russian "ли")
    bool conditionInClause = false;      // look for conditionAfter only up to the clause's end
};

Pattern pattern(const QString& re, Kind kind, bool intrinsicNegation = false, OnNegation on = OnNegation::Opposite)
{
    return Pattern{QRegularExpression(re, kOptions), kind, intrinsicNegation, on};
}

Pattern pattern(const char* utf8, Kind kind, bool intrinsicNegation = false, OnNegation on = OnNegation::Opposite)
{
    return pattern(QString::fromUtf8(utf8), kind, intrinsicNegation, on);
}

QRegularExpression rx(const QString& re)
{
    return QRegularExpression(re, kOptions);
}

/** Joins a pattern written as several UTF-8 literals (one per part of a long family). */
QString re(std::initializer_list<const char*> parts)
{
    QString out;
    for (const char* p : parts)
        out += QString::fromUtf8(p);
    return out;
}

const LanguageRules& rules(MessageLanguage language)
{
    // Patterns are written in the folded alphabet (see fold()): lower case, i for ı/İ, е for ё,
    // and Turkish letters without their marks (ş→s, ğ→g, ç→c, ö→o, ü→u), since many people
    // type Turkish on an English keyboard.
    //
    // The design (issue 15): for an unknown or open refund any unhedged statement about the
    // outcome or the money's arrival is a claim. So each language has families rather than
    // phrases: the act in the first person ("we refunded", "I issued your refund"), the refund
    // or the money as subject with an outcome ("refund processed", "the $38 was credited back"),
    // arrival ("you'll see $38 back", "on its way"), short verdicts ("Done!"), and refusals by
    // anyone ("the card issuer turned it down"). A hedge (we do not know, we are checking, if,
    // once) before the phrase or a condition after it takes the claim back.
    static const LanguageRules en{
        MessageLanguage::English,
        {
            // "has been refunded", "it's refunded", "was credited back", "got reimbursed"
            pattern(re({R"((?:\b(?:has|have|had|was|were|is|are|been|got|gets|get|be)|'s|'ve|'re)\s+(?:(?:not|already|now|just|fully|successfully|finally|also|all|yet|never|been|n't|officially)\s+){0,3})",
                        R"((?:refunded|refnded|reimbursed|credited(?:\s+back)?|reversed|returned(?!\s+to\s+(?:our|the|us)\b)|sent\s+back|paid\s+back|put\s+back)\b)"}),
                    Kind::Success),
            pattern(R"(\b(?:has|have|had|was|were|is|are)n't\s+(?:(?:already|yet|been)\s+){0,2}refunded\b)", Kind::Success),
            pattern(R"(^[\s\W]*(?:just\s+|already\s+)?(?:refunded|refnded|reimbursed)\s+(?:you|your|the|it)\b)", Kind::Success),
            // the refund / the money as subject with an outcome: "your refund of $38 has been processed"
            pattern(re({R"((?<!\w)(?:refund\w*(?:'s)?|reimbursement|money|funds|payment|credit|\$\s?\d[\d.,]*|[€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:usd|eur|gbp|dollars?|euros?))\s+(?:\S+\s+){0,6}?)",
                        R"((?:(?:has|have|had|was|were|is|are|been|'s|not|already|now|just|fully|hasn't|wasn't|isn't|never|yet|finally|successfully|all|officially|definitely)\s+){1,4})",
                        R"((?:succes+ful+(?:ly)?|succeeded|complete[d]?|processed|done|issued|approved|made|finali[sz]ed|credited|returned|refunded|posted|settled|sorted|applied|sent|landed|arrived|taken\s+care\s+of|through|thru|back|(?:gone|went)\s+(?:through|thru|out)|on\s+(?:its|the|their)\s+way)\b)"}),
                    Kind::Success),
            // verdicts without a verb: "Refund successful", "refund done!", "refund went through"
            pattern(R"(\brefund\w*(?:'s)?\s+(?:\S+\s+){0,3}?(?:succes+ful+(?:ly)?|succeeded|complete[d]?|done|processed|issued|approved|finali[sz]ed|(?:went|gone)\s+(?:through|thru|out))\b)",
                    Kind::Success),
            pattern(R"(\b(?:it|payment|transaction|that|money|the\s+\$?\d[\d.,]*)\s+(?:\S+\s+){0,2}?(?:(?:went|has\s+gone|'s\s+gone|have\s+gone)\s+(?:through|thru)|was\s+successful|succeeded)\b)",
                    Kind::Success),
            pattern(R"(\bsuccessfully\s+(?:refunded|processed|issued|reversed|returned)\b)", Kind::Success),
            // "is confirmed": not confirmed is no claim at all
            pattern(re({R"(\b(?:refund\w*|reimbursement|it)\s+(?:\S+\s+){0,3}?(?:is|was|has\s+been|been|'s)\s+(?:(?:now|already|fully|officially|not|n't|never)\s+){0,2}confirmed\b)"}),
                    Kind::Success, false, OnNegation::NoClaim),
            pattern(R"(\b(?:i|we)\s+(?:can\s+)?confirm\s+(?:that\s+)?(?:the|your)\s+refund\b)", Kind::Success),
            pattern(R"(\b(?:provider|bank|stripe|processor|system|they)\s+(?:\S+\s+){0,2}?confirmed\s+(?:\S+\s+){0,2}?refund\b)", Kind::Success),
            // the act, first person: "we refunded you", "I've issued your refund", "we put $38 back on your card"
            pattern(re({R"(\b(?:we|i|our\s+team|support)(?:'ve|'d|\s+have|\s+had|\s+did|\s+just|\s+already|\s+now|\s+also|\s+successfully|\s+(?:went|gone|go)\s+ahead\s+and|\s+were\s+able\s+to|\s+was\s+able\s+to|\s+managed\s+to|\s+not|\s+never|n't){0,3})",
                        R"(\s+(?:refunded|refnded|reimbursed|refund(?=\s+(?:you|your|the|it|that|this)\b)|returned\s+(?:your|the)\s+(?:money|payment|funds|\$)|(?:sent|put|paid)\s+(?:the\s+|your\s+)?(?:money|funds|payment|refund|it|[$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:usd|eur|dollars?))\s+back|credited|reversed\s+(?:the|your)\s+(?:charge|payment))\b)"}),
                    Kind::Success),
            pattern(re({R"(\b(?:we|i|our\s+team)(?:'ve|\s+have|\s+had|\s+just|\s+already|\s+now|\s+successfully){0,2}(?:\s+\w+\s+and)?\s+(?:issued|processed|completed|made|sent|approved|finali[sz]ed|pushed|done)\s+(?:\S+\s+){0,3}?)",
                        R"((?:refund|reimbursement|money|it\b|\$\s?\d|€|\d[\d.,]*\s?(?:usd|eur|dollars?)))"}),
                    Kind::Success),
            // arrival: "you'll see $38 back in 5-10 days", "it should hit your card by Friday"
            pattern(re({R"((?<!\w)(?:you|it|the\s+(?:money|funds|refund|amount|credit)|your\s+(?:money|funds|refund)|\$\s?\d[\d.,]*|[€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:usd|eur|dollars?))\s*(?:'ll|'d|\s+will|\s+won't|\s+will\s+not|\s+should|\s+shall|\s+would|\s+is\s+going\s+to|\s+are\s+going\s+to|\s+can\s+expect\s+to)\s+(?:(?:now|soon|then|also|definitely|be\s+able\s+to)\s+){0,2})",
                        R"((?:(?:see|get|receive|recieve|have|notice)\s+(?:\S+\s+){0,3}?(?:money|refund|funds|credit|[$€£]\s?\d|\d[\d.,]*\s?(?:usd|eur|gbp|dollars?|euros?|\$|€)|back(?!\s+to\s+(?:you|u)\b)|it\s+(?:on|in|back))|arrive|appear|show\s+up|show|hit|land|reach|reflect|post|be\s+(?:back|credited|returned|refunded|visible|available|on\s+your|in\s+your)))"}),
                    Kind::Success, false, OnNegation::Opposite),
            pattern(R"((?<!\w)(?:refund\w*|money|funds|it|it's|payment|amount|credit|cash|\$\s?\d[\d.,]*|[€£]\s?\d[\d.,]*)(?:'s)?\s+(?:\S+\s+){0,3}?on\s+(?:its|the|their)\s+way(?:\s+back)?\b)", Kind::Success),
            pattern(R"(\b(?:is|are|'s|be|been|now|already)\s+(?:\S+\s+){0,2}?back\s+(?:on|in|to|into)\s+your\s+(?:card|account|bank|wallet|balance)\b)",
                    Kind::Success),
            pattern(R"(\bexpect\s+(?:to\s+see\s+)?(?:it|the\s+money|the\s+refund|your\s+refund|your\s+money|the\s+funds|the\s+credit|(?:the\s+|your\s+)?[$€£]\s?\d[\d.,]*|(?:the\s+)?\d[\d.,]*\s?(?:usd|eur|dollars?))(?:\b|(?=\s)))", Kind::Success),
            pattern(R"(\b(?:money|refund|funds)\s+(?:is|are|'s)\s+(?:heading|coming)\s+back\b)", Kind::Success),
            // short verdicts as a whole sentence: "Done!", "All set ✅"
            pattern(R"(^[\s\W]*(?:(?:all\s+|it's\s+|it\s+is\s+)?(?:done|sorted|set|complete[d]?|finished|success(?:ful)?|refunded|processed|taken\s+care\s+of)(?:\s+(?:now|already))?[\s\W]*(?:and\s+)?)+$)",
                    Kind::Success),
            pattern(R"(^[\s\W]*(?:good\s+news|great\s+news)[\s\W]*(?:\S+\s+){0,2}?(?:done|sorted|refunded|it's\s+back)\b)", Kind::Success),
            // failure: the refund failed, was declined, bounced...
            pattern(re({R"(\b(?:refund\w*|reversal|transaction|reimbursement)\s+(?:\S+\s+){0,5}?(?:(?:has|have|had|was|were|is|got|has\s+been|been|definitely|unfortunately)\s+){0,2})",
                        R"((?:failed|declined|rejected|refused|denied|bounced|blocked|cancell?ed|voided|turned\s+down|unsucces+ful+|not\s+successful|did\s+not\s+succeed|didn't\s+succeed|errored(?:\s+out)?|did\s+not\s+work|didn't\s+work)\b)"}),
                    Kind::Failure, true),
            pattern(R"(\brefund\w*\s+(?:\S+\s+){0,5}?(?:couldn't|could\s+not|can't|cannot|can\s+not|won't|will\s+not|wasn't|was\s+not|didn't|did\s+not)\s+(?:be\s+)?(?:go\s+(?:through|thru)|completed?|processed|process|made|issued|done|succeed|work|happen|approved|possible)\b)",
                    Kind::Failure, true),
            pattern(R"(\b(?:it|this|that|payment|transaction)\s+(?:did\s+not|didn't|has\s+not|hasn't|never|won't|will\s+not)\s+(?:go|gone|went)\s+(?:through|thru)\b)",
                    Kind::Failure, true),
            pattern(R"(\b(?:bank|issuer|card\s+issuer|provider|processor|stripe|card\s+company|card\s+network|network|they|it)\s+(?:\S+\s+){0,3}?(?:declined|rejected|refused|denied|turned\s+(?:\S+\s+){0,2}?down|blocked|bounced|reversed\s+it|sent\s+(?:\S+\s+){0,2}?back)\b)",
                    Kind::Failure),
            pattern(R"(\b(?:(?:could|can|were|was|are|will|would)(?:\s+not|n't)|won't|wouldn't)\s+(?:be\s+)?(?:able\s+to\s+)?(?:refund|reimburse|process|issue|complete|(?:make|give|send)\s+(?:\S+\s+){0,2}?(?:refund|money|payment|reimbursement))\b)",
                    Kind::Failure, true),
            pattern(R"(\b(?:cannot|can't|can\s+not|won't|will\s+not)\s+(?:refund|reimburse|give\s+(?:you\s+)?(?:a|your|the|any)\s+refund|process\s+(?:your|the)\s+refund|issue\s+(?:your|the|a)\s+refund))",
                    Kind::Failure, true),
            pattern(R"(\bunable\s+to\s+(?:refund|reimburse|process\s+(?:your|the)\s+refund|issue\s+(?:your|the|a)\s+refund|complete\s+(?:your|the)\s+refund))",
                    Kind::Failure, true),
            pattern(R"(\brefund\w*\s+(?:did\s+not|didn't|didnt)\s+go\s+(?:through|thru)\b)", Kind::Failure, true),
            pattern(R"(\b(?:we|i)(?:'ve|\s+have|\s+had)?\s+(?:(?:already|unfortunately|had\s+to)\s+)?(?:declined|rejected|refused|denied)\b)", Kind::Failure),
            pattern(R"((?<!\w)(?:money|funds|it|refund\w*|payment|\$\s?\d[\d.,]*)\s+(?:\S+\s+){0,2}?(?:came|come|went|bounced|was\s+sent|was\s+returned|got\s+sent)\s+back\s+to\s+us\b)", Kind::Failure),
            pattern(R"(\bno\s+refund\s+(?:was|has\s+been|will\s+be|could\s+be)\s+(?:made|issued|processed|sent|possible)\b)", Kind::Failure, true),
            pattern(R"(\b(?:there\s+will\s+be\s+no\s+refund|not\s+eligible\s+for\s+(?:a\s+)?refund|won't\s+(?:be\s+)?(?:receiv|get)\w*\s+(?:a|your|the)\s+refund|will\s+not\s+(?:be\s+)?(?:receiv|get)\w*\s+(?:a|your|the)\s+refund|won't\s+be\s+refunded|will\s+not\s+be\s+refunded)\b)",
                    Kind::Failure, true),
            pattern(R"((?<!\w)(?:refund\w*|money|funds|payment|\$\s?\d[\d.,]*)\s+(?:\S+\s+){0,3}?(?:was|were|has\s+been|got)\s+(?:sent\s+back\s+to\s+us|returned\s+to\s+us)\b)", Kind::Failure),
        },
        rx(QStringLiteral(R"(\b(?:not|never|no|cannot|didnt|couldnt|wasnt|hasnt|havent|cant|wont|isnt|arent|werent)\b|n't\b)")),
        rx(QStringLiteral(R"(\byet\b(?!\s+again)|\bstill\s+(?:not|no|hasn't|haven't|isn't|wasn't|pending|unconfirmed|waiting|checking)\b)")),
        rx(QStringLiteral(
            R"(\b(?:cannot|can't|can\s+not|could\s+not|couldn't|unable\s+to|not\s+able\s+to|haven't\s+been\s+able\s+to|don't|do\s+not|didn't|did\s+not|not\s+yet|yet\s+to)\s+(?:\S+\s+)?(?:confirm|say|tell|verify|guarantee|know|see|be\s+sure|determine)\w*\b|\b(?:(?:is|are|'re|'s|am|'m|still|currently|been|be)\s+(?:still\s+|now\s+)?(?:checking|verifying|confirming)|being\s+(?:checked|reviewed|verified|investigated|looked\s+into)|(?:will|'ll|let\s+me|need\s+to|have\s+to|must|should|want\s+to)\s+(?:check|verify)(?!\s+in\b)|investigating|looking\s+into|whether|if|once(?!\s+again)|unless|until|assuming|provided\s+that|not\s+sure|unsure|unclear|unknown|uncertain|may(?!\s+\d)|might|possibly|possible|perhaps|maybe|in\s+case|pending|waiting\s+(?:for|on|to)|awaiting|hear\s+back|as\s+soon\s+as|when\s+we\s+(?:know|hear|confirm|get|have)|hopefully|(?:i|we)\s+hope\s+(?:it|the|that|your)|no\s+confirmation|not\s+confirmed|no\s+way\s+to\s+know)\b)")),
        rx(QStringLiteral(R"((?<!know\s)(?<!us\s)(?<!out\s)(?<!write\s)\b(?:(?:if|once|unless|until|whether|assuming)\s+(?!you\b|u\b|there\b|anything\b|not\b|so\b|again\b)|provided\s+that|as\s+soon\s+as|pending|after\s+we\s+(?:confirm|know|hear|check)|when\s+we\s+(?:know|hear|confirm|get)|when\s+it's\s+confirmed|(?:is|are)\s+being\s+(?:checked|reviewed|verified|investigated)))")),
        QRegularExpression(),
        QRegularExpression(),
    };
    static const LanguageRules ru{
        MessageLanguage::Russian,
        {
            pattern(R"(\b(?:возврат\w*|вазврат\w*|рефанд\w*|компенсаци\w*)\s+(?:\S+\s+){0,5}?(?:выполнен|произведен|оформлен|завершен|проведен|осуществлен|прошел|прошла|сделан|одобрен|обработан|успешн|готов|состоялся|зачислен|отправлен|перечислен|на\s+(?:ваш\w*\s+)?(?:карт|счет))\w*)",
                    Kind::Success),
            pattern(R"(\bвозврат\w*\s+(?:\S+\s+){0,3}?подтвержд\w*)", Kind::Success, false, OnNegation::NoClaim),
            pattern(R"(\b(?:деньги|денги|деньжки|средства|сумма|сумму|оплата|платеж|\d[\d\s.,]*\s*(?:\$|₽|руб\w*|доллар\w*|usd|евро|€))\s+(?:\S+\s+){0,4}?(?:возвращен\w*|вернул\w*|вернутся|вернуться|поступ\w+|зачисл\w+|отправлен\w*|отправили|перевели|перечисл\w+|придут|прийдут|придет|прийдет|приходят|пришли|будут\s+(?:на|зачислены|возвращены|у\s+вас)|уже\s+на|уже\s+у\s+вас|в\s+пути|на\s+(?:карт|счет)\w*))",
                    Kind::Success),
            pattern(R"(\bвозвращен[аыо]?\b)", Kind::Success),
            pattern(R"(\b(?:верн(?:ули|ул|ула|ем|улись|улась|улось)|возвратили|возвратил|вернуть\s+удалось)\b)", Kind::Success),
            pattern(R"(\b(?:оформили|оформил|оформила|провели|провел|провела|сделали|сделал|сделала|выполнили|выполнил|произвели|произвел|осуществили|одобрили|отправили|отправил|отправила|перевели|перевел|зачислили|перечислил\w*|оформлен\w*)\s+(?:\S+\s+){0,3}?(?:возврат\w*|деньги|денги|средства|сумм\w*|оплат\w*|платеж\w*|refund|\d[\d\s.,]*\s*(?:\$|₽|руб\w*|доллар\w*|usd|евро|€)))",
                    Kind::Success),
            pattern(R"(\b(?:получите|увидите|получили|вам\s+вернут|вам\s+придут)\s+(?:\S+\s+){0,3}?(?:деньги|денги|средства|возврат|сумм\w*|\d[\d\s.,]*\s*(?:\$|₽|руб\w*|доллар\w*|usd|евро|€)))", Kind::Success),
            pattern(R"(\b(?:деньги|денги|средства|сумма|возврат\w*|платеж\w*|перевод)\s+(?:\S+\s+){0,2}?(?:уже\s+)?в\s+пути\b)", Kind::Success),
            pattern(R"(^[\s\W]*(?:все\s+|вс[её]\s+)?(?:готово|сделано|выполнено|успешно|оформлено|вернули|возвращено|проведено)(?:\s+(?:уже|все))?[\s\W]*$)", Kind::Success),
            pattern(R"(\brefund\w*\s+(?:\S+\s+){0,2}?(?:сделали|сделан|прошел|оформили|оформлен|выполнен|готов|провели))", Kind::Success),
            // failure
            pattern(R"(\b(?:возврат\w*|вазврат\w*|рефанд\w*)\s+(?:\S+\s+){0,5}?(?:не\s+удал(?:ся|ось|ась|ись)|не\s+прош(?:ел|ла|ли)|не\s+дош(?:ел|ла|ли)|не\s+состоялся|отклонен\w*|отменен\w*|невозможен|неуспеш\w*|не\s+выполнен\w*|не\s+проведен\w*|не\s+получил(?:ся|ось)|не\s+будет|сорвал\w*|заверш\w+\s+(?:ошибк|неудач)\w*|неудач\w*|ошибк\w*))",
                    Kind::Failure, true),
            pattern(R"(\bне\s+(?:удалось|смогли|смог|можем|получилось|сможем|получится|будем|станем)\s+(?:\S+\s+){0,2}?(?:вернуть|возвращать|оформить|провести|выполнить|сделать|возвратить|вернуть\s+вам)\b)",
                    Kind::Failure, true),
            pattern(R"(\b(?:вернуть|возвратить|оформить\s+возврат)\s+(?:\S+\s+){0,2}?не\s+(?:удалось|получилось|вышло|смогли)\b)", Kind::Failure, true),
            pattern(R"(\b(?:банк\w*|эмитент\w*|платежн\w+\s+систем\w+|провайдер\w*|платежн\w+\s+сервис\w*|stripe|они|система)\s+(?:\S+\s+){0,3}?(?:отклонил\w*|отказал\w*|не\s+пропустил\w*|заблокировал\w*|не\s+принял\w*|вернул\w*\s+(?:платеж|операци)\w*))",
                    Kind::Failure, true),
            pattern(R"(\b(?:в\s+возврате\s+(?:\S+\s+){0,4}?отказан\w*|отказан\w*\s+в\s+возврат\w*|отказ\w*\s+в\s+возврат\w*|отказали))", Kind::Failure, true),
            pattern(R"(\b(?:операци\w+|платеж\w*|транзакци\w+)\s+(?:\S+\s+){0,3}?(?:отклонен\w*|не\s+прош(?:ел|ла)|отменен\w*|заверш\w+\s+(?:ошибк|неудач)\w*))", Kind::Failure, true),
            pattern(R"(\b(?:деньги|средства|сумма)\s+(?:\S+\s+){0,2}?не\s+(?:вернутся|поступят|придут|будут\s+возвращены))", Kind::Failure, true),
            pattern(R"(\bошибк\w+\s+возврат\w*)", Kind::Failure),
            pattern(R"(\b(?:деньги|денги|средства|сумма|возврат\w*)\s+(?:\S+\s+){0,3}?(?:вернул\w*|пришл\w*|ушл\w*)\s+(?:обратно\s+)?(?:к\s+нам|нам|на\s+наш\s+сч[её]т)\b)", Kind::Failure, true),
        },
        rx(QStringLiteral(R"(\b(?:не|нет|ни|никак)\b)")),
        rx(QStringLiteral(R"(\b(?:еще|пока|до\s+сих\s+пор)\b)")),
        rx(QString::fromUtf8(
            R"(\b(?:не\s+(?:можем|могу|можем\s+пока|удается|получается|удалось)\s+(?:\S+\s+)?(?:подтвердить|сказать|гарантировать|проверить|увидеть|понять|узнать)|не\s+знаем|не\s+знаю|не\s+уверен\w*|неизвестн\w*|непонятн\w*|неясн\w*|не\s+ясно|проверя\w*|проверим|уточня\w*|уточним|выясня\w*|выясним|если|как\s+только|когда\s+(?:подтверд|узна|убед|получ)\w*|после\s+подтвержден\w*|ли|возможно|может\s+быть|вероятно|ожидаем\s+(?:ответ|подтвержден)\w*|в\s+ожидании|ждем|или\s+нет|пока\s+не|еще\s+не|не\s+подтвержд\w*|наверн\w*|надеемся|надеюсь|нет\s+(?:ответа|подтверждени\w*|информаци\w*|данных)|сообщим|напишем)\b)")),
        // After a phrase: a condition on the outcome ("…, если возврат прошёл"), not the
        // customer's ("если будут вопросы — пишите"), or not knowing ("…, мы пока не знаем").
        rx(QString::fromUtf8(R"(\b(?:если\s+(?!(?:будут|возникнут|появятся|есть|у\s+вас|вам|что-то|что|нужн\w*)\b)|как\s+только|когда\s+(?:подтверд|узна|получ)\w*|после\s+того|ли|или\s+нет|не\s+знаем|неизвестн\w*|провер(?:я\w*|им|ить)|на\s+проверк\w*|убедить\w*|убедимся|уточня\w*|выясня\w*)\b)")),
        QRegularExpression(),
        rx(QString::fromUtf8(R"(^\s*ли\b)")),
    };
    // Turkish is agglutinative and free in word order, so its rules are built from stems and
    // suffixes: a refund or money word (TOPIC) and, before or after it, a verb stem whose
    // ending is positive (past -di, perfect -mis(tir), future -ecek, present -iyor, aorist -ir,
    // the nominal -digini) or negative (-me/-ma, "could not" -eme/-ama). A success stem with a
    // negative ending is a failure claim ("iade edilmedi"), unless "henuz" makes it still open.
    static const QString trTopic = QStringLiteral(
        R"((?:iade\w*|para\w*|tutar\w*|odeme\w*|ucret\w*|refund\w*|alacak\w*|\d[\d.,]*\s*(?:\$|tl|dolar\w*|usd|lira\w*|euro\w*|€)(?:'\w+)?))");
    static const QString trPositive = QStringLiteral(
        R"((?:[dt][iu](?:m|n|k|niz|nuz|ler|lar)?|m[iu]s(?:t[iu]r|[iu]m|s[iu]n(?:[iu]z)?|[iu]z)?|(?:y?[ae])c[ae](?:k|g)(?:t[iu]r|s[iu]n(?:[iu]z)?|[iu]z|[iu]m)?|[iu]?yor(?:[iu]m|uz|s[iu]n(?:[iu]z)?|lar)?|[iaeu]?r(?:s[iu]n(?:[iu]z)?|[iu]z|[iu]m|lar)?|[dt][iu]g[iu]n[iu]))");
    static const QString trNegative = QStringLiteral(
        R"((?:(?:y?[ae])?m[ae](?:[dt][iu](?:m|n|k|niz|nuz|lar|ler)?|m[iu]s(?:t[iu]r)?|y[ae]c[ae](?:k|g)(?:t[iu]r|s[iu]n(?:[iu]z)?|[iu]z|[iu]m)?|z|k|d[iu]g[iu]\w*)|(?:y?[ae])?m[iu]yor\w*))");
    // Stems whose positive form says the money went back (passive and active).
    static const QString trSuccessStem = QStringLiteral(
        R"((?:(?<!iptal\s)(?<!ret\s)(?:edil|ed|et)|yapil|yap|gerceklestiril|gerceklestir|gercekles|tamamlan|tamamla|onaylan|onayla|gonderil|gonder|yatiril|yatir|aktaril|aktar|islen|isle|yansitil|yansit|yansi|yansiy|gec|al(?=[ai](?:c[ae]ks[iu]n|rs[iu]n)|am[ae])|ulas|don|yat|git|gid|yuklen|(?<!ile\s)(?<!yla\s)sonuclan|halledil|hallet|halloldu|olusturul|oden|ode|geri\s+gel|isleme\s+alin))");
    // Stems that say it failed; only their positive form is a claim.
    static const QString trFailureStem = QStringLiteral(
        R"((?:reddedil|reddet|iptal\s+edil|iptal\s+ol|iptal\s+et|geri\s+cevril|geri\s+cevir|hata\s+ver|hata\s+(?:ile|yla)\s+sonuclan|ret\s+gel|basarisiz\s+ol|olma))");
    // topic … verb, or verb … topic ("Basarisiz oldu iade"). The words between stay within the
    // clause (no comma, semicolon or colon). A success may not reach past "ve"/"ama" ("iade size
    // ulasmadi ve bize geri dondu" is a failure); a failure may ("iadeyi denedik ama olmadi").
    auto trPair = [](const QString& stem, const QString& ending, bool acrossConjunction) {
        const QString word = acrossConjunction ? QStringLiteral(R"([^\s,;:]+\s+)")
                                               : QStringLiteral(R"((?!(?:ve|ama|fakat|ancak)\s)[^\s,;:]+\s+)");
        return QStringLiteral(R"(\b%1\s+(?:%4){0,6}?%2%3\b|\b%2%3\s+(?:%4){0,3}?%1\b)").arg(trTopic, stem, ending, word);
    };
    static const LanguageRules tr{
        MessageLanguage::Turkish,
        {
            pattern(trPair(trSuccessStem, trPositive, false), Kind::Success),
            pattern(trPair(trSuccessStem, trNegative, true), Kind::Failure, true),
            pattern(trPair(trFailureStem, trPositive, true), Kind::Failure),
            pattern(QStringLiteral(R"(\b(?:iade\w*|odeme\w*|refund|para\w*)\s+(?:(?!(?:ve|ama|fakat|ancak)\s)[^\s,;:]+\s+){0,3}?(?:tamam|tamamdir|ok|basarili\w*|basariyla\s+\w+|yolda)\b)"), Kind::Success),
            pattern(QStringLiteral(R"(\b(?:iade\w*|odeme\w*|islem\w*)\s+(?:\S+\s+){0,3}?(?:basarisiz\w*)|\bbasarisiz\w*\s+(?:\S+\s+){0,2}?iade\w*)"),
                    Kind::Failure, true),
            // the money where the customer will find it: "para 2 gune kartinda", "hesabinizda"
            pattern(QStringLiteral(R"(\b(?:para\w*|tutar\w*|iade\w*|\d[\d.,]*\s*(?:\$|tl|dolar\w*|usd|lira\w*|euro\w*|€))\s+(?:[^\s,;:]+\s+){0,5}?(?:kart|hesab)\w*(?:da|de|ta|te)\b)"),
                    Kind::Success),
            pattern(QStringLiteral(R"(\bbize\s+geri\s+(?:dondu|geldi|gonderildi|yatirildi)\b)"), Kind::Failure),
            pattern(QStringLiteral(R"(\bbasariyla\s+(?:sonuclandi|tamamlandi|gerceklesti|gerceklestirildi|yapildi|iade\s+edildi)\b)"), Kind::Success),
            pattern(QStringLiteral(R"(\bevet[\s,!]+(?:\S+\s+){0,1}?(?:edildi|yapildi|gerceklesti|tamamlandi|oldu|yatti|gecti)\b)"), Kind::Success),
            pattern(QStringLiteral(R"(^[\s\W]*(?:tamamlandi|tamamdir|hallettik|halloldu|halledildi|basarili|yapildi|iade\s+edildi|islem\s+tamam)(?:\s+\S+){0,1}[\s\W]*$)"), Kind::Success),
            pattern(QStringLiteral(R"(\b(?:gerceklestigini|yapildigini|edildigini|tamamlandigini)\s+(?:\S+\s+){0,2}?(?:teyit|onayl)\w*\s+(?:ederim|ederiz|ediyorum|ediyoruz|eder)\b)"), Kind::Success),
            pattern(QStringLiteral(R"(\b(?:banka\w*|kurum\w*|saglayici\w*|sistem\w*|stripe|issuer)\s+(?:\S+\s+){0,3}?(?:reddetti|reddetmis|kabul\s+etmedi|geri\s+cevirdi|onaylamadi|engelledi|iptal\s+etti|izin\s+vermedi|reddedildi)\b)"),
                    Kind::Failure, true),
        },
        // Turkish negates with a verb suffix (its own patterns) and "degil" after a predicate;
        // "hic"/"yok" intensify a negative verb rather than negate one.
        rx(QStringLiteral(R"(\bdegil\b)")),
        rx(QStringLiteral(R"(\b(?:henuz|hala|daha)\b(?!\s+once))")),
        rx(QStringLiteral(
            R"((?:onaylayama\w*|teyit\s+edeme\w*|dogrulayama\w*|takip\s+ed\w*|iletisime\s+gec\w*|(?:size|sizinle)\s+don\w*|donus\s+yap\w*|tesekkur\s+ed\w*|kontrol\w*\s+(?:yap|ed)\w*|inceleme\w*\s+yap\w*|kontrol\s+ediyor\w*|kontrol\s+edecegiz|kontrol\s+ediliyor|inceliyor\w*|inceleniyor|inceleyecegiz|arastiriyor\w*|bilmiyoruz|bilemiyoruz|goremiyoruz|bakiyoruz|bakacagiz|emin\s+degil\w*|belli\s+degil|net\s+degil|bilinmiyor|netlik\w*|\beger\b|\bbelki\b|olabilir|muhtemelen|\w+(?:[dt][iu]ys[ae]|rs[ae]|m[iu]ss[ae])\b|\w+(?:ip|up|ip)\s+\w+(?:medig|madig)\w*|olup\s+olmadigini|\w+(?:dig|dug|tig|tug)\w*\s+(?:an|zaman|takdirde)\w*|\w+(?:dig|dug|tig|tug)(?:i|u)nda\b|\w+(?:ince|inca|unca|unce)\b|\bbekliyoruz\b|\bbekleniyor\b|haber\s+verecegiz|bilgilendirecegiz|\bteyit\s+bekl\w*))")),
        // After a phrase: Turkish puts the main verb last, so "iadenin gerceklestigini teyit
        // edemiyoruz" hedges what came before it.
        rx(QStringLiteral(R"((?:onaylayamiyoruz|onaylayamadik|teyit\s+edemiyoruz|teyit\s+edemedik|dogrulayamiyoruz|kontrol\s+ediyor\w*|inceliyor\w*|arastiriyor\w*|bilmiyoruz|bilemiyoruz|goremiyoruz|bakiyoruz|bakacagiz|\bm[iu](?:s[iu]n(?:[iu]z)?|y[iu]z)?\b|gorunmuyor|gorunmemektedir|emin\s+degil\w*|belli\s+degil|net\s+degil|bilinmiyor|bekliyoruz|bekleniyor|olabilir|olup\s+olmadigini|\w+(?:[dt][iu]ys[ae]|m[iu]ss[ae])\b))")),
        rx(QStringLiteral(R"(^\s*(?:degil|olmadi)\b)")),
        rx(QStringLiteral(R"(^\s*m[iu](?:s[iu]n(?:[iu]z)?|y[iu]z|y[iu]m)?\b)")),
        true,
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

/** Where a clause ends: a comma, colon or dash, or a conjunction. */
const QRegularExpression& clauseBoundary()
{
    static const QRegularExpression re(
        QStringLiteral(R"([,:—–]\s|\s-\s|\b(?:but|however|and|но|а|однако|и|ama|fakat|ancak|ve)\b)"), kOptions);
    return re;
}

/** The end of the last match of boundary in [sentenceStart, pos], or sentenceStart. */
int afterLastMatch(const QRegularExpression& boundary, const QString& text, int sentenceStart, int pos)
{
    int start = sentenceStart;
    auto it = boundary.globalMatch(QStringView(text).mid(sentenceStart, pos - sentenceStart));
    while (it.hasNext())
        start = sentenceStart + int(it.next().capturedEnd());
    return start;
}

/** Start of the clause containing position pos within [sentenceStart, pos]. */
int clauseStart(const QString& text, int sentenceStart, int pos)
{
    return afterLastMatch(clauseBoundary(), text, sentenceStart, pos);
}

/** Start of the text after the last contrast ("but", "но", "ama") in [sentenceStart, pos]. */
int contrastStart(const QString& text, int sentenceStart, int pos)
{
    static const QRegularExpression contrast(
        QString::fromUtf8(R"(\b(?:but|however|although|though|но|однако|зато|ama|fakat|ancak|yine\s+de)\b)"), kOptions);
    return afterLastMatch(contrast, text, sentenceStart, pos);
}

/** End of the clause that starts before pos, at most sentenceEnd. */
int clauseEnd(const QString& text, int pos, int sentenceEnd)
{
    const auto m = clauseBoundary().match(QStringView(text).mid(pos, sentenceEnd - pos));
    return m.hasMatch() ? pos + int(m.capturedStart()) : sentenceEnd;
}

/** Words that make a phrase about something other than the refund's outcome. */
const QRegularExpression& notTheRefund()
{
    static const QRegularExpression re(
        QString::fromUtf8(R"(\b(?:request|requests|attempt|inquiry|form|заявк\w*|запрос\w*|tale[pb]\w*)\b)"),
        kOptions);
    return re;
}

void scan(const Folded& folded, const QString& original, const LanguageRules& r, QList<ClaimChecker::Claim>& out)
{
    const QString& text = folded.text;
    for (const Sentence& s : sentences(text)) {
        if (s.question)
            continue;
        // Views, not copies: a draft is scanned by every pattern of two languages while it is typed.
        const QStringView sentence = QStringView(text).mid(s.start, s.end - s.start);
        for (const Pattern& p : r.patterns) {
            auto it = p.re.globalMatch(sentence);
            while (it.hasNext()) {
                const auto m = it.next();
                const int start = s.start + int(m.capturedStart());
                const int end = s.start + int(m.capturedEnd());
                const QString matched = m.captured();
                // "the refund request was sent": a request or an attempt is not the refund (only for
                // success: "the refund attempt failed" still says it failed).
                if (p.kind == Kind::Success && notTheRefund().match(matched).hasMatch())
                    continue;
                // A hedge before the phrase (since the last "but": "we're checking, but it failed"
                // is a claim) or inside it ("refund again until it's confirmed").
                const int hedgeFrom = contrastStart(text, s.start, start);
                if (r.hedge.match(text.mid(hedgeFrom, start - hedgeFrom) + QLatin1Char(' ') + matched).hasMatch())
                    continue;
                const QStringView after = QStringView(text).mid(end, s.end - end);
                if (!r.trailingQuestion.pattern().isEmpty() && r.trailingQuestion.match(after).hasMatch())
                    continue;
                const int cStart = clauseStart(text, s.start, start);
                const int cEnd = clauseEnd(text, end, s.end);
                // A condition after it in the sentence: "you'll see it in 5 days if it went through".
                const QStringView conditionText = r.conditionInClause ? QStringView(text).mid(end, cEnd - end) : after;
                if (!r.conditionAfter.pattern().isEmpty() && r.conditionAfter.match(conditionText).hasMatch())
                    continue;
                const QString before = text.mid(cStart, start - cStart);
                // Negation counts near the verb group (the phrase's last four words), not in the
                // gap: "your refund for the item you didn't want has been processed" is a success.
                const QString inside = p.intrinsicNegation ? QString() : matched.section(QLatin1Char(' '), -4);
                bool negated = r.negation.match(before + QLatin1Char(' ') + inside).hasMatch();
                if (!r.trailingNegation.pattern().isEmpty() && r.trailingNegation.match(after).hasMatch())
                    negated = !negated;
                if (negated && p.onNegation == OnNegation::NoClaim)
                    continue;
                const QStringView clause = QStringView(text).mid(cStart, cEnd - cStart);
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
    return forbiddenFor(findClaims(text, language), status);
}

QList<ClaimChecker::Claim> ClaimChecker::forbiddenFor(const QList<Claim>& claims, OperationStatus status)
{
    QList<Claim> out;
    for (const Claim& c : claims) {
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
