#pragma once

#include "db/OperationStatus.h"
#include "db/StoreError.h"

#include <QString>
#include <QVariantList>

#include <optional>

/**
 * Which operations a finance history view covers (R12): those created in [fromMs, toMs)
 * (UTC epoch ms, so a day boundary is a UTC midnight), optionally only those whose current
 * status is `status`.
 *
 * Every history figure, chart, table page and CSV export is computed over this one set, so
 * their numbers always agree with each other.
 */
struct HistoryFilter
{
    qint64 fromMs = 0;                     ///< inclusive, UTC epoch ms
    qint64 toMs = 0;                       ///< exclusive, UTC epoch ms
    std::optional<OperationStatus> status; ///< nullopt: every status

    /** InvalidArgument naming "from"/"to" when the range is empty or reversed. */
    StoreResult<void> validate() const;

    /**
     * The SQL condition on refund_ops aliased `alias` (e.g. "o"), without WHERE, with its
     * binds appended to *binds. Uses refund_ops_by_created / refund_ops_by_status.
     */
    QString condition(const QString& alias, QVariantList* binds) const;

    /** UTC day number (days since 1970-01-01) of an instant; floor division, also before 1970. */
    static qint64 dayOf(qint64 ms);
    static constexpr qint64 kDayMs = 24LL * 3600 * 1000;
};
