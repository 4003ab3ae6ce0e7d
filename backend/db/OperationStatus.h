#pragma once

#include <QString>

#include <optional>

/**
 * R4: `open` may still be retried; `unknown` sends nothing more; `refunded` and `failed`
 * are closed and never change again.
 */
enum class OperationStatus { Open, Unknown, Refunded, Failed };

/** "open", "unknown", "refunded", "failed": the values stored in refund_ops.status. */
QString statusName(OperationStatus status);
std::optional<OperationStatus> operationStatusFromString(const QString& text);
/** True for refunded and failed (R4). */
inline bool isClosed(OperationStatus s)
{
    return s == OperationStatus::Refunded || s == OperationStatus::Failed;
}
