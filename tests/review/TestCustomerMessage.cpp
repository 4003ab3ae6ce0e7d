// Customer messages (R19): drafts per status in English, Russian and Turkish with amounts
// formatted for the language, and the ClaimChecker on drafts and edits in each language,
// including negations ("not yet refunded", "ещё не вернули", "henüz iade edilmedi").

#include "review/ClaimChecker.h"
#include "review/CustomerMessage.h"
#include "Money.h"

#include <QTest>

namespace {

CustomerMessage::Facts facts(OperationStatus status)
{
    CustomerMessage::Facts f;
    f.status = status;
    f.orderId = QStringLiteral("4417");
    f.amountCents = 3800;
    f.currency = QStringLiteral("usd");
    f.refundId = QStringLiteral("re_3PQk2L7hYd");
    f.failureCode = QStringLiteral("no_refund_found");
    return f;
}

QStringList phrases(const QList<ClaimChecker::Claim>& claims)
{
    QStringList out;
    for (const auto& c : claims)
        out << c.phrase;
    return out;
}

} // namespace

Q_DECLARE_METATYPE(MessageLanguage)

class TestCustomerMessage : public QObject
{
    Q_OBJECT

private slots:
    void money();
    void languages();
    void unknownDraftsMakeNoClaim_data();
    void unknownDraftsMakeNoClaim();
    void refundedDraftsNameAmountAndReference();
    void failedDraftsAreHonestWithANextStep();
    void claims_data();
    void claims();
    void positionsPointIntoTheOriginalText();
    void statusDecidesWhatIsForbidden();
    void r19_r24_reversedDraftsSayItDidNotGoThroughWithNextStep();
};

// R19 for `reversed` (R4 amended, R24): the refund confirmed earlier failed at the provider. The
// draft says it did not go through, names amount and order, and the next step; the claim checker
// treats reversed like failed (a success claim is flagged, the draft itself has none).
void TestCustomerMessage::r19_r24_reversedDraftsSayItDidNotGoThroughWithNextStep()
{
    CustomerMessage::Facts f = facts(OperationStatus::Reversed);
    f.failureCode = QStringLiteral("expired_or_canceled_card");
    const QString en = CustomerMessage::draft(f, MessageLanguage::English);
    QVERIFY2(en.contains(QStringLiteral("did not go through")) && en.contains(QStringLiteral("$38.00"))
                 && en.contains(QStringLiteral("4417")) && en.contains(QStringLiteral("Next step")) && en.contains(QStringLiteral("card")),
             qPrintable(en));
    const QString ru = CustomerMessage::draft(f, MessageLanguage::Russian);
    QVERIFY2(ru.contains(QStringLiteral("не состоялся")) && ru.contains(QStringLiteral("4417")) && ru.contains(QStringLiteral("Что дальше")),
             qPrintable(ru));
    const QString tr = CustomerMessage::draft(f, MessageLanguage::Turkish);
    QVERIFY2(tr.contains(QStringLiteral("gerçekleşmedi")) && tr.contains(QStringLiteral("4417")) && tr.contains(QStringLiteral("Sonraki adım")),
             qPrintable(tr));
    for (const MessageLanguage lang : {MessageLanguage::English, MessageLanguage::Russian, MessageLanguage::Turkish}) {
        const QString draft = CustomerMessage::draft(f, lang);
        QVERIFY2(!draft.contains(QStringLiteral("re_3PQk2L7hYd")), qPrintable(draft));
        const auto claims = ClaimChecker::check(draft, lang, OperationStatus::Reversed);
        QVERIFY2(claims.isEmpty(), qPrintable(phrases(claims).join(QStringLiteral(" | "))));
    }
    // An edit that claims the money arrived is flagged, as for failed.
    QVERIFY(!ClaimChecker::check(QStringLiteral("Good news, we have refunded you."), MessageLanguage::English, OperationStatus::Reversed).isEmpty());
    QVERIFY(ClaimChecker::check(QStringLiteral("The refund failed."), MessageLanguage::English, OperationStatus::Reversed).isEmpty());
    // A generic failure reason keeps the draft honest without card words.
    f.failureCode = QStringLiteral("declined");
    QVERIFY(CustomerMessage::draft(f, MessageLanguage::English).contains(QStringLiteral("bank")));
}

void TestCustomerMessage::money()
{
    QCOMPARE(Money::format(3800, QStringLiteral("usd"), QLocale(QLocale::English, QLocale::UnitedStates)),
             QStringLiteral("$38.00"));
    const QString ru = Money::format(3800, QStringLiteral("usd"), QLocale(QLocale::Russian, QLocale::Russia));
    QVERIFY2(ru.contains(QStringLiteral("38,00")) && ru.contains(QLatin1Char('$')), qPrintable(ru));
    const QString tr = Money::format(123456, QStringLiteral("try"), QLocale(QLocale::Turkish, QLocale::Turkey));
    QVERIFY2(tr.contains(QStringLiteral("1.234,56")) && tr.contains(QChar(0x20BA)), qPrintable(tr));
    // Zero-decimal currency: 500 JPY is ¥500, not ¥5.00.
    QCOMPARE(Money::format(500, QStringLiteral("JPY"), QLocale(QLocale::English, QLocale::UnitedStates)),
             QStringLiteral("\u00A5") + QStringLiteral("500"));
    QCOMPARE(Money::format(3800, QStringLiteral("usd"), QLocale::c()), QStringLiteral("$38.00"));
    QCOMPARE(Money::plain(3800, QStringLiteral("usd")), QStringLiteral("38.00 USD"));
    QCOMPARE(Money::plain(5, QStringLiteral("eur")), QStringLiteral("0.05 EUR"));
    QCOMPARE(Money::plain(500, QStringLiteral("jpy")), QStringLiteral("500 JPY"));
    QCOMPARE(Money::symbol(QStringLiteral("xyz")), QStringLiteral("XYZ"));
}

void TestCustomerMessage::languages()
{
    QCOMPARE(MessageLanguages::fromCode(QStringLiteral("RU")), MessageLanguage::Russian);
    QCOMPARE(MessageLanguages::fromCode(QStringLiteral("tr_TR")), MessageLanguage::Turkish);
    QVERIFY(!MessageLanguages::fromCode(QStringLiteral("de")));
    QVERIFY(!MessageLanguages::fromCode(QStringLiteral("english")));
    QCOMPARE(MessageLanguages::fromLocale(QLocale(QLocale::Russian)), MessageLanguage::Russian);
    QCOMPARE(MessageLanguages::fromLocale(QLocale(QLocale::Turkish)), MessageLanguage::Turkish);
    QCOMPARE(MessageLanguages::fromLocale(QLocale(QLocale::German)), MessageLanguage::English);
    QCOMPARE(MessageLanguages::fromLocale(QLocale::c()), MessageLanguage::English);
}

void TestCustomerMessage::unknownDraftsMakeNoClaim_data()
{
    QTest::addColumn<MessageLanguage>("language");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("mustContain");
    QTest::newRow("en unknown") << MessageLanguage::English << int(OperationStatus::Unknown) << QStringLiteral("this chat");
    QTest::newRow("en open") << MessageLanguage::English << int(OperationStatus::Open) << QStringLiteral("cannot confirm");
    QTest::newRow("ru unknown") << MessageLanguage::Russian << int(OperationStatus::Unknown) << QStringLiteral("в этом чате");
    QTest::newRow("tr unknown") << MessageLanguage::Turkish << int(OperationStatus::Unknown) << QStringLiteral("bu sohbetten");
}

void TestCustomerMessage::unknownDraftsMakeNoClaim()
{
    QFETCH(MessageLanguage, language);
    QFETCH(int, status);
    QFETCH(QString, mustContain);
    const QString draft = CustomerMessage::draft(facts(OperationStatus(status)), language);
    QVERIFY2(draft.contains(mustContain), qPrintable(draft));
    QVERIFY(draft.contains(QStringLiteral("4417")));
    QVERIFY(draft.contains(CustomerMessage::amountText(facts(OperationStatus(status)), language)));
    QVERIFY(!draft.contains(QStringLiteral("re_3PQk2L7hYd"))); // no reference: nothing is confirmed
    const auto claims = ClaimChecker::findClaims(draft, language);
    QVERIFY2(claims.isEmpty(), qPrintable(phrases(claims).join(QStringLiteral(" | "))));
}

void TestCustomerMessage::refundedDraftsNameAmountAndReference()
{
    for (MessageLanguage language : MessageLanguages::all()) {
        const QString draft = CustomerMessage::draft(facts(OperationStatus::Refunded), language);
        QVERIFY(draft.contains(QStringLiteral("re_3PQk2L7hYd")));
        QVERIFY(draft.contains(CustomerMessage::amountText(facts(OperationStatus::Refunded), language)));
        // It says the refund was made, and nothing in it says it failed.
        const auto claims = ClaimChecker::findClaims(draft, language);
        QVERIFY2(!claims.isEmpty(), qPrintable(draft));
        QCOMPARE(claims.first().kind, ClaimChecker::Claim::Kind::Success);
        QVERIFY(ClaimChecker::check(draft, language, OperationStatus::Refunded).isEmpty());
    }
    QVERIFY(CustomerMessage::draft(facts(OperationStatus::Refunded), MessageLanguage::English)
                .contains(QStringLiteral("$38.00")));
    QVERIFY(CustomerMessage::draft(facts(OperationStatus::Refunded), MessageLanguage::Russian)
                .contains(QStringLiteral("38,00")));
}

void TestCustomerMessage::failedDraftsAreHonestWithANextStep()
{
    QVERIFY(CustomerMessage::draft(facts(OperationStatus::Failed), MessageLanguage::English).contains(QStringLiteral("was not made")));
    QVERIFY(CustomerMessage::draft(facts(OperationStatus::Failed), MessageLanguage::English).contains(QStringLiteral("Next step")));
    QVERIFY(CustomerMessage::draft(facts(OperationStatus::Failed), MessageLanguage::Russian).contains(QStringLiteral("Что дальше")));
    QVERIFY(CustomerMessage::draft(facts(OperationStatus::Failed), MessageLanguage::Turkish).contains(QStringLiteral("Sonraki adım")));
    CustomerMessage::Facts already = facts(OperationStatus::Failed);
    already.failureCode = QStringLiteral("charge_already_refunded");
    QVERIFY(CustomerMessage::draft(already, MessageLanguage::English).contains(QStringLiteral("already been refunded in full")));
    for (MessageLanguage language : MessageLanguages::all()) {
        const QString draft = CustomerMessage::draft(facts(OperationStatus::Failed), language);
        const auto claims = ClaimChecker::check(draft, language, OperationStatus::Failed);
        QVERIFY2(claims.isEmpty(), qPrintable(phrases(claims).join(QStringLiteral(" | "))));
    }
}

void TestCustomerMessage::claims_data()
{
    QTest::addColumn<MessageLanguage>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected"); // flagged phrases, in order; empty: clean
    QTest::addColumn<QString>("kinds");        // one letter per phrase: S success, F failure

    const auto en = MessageLanguage::English;
    const auto ru = MessageLanguage::Russian;
    const auto tr = MessageLanguage::Turkish;
    // English
    QTest::newRow("en has been refunded") << en << QStringLiteral("Good news: your order has been refunded.")
                                          << QStringList{QStringLiteral("has been refunded")} << QStringLiteral("S");
    QTest::newRow("en case-insensitive") << en << QStringLiteral("YOUR ORDER HAS BEEN REFUNDED!")
                                         << QStringList{QStringLiteral("HAS BEEN REFUNDED")} << QStringLiteral("S");
    QTest::newRow("en refund was successful") << en << QStringLiteral("The refund was successful, thanks for waiting.")
                                              << QStringList{QStringLiteral("refund was successful")} << QStringLiteral("S");
    QTest::newRow("en refund with words between")
        << en << QStringLiteral("Your refund of $38.00 has been processed.")
        << QStringList{QStringLiteral("refund of $38.00 has been processed")} << QStringLiteral("S");
    QTest::newRow("en we refunded") << en << QStringLiteral("We refunded you yesterday.")
                                    << QStringList{QStringLiteral("We refunded")} << QStringLiteral("S");
    QTest::newRow("en we've refunded") << en << QStringLiteral("Don't worry, we’ve refunded the payment.")
                                       << QStringList{QStringLiteral("we’ve refunded")} << QStringLiteral("S");
    QTest::newRow("en you will receive") << en << QStringLiteral("You will receive your money in 5 days.")
                                         << QStringList{QStringLiteral("You will receive your money")} << QStringLiteral("S");
    QTest::newRow("en refund failed") << en << QStringLiteral("Unfortunately the refund failed.")
                                      << QStringList{QStringLiteral("refund failed")} << QStringLiteral("F");
    QTest::newRow("en could not refund") << en << QStringLiteral("Sorry, we could not refund your order.")
                                         << QStringList{QStringLiteral("could not refund")} << QStringLiteral("F");
    QTest::newRow("en couldn't refund") << en << QStringLiteral("We couldn't refund it.")
                                        << QStringList{QStringLiteral("couldn't refund")} << QStringLiteral("F");
    QTest::newRow("en unable to refund") << en << QStringLiteral("We were unable to refund the payment.")
                                         << QStringList{QStringLiteral("unable to refund")} << QStringLiteral("F");
    QTest::newRow("en has not been refunded = failure")
        << en << QStringLiteral("Your money has not been refunded.")
        << QStringList{QStringLiteral("money has not been refunded")} << QStringLiteral("F");
    QTest::newRow("en not yet refunded") << en << QStringLiteral("Your order is not yet refunded; a colleague is on it.")
                                         << QStringList{} << QString();
    QTest::newRow("en has not yet been refunded") << en << QStringLiteral("The payment has not yet been refunded.")
                                                  << QStringList{} << QString();
    QTest::newRow("en hasn't been refunded yet") << en << QStringLiteral("It hasn't been refunded yet.")
                                                 << QStringList{} << QString();
    QTest::newRow("en could not refund yet") << en << QStringLiteral("We could not refund it yet, we are checking.")
                                             << QStringList{} << QString();
    QTest::newRow("en hedge") << en << QStringLiteral("We cannot confirm whether the refund was successful.")
                              << QStringList{} << QString();
    QTest::newRow("en question") << en << QStringLiteral("Has your order been refunded?") << QStringList{} << QString();
    QTest::newRow("en two sentences") << en
                                      << QStringLiteral("A colleague is checking. Actually, the refund went through.")
                                      << QStringList{QStringLiteral("refund went through")} << QStringLiteral("S");
    QTest::newRow("en and starts a clause")
        << en << QStringLiteral("We did not charge you again and the refund has been issued.")
        << QStringList{QStringLiteral("refund has been issued")} << QStringLiteral("S");
    // Russian
    QTest::newRow("ru возврат выполнен") << ru << QStringLiteral("Ваш возврат выполнен.")
                                         << QStringList{QStringLiteral("возврат выполнен")} << QStringLiteral("S");
    QTest::newRow("ru upper case") << ru << QStringLiteral("ВОЗВРАТ УСПЕШНО ВЫПОЛНЕН")
                                   << QStringList{QStringLiteral("ВОЗВРАТ УСПЕШНО")} << QStringLiteral("S");
    QTest::newRow("ru деньги возвращены") << ru << QStringLiteral("Деньги возвращены на вашу карту.")
                                          << QStringList{QStringLiteral("Деньги возвращены")} << QStringLiteral("S");
    QTest::newRow("ru вернули") << ru << QStringLiteral("Мы вернули вам 38 долларов.")
                                << QStringList{QStringLiteral("вернули")} << QStringLiteral("S");
    QTest::newRow("ru возврат не удался") << ru << QStringLiteral("К сожалению, возврат не удался.")
                                          << QStringList{QStringLiteral("возврат не удался")} << QStringLiteral("F");
    QTest::newRow("ru не удалось вернуть") << ru << QStringLiteral("Нам не удалось вернуть деньги.")
                                           << QStringList{QStringLiteral("не удалось вернуть")} << QStringLiteral("F");
    QTest::newRow("ru не вернули = failure") << ru << QStringLiteral("Мы не вернули деньги.")
                                             << QStringList{QStringLiteral("вернули")} << QStringLiteral("F");
    QTest::newRow("ru ещё не вернули") << ru << QStringLiteral("Деньги вам ещё не вернули, коллега проверяет.")
                                       << QStringList{} << QString();
    QTest::newRow("ru еще не вернули without ё") << ru << QStringLiteral("Мы еще не вернули деньги.") << QStringList{}
                                                 << QString();
    QTest::newRow("ru возврат пока не выполнен") << ru << QStringLiteral("Возврат пока не выполнен.") << QStringList{}
                                                 << QString();
    QTest::newRow("ru hedge") << ru << QStringLiteral("Мы пока не можем подтвердить, что возврат выполнен.")
                              << QStringList{} << QString();
    QTest::newRow("ru english inside") << ru << QStringLiteral("Статус: refund was successful.")
                                       << QStringList{QStringLiteral("refund was successful")} << QStringLiteral("S");
    // Turkish
    QTest::newRow("tr iade edildi") << tr << QStringLiteral("Paranız iade edildi.")
                                    << QStringList{QStringLiteral("Paranız iade edildi")} << QStringLiteral("S");
    QTest::newRow("tr upper case with dotted İ") << tr << QStringLiteral("İADE EDİLDİ")
                                                 << QStringList{QStringLiteral("İADE EDİLDİ")} << QStringLiteral("S");
    QTest::newRow("tr iadeniz yapıldı") << tr << QStringLiteral("İadeniz yapıldı, teşekkürler.")
                                        << QStringList{QStringLiteral("İadeniz yapıldı")} << QStringLiteral("S");
    QTest::newRow("tr iade başarısız") << tr << QStringLiteral("Maalesef iade başarısız oldu.")
                                       << QStringList{QStringLiteral("iade başarısız oldu")} << QStringLiteral("F");
    QTest::newRow("tr IADE BAŞARISIZ (dotless upper I)") << tr << QStringLiteral("IADE BAŞARISIZ")
                                                         << QStringList{QStringLiteral("IADE BAŞARISIZ")}
                                                         << QStringLiteral("F");
    QTest::newRow("tr iade edilmedi = failure") << tr << QStringLiteral("Ödemeniz iade edilmedi.")
                                                << QStringList{QStringLiteral("Ödemeniz iade edilmedi")} << QStringLiteral("F");
    QTest::newRow("tr henüz iade edilmedi") << tr << QStringLiteral("Ödemeniz henüz iade edilmedi.") << QStringList{}
                                            << QString();
    QTest::newRow("tr question particle") << tr << QStringLiteral("İade edildi mi diye bakıyoruz") << QStringList{}
                                          << QString();
    QTest::newRow("tr hedge") << tr << QStringLiteral("İadenin yapıldığını henüz onaylayamıyoruz.") << QStringList{}
                              << QString();
    QTest::newRow("tr suffix is not the word") << tr
                                               << QStringLiteral("Sağlayıcı ödemenin iade edildiğini bildiriyor mu, bakıyoruz")
                                               << QStringList{} << QString();
}

void TestCustomerMessage::claims()
{
    QFETCH(MessageLanguage, language);
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QFETCH(QString, kinds);
    const auto claims = ClaimChecker::findClaims(text, language);
    QCOMPARE(phrases(claims), expected);
    QString got;
    for (const auto& c : claims)
        got += c.kind == ClaimChecker::Claim::Kind::Success ? QLatin1Char('S') : QLatin1Char('F');
    QCOMPARE(got, kinds);
    // For an unknown operation every claim is flagged.
    QCOMPARE(ClaimChecker::check(text, language, OperationStatus::Unknown).size(), expected.size());
}

void TestCustomerMessage::positionsPointIntoTheOriginalText()
{
    // Folding "İ" yields two code units ("i̇"); positions must still index the original text.
    const QString text = QStringLiteral("Merhaba İlker! İADE EDİLDİ ve para yolda.");
    const auto claims = ClaimChecker::findClaims(text, MessageLanguage::Turkish);
    // Two claims: the act ("İADE EDİLDİ") and the arrival ("para yolda", the money is on its way).
    QCOMPARE(claims.size(), 2);
    QCOMPARE(text.mid(claims.first().position, claims.first().length), QStringLiteral("İADE EDİLDİ"));
    QCOMPARE(text.mid(claims.last().position, claims.last().length), QStringLiteral("para yolda"));
    QCOMPARE(claims.first().language, MessageLanguage::Turkish);
}

void TestCustomerMessage::statusDecidesWhatIsForbidden()
{
    const QString success = QStringLiteral("Your refund has been processed.");
    const QString failure = QStringLiteral("The refund failed.");
    QCOMPARE(ClaimChecker::check(success, MessageLanguage::English, OperationStatus::Open).size(), 1);
    QCOMPARE(ClaimChecker::check(failure, MessageLanguage::English, OperationStatus::Open).size(), 1);
    QCOMPARE(ClaimChecker::check(success, MessageLanguage::English, OperationStatus::Refunded).size(), 0);
    QCOMPARE(ClaimChecker::check(failure, MessageLanguage::English, OperationStatus::Refunded).size(), 1);
    QCOMPARE(ClaimChecker::check(success, MessageLanguage::English, OperationStatus::Failed).size(), 1);
    QCOMPARE(ClaimChecker::check(failure, MessageLanguage::English, OperationStatus::Failed).size(), 0);
}

QTEST_GUILESS_MAIN(TestCustomerMessage)
#include "TestCustomerMessage.moc"
