#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

/**
 * A Stripe v1 refund object (STRIPE-FACTS §1), as created, retrieved, listed or carried
 * by an event.
 *
 * Required: id, object == "refund", amount (integer cents), currency, created (UTC
 * seconds). Everything else may be absent or null and reads as empty; unknown fields
 * (customer, customer_account, payment_method, destination_details, ...) are kept only
 * in raw. metadata carries operation_id and order_id on our refunds (R11).
 */
struct ProviderRefund
{
    QString id;                      ///< "re_..."
    qint64 amountCents = 0;          ///< minor units, >= 0
    QString currency;                ///< ISO 4217, lower case as the provider sends it
    qint64 createdUtcSeconds = 0;    ///< Unix seconds
    QString status;                  ///< pending, requires_action, succeeded, failed, canceled
    QString paymentIntent;           ///< "pi_..." or empty (expanded object reads as its id)
    QString charge;                  ///< "ch_..." or empty (expanded object reads as its id)
    QString reason;                  ///< duplicate, fraudulent, requested_by_customer, ... or empty
    QString failureReason;           ///< set when status is failed
    QMap<QString, QString> metadata; ///< string to string
    QJsonObject raw;                 ///< the object as received (evidence snapshots, R16)

    /**
     * Parses a refund object. On bad input returns std::nullopt and, when error is
     * non-null, sets it to "refund.<field>: <reason>", e.g. "refund.id: missing",
     * "refund.amount: expected an integer, got a string", "refund.object: expected
     * \"refund\", got \"charge\"".
     */
    static std::optional<ProviderRefund> fromJson(const QJsonObject& json, QString* error = nullptr);

    /** metadata["operation_id"], or empty (R11). */
    QString operationId() const;
    /** metadata["order_id"], or empty (R11). */
    QString orderId() const;
};
