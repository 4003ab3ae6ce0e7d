#pragma once

#include "Clock.h"
#include "console/ConsoleReads.h"
#include "db/Operation.h"
#include "db/OperationStore.h"

#include <QAbstractTableModel>
#include <QLocale>
#include <QTimer>

#include <functional>

/**
 * The operations table: a window of refund_ops rows, straight from SQL.
 *
 * Filtering, searching and sorting happen in the query (OperationStore::Query). The model
 * holds one contiguous window of the result, read in keyset pages of pageSize() on
 * (sort key, operation_id): fetchMore() reads the page after the last row, fetchPrevious()
 * the page before the first, fetchLast() the end of the result. A page starts after a row,
 * not at an offset, so a row leaving the filter between pages moves no unread row past us.
 * The window holds at most maxLoadedRows(); growing past it drops rows at the other end
 * (read again when scrolled back). rowCount() is the window, rowsBefore() where it starts
 * (exact when read from either end, then counted as pages come and go: rows that arrive or
 * leave before the window meanwhile make it approximate), totalCount() the whole result.
 * Nothing ever loads the full table, and no proxy model may sit on top.
 *
 * The key countdown is computed at paint time from the Clock (UTC epoch ms). One 1 s timer
 * emits dataChanged for the countdown column of the rows the view reports as visible
 * (setVisibleRows), with roles {DisplayRole, ForegroundRole}; nothing else is touched.
 *
 * What to read is separated from applying what was read (issue 12): the model hands each
 * read (a ConsoleReads::PageRequest: query, cursor, row count, whether to count) to a
 * reader, which answers now (directReader: tests, the benchmark) or later (the window's
 * serviceReader: on the ConsoleDataService's thread). Answers are applied on arrival exactly
 * as they were when the reads ran here. One read of each kind is in flight at a time; a
 * reload or fetchLast supersedes every read in flight (their answers are dropped); a refresh
 * or fetchPrevious asked while another read is in flight runs after it; canFetchMore() is
 * false while any read is in flight. reload(), refresh() and fetchLast() take a continuation
 * called once their answer is applied (ok) or failed (not ok), never for a superseded read.
 *
 * A failed query keeps the rows already shown and marks the model stale (isStale()); the
 * window shows why and retries.
 */
class OperationTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        OperationIdColumn,
        OrderColumn,
        AmountColumn,
        StatusColumn,
        AttemptsColumn,
        ToolCallsColumn,
        KeyExpiresColumn,
        AgeColumn,
        LastOutcomeColumn,
        RefundIdColumn,
        NB_COLUMNS
    };

    enum Role {
        RawRole = Qt::UserRole,   ///< the unformatted value (cents, epoch ms, status enum as int, ...)
        OperationIdRole,          ///< the row's operation_id, any column
        StatusRole,               ///< OperationStatus as int, any column
        AttemptsRole,             ///< attempts so far (int)
        BudgetRole,               ///< max_attempts_per_operation (int)
        UrgencyRole,              ///< OperationFormat::Urgency as int (countdown column)
    };

    using Reader = ConsoleReads::PageReader;
    /** Called once a read's answer is applied (true) or failed (false). */
    using Then = std::function<void(bool ok)>;

    explicit OperationTableModel(const Clock& clock, QObject* parent = nullptr);

    /** Where every read goes (empty: an empty model). Empties the model, drops answers in flight; does not query. */
    void setReader(Reader reader);
    bool hasReader() const { return bool(m_reader); }
    /** setReader(ConsoleReads::directReader(*store)): reads on this thread (tests, benchmarks). */
    void setStore(OperationStore* store);
    /** A read is in flight. */
    bool isLoading() const { return m_edgeTicket || m_refreshTicket || m_moreTicket || m_previousTicket; }

    void setPageSize(int rows);   ///< 1..1000, default 200
    int pageSize() const { return m_pageSize; }
    /** The window's bound (at least two pages; default 4,000 rows, about 2 MB). */
    void setMaxLoadedRows(int rows);
    int maxLoadedRows() const { return m_maxRows; }
    /** Attempts budget shown as "n / budget" (max_attempts_per_operation, R6). */
    void setAttemptBudget(int budget);
    void setLocale(const QLocale& locale);

    void setFilter(OperationStore::StateFilter filter);
    OperationStore::StateFilter filter() const { return m_query.filter; }
    /** Order id, operation id / key prefix, provider refund id (see OperationStore::Query::search). */
    void setSearch(const QString& text);
    QString search() const { return m_query.search; }
    /**
     * The row filters beside the state (created range, currency, amount range; issue 15).
     * Takes effect at the next reload(). With any set, totals are counted with the page
     * instead of taken from the state counts.
     */
    void setRowFilters(const OperationStore::RowFilters& filters);
    const OperationStore::RowFilters& rowFilters() const { return m_query.rows; }
    /** Sort key of a column, or nullopt when the column cannot be sorted in SQL. */
    static std::optional<OperationStore::SortKey> sortKeyFor(int column);

    /**
     * Re-runs the query from the first page (filter, search or sort changed).
     * Returns false on a query error known at once (lastError()), true when applied or in
     * flight; rows shown so far are kept until the answer.
     */
    bool reload(Then then = {});
    /**
     * Re-reads the visible rows (setVisibleRows) and a quarter page around them, at least one
     * page, after a change in the database: the cost does not grow with how far the user
     * scrolled. Rows below the re-read range are dropped (read again when scrolled to); rows
     * above it keep their last read. Same rows: updated in place (selection and scroll stay);
     * otherwise a reset, and the window restores selection and scroll by operation id.
     */
    bool refresh(Then then = {});
    /** Reads the page before the first row (no-op at the start). False on a query error. */
    bool fetchPrevious();
    /** Replaces the window with the last page of the result (Ctrl+End). False on a query error. */
    bool fetchLast(Then then = {});
    /** The window holds the first row of the result. */
    bool atStart() const { return m_atStart; }
    /** The window holds the last row of the result (nothing more to fetch). */
    bool atEnd() const { return m_atEnd; }
    /** How many rows of the result come before the window's first row (see the class comment). */
    qint64 rowsBefore() const { return m_rowsBefore; }

    /**
     * The state counts the navigation shows. Without a search, a reload takes its total from
     * them instead of counting the rows again (a count over a million rows costs more than the
     * page itself); with a search, or for "key expires within 1 h", it counts in SQL.
     */
    void setStateCounts(const OperationStore::StateCounts& counts);

    qint64 totalCount() const { return m_total; }
    bool isStale() const { return m_stale; }
    StoreError lastError() const { return m_lastError; }

    /** The fetched row, or nullptr. */
    const Operation* operationAt(int row) const;
    /** Row of an operation among the fetched rows, or -1. */
    int rowOf(const QString& operationId) const;

    /** The view's visible rows (inclusive), for the countdown tick; -1, -1 when none. */
    void setVisibleRows(int first, int last);
    /** Emits dataChanged for the countdown cells of the visible rows (the timer calls it each second). */
    void tick();
    void setTickInterval(int ms);   ///< default 1000; 0 stops the timer

    // QAbstractItemModel
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    /** The order sort() would set, without reloading (the next reload() reads in it); false
        for a column with no SQL sort key. */
    bool setSortOrder(int column, Qt::SortOrder order);

signals:
    /** An answer is about to change the rows (before any begin*Rows / beginResetModel). */
    void aboutToApply();
    /** A query failed; rows shown before stay (stale). */
    void queryFailed(const StoreError& error);
    /** A query succeeded after a failure, or a reload finished: totalCount() is current. */
    void loaded();
    /** The window moved or grew: rowsBefore(), rowCount(), atStart() or atEnd() changed. */
    void windowChanged();

private:
    QVariant displayData(const Operation& op, int column) const;
    using Apply = std::function<void(StoreResult<ConsoleReads::Page>)>;
    /** Hands request to the reader under a new ticket kept in *slot; apply runs with its answer unless superseded. */
    bool issue(const ConsoleReads::PageRequest& request, quint64* slot, Apply apply);
    /** Runs a refresh or fetchPrevious asked while another read was in flight. */
    void runQueued();
    OperationStore::Query baseQuery() const;
    /** Replaces the window with the first (or, fromEnd, the last) page of the result. */
    bool readEdge(bool fromEnd, Then then);
    void applyEdge(bool fromEnd, std::optional<qint64> total, const QList<Operation>& rows);
    void applyRefresh(int from, int want, qint64 total, const QList<Operation>& read, Then then);
    /** The rows of page the window does not hold yet. */
    QList<Operation> notShown(const QList<Operation>& page) const;
    /** Drops rows at the far end until the window fits maxLoadedRows(). */
    void trimWindow(bool dropFromTop);
    /** The total from the state counts, when they tell it (no search, not "expires within"). */
    std::optional<qint64> totalFromCounts() const;
    void setFailed(const StoreError& error);
    static void call(const Then& then, bool ok)
    {
        if (then)
            then(ok);
    }

    const Clock& m_clock;
    Reader m_reader;
    quint64 m_nextTicket = 0;
    quint64 m_floor = 0;            // answers with a ticket up to this are dropped (superseded)
    quint64 m_edgeTicket = 0;       // the read in flight of each kind; 0: none
    quint64 m_refreshTicket = 0;
    quint64 m_moreTicket = 0;
    quint64 m_previousTicket = 0;
    quint64 m_answeredTicket = 0;   // the last answer applied, and whether it was good: a
    bool m_answeredOk = false;      // direct reader's answer is known before issue() returns
    bool m_refreshQueued = false;   // asked while another read was in flight
    QList<Then> m_refreshThens;
    bool m_previousQueued = false;
    OperationStore::Query m_query;
    QList<Operation> m_rows;
    std::optional<OperationStore::StateCounts> m_stateCounts;
    qint64 m_total = 0;
    int m_pageSize = 200;
    int m_maxRows = 4000;
    bool m_atStart = true;
    bool m_atEnd = true;
    qint64 m_rowsBefore = 0;
    int m_budget = 6;
    QLocale m_locale;
    bool m_stale = false;
    StoreError m_lastError;
    bool m_announcing = false;   // inside endResetModel()/endInsertRows(): no nested fetchMore
    int m_firstVisible = -1;
    int m_lastVisible = -1;
    QTimer m_tickTimer;
};
