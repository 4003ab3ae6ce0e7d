#include "HistoryTableModel.h"

#include "Money.h"
#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QBrush>
#include <QCollator>
#include <QScopedValueRollback>

#include <algorithm>

HistoryTableModel::HistoryTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    connect(&m_watcher, &QFutureWatcher<Page>::finished, this, &HistoryTableModel::onPageRead);
}

HistoryTableModel::~HistoryTableModel()
{
    m_watcher.waitForFinished(); // the read holds nothing of ours, but its result would land nowhere
}

void HistoryTableModel::setDatabase(Database* db)
{
    ++m_generation; // a page still being read is dropped when it lands
    beginResetModel();
    m_db = db;
    m_filter = HistoryFilter{};
    m_rows.clear();
    m_total = 0;
    m_exhausted = true;
    endResetModel();
}

void HistoryTableModel::setPageSize(int rows)
{
    m_pageSize = qBound(1, rows, 1000);
}

bool HistoryTableModel::setFilter(const HistoryFilter& filter)
{
    if (!m_db) {
        setDatabase(nullptr);
        m_filter = filter;
        return true;
    }
    ++m_generation;
    m_filter = filter;
    auto total = HistoryRows::count(*m_db, filter); // from the rollups: a few small reads
    if (!total) {
        m_lastError = total.error();
        return false;
    }
    if (inBackground()) {
        // The previous filter's rows would be wrong meanwhile: empty until the page lands.
        beginResetModel();
        m_total = total.value();
        m_rows.clear();
        m_exhausted = true;
        m_lastError = StoreError{};
        endResetModel();
        startRead(std::nullopt, true);
        return true;
    }
    auto page = HistoryRows::page(*m_db, filter, std::nullopt, m_pageSize, m_sort);
    if (!page) {
        m_lastError = page.error();
        return false;
    }
    m_total = total.value();
    takePage(page.value(), true);
    return true;
}

HistoryRows::Sort HistoryTableModel::sortFor(int column, Qt::SortOrder order)
{
    using K = HistoryRows::SortKey;
    static constexpr K kKeys[NB_COLUMNS] = {K::OperationId,      K::OrderId,   K::Amount,     K::Status,
                                            K::Attempts,         K::ToolCalls, K::CreatedAt,  K::ClosedAt,
                                            K::ProviderRefundId, K::Reason,    K::ResolvedBy, K::Note};
    HistoryRows::Sort sort;
    sort.key = column >= 0 && column < NB_COLUMNS ? kKeys[column] : K::CreatedAt;
    sort.descending = order == Qt::DescendingOrder;
    // Statuses and reasons are shown as words: rank their codes by the words, as people read them.
    const QCollator collator{QLocale()};
    const auto byTitle = [&collator](QStringList codes, const auto& title) {
        std::sort(codes.begin(), codes.end(), [&](const QString& a, const QString& b) {
            return collator.compare(title(a), title(b)) < 0;
        });
        return codes;
    };
    if (sort.key == K::Status) {
        QStringList codes;
        for (OperationStatus s : {OperationStatus::Open, OperationStatus::Unknown, OperationStatus::Refunded,
                                  OperationStatus::Failed, OperationStatus::Reversed})
            codes << statusName(s);
        sort.valueOrder = byTitle(codes, [](const QString& code) {
            return OperationFormat::statusTitle(
                operationStatusFromString(code).value_or(OperationStatus::Unknown));
        });
    } else if (sort.key == K::Reason) {
        sort.valueOrder = byTitle(OperationFormat::reasonCodes(), &OperationFormat::reasonTitle);
    }
    return sort;
}

void HistoryTableModel::sort(int column, Qt::SortOrder order)
{
    const HistoryRows::Sort sort = sortFor(column, order);
    if (sort.key == m_sort.key && sort.descending == m_sort.descending &&
        sort.valueOrder == m_sort.valueOrder)
        return;
    m_sort = sort;
    ++m_generation;
    if (!m_db || !m_filter.validate())
        return; // read when a filter is set
    if (inBackground()) {
        startRead(std::nullopt, true); // the rows shown stay until the new order lands
        return;
    }
    auto page = HistoryRows::page(*m_db, m_filter, std::nullopt, m_pageSize, m_sort);
    if (!page) {
        m_lastError = page.error();
        emit readFinished(false);
        return;
    }
    takePage(page.value(), true);
}

bool HistoryTableModel::inBackground() const
{
    // The default order, either way, is an index range scan; every other one sorts the range.
    return m_reader && m_sort.key != HistoryRows::SortKey::CreatedAt;
}

void HistoryTableModel::startRead(const std::optional<Operation>& after, bool replace)
{
    m_readGeneration = m_generation;
    m_readReplaces = replace;
    m_reading = true;
    const HistoryFilter filter = m_filter;
    const HistoryRows::Sort sort = m_sort;
    const int limit = m_pageSize;
    m_watcher.setFuture(m_reader([filter, sort, after, limit](Database& db) {
        auto page = HistoryRows::page(db, filter, after, limit, sort);
        return page ? Page{page.value(), std::nullopt} : Page{{}, page.error()};
    }));
}

void HistoryTableModel::onPageRead()
{
    // A late notice of a read setFuture() replaced (the newer one still running, or taken already).
    if (!m_reading || !m_watcher.isFinished())
        return;
    m_reading = false;
    if (m_readGeneration != m_generation || m_watcher.future().resultCount() == 0)
        return; // superseded: the filter, the order or the database changed meanwhile
    const Page page = m_watcher.result();
    if (page.error) {
        m_lastError = *page.error;
        if (!m_readReplaces)
            m_exhausted = true; // no retry loop from the view's next fetchMore
        emit readFinished(false);
        return;
    }
    takePage(page.rows, m_readReplaces);
    emit readFinished(true);
}

void HistoryTableModel::takePage(const QList<Operation>& page, bool replace)
{
    if (replace) {
        beginResetModel();
        m_rows = page;
        m_exhausted = m_rows.size() < m_pageSize;
        m_lastError = StoreError{};
        endResetModel();
        return;
    }
    m_exhausted = page.size() < m_pageSize;
    if (page.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page.size() - 1));
    m_rows += page;
    endInsertRows();
}

const Operation* HistoryTableModel::operationAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows[row] : nullptr;
}

int HistoryTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HistoryTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant HistoryTableModel::data(const QModelIndex& index, int role) const
{
    const Operation* op = operationAt(index.row());
    if (!op || !index.isValid())
        return {};
    auto utc = [](std::optional<qint64> ms) { return ms ? OperationFormat::utcTime(*ms) : QString(); };
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case AmountColumn:
        case AttemptsColumn:
        case ToolCallsColumn:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == NoteColumn)
        return op->resolutionNote;
    if (role == Qt::ForegroundRole && index.column() == StatusColumn)
        return QBrush(StatusPalette::statusForeground(op->status));
    if (role == RawRole) {
        switch (index.column()) {
        case AmountColumn:
            return op->amountCents;
        case CreatedColumn:
            return op->createdAt;
        case ResolvedColumn:
            return op->resolvedAt ? QVariant(*op->resolvedAt) : QVariant();
        case StatusColumn:
            return int(op->status);
        case ReasonColumn:
            return !op->failureCode.isEmpty() ? op->failureCode : op->unknownReason; // the code, not the words
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::ToolTipRole && index.column() == ReasonColumn) // the code, for searching logs and CSV
        return !op->failureCode.isEmpty() ? op->failureCode : op->unknownReason;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case OperationIdColumn:
        return op->operationId;
    case OrderColumn:
        return op->orderId;
    case AmountColumn:
        return Money::toMajor(op->amountCents, op->currency) + QLatin1Char(' ') +
               op->currency.toUpper();
    case StatusColumn:
        return OperationFormat::statusTitle(op->status);
    case AttemptsColumn:
        return op->attempts;
    case ToolCallsColumn:
        return op->toolCallCount;
    case CreatedColumn:
        return utc(op->createdAt);
    case ResolvedColumn:
        return utc(op->resolvedAt ? op->resolvedAt : op->closedAt);
    case RefundIdColumn:
        return op->providerRefundId;
    case ReasonColumn:
        return OperationFormat::reasonTitle(!op->failureCode.isEmpty() ? op->failureCode : op->unknownReason);
    case ResolvedByColumn:
        return op->resolvedBy;
    case NoteColumn:
        return QString(op->resolutionNote).replace(QLatin1Char('\n'), QLatin1Char(' '));
    default:
        return {};
    }
}

QVariant HistoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case OperationIdColumn:
        return tr("Operation");
    case OrderColumn:
        return tr("Order");
    case AmountColumn:
        return tr("Amount");
    case StatusColumn:
        return tr("Status");
    case AttemptsColumn:
        return tr("Attempts");
    case ToolCallsColumn:
        return tr("Tool calls");
    case CreatedColumn:
        return tr("Created (UTC)");
    case ResolvedColumn:
        return tr("Closed / resolved (UTC)");
    case RefundIdColumn:
        return tr("Provider refund");
    case ReasonColumn:
        return tr("Reason / failure code");
    case ResolvedByColumn:
        return tr("Resolved by");
    case NoteColumn:
        return tr("Resolution note");
    default:
        return {};
    }
}

bool HistoryTableModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && m_db && !m_exhausted && !m_rows.isEmpty();
}

void HistoryTableModel::fetchMore(const QModelIndex& parent)
{
    // A view may ask again from inside beginInsertRows(); one page at a time.
    if (!canFetchMore(parent) || m_fetching)
        return;
    if (inBackground()) {
        if (!isReading())
            startRead(m_rows.constLast(), false);
        return;
    }
    QScopedValueRollback<bool> guard(m_fetching, true);
    auto page =
        HistoryRows::page(*m_db, m_filter, HistoryRows::cursorAfter(m_rows.constLast()), m_pageSize, m_sort);
    if (!page) {
        m_lastError = page.error();
        m_exhausted = true;
        return;
    }
    takePage(page.value(), false);
}
