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
    /** 2xx with a refund object: done (R7 row 1), whatever the refund's own status
        (pending, failed, ...), which the tool stores. */
    Succeeded,
    /** Transfer timeout (Qt: OperationCanceledError), connection reset/refused/closed, no
        HTTP status, an answer cut off midway, or 408: the outcome is unknown, the refund
        may have been made. Retry same key. */
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
    /** 2xx whose body is not JSON or not a refund object; also a 3xx. Unknown, maybe done. */
    InvalidResponse,
};

/** "succeeded", "no_response", "in_progress", "rate_limited", "server_saved_error",
    "idempotency_mismatch", "refused", "auth_failed" or "invalid_response". */
QString toString(AttemptOutcome outcome);

/** Inverse of toString(); std::nullopt for any other text (case-sensitive). */
std::optional<AttemptOutcome> attemptOutcomeFromString(const QString& text);

/** Inverse of toString(), overloadable form: false (and *out untouched) for unknown text. */
bool fromString(const QString& text, AttemptOutcome* out);
