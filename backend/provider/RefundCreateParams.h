#pragma once

#include <QMap>
#include <QString>

/**
 * Parameters of POST /v1/refunds (STRIPE-FACTS §1).
 *
 * Exactly one of paymentIntent / charge is normally set (at least one is required).
 * amountCents must be > 0 (R1): an omitted amount would refund the whole payment, so the
 * client refuses to send without it. metadata must carry operation_id and order_id (R11).
 */
struct RefundCreateParams
{
    QString paymentIntent;           ///< "pi_..." or empty
    QString charge;                  ///< "ch_..." or empty
    qint64 amountCents = 0;          ///< minor units, > 0
    QString reason;                  ///< duplicate, fraudulent, requested_by_customer, or empty
    QMap<QString, QString> metadata; ///< sent as metadata[key]=value
};
