#include "provider/ProviderResponse.h"

#include "Logging.h"

QString ProviderResponse::summary() const
{
    QString text = toString(outcome);
    text += httpStatus > 0 ? QStringLiteral(" HTTP %1").arg(httpStatus) : QStringLiteral(" no HTTP answer");
    if (!requestId.isEmpty())
        text += QStringLiteral(" request %1").arg(requestId);
    else if (requestIdWithheld)
        text += QStringLiteral(" request id withheld (not 1..255 printable ASCII characters)");
    if (replayed)
        text += QStringLiteral(" (replayed)");
    if (refund) {
        text += QStringLiteral(" refund %1 %2").arg(refund->id, refund->status);
        if (!refund->failureReason.isEmpty())
            text += QStringLiteral(" (%1)").arg(refund->failureReason);
    }
    if (!mismatch.isEmpty())
        text += QStringLiteral(" mismatch: %1").arg(mismatch);
    if (!error.isEmpty())
        text += QStringLiteral(" error: %1").arg(error.toString());
    if (!networkError.isEmpty())
        text += QStringLiteral(" network: %1").arg(networkError);
    text += QStringLiteral(" in %1 ms").arg(elapsedMs);
    return Logging::redact(text);
}
