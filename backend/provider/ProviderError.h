#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

/**
 * An error answer from the provider, in either of the two shapes the sandbox speaks:
 * - Stripe v1 (STRIPE-FACTS §2): {"error":{"type","code","message","param",...}}, where
 *   type is api_error, card_error, idempotency_error or invalid_request_error and code is
 *   e.g. charge_already_refunded, amount_too_large, rate_limit, lock_timeout.
 * - IETF idempotency draft (STRIPE-FACTS §7): application/problem+json {"type","title",
 *   "detail","status"}, e.g. 422 "Idempotency-Key is already used". Then type is the
 *   problem type URI, message is "title: detail", code and param are empty, problemJson
 *   is true.
 *
 * message is passed through Logging::redact() so a provider echoing a key cannot leak it
 * (R22); ProviderClient additionally masks its own configured key.
 */
struct ProviderError
{
    int httpStatus = 0;       ///< HTTP status of the answer; 0 when there was none
    QString type;             ///< Stripe error type, or problem+json type URI
    QString code;             ///< Stripe error code; empty when none
    QString message;          ///< human-readable, redacted
    QString param;            ///< the offending parameter, when Stripe names one
    QString requestId;        ///< Request-Id response header ("req_...")
    bool problemJson = false; ///< parsed from an IETF problem+json body

    /** True when nothing was recorded (no error answer). */
    bool isEmpty() const { return httpStatus == 0 && type.isEmpty() && code.isEmpty() && message.isEmpty(); }

    /**
     * Parses an error body object of either shape; httpStatus and requestId stay unset
     * (the body does not carry them reliably). std::nullopt and *error =
     * "error.<field>: <reason>" when it is neither shape (e.g. "error.type: missing").
     */
    static std::optional<ProviderError> fromJson(const QJsonObject& json, QString* error = nullptr);

    /**
     * Builds the error for an HTTP answer; never fails. When the body is not one of the
     * two shapes, type is empty and message says "HTTP <status> with an unrecognised body"
     * (the body itself is not copied: it may be an HTML page of any size). A Stripe type
     * or code that is not 1..255 printable ASCII characters is withheld (emptied, and the
     * message says so); message and param lose control characters and are cut to 500 and
     * 255 characters.
     */
    static ProviderError fromHttp(int httpStatus, const QByteArray& body, const QString& requestId);

    /** One line for logs and the console, e.g. "HTTP 400 invalid_request_error
        charge_already_refunded: Charge ch_1 has already been refunded. (request req_1)". */
    QString toString() const;
};
