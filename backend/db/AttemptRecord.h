#pragma once

#include <QString>

#include <optional>

/** One provider request for an operation (R12). Times UTC epoch ms. */
struct AttemptRecord
{
    qint64 id = 0;
    QString operationId;
    QString toolCallId;
    int attemptNo = 0;          ///< 1-based across all tool calls of the operation
    QString idempotencyKey;     ///< the key this attempt sent (always the row's key, R2)
    qint64 startedAt = 0;
    std::optional<qint64> finishedAt;
    QString outcome;            ///< "in_flight" until finished, then an AttemptOutcome string
    int httpStatus = 0;         ///< 0 when there was no response
    QString providerRequestId;  ///< the provider's Request-Id header
    bool replayed = false;      ///< Idempotent-Replayed: true
    QString errorCode;
    QString errorMessage;
    /** started_at + request_timeout_ms: past it, an attempt still `in_flight` has no answer
        recorded (its process died before it could write one). Unset on rows before schema v3. */
    std::optional<qint64> deadlineAt;

    /** True when the attempt is in flight and its deadline has passed at nowMs (UTC ms). */
    bool noAnswerRecorded(qint64 nowMs) const
    {
        return outcome == QLatin1String("in_flight") && deadlineAt && nowMs > *deadlineAt;
    }
};
