#include "provider/ProviderError.h"

#include "Logging.h"
#include "provider/JsonFieldReader.h"
#include "provider/ProviderText.h"

#include <QJsonDocument>

std::optional<ProviderError> ProviderError::fromJson(const QJsonObject& json, QString* error)
{
    ProviderError out;
    const QJsonValue stripe = json.value(QStringLiteral("error"));
    if (stripe.isObject()) {
        const QJsonObject body = stripe.toObject();
        JsonFieldReader r(body, QStringLiteral("error"));
        out.type = r.requiredString(QStringLiteral("type"));
        out.code = r.optionalString(QStringLiteral("code"));
        out.message = Logging::redact(r.optionalString(QStringLiteral("message")));
        out.param = r.optionalString(QStringLiteral("param"));
        if (!r.report(error))
            return std::nullopt;
        return out;
    }
    // RFC 9457/7807 problem details: "type" defaults to about:blank, "title" is the summary.
    if (json.contains(QStringLiteral("title")) || json.contains(QStringLiteral("detail"))) {
        JsonFieldReader r(json, QStringLiteral("problem"));
        out.type = r.optionalString(QStringLiteral("type"));
        if (out.type.isEmpty())
            out.type = QStringLiteral("about:blank");
        const QString title = r.optionalString(QStringLiteral("title"));
        const QString detail = r.optionalString(QStringLiteral("detail"));
        if (!r.report(error))
            return std::nullopt;
        out.message = Logging::redact(
            title.isEmpty() || detail.isEmpty() ? title + detail : title + QStringLiteral(": ") + detail);
        out.problemJson = true;
        return out;
    }
    if (error) {
        *error = stripe.isUndefined()
                     ? QStringLiteral("error: missing (neither {\"error\":{...}} nor problem+json)")
                     : QStringLiteral("error: expected an object, got %1")
                           .arg(JsonFieldReader::describeType(stripe));
    }
    return std::nullopt;
}

namespace {
// What a broken or hostile provider sends must not reach the attempt log unchecked (R7, R12):
// type and code are stored and compared, so they must be short printable tokens.
ProviderError sanitized(ProviderError error)
{
    QStringList withheld;
    if (!error.type.isEmpty() && !error.problemJson && !ProviderText::isToken(error.type)) {
        error.type.clear();
        withheld << QStringLiteral("type");
    }
    if (!error.code.isEmpty() && !ProviderText::isToken(error.code)) {
        error.code.clear();
        withheld << QStringLiteral("code");
    }
    error.type = ProviderText::cleanMessage(error.type, ProviderText::kMaxMessageLength);
    error.param = ProviderText::cleanMessage(error.param, ProviderText::kMaxTokenLength);
    error.message = ProviderText::cleanMessage(error.message);
    if (!withheld.isEmpty())
        error.message += QStringLiteral(" [error %1 withheld: not 1..%2 printable ASCII characters]")
                             .arg(withheld.join(QStringLiteral(" and ")))
                             .arg(ProviderText::kMaxTokenLength);
    return error;
}
} // namespace

ProviderError ProviderError::fromHttp(int httpStatus, const QByteArray& body, const QString& requestId)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    std::optional<ProviderError> parsed;
    if (parseError.error == QJsonParseError::NoError && doc.isObject())
        parsed = fromJson(doc.object());
    ProviderError out = parsed ? sanitized(*parsed) : ProviderError{};
    if (!parsed)
        out.message =
            QStringLiteral("HTTP %1 with an unrecognised body (%2 bytes)").arg(httpStatus).arg(body.size());
    out.httpStatus = httpStatus;
    out.requestId = requestId;
    return out;
}

QString ProviderError::toString() const
{
    QStringList parts;
    if (httpStatus > 0)
        parts << QStringLiteral("HTTP %1").arg(httpStatus);
    if (!type.isEmpty())
        parts << type;
    if (!code.isEmpty())
        parts << code;
    QString text = parts.join(QLatin1Char(' '));
    if (!message.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(": ")) + message;
    if (!param.isEmpty())
        text += QStringLiteral(" [param %1]").arg(param);
    if (!requestId.isEmpty())
        text += QStringLiteral(" (request %1)").arg(requestId);
    return Logging::redact(text);
}
