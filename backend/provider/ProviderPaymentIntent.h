#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

/**
 * A Stripe v1 PaymentIntent (the payment a refund refers to), as retrieved or found by
 * the Search API (R15: search may lag, a miss proves nothing).
 *
 * Required: id, object == "payment_intent", amount (cents), currency, created (UTC
 * seconds). Optional/null: amount_received (0), status, latest_charge, metadata.
 */
struct ProviderPaymentIntent
{
    QString id;                      ///< "pi_..."
    qint64 amountCents = 0;          ///< amount intended to be collected, minor units
    qint64 amountReceived = 0;       ///< amount received, minor units
    QString currency;                ///< ISO 4217, lower case
    QString status;                  ///< requires_payment_method, ..., succeeded, canceled
    QString latestCharge;            ///< "ch_..." or empty
    QMap<QString, QString> metadata; ///< e.g. order_id
    qint64 created = 0;              ///< Unix seconds (UTC)
    QJsonObject raw;                 ///< the object as received

    /** Parses a payment_intent object; on bad input std::nullopt and
     *error = "payment_intent.<field>: <reason>". */
    static std::optional<ProviderPaymentIntent> fromJson(const QJsonObject& json, QString* error = nullptr);
};
