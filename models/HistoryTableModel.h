#pragma once

#include "db/Operation.h"
#include "db/StoreError.h"
#include "history/HistoryFilter.h"
#include "history/HistoryRows.h"

#include <QAbstractTableModel>

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
 * No page is read on this model's thread (issue 12): every read is a PageRead handed to the
 * Reader (setReader()), which runs it on a connection elsewhere and answers later; then
 * readFinished() follows. The Reader is told whether a read is heavy: the default order
 * (created, ascending) is an index range scan, a short read (the console's data service);
 * any other order sorts the range in the engine for each page (a worker connection). A new
 * filter empties the table until its first page lands; a new order keeps the rows shown until
 * then. An answer for an older filter, order or reader is dropped. A failed read keeps the
 * rows shown and sets lastError().
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

    /** One page: its rows, and for a filter's first page the size of the whole result. */
    struct Page
    {
        QList<Operation> rows;
        std::optional<qint64> total;
    };
    /** A page read on the connection it is given. */
    using PageRead = std::function<StoreResult<Page>(Database& db)>;
    /**
     * Runs read on a connection off this thread and calls done with the answer in this thread
     * (or never, e.g. when this model is gone). heavy: it sorts the whole range, a worker's job.
     */
    using Reader =
        std::function<void(PageRead read, bool heavy, std::function<void(StoreResult<Page>)> done)>;

    explicit HistoryTableModel(QObject* parent = nullptr);
    ~HistoryTableModel() override;

    /** Where pages are read (empty: an empty model). Empties the table; does not read. */
    void setReader(Reader reader);
    /** Empties the table (e.g. the range is not valid); the next setFilter() reads again. */
    void clear();
    /** A read is under way (readFinished() follows). */
    bool isReading() const { return m_reading; }
    /** The order the rows are in. */
    const HistoryRows::Sort& sortOrder() const { return m_sort; }
    /** The order of column (the Status and Reason ranks follow the current translations). */
    static HistoryRows::Sort sortFor(int column, Qt::SortOrder order);

    void setPageSize(int rows); ///< 1..1000, default 200
    /** Replaces the filter, empties the table and asks for the first page and the total. */
    void setFilter(const HistoryFilter& filter);
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
    /** A read landed (ok) or failed (lastError()). */
    void readFinished(bool ok);

private:
    /** Asks for the page after `after` (the first when nullopt); withTotal: the count too. */
    void startRead(const std::optional<Operation>& after, bool replace, bool withTotal);
    void onPageRead(quint64 generation, bool replace, StoreResult<Page> page);
    /** Replaces or extends the rows with a page read after the last one. */
    void takePage(const QList<Operation>& page, bool replace);
    void reset();

    HistoryFilter m_filter;
    QList<Operation> m_rows;
    qint64 m_total = 0;
    int m_pageSize = 200;
    bool m_exhausted = true;
    StoreError m_lastError;
    HistoryRows::Sort m_sort;
    Reader m_reader;
    quint64 m_generation = 0; // a newer filter, order or reader supersedes a read still running
    bool m_reading = false;   // a read of the current generation is under way
};
