#pragma once

#include <QString>

/**
 * The one check of the provider's identifiers that orders, the command line and the sandbox
 * share (Stripe v1 shapes, STRIPE-FACTS.md): a currency is a lowercase three-letter ISO 4217
 * code, a payment intent id starts with "pi_" and has something after it.
 */
namespace ProviderIds {

/** True for "usd", "eur", …: exactly three letters a-z (normalise with toLower() first). */
bool isCurrencyCode(const QString& currency);

/** True for "pi_" followed by at least one character. */
bool isPaymentIntentId(const QString& id);

} // namespace ProviderIds
