#pragma once

#include "provider/ProviderError.h"
#include "provider/ProviderEvent.h"
#include "provider/ProviderPaymentIntent.h"
#include "provider/ProviderRefund.h"

#include <QList>
#include <QString>

#include <optional>

/** Why a read call (R13) failed, in the terms the console shows a person. */
enum class ReadFailure {
    None,              ///< success
    WrongKey,          ///< 401: "wrong key (401)"
    NoReadRights,      ///< 403: "key without read rights (403)"
    RateLimited,       ///< 429 after all retries: "rate limited (429)"
    NotFound,          ///< 404 (resource_missing): "not found (404)"
    Refused,           ///< other 4xx: "refused by the provider (HTTP n)"
    ServerError,       ///< 5xx: "provider error (HTTP n)"
    Unreachable,       ///< refused/reset/closed connection, DNS, TLS: "unreachable"
    TimedOut,          ///< transfer timeout: "timed out"
    MalformedResponse, ///< 2xx that is not the expected JSON: "malformed response"
    Canceled,          ///< ProviderClient::cancel(): "canceled"
};

/** Stable lower-snake-case name: "none", "wrong_key", "no_read_rights", "rate_limited",
    "not_found", "refused", "server_error", "unreachable", "timed_out",
    "malformed_response", "canceled". */
QString toString(ReadFailure failure);

/**
 * The outcome part of a read call: what went wrong, with the evidence. For paginated
 * calls the fields describe the last request made.
 */
struct ProviderReadStatus
{
    ReadFailure failure = ReadFailure::None;
    int httpStatus = 0;       ///< last HTTP status; 0 when no answer
    QString requestId;        ///< last Request-Id header
    ProviderError error;      ///< parsed error body for HTTP errors
    QString networkError;     ///< transport problem or parse error, human readable
    int requests = 0;         ///< HTTP requests sent (pages and 429 retries included)
    int rateLimitRetries = 0; ///< how many 429 answers were retried
    qint64 elapsedMs = 0;     ///< wall time of the whole call, ms

    bool ok() const { return failure == ReadFailure::None; }

    /** For the console: "wrong key (401)", "key without read rights (403)", "rate limited
        (429)", "unreachable", "timed out", "malformed response", ... followed by the
        provider's message or the network error. Never contains the API key. */
    QString describe() const;
};

/**
 * A read call's result: value holds the parsed object(s) when ok(). For lists, a failure
 * midway keeps the items read so far in value, but an incomplete list is never evidence
 * of absence (R15, R16): check ok() first.
 */
template <typename T>
struct ProviderReadResult : ProviderReadStatus
{
    T value{};
};

using RefundReadResult = ProviderReadResult<std::optional<ProviderRefund>>;
using RefundListResult = ProviderReadResult<QList<ProviderRefund>>;
using PaymentIntentReadResult = ProviderReadResult<std::optional<ProviderPaymentIntent>>;
using PaymentIntentListResult = ProviderReadResult<QList<ProviderPaymentIntent>>;
using EventListResult = ProviderReadResult<QList<ProviderEvent>>;

/** One page of GET /v1/events: the events newest first, as Stripe lists them, and has_more. */
struct ProviderEventPage
{
    QList<ProviderEvent> events;
    bool hasMore = false;
};
using EventPageResult = ProviderReadResult<ProviderEventPage>;
