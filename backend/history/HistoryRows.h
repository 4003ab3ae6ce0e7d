#pragma once

#include "db/Database.h"
#include "db/Operation.h"
#include "history/HistoryFilter.h"

#include <QList>
#include <QStringList>

#include <optional>

/**
 * Per-operation history rows of a HistoryFilter, read in pages with keyset pagination on a
 * total order (the sort's terms, then operation_id): each page starts where the previous one
 * ended, never at an offset. The default order (created_at, operation_id ascending) is an
 * index range scan, so page 500 of a million rows costs what page 1 costs; other orders sort
 * the filter's rows in the engine for every page, so read them off the GUI thread. Used by the
 * CSV export and the History tab's table.
 */
class HistoryRows
{
public:
    /** What a page is ordered by: one per column of the History table. */
    enum class SortKey {
        CreatedAt,
        OperationId,
        OrderId,
        Amount,
        Status,
        Attempts,
        ToolCalls,
        ClosedAt,
        ProviderRefundId,
        Reason,
        ResolvedBy,
        Note
    };
    /**
     * An order. Empty values (no refund id, not closed, no reason, note or resolver) come last
     * in both directions; amounts sort within their currency, currencies by code ascending;
     * order ids, resolvers and notes by the locale's collation (LocaleCollation); ids by code.
     */
    struct Sort
    {
        SortKey key = SortKey::CreatedAt;
        bool descending = false;
        /**
         * Status and Reason: the codes ("refunded", "no_refund_found", ...) in the order to
         * show, e.g. by their translated titles; "code: detail" ranks as its code, and codes
         * not listed follow the listed ones. Equal ranks go by the full code.
         */
        QStringList valueOrder;
    };

    /** Where the previous page ended: its last row, whose values for the sort are compared. */
    using Cursor = Operation;

    /** Rows after `after` (from the start when nullopt) in sort's order, at most limit (1..10000), with
     * toolCallCount. */
    static StoreResult<QList<Operation>> page(Database& db, const HistoryFilter& filter,
                                              const std::optional<Cursor>& after, int limit,
                                              const Sort& sort);
    /** As above, in the default order (created_at, operation_id ascending). */
    static StoreResult<QList<Operation>> page(Database& db, const HistoryFilter& filter,
                                              const std::optional<Cursor>& after, int limit);
    /** How many rows the filter covers. */
    static StoreResult<qint64> count(Database& db, const HistoryFilter& filter);
    /** The cursor after op. */
    static Cursor cursorAfter(const Operation& op) { return op; }
};
