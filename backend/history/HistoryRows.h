#pragma once

#include "db/Database.h"
#include "db/Operation.h"
#include "history/HistoryFilter.h"

#include <QList>

#include <optional>

/**
 * Per-operation history rows of a HistoryFilter, read in pages with keyset pagination on
 * (created_at, operation_id) ascending: each page is an index range scan that starts where
 * the previous one ended, so page 500 of a million rows costs what page 1 costs (an OFFSET
 * would re-read every earlier row). Used by the CSV export and the History tab's table.
 */
class HistoryRows
{
public:
    /** Where the previous page ended: its last row's created_at and operation_id. */
    struct Cursor
    {
        qint64 createdAt = 0;
        QString operationId;
    };

    /** Rows after `after` (from the start when nullopt), at most limit (1..10000), with toolCallCount. */
    static StoreResult<QList<Operation>> page(Database& db, const HistoryFilter& filter,
                                              const std::optional<Cursor>& after, int limit);
    /** How many rows the filter covers. */
    static StoreResult<qint64> count(Database& db, const HistoryFilter& filter);
    /** The cursor after op. */
    static Cursor cursorAfter(const Operation& op) { return Cursor{op.createdAt, op.operationId}; }
};
