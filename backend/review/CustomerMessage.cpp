#include "review/CustomerMessage.h"

#include "Money.h"

namespace {

QString failureReason(const QString& code, MessageLanguage language)
{
    // Only codes a customer can understand get a sentence; the rest stay generic.
    const bool alreadyRefunded = code == QLatin1String("charge_already_refunded");
    const bool tooLarge = code == QLatin1String("amount_too_large");
    const bool disputed = code == QLatin1String("charge_disputed") || code == QLatin1String("refund_disputed_payment");
    switch (language) {
    case MessageLanguage::English:
        if (alreadyRefunded)
            return QStringLiteral("Our payment provider reports that this payment had already been refunded in full "
                                  "earlier, so no second refund was made.");
        if (tooLarge)
            return QStringLiteral("The amount was larger than what is left to refund on this payment.");
        if (disputed)
            return QStringLiteral("The payment is under a dispute with your bank, so a refund cannot be made through us "
                                  "while it is open.");
        return QString();
    case MessageLanguage::Russian:
        if (alreadyRefunded)
            return QStringLiteral("Платёжный провайдер сообщает, что этот платёж уже был полностью возвращён ранее, "
                                  "поэтому повторный возврат не оформлялся.");
        if (tooLarge)
            return QStringLiteral("Сумма превышала остаток, который ещё можно вернуть по этому платежу.");
        if (disputed)
            return QStringLiteral("По этому платежу открыт спор с вашим банком, поэтому пока он не закрыт, мы не можем "
                                  "оформить возврат.");
        return QString();
    case MessageLanguage::Turkish:
        if (alreadyRefunded)
            return QStringLiteral("Ödeme sağlayıcımız bu ödemenin daha önce tamamen iade edildiğini bildiriyor; bu "
                                  "yüzden ikinci bir iade yapılmadı.");
        if (tooLarge)
            return QStringLiteral("Tutar, bu ödemede iade edilebilecek kalan tutardan fazlaydı.");
        if (disputed)
            return QStringLiteral("Bu ödeme için bankanızla açık bir itiraz süreci var; süreç kapanmadan iade "
                                  "yapamıyoruz.");
        return QString();
    }
    return QString();
}

QString unknownDraft(MessageLanguage language, const QString& amount, const QString& order)
{
    switch (language) {
    case MessageLanguage::English:
        return QStringLiteral(
                   "Hello! Thank you for your patience.\n\n"
                   "We cannot confirm your refund of %1 for order %2 yet. A colleague is checking it with our payment "
                   "provider right now and will reply to you in this chat as soon as we know more.\n\n"
                   "You don't need to do anything in the meantime, and please don't request the refund again: we "
                   "are already on it.")
            .arg(amount, order);
    case MessageLanguage::Russian:
        return QStringLiteral(
                   "Здравствуйте! Спасибо за терпение.\n\n"
                   "Мы пока не можем подтвердить возврат %1 по заказу %2. Коллега прямо сейчас проверяет его у "
                   "нашего платёжного провайдера и ответит вам в этом чате, как только появятся новости.\n\n"
                   "Пока ничего делать не нужно, и, пожалуйста, не запрашивайте возврат повторно: мы уже "
                   "занимаемся им.")
            .arg(amount, order);
    case MessageLanguage::Turkish:
        return QStringLiteral(
                   "Merhaba! Sabrınız için teşekkür ederiz.\n\n"
                   "%2 numaralı siparişiniz için %1 tutarındaki iadeyi henüz onaylayamıyoruz. Bir çalışma "
                   "arkadaşımız şu anda ödeme sağlayıcımızla kontrol ediyor ve yeni bir bilgi olur olmaz bu sohbetten "
                   "size yanıt verecek.\n\n"
                   "Bu arada bir şey yapmanıza gerek yok; lütfen iadeyi tekrar talep etmeyin, konuyla zaten "
                   "ilgileniyoruz.")
            .arg(amount, order);
    }
    return QString();
}

QString refundedDraft(MessageLanguage language, const QString& amount, const QString& order, const QString& reference)
{
    switch (language) {
    case MessageLanguage::English:
        return QStringLiteral(
                   "Hello! Your refund of %1 for order %2 has been made.\n\n"
                   "Payment provider reference: %3\n\n"
                   "Depending on your bank, it usually takes 5–10 business days to appear on your statement. If it "
                   "hasn't arrived after that, reply in this chat and quote the reference above.")
            .arg(amount, order, reference);
    case MessageLanguage::Russian:
        return QStringLiteral(
                   "Здравствуйте! Возврат %1 по заказу %2 выполнен.\n\n"
                   "Номер операции у платёжного провайдера: %3\n\n"
                   "В зависимости от банка деньги обычно поступают на счёт в течение 5–10 рабочих дней. Если за это "
                   "время они не пришли, напишите в этот чат и укажите номер выше.")
            .arg(amount, order, reference);
    case MessageLanguage::Turkish:
        return QStringLiteral(
                   "Merhaba! %2 numaralı siparişiniz için %1 tutarındaki iadeniz yapıldı.\n\n"
                   "Ödeme sağlayıcısı referans numarası: %3\n\n"
                   "Bankanıza bağlı olarak tutarın hesabınıza yansıması genellikle 5–10 iş günü sürer. Bu süreden "
                   "sonra hâlâ görünmüyorsa bu sohbete yazın ve yukarıdaki referans numarasını paylaşın.")
            .arg(amount, order, reference);
    }
    return QString();
}

QString failedDraft(MessageLanguage language, const QString& amount, const QString& order, const QString& reason)
{
    const QString why = reason.isEmpty() ? QString() : reason + QLatin1Char(' ');
    switch (language) {
    case MessageLanguage::English:
        return QStringLiteral(
                   "Hello! We're sorry: the refund of %1 for order %2 was not made. %3No money was moved, and your "
                   "original payment is unchanged.\n\n"
                   "Next step: reply in this chat if you would still like the refund, and we will start a new one "
                   "for you right away.")
            .arg(amount, order, why);
    case MessageLanguage::Russian:
        return QStringLiteral(
                   "Здравствуйте! К сожалению, возврат %1 по заказу %2 не был произведён. %3Деньги не переводились, "
                   "ваш исходный платёж остался без изменений.\n\n"
                   "Что дальше: если возврат всё ещё нужен, напишите в этот чат, и мы сразу оформим новый.")
            .arg(amount, order, why);
    case MessageLanguage::Turkish:
        return QStringLiteral(
                   "Merhaba! Üzgünüz, %2 numaralı siparişiniz için %1 tutarındaki iade gerçekleşmedi. %3Herhangi bir "
                   "para hareketi olmadı, asıl ödemeniz değişmeden duruyor.\n\n"
                   "Sonraki adım: iadeyi hâlâ istiyorsanız bu sohbete yazın, sizin için hemen yeni bir iade "
                   "başlatalım.")
            .arg(amount, order, why);
    }
    return QString();
}

// R19 for `reversed` (R4 amended): the customer may have been told the refund was made.
QString reversedDraft(MessageLanguage language, const QString& amount, const QString& order, const QString& code)
{
    const bool card = code == QLatin1String("expired_or_canceled_card") || code == QLatin1String("lost_or_stolen_card");
    switch (language) {
    case MessageLanguage::English:
        return QStringLiteral(
                   "Hello! We're sorry: the refund of %1 for order %2 that we confirmed earlier did not go through. "
                   "Our payment provider has just told us that %3, so the money did not reach you.\n\n"
                   "Next step: reply in this chat and we will start a new refund for you right away. If the card you "
                   "paid with is closed or replaced, tell us and we will find another way to pay you back.")
            .arg(amount, order,
                 card ? QStringLiteral("the card it was sent to is closed or no longer valid")
                      : QStringLiteral("your bank could not accept it"));
    case MessageLanguage::Russian:
        return QStringLiteral(
                   "Здравствуйте! К сожалению, возврат %1 по заказу %2, о котором мы сообщали ранее, не состоялся. "
                   "Платёжный провайдер только что сообщил, что %3, поэтому деньги до вас не дошли.\n\n"
                   "Что дальше: напишите в этот чат, и мы сразу оформим новый. Если карта, с которой вы платили, "
                   "закрыта или заменена, сообщите нам, и мы найдём другой способ.")
            .arg(amount, order,
                 card ? QStringLiteral("карта, на которую он отправлялся, закрыта или недействительна")
                      : QStringLiteral("ваш банк не смог его принять"));
    case MessageLanguage::Turkish:
        return QStringLiteral(
                   "Merhaba! Üzgünüz, %2 numaralı siparişiniz için daha önce onayladığımız %1 tutarındaki iade "
                   "gerçekleşmedi. Ödeme sağlayıcımız az önce %3 bildirdi; bu yüzden para size ulaşmadı.\n\n"
                   "Sonraki adım: bu sohbete yazın, sizin için hemen yeni bir iade başlatalım. Ödeme yaptığınız kart "
                   "kapandıysa veya değiştiyse bize bildirin, başka bir yol bulalım.")
            .arg(amount, order,
                 card ? QStringLiteral("iadenin gönderildiği kartın kapalı ya da geçersiz olduğunu")
                      : QStringLiteral("bankanızın iadeyi kabul edemediğini"));
    }
    return QString();
}

} // namespace

CustomerMessage::Facts CustomerMessage::Facts::from(const Operation& operation)
{
    Facts f;
    f.status = operation.status;
    f.orderId = operation.orderId;
    f.amountCents = operation.amountCents;
    f.currency = operation.currency;
    f.refundId = operation.providerRefundId;
    f.failureCode = operation.failureCode;
    return f;
}

QString CustomerMessage::amountText(const Facts& facts, MessageLanguage language)
{
    return Money::format(facts.amountCents, facts.currency, MessageLanguages::locale(language));
}

QString CustomerMessage::draft(const Facts& facts, MessageLanguage language)
{
    const QString amount = amountText(facts, language);
    switch (facts.status) {
    case OperationStatus::Open:
    case OperationStatus::Unknown:
        return unknownDraft(language, amount, facts.orderId);
    case OperationStatus::Refunded:
        return refundedDraft(language, amount, facts.orderId, facts.refundId);
    case OperationStatus::Failed:
        return failedDraft(language, amount, facts.orderId, failureReason(facts.failureCode, language));
    case OperationStatus::Reversed:
        return reversedDraft(language, amount, facts.orderId, facts.failureCode);
    }
    return QString();
}
