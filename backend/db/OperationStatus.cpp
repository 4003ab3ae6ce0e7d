#include "db/OperationStatus.h"

QString statusName(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open: return QStringLiteral("open");
    case OperationStatus::Unknown: return QStringLiteral("unknown");
    case OperationStatus::Refunded: return QStringLiteral("refunded");
    case OperationStatus::Failed: return QStringLiteral("failed");
    case OperationStatus::Reversed: return QStringLiteral("reversed");
    }
    return {};
}

std::optional<OperationStatus> operationStatusFromString(const QString& text)
{
    if (text == QLatin1String("open"))
        return OperationStatus::Open;
    if (text == QLatin1String("unknown"))
        return OperationStatus::Unknown;
    if (text == QLatin1String("refunded"))
        return OperationStatus::Refunded;
    if (text == QLatin1String("failed"))
        return OperationStatus::Failed;
    if (text == QLatin1String("reversed"))
        return OperationStatus::Reversed;
    return std::nullopt;
}
