#pragma once

#include <QString>

#include <optional>

/**
 * The class of one refund-creation attempt, from the provider's answer (SPEC R7).
 *
 * The lower-snake-case strings from toString() are stored in the attempt log (R12) and
 * appear in finance reports: never rename them.
 */
enum class AttemptOutcome {
    /** 2xx with a refund object that matches the request (amount, currency, payment,
        metadata.operation_id) in status succeeded or pending: done (R7 row 1). */
    Succeeded,
    /** The whole exchange ran past the request deadline, the connection was reset or closed
        without a complete answer, the answer body was over 1 MiB (cut off), or 408: the
        outcome is unknown, the refund may have been made. Retry same key. */
    NoResponse,
    /** 409: an attempt with the same key is still running. Back off, retry same key. */
    InProgress,
    /** 429 (`rate_limit` or `lock_timeout`): not executed. Back off, retry same key. */
    RateLimited,
    /** 5xx: the provider saved an unknown outcome and replays it for this key. Mark unknown.
        Also 424 (an external dependency failed midway: unknown as well). */
    ServerSavedError,
    /** 400 `idempotency_error`, or 422 (IETF problem+json): the key names another request. */
    IdempotencyMismatch,
    /** Other 4xx: a definite refusal (already refunded, amount too large, missing resource,
        invalid request), or parameters refused locally before sending. Not done. */
    Refused,
    /** 401/403: not executed; a configuration problem (wrong key, missing rights). */
    AuthFailed,
    /** A 1xx/3xx answer (redirects are not followed). Unknown, maybe done. */
    InvalidResponse,
    /** Connection refused or host (or proxy) not found: nothing left the process, so this
        attempt cannot have executed (R7 "not sent"). Does not count toward the budget. */
    NotSent,
    /** 2xx with a refund object that matches the request but is in status failed or
        canceled: not done (R7 row 2). ProviderResponse::refund carries its failure_reason. */
    RefundFailed,
    /** 2xx with anything else: a foreign refund, wrong amount/currency/payment/metadata,
        an unknown status, not JSON, not a refund, an invalid id. Unknown, stop, log loudly
        (R7 row 3). ProviderResponse::mismatch says what differed. */
    ResponseMismatch,
};

/** "succeeded", "no_response", "in_progress", "rate_limited", "server_saved_error",
    "idempotency_mismatch", "refused", "auth_failed", "invalid_response", "not_sent",
    "refund_failed" or "response_mismatch". */
QString toString(AttemptOutcome outcome);

/** Inverse of toString(); std::nullopt for any other text (case-sensitive). */
std::optional<AttemptOutcome> attemptOutcomeFromString(const QString& text);

/** Inverse of toString(), overloadable form: false (and *out untouched) for unknown text. */
bool fromString(const QString& text, AttemptOutcome* out);
