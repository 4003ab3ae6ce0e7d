#pragma once

#include "db/Database.h"
#include "db/Operation.h"
#include "history/HistoryFilter.h"
#include "history/HistoryRows.h"

#include <QAbstractTableModel>

#include <optional>

/**
 * The History tab's per-operation table (R12): the rows of a HistoryFilter, ordered by
 * created_at, read in keyset pages straight from SQL (HistoryRows) as the view scrolls
 * (canFetchMore/fetchMore). rowCount() is what is fetched so far, totalCount() the size of
 * the whole result; nothing ever loads the full range. Columns match the CSV export.
 *
 * Runs on the thread that owns the Database (the GUI thread, one page per scroll step).
 * A failed query keeps the rows shown and sets lastError().
 */
class HistoryTableModel : public QAbstractTableModel
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
        CreatedColumn,
        ResolvedColumn,
        RefundIdColumn,
        ReasonColumn,
        ResolvedByColumn,
        NoteColumn,
        NB_COLUMNS
    };
    enum Role { RawRole = Qt::UserRole };

    explicit HistoryTableModel(QObject* parent = nullptr);

    /** The connection pages are read from (nullptr: an empty model). Does not query. */
    void setDatabase(Database* db);
    void setPageSize(int rows); ///< 1..1000, default 200
    /** Replaces the filter and reads the first page; false on a query error (lastError()). */
    bool setFilter(const HistoryFilter& filter);
    const HistoryFilter& filter() const { return m_filter; }

    qint64 totalCount() const { return m_total; }
    StoreError lastError() const { return m_lastError; }
    const Operation* operationAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

private:
    Database* m_db = nullptr;
    HistoryFilter m_filter;
    QList<Operation> m_rows;
    qint64 m_total = 0;
    int m_pageSize = 200;
    bool m_exhausted = true;
    bool m_fetching = false;
    StoreError m_lastError;
};
