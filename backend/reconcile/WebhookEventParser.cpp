#include "reconcile/WebhookEventParser.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace WebhookEventParser {

std::optional<ProviderEvent> parse(const QByteArray& body, QString* error)
{
    auto failWith = [error](const QString& why) -> std::optional<ProviderEvent> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (body.isEmpty())
        return failWith(QStringLiteral("body: empty"));
    if (body.size() > kMaxBodyBytes)
        return failWith(QStringLiteral("body: %1 bytes, more than %2").arg(body.size()).arg(kMaxBodyBytes));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return failWith(QStringLiteral("body: not JSON (%1 at offset %2)")
                            .arg(parseError.errorString())
                            .arg(parseError.offset));
    if (!doc.isObject())
        return failWith(QStringLiteral("body: not a JSON object"));
    QString why;
    auto event = ProviderEvent::fromJson(doc.object(), &why);
    if (!event)
        return failWith(why);
    if (event->id.size() > 255)
        return failWith(QStringLiteral("event.id: longer than 255 characters"));
    return event;
}

bool isRefundEvent(const QString& type)
{
    return type.startsWith(QLatin1String("refund.")) || type == QLatin1String("charge.refund.updated");
}

QString refundId(const ProviderEvent& event)
{
    if (event.dataObject.value(QStringLiteral("object")).toString() != QLatin1String("refund"))
        return {};
    return event.dataObject.value(QStringLiteral("id")).toString();
}

} // namespace WebhookEventParser
