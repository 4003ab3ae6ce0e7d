#include "tool/RefundToolResult.h"

RefundToolResult RefundToolResult::refunded(const QString& operationId, const QString& refundId)
{
    return RefundToolResult{Status::Refunded, operationId, refundId, {}, {}};
}

RefundToolResult RefundToolResult::alreadyRefunded(const QString& operationId, const QString& refundId)
{
    RefundToolResult r = refunded(operationId, refundId);
    r.note = alreadyRefundedNote();
    return r;
}

QString RefundToolResult::alreadyRefundedNote()
{
    return QStringLiteral("Already refunded; nothing new was sent.");
}

RefundToolResult RefundToolResult::unconfirmed(const QString& operationId, const QString& reason)
{
    return RefundToolResult{Status::Unconfirmed, operationId, {}, reason, {}};
}

RefundToolResult RefundToolResult::checking(const QString& operationId)
{
    return RefundToolResult{Status::Checking, operationId, {}, {}, {}};
}

RefundToolResult RefundToolResult::failed(const QString& operationId, const QString& reason)
{
    return RefundToolResult{Status::Failed, operationId, {}, reason, {}};
}

RefundToolResult RefundToolResult::rejected(const QString& reason)
{
    return RefundToolResult{Status::Rejected, {}, {}, reason, {}};
}

QString RefundToolResult::statusName() const
{
    switch (status) {
    case Status::Refunded: return QStringLiteral("refunded");
    case Status::Unconfirmed: return QStringLiteral("unconfirmed");
    case Status::Checking: return QStringLiteral("checking");
    case Status::Failed: return QStringLiteral("failed");
    case Status::Rejected: return QStringLiteral("rejected");
    }
    return {};
}

QString RefundToolResult::checkingNote()
{
    return QStringLiteral("Outcome unknown. A person is checking. Do not say the refund succeeded or failed.");
}

QJsonObject RefundToolResult::toJson() const
{
    QJsonObject o{{QStringLiteral("status"), statusName()}};
    switch (status) {
    case Status::Refunded:
        o.insert(QStringLiteral("refund_id"), refundId);
        o.insert(QStringLiteral("operation_id"), operationId);
        if (!note.isEmpty())
            o.insert(QStringLiteral("note"), note);
        break;
    case Status::Unconfirmed:
        o.insert(QStringLiteral("operation_id"), operationId);
        o.insert(QStringLiteral("note"),
                 QStringLiteral("Not confirmed yet; calling again with the same order and amount continues the same "
                                "refund. Do not say the refund succeeded or failed."));
        if (!reason.isEmpty())
            o.insert(QStringLiteral("reason"), reason);
        break;
    case Status::Checking:
        o.insert(QStringLiteral("operation_id"), operationId);
        o.insert(QStringLiteral("note"), checkingNote());
        break;
    case Status::Failed:
        o.insert(QStringLiteral("operation_id"), operationId);
        o.insert(QStringLiteral("reason"), reason);
        break;
    case Status::Rejected:
        o.insert(QStringLiteral("reason"), reason);
        break;
    }
    return o;
}
