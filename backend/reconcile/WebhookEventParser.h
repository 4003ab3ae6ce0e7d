#pragma once

#include "provider/ProviderEvent.h"

#include <QByteArray>
#include <QString>

#include <optional>

/**
 * R24/R25: turns a webhook body (already verified by WebhookSignature) into a ProviderEvent, as a
 * pure function so a fuzzer can call it. Bodies over kMaxBodyBytes, invalid JSON, a non-object
 * or an event ProviderEvent::fromJson refuses give std::nullopt and *error ("body: ..." or
 * "event.<field>: ..."). The event's data is never trusted beyond finding the refund id: the
 * reconciler re-reads the refund itself (delivery order is never trusted).
 */
namespace WebhookEventParser {

/** Largest body the webhook accepts (Stripe's events are a few KiB). */
constexpr qsizetype kMaxBodyBytes = 256 * 1024;

std::optional<ProviderEvent> parse(const QByteArray& body, QString* error = nullptr);

/** True for the event types about one refund: refund.created/updated/failed, charge.refund.updated. */
bool isRefundEvent(const QString& type);

/**
 * The refund the event is about: data.object.id when data.object.object is "refund" (refund.* and
 * charge.refund.updated), else empty.
 */
QString refundId(const ProviderEvent& event);

} // namespace WebhookEventParser
