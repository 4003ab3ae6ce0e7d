#pragma once

#include "provider/ProviderRefund.h"

#include <QJsonObject>
#include <QString>

#include <optional>

/**
 * A Stripe v1 event envelope (STRIPE-FACTS §1, "Event envelope"), e.g. refund.created /
 * refund.updated. R15 matches request.idempotency_key against an operation's key.
 *
 * Required: id, object == "event", type, created (UTC seconds), data.object (an object).
 * `request` may be null, an object {id, idempotency_key} with null members, or (old API
 * versions) a bare request-id string; missing parts read as empty.
 */
struct ProviderEvent
{
    QString id;                    ///< "evt_..."
    QString type;                  ///< e.g. "refund.created"
    qint64 createdUtcSeconds = 0;  ///< Unix seconds
    QString requestId;             ///< request.id; empty for automatic events
    QString requestIdempotencyKey; ///< request.idempotency_key; empty when none
    QJsonObject dataObject;        ///< data.object, any resource type
    QJsonObject raw;               ///< the event as received

    /** Parses an event; on bad input std::nullopt and *error = "event.<field>: <reason>". */
    static std::optional<ProviderEvent> fromJson(const QJsonObject& json, QString* error = nullptr);

    /** The refund in data.object when data.object.object == "refund" and it parses; else
        std::nullopt (error, when non-null, says why). */
    std::optional<ProviderRefund> refund(QString* error = nullptr) const;
};
