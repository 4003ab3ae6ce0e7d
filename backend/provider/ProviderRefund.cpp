#include "provider/ProviderRefund.h"

#include "provider/JsonFieldReader.h"

std::optional<ProviderRefund> ProviderRefund::fromJson(const QJsonObject& json, QString* error)
{
    JsonFieldReader r(json, QStringLiteral("refund"));
    r.expectObjectType(QStringLiteral("refund"));
    ProviderRefund refund;
    refund.id = r.requiredString(QStringLiteral("id"));
    refund.amountCents = r.requiredInteger(QStringLiteral("amount"));
    if (r.ok() && refund.amountCents < 0)
        r.fail(QStringLiteral("amount"), QStringLiteral("negative (%1)").arg(refund.amountCents));
    refund.currency = r.requiredString(QStringLiteral("currency"));
    refund.createdUtcSeconds = r.requiredInteger(QStringLiteral("created"));
    refund.status = r.optionalString(QStringLiteral("status"));
    refund.paymentIntent = r.expandableId(QStringLiteral("payment_intent"));
    refund.charge = r.expandableId(QStringLiteral("charge"));
    refund.reason = r.optionalString(QStringLiteral("reason"));
    refund.failureReason = r.optionalString(QStringLiteral("failure_reason"));
    refund.metadata = r.metadata();
    if (!r.report(error))
        return std::nullopt;
    refund.raw = json;
    return refund;
}

QString ProviderRefund::operationId() const
{
    return metadata.value(QStringLiteral("operation_id"));
}

QString ProviderRefund::orderId() const
{
    return metadata.value(QStringLiteral("order_id"));
}
