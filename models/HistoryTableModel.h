#pragma once

#include "db/Database.h"
#include "db/Operation.h"
#include "history/HistoryFilter.h"
#include "history/HistoryRows.h"

#include <QAbstractTableModel>
#include <QFuture>
#include <QFutureWatcher>

#include <functional>
#include <optional>

/**
 * The History tab's per-operation table (R12): the rows of a HistoryFilter, read in keyset
 * pages straight from SQL (HistoryRows) as the view scrolls (canFetchMore/fetchMore).
 * rowCount() is what is fetched so far, totalCount() the size of the whole result; nothing
 * ever loads the full range. Columns match the CSV export.
 *
 * Every column sorts (sort(), issue 15), in SQL, so the pages follow the order over the whole
 * range: amounts by currency then amount, dates and counts as numbers, statuses and reasons
 * by their translated titles and free text by the locale's collation (HistoryRows::Sort).
 * The default order (created, ascending) is an index range scan read on the thread that owns
 * the Database (the GUI thread, one page per scroll step). Any other order sorts the range in
 * the engine for each page: with a background reader (setBackgroundReader) those pages are
 * read off that thread and land later (readFinished()); rows shown stay until then.
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

    /** One page read in the background: its rows, or the error. */
    struct Page
    {
        QList<Operation> rows;
        std::optional<StoreError> error;
    };
    /** A page read on the connection it is given. */
    using PageRead = std::function<Page(Database& db)>;
    /** Runs a PageRead on a connection of its own, off this thread. */
    using BackgroundReader = std::function<QFuture<Page>(PageRead read)>;

    explicit HistoryTableModel(QObject* parent = nullptr);
    ~HistoryTableModel() override;

    /** Where pages of orders other than the default are read (none: on the Database's thread). */
    void setBackgroundReader(BackgroundReader reader) { m_reader = std::move(reader); }
    /** A background read is under way. */
    bool isReading() const { return m_reading; }
    /** The order the rows are in. */
    const HistoryRows::Sort& sortOrder() const { return m_sort; }
    /** The order of column (the Status and Reason ranks follow the current translations). */
    static HistoryRows::Sort sortFor(int column, Qt::SortOrder order);

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
    /** Reads the first page in column's order (no-op when already in it). */
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    /** A background read landed (ok) or failed (lastError()). */
    void readFinished(bool ok);

private:
    bool inBackground() const;
    /** Reads the page after `after` (the first when nullopt) through the background reader. */
    void startRead(const std::optional<Operation>& after, bool replace);
    void onPageRead();
    /** Replaces or extends the rows with a page read after the last one. */
    void takePage(const QList<Operation>& page, bool replace);

    Database* m_db = nullptr;
    HistoryFilter m_filter;
    QList<Operation> m_rows;
    qint64 m_total = 0;
    int m_pageSize = 200;
    bool m_exhausted = true;
    bool m_fetching = false;
    StoreError m_lastError;
    HistoryRows::Sort m_sort;
    BackgroundReader m_reader;
    QFutureWatcher<Page> m_watcher;
    quint64 m_generation = 0;     // a newer read supersedes an older one still running
    quint64 m_readGeneration = 0; // the generation of the read under way
    bool m_readReplaces = false;  // it is a first page, not the next one
    bool m_reading = false;       // until its result is taken (or dropped) here, not just computed
};
