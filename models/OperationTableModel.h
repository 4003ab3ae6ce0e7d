#pragma once

#include "Clock.h"
#include "db/Operation.h"
#include "db/OperationStore.h"

#include <QAbstractTableModel>
#include <QLocale>
#include <QTimer>

/**
 * The operations table: one page of refund_ops at a time, straight from SQL.
 *
 * Filtering, searching and sorting happen in the query (OperationStore::Query); rows are
 * fetched on demand in pages of pageSize() (canFetchMore/fetchMore), so rowCount() is the
 * number of rows fetched so far and totalCount() the size of the whole result. Nothing ever
 * loads the full table, and no proxy model may sit on top (it would only see fetched rows).
 *
 * The key countdown is computed at paint time from the Clock (UTC epoch ms). One 1 s timer
 * emits dataChanged for the countdown column of the rows the view reports as visible
 * (setVisibleRows), with roles {DisplayRole, ForegroundRole}; nothing else is touched.
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

    explicit OperationTableModel(const Clock& clock, QObject* parent = nullptr);

    /** The store every query goes through (nullptr: an empty model). Does not query. */
    void setStore(OperationStore* store);
    OperationStore* store() const { return m_store; }

    void setPageSize(int rows);   ///< 1..1000, default 200
    int pageSize() const { return m_pageSize; }
    /** Attempts budget shown as "n / budget" (max_attempts_per_operation, R6). */
    void setAttemptBudget(int budget);
    void setLocale(const QLocale& locale);

    void setFilter(OperationStore::StateFilter filter);
    OperationStore::StateFilter filter() const { return m_query.filter; }
    /** Order id, operation id / key prefix, provider refund id (see OperationStore::Query::search). */
    void setSearch(const QString& text);
    QString search() const { return m_query.search; }
    /** Sort key of a column, or nullopt when the column cannot be sorted in SQL. */
    static std::optional<OperationStore::SortKey> sortKeyFor(int column);

    /**
     * Re-runs the query from the first page (filter, search or sort changed).
     * Returns false on a query error (lastError()); rows shown so far are kept.
     */
    bool reload();
    /**
     * Re-reads what is shown (at least one page, as many rows as are fetched now) after a
     * change in the database. The window restores selection and scroll by operation id.
     */
    bool refresh();

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

signals:
    /** A query failed; rows shown before stay (stale). */
    void queryFailed(const StoreError& error);
    /** A query succeeded after a failure, or a reload finished: totalCount() is current. */
    void loaded();

private:
    QVariant displayData(const Operation& op, int column) const;
    bool fetchRows(int offset, int count, QList<Operation>* out);
    bool countRows(qint64* out);
    void setFailed(const StoreError& error);

    const Clock& m_clock;
    OperationStore* m_store = nullptr;
    OperationStore::Query m_query;
    QList<Operation> m_rows;
    std::optional<OperationStore::StateCounts> m_stateCounts;
    qint64 m_total = 0;
    int m_pageSize = 200;
    int m_budget = 6;
    QLocale m_locale;
    bool m_stale = false;
    StoreError m_lastError;
    bool m_announcing = false;   // inside endResetModel()/endInsertRows(): no nested fetchMore
    int m_firstVisible = -1;
    int m_lastVisible = -1;
    QTimer m_tickTimer;
};
