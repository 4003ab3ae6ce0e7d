#include "provider/ProviderIds.h"

namespace ProviderIds {

bool isCurrencyCode(const QString& currency)
{
    if (currency.size() != 3)
        return false;
    for (const QChar c : currency) {
        if (c < QLatin1Char('a') || c > QLatin1Char('z'))
            return false;
    }
    return true;
}

bool isPaymentIntentId(const QString& id)
{
    return id.size() > 3 && id.startsWith(QLatin1String("pi_"));
}

} // namespace ProviderIds
