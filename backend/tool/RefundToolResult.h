#pragma once

#include <QJsonObject>
#include <QString>

/**
 * What a tool call returns to the agent (SPEC R8), as one JSON object:
 *   {"status":"refunded","refund_id":"re_...","operation_id":"op_..."}
 *   {"status":"refunded","refund_id":"re_...","operation_id":"op_...",
 *        "note":"Already refunded; nothing new was sent."}              R5a repeat of a refunded logical refund
 *   {"status":"unconfirmed","operation_id":"op_...","note":"..."}        per-call budget used, row still open
 *   {"status":"checking","operation_id":"op_...","note":"Outcome unknown. A person is checking.
 *        Do not say the refund succeeded or failed."}                   row is unknown
 *   {"status":"failed","operation_id":"op_...","reason":"..."}          definite refusal
 *   {"status":"rejected","reason":"..."}                                local validation, no row
 */
struct RefundToolResult
{
    enum class Status { Refunded, Unconfirmed, Checking, Failed, Rejected };

    Status status = Status::Rejected;
    QString operationId;
    QString refundId;
    QString reason;
    QString note;   ///< for `refunded`: set when the call was answered from an earlier refund (R5a)

    static RefundToolResult refunded(const QString& operationId, const QString& refundId);
    /** R5a: the logical refund was already refunded; this call sent nothing. */
    static RefundToolResult alreadyRefunded(const QString& operationId, const QString& refundId);
    /** The exact note of alreadyRefunded(). */
    static QString alreadyRefundedNote();
    static RefundToolResult unconfirmed(const QString& operationId, const QString& reason = {});
    static RefundToolResult checking(const QString& operationId);
    static RefundToolResult failed(const QString& operationId, const QString& reason);
    static RefundToolResult rejected(const QString& reason);

    /** "refunded", "unconfirmed", "checking", "failed", "rejected". */
    QString statusName() const;
    QJsonObject toJson() const;

    /** The exact note R8 requires for `checking`. */
    static QString checkingNote();
};
