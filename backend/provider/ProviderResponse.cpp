#include "provider/ProviderResponse.h"

#include "Logging.h"

QString ProviderResponse::summary() const
{
    QString text = toString(outcome);
    text += httpStatus > 0 ? QStringLiteral(" HTTP %1").arg(httpStatus) : QStringLiteral(" no HTTP answer");
    if (!requestId.isEmpty())
        text += QStringLiteral(" request %1").arg(requestId);
    if (replayed)
        text += QStringLiteral(" (replayed)");
    if (refund)
        text += QStringLiteral(" refund %1 %2").arg(refund->id, refund->status);
    if (!error.isEmpty())
        text += QStringLiteral(" error: %1").arg(error.toString());
    if (!networkError.isEmpty())
        text += QStringLiteral(" network: %1").arg(networkError);
    text += QStringLiteral(" in %1 ms").arg(elapsedMs);
    return Logging::redact(text);
}
