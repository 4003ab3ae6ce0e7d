#pragma once

#include <QMap>
#include <QString>

/**
 * Parameters of POST /v1/refunds (STRIPE-FACTS §1).
 *
 * Exactly one of paymentIntent / charge is normally set (at least one is required).
 * amountCents must be > 0 (R1): an omitted amount would refund the whole payment, so the
 * client refuses to send without it. metadata must carry operation_id and order_id (R11).
 *
 * currency is NOT sent (Stripe's refund create takes the payment's currency); it is what the
 * answer must say, checked with amount, payment and metadata.operation_id before a 2xx is
 * believed (R7). Required: an empty currency is refused locally.
 */
struct RefundCreateParams
{
    QString paymentIntent;           ///< "pi_..." or empty
    QString charge;                  ///< "ch_..." or empty
    qint64 amountCents = 0;          ///< minor units, > 0
    QString reason;                  ///< duplicate, fraudulent, requested_by_customer, or empty
    QMap<QString, QString> metadata; ///< sent as metadata[key]=value
    QString currency;                ///< expected currency, ISO 4217 lower case ("usd"); verification only
};
