#include "provider/ProviderEvent.h"

#include "provider/JsonFieldReader.h"

std::optional<ProviderEvent> ProviderEvent::fromJson(const QJsonObject& json, QString* error)
{
    JsonFieldReader r(json, QStringLiteral("event"));
    r.expectObjectType(QStringLiteral("event"));
    ProviderEvent event;
    event.id = r.requiredString(QStringLiteral("id"));
    event.type = r.requiredString(QStringLiteral("type"));
    event.createdUtcSeconds = r.requiredInteger(QStringLiteral("created"));
    const QJsonObject data = r.object(QStringLiteral("data"), true);
    if (r.ok()) {
        JsonFieldReader dataReader(data, QStringLiteral("event.data"));
        event.dataObject = dataReader.object(QStringLiteral("object"), true);
        r.merge(dataReader);
    }
    const QJsonValue request = json.value(QStringLiteral("request"));
    if (r.ok() && request.isString()) {
        // API versions before 2017-05-25 sent the request id as a bare string.
        event.requestId = request.toString();
    } else if (r.ok() && request.isObject()) {
        const QJsonObject requestObject = request.toObject();
        JsonFieldReader requestReader(requestObject, QStringLiteral("event.request"));
        event.requestId = requestReader.optionalString(QStringLiteral("id"));
        event.requestIdempotencyKey = requestReader.optionalString(QStringLiteral("idempotency_key"));
        r.merge(requestReader);
    } else if (r.ok() && !request.isNull() && !request.isUndefined()) {
        r.fail(QStringLiteral("request"), QStringLiteral("expected an object, a string or null, got %1")
                                              .arg(JsonFieldReader::describeType(request)));
    }
    if (!r.report(error))
        return std::nullopt;
    event.raw = json;
    return event;
}

std::optional<ProviderRefund> ProviderEvent::refund(QString* error) const
{
    if (dataObject.value(QStringLiteral("object")).toString() != QLatin1String("refund")) {
        if (error)
            *error = QStringLiteral("event.data.object: not a refund (object \"%1\")")
                         .arg(dataObject.value(QStringLiteral("object")).toString());
        return std::nullopt;
    }
    return ProviderRefund::fromJson(dataObject, error);
}
