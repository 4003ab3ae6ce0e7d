// Fuzzes the Stripe refund and payment-intent parsers (ProviderRefund, ProviderPaymentIntent):
// whatever JSON arrives, a parse either yields an object with its required fields or an error
// naming the field ("refund.<field>: <reason>"), never both, never neither (R7, R11).
#include "FuzzCheck.h"
#include "provider/ProviderPaymentIntent.h"
#include "provider/ProviderRefund.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(fuzzBytes(data, size));
    if (!doc.isObject())
        return 0;
    const QJsonObject json = doc.object();

    QString error;
    const std::optional<ProviderRefund> refund = ProviderRefund::fromJson(json, &error);
    FUZZ_CHECK(refund.has_value() == error.isEmpty(), error);
    if (refund) {
        FUZZ_CHECK(!refund->id.isEmpty() && !refund->currency.isEmpty(), refund->id);
        FUZZ_CHECK(refund->amountCents >= 0, QString::number(refund->amountCents));
        FUZZ_CHECK(json.value(QStringLiteral("object")).toString() == QLatin1String("refund"), refund->id);
        FUZZ_CHECK(refund->raw == json, refund->id);
        FUZZ_CHECK(refund->operationId() == refund->metadata.value(QStringLiteral("operation_id")),
                   refund->id);
    } else {
        FUZZ_CHECK(error.startsWith(QLatin1String("refund.")), error);
    }

    QString piError;
    const std::optional<ProviderPaymentIntent> pi = ProviderPaymentIntent::fromJson(json, &piError);
    FUZZ_CHECK(pi.has_value() == piError.isEmpty(), piError);
    if (pi)
        FUZZ_CHECK(!pi->id.isEmpty() && !pi->currency.isEmpty() && pi->raw == json, pi->id);
    else
        FUZZ_CHECK(piError.startsWith(QLatin1String("payment_intent.")), piError);
    return 0;
}
