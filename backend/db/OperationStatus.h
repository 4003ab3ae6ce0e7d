#pragma once

#include <QString>

#include <optional>

/**
 * R4: `open` may still be retried; `unknown` sends nothing more; `refunded`, `failed` and
 * `reversed` are closed. `failed` and `reversed` never change again; `refunded` changes only to
 * `reversed` (the provider later reported the refund failed: the money did not reach the customer).
 */
enum class OperationStatus { Open, Unknown, Refunded, Failed, Reversed };

/** "open", "unknown", "refunded", "failed", "reversed": the values stored in refund_ops.status. */
QString statusName(OperationStatus status);
std::optional<OperationStatus> operationStatusFromString(const QString& text);
/** True for refunded, failed and reversed (R4). */
inline bool isClosed(OperationStatus s)
{
    return s == OperationStatus::Refunded || s == OperationStatus::Failed || s == OperationStatus::Reversed;
}
