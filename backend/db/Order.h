#pragma once

#include <QString>

/** A paid order that refunds are issued against. Amounts in minor units (cents). */
struct Order
{
    QString orderId;
    qint64 amountCents = 0;   ///< the order total, > 0
    QString currency;         ///< ISO 4217, lower case ("usd")
    QString paymentIntent;    ///< provider payment intent id ("pi_...")
    qint64 createdAt = 0;     ///< UTC epoch ms
};
