#pragma once

#include "db/OperationStatus.h"

#include <QString>

#include <optional>

/**
 * One logical refund (R1): one row in refund_ops, one idempotency key for its whole life.
 * Times are UTC epoch milliseconds; amounts are minor units (cents).
 */
struct Operation
{
    QString operationId;      ///< "op_" + 32 hex digits
    QString orderId;
    qint64 amountCents = 0;
    QString currency;
    QString idempotencyKey;   ///< UUID v4, created by the tool (R2), never from model arguments
    OperationStatus status = OperationStatus::Open;
    QString requestRef;       ///< R5a: the caller's unit of work (ticket, conversation); empty when none
    /** Requests that left (or may have left) the process: the budget's count (R6). Attempts
        refused before anything was sent (`not_sent`, R7) are not in it. */
    int attempts = 0;
    int notSentAttempts = 0;  ///< attempts logged `not_sent`: nothing left (refused, no host, paused past its deadline)
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    std::optional<qint64> firstAttemptAt;
    std::optional<qint64> lastAttemptAt;
    std::optional<qint64> keyExpiresAt;   ///< first_attempt_at + key retention (R10)
    std::optional<qint64> closedAt;
    QString providerRefundId;
    QString providerStatus;
    QString unknownReason;    ///< e.g. attempt_budget_exhausted, key_retention_passed, provider_saved_error
    QString failureCode;      ///< the provider's refusal code, or "no_refund_found" from a reviewer
    QString resolvedBy;
    std::optional<qint64> resolvedAt;
    QString resolutionNote;
    /** R4 amended: when the provider's failure of the refund was recorded (UTC epoch ms), and by
        whom (`reconciler` on SQLite, the reconciler's login on PostgreSQL). */
    std::optional<qint64> reversedAt;
    QString reversedBy;

    // Derived by the console queries (not columns of refund_ops).
    int toolCallCount = 0;
    QString lastOutcome;      ///< outcome of the latest attempt, AttemptOutcome string
    std::optional<qint64> lastAttemptDeadlineAt;   ///< deadline_at of the latest attempt (see AttemptRecord)
    /** The latest deadline_at (UTC ms) of the attempts the provider gave no answer of its own
        (in_flight, no_response, invalid_response, response_mismatch), or whose 409 said a
        request with the key was still running (in_progress): until then a request may still
        execute (R16). */
    std::optional<qint64> attemptsDeadlineAt;

    bool isClosed() const { return ::isClosed(status); }
};
