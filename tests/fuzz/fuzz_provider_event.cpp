// Fuzzes the Stripe event envelope parser (ProviderEvent) and the refund inside it (R15: the
// console matches request.idempotency_key against an operation's key).
#include "FuzzCheck.h"
#include "provider/ProviderEvent.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(fuzzBytes(data, size));
    if (!doc.isObject())
        return 0;
    const QJsonObject json = doc.object();

    QString error;
    const std::optional<ProviderEvent> event = ProviderEvent::fromJson(json, &error);
    FUZZ_CHECK(event.has_value() == error.isEmpty(), error);
    if (!event) {
        FUZZ_CHECK(error.startsWith(QLatin1String("event.")), error);
        return 0;
    }
    FUZZ_CHECK(!event->id.isEmpty() && !event->type.isEmpty() && event->raw == json, event->id);
    FUZZ_CHECK(event->dataObject ==
                   json.value(QStringLiteral("data")).toObject().value(QStringLiteral("object")).toObject(),
               event->id);
    const QJsonValue request = json.value(QStringLiteral("request"));
    if (request.isObject())
        FUZZ_CHECK(event->requestIdempotencyKey ==
                       request.toObject().value(QStringLiteral("idempotency_key")).toString(),
                   event->requestIdempotencyKey);
    else
        FUZZ_CHECK(event->requestIdempotencyKey.isEmpty(), event->requestIdempotencyKey);

    QString refundError;
    const std::optional<ProviderRefund> refund = event->refund(&refundError);
    FUZZ_CHECK(refund.has_value() == refundError.isEmpty(), refundError);
    if (refund)
        FUZZ_CHECK(refund->raw == event->dataObject, refund->id);
    return 0;
}
