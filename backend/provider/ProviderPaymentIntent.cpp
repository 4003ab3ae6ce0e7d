#include "provider/ProviderPaymentIntent.h"

#include "provider/JsonFieldReader.h"

std::optional<ProviderPaymentIntent> ProviderPaymentIntent::fromJson(const QJsonObject& json, QString* error)
{
    JsonFieldReader r(json, QStringLiteral("payment_intent"));
    r.expectObjectType(QStringLiteral("payment_intent"));
    ProviderPaymentIntent pi;
    pi.id = r.requiredString(QStringLiteral("id"));
    pi.amountCents = r.requiredInteger(QStringLiteral("amount"));
    pi.amountReceived = r.optionalInteger(QStringLiteral("amount_received"));
    pi.currency = r.requiredString(QStringLiteral("currency"));
    pi.status = r.optionalString(QStringLiteral("status"));
    pi.latestCharge = r.expandableId(QStringLiteral("latest_charge"));
    pi.metadata = r.metadata();
    pi.created = r.requiredInteger(QStringLiteral("created"));
    if (!r.report(error))
        return std::nullopt;
    pi.raw = json;
    return pi;
}
