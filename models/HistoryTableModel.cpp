#include "HistoryTableModel.h"

#include "Money.h"
#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QBrush>
#include <QCollator>

#include <algorithm>

HistoryTableModel::HistoryTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

HistoryTableModel::~HistoryTableModel() = default;

void HistoryTableModel::reset()
{
    ++m_generation; // a page still being read is dropped when it lands
    m_reading = false;
    beginResetModel();
    m_rows.clear();
    m_total = 0;
    m_exhausted = true;
    endResetModel();
}

void HistoryTableModel::setReader(Reader reader)
{
    m_reader = std::move(reader);
    m_filter = HistoryFilter{};
    reset();
}

void HistoryTableModel::clear()
{
    reset();
}

void HistoryTableModel::setPageSize(int rows)
{
    m_pageSize = qBound(1, rows, 1000);
}

void HistoryTableModel::setFilter(const HistoryFilter& filter)
{
    // The previous filter's rows would be wrong meanwhile: empty until the first page lands.
    reset();
    m_filter = filter;
    m_lastError = StoreError{};
    if (m_reader)
        startRead(std::nullopt, true, true);
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
    m_reading = false;
    if (!m_reader || !m_filter.validate())
        return; // read when a filter is set
    startRead(std::nullopt, true, false); // the rows shown stay until the new order lands
}

void HistoryTableModel::startRead(const std::optional<Operation>& after, bool replace, bool withTotal)
{
    m_reading = true;
    const quint64 generation = m_generation;
    const HistoryFilter filter = m_filter;
    const HistoryRows::Sort sort = m_sort;
    const int limit = m_pageSize;
    const std::optional<HistoryRows::Cursor> cursor =
        after ? std::optional<HistoryRows::Cursor>(HistoryRows::cursorAfter(*after)) : std::nullopt;
    // The default order, either way, is an index range scan; every other one sorts the range.
    const bool heavy = sort.key != HistoryRows::SortKey::CreatedAt;
    m_reader(
        [filter, sort, cursor, limit, withTotal](Database& db) -> StoreResult<Page> {
            Page page;
            if (withTotal) {
                auto total = HistoryRows::count(db, filter); // from the rollups: a few small reads
                if (!total)
                    return total.error();
                page.total = total.value();
            }
            auto rows = HistoryRows::page(db, filter, cursor, limit, sort);
            if (!rows)
                return rows.error();
            page.rows = rows.value();
            return page;
        },
        heavy,
        [this, generation, replace](StoreResult<Page> page) {
            onPageRead(generation, replace, std::move(page));
        });
}

void HistoryTableModel::onPageRead(quint64 generation, bool replace, StoreResult<Page> page)
{
    if (generation != m_generation)
        return; // superseded: the filter, the order or the reader changed meanwhile
    m_reading = false;
    if (!page) {
        m_lastError = page.error();
        if (!replace)
            m_exhausted = true; // no retry loop from the view's next fetchMore
        emit readFinished(false);
        return;
    }
    if (page.value().total)
        m_total = *page.value().total;
    takePage(page.value().rows, replace);
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
        return Money::withCode(op->amountCents, op->currency, QLocale()); // the interface's digits, as the tiles
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
        return OperationFormat::actorTitle(op->resolvedBy);
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
    return !parent.isValid() && m_reader && !m_exhausted && !m_rows.isEmpty();
}

void HistoryTableModel::fetchMore(const QModelIndex& parent)
{
    // A view asks again while a page is on its way; one page at a time.
    if (!canFetchMore(parent) || m_reading)
        return;
    startRead(m_rows.constLast(), false, false);
}
