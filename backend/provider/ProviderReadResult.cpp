#include "provider/ProviderReadResult.h"

#include "Logging.h"

QString toString(ReadFailure failure)
{
    switch (failure) {
    case ReadFailure::None:
        return QStringLiteral("none");
    case ReadFailure::WrongKey:
        return QStringLiteral("wrong_key");
    case ReadFailure::NoReadRights:
        return QStringLiteral("no_read_rights");
    case ReadFailure::RateLimited:
        return QStringLiteral("rate_limited");
    case ReadFailure::NotFound:
        return QStringLiteral("not_found");
    case ReadFailure::Refused:
        return QStringLiteral("refused");
    case ReadFailure::ServerError:
        return QStringLiteral("server_error");
    case ReadFailure::Unreachable:
        return QStringLiteral("unreachable");
    case ReadFailure::TimedOut:
        return QStringLiteral("timed_out");
    case ReadFailure::MalformedResponse:
        return QStringLiteral("malformed_response");
    case ReadFailure::Canceled:
        return QStringLiteral("canceled");
    }
    return QString();
}

QString ProviderReadStatus::describe() const
{
    QString head;
    switch (failure) {
    case ReadFailure::None:
        return QStringLiteral("ok");
    case ReadFailure::WrongKey:
        head = QStringLiteral("wrong key (401)");
        break;
    case ReadFailure::NoReadRights:
        head = QStringLiteral("key without read rights (403)");
        break;
    case ReadFailure::RateLimited:
        head = QStringLiteral("rate limited (429)");
        break;
    case ReadFailure::NotFound:
        head = QStringLiteral("not found (404)");
        break;
    case ReadFailure::Refused:
        head = QStringLiteral("refused by the provider (HTTP %1)").arg(httpStatus);
        break;
    case ReadFailure::ServerError:
        head = QStringLiteral("provider error (HTTP %1)").arg(httpStatus);
        break;
    case ReadFailure::Unreachable:
        head = QStringLiteral("unreachable");
        break;
    case ReadFailure::TimedOut:
        head = QStringLiteral("timed out");
        break;
    case ReadFailure::MalformedResponse:
        head = QStringLiteral("malformed response");
        break;
    case ReadFailure::Canceled:
        head = QStringLiteral("canceled");
        break;
    }
    QString detail = !error.message.isEmpty() ? error.message : networkError;
    QString text = detail.isEmpty() ? head : head + QStringLiteral(": ") + detail;
    if (!requestId.isEmpty())
        text += QStringLiteral(" (request %1)").arg(requestId);
    return Logging::redact(text);
}
