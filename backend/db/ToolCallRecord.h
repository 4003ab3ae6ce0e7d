#pragma once

#include <QString>

#include <optional>

/** One call of the refund tool by the agent (R12). Times UTC epoch ms. */
struct ToolCallRecord
{
    qint64 id = 0;
    QString toolCallId;
    QString orderId;
    qint64 amountCents = 0;
    QString operationId;        ///< empty when the call was rejected before a row existed
    bool createdOperation = false;
    bool lostInsertRace = false; ///< R3: inserted concurrently and read the winner's row
    QString requestRef;         ///< R5a: the caller's unit of work, empty when none
    /** R5a: the logical refund was already refunded, so this call sent nothing and answered
        with that refund (a duplicate prevented). */
    bool answeredFromRefunded = false;
    QString resultStatus;       ///< the R8 status returned to the agent
    QString resultReason;
    qint64 startedAt = 0;
    std::optional<qint64> finishedAt;
};
