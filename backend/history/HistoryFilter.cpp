#include "history/HistoryFilter.h"

StoreResult<void> HistoryFilter::validate() const
{
    if (toMs <= fromMs)
        return StoreError::make(StoreError::Code::InvalidArgument,
                                QStringLiteral("to: the end of the range (%1) must be after its start (%2)")
                                    .arg(toMs)
                                    .arg(fromMs),
                                QStringLiteral("to"));
    return {};
}

QString HistoryFilter::condition(const QString& alias, QVariantList* binds) const
{
    QString sql = QStringLiteral("%1.created_at >= ? AND %1.created_at < ?").arg(alias);
    *binds << fromMs << toMs;
    if (status) {
        sql += QStringLiteral(" AND %1.status = ?").arg(alias);
        *binds << statusName(*status);
    }
    return sql;
}

qint64 HistoryFilter::dayOf(qint64 ms)
{
    return ms >= 0 ? ms / kDayMs : -((-ms + kDayMs - 1) / kDayMs);
}
