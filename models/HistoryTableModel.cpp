#include "HistoryTableModel.h"

#include "OperationFormat.h"
#include "Money.h"

#include <QScopedValueRollback>

HistoryTableModel::HistoryTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void HistoryTableModel::setDatabase(Database* db)
{
    beginResetModel();
    m_db = db;
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
    m_filter = filter;
    if (!m_db) {
        setDatabase(nullptr);
        return true;
    }
    auto total = HistoryRows::count(*m_db, filter);
    if (!total) {
        m_lastError = total.error();
        return false;
    }
    auto page = HistoryRows::page(*m_db, filter, std::nullopt, m_pageSize);
    if (!page) {
        m_lastError = page.error();
        return false;
    }
    beginResetModel();
    m_total = total.value();
    m_rows = page.value();
    m_exhausted = m_rows.size() < m_pageSize;
    m_lastError = StoreError{};
    endResetModel();
    return true;
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
    QScopedValueRollback<bool> guard(m_fetching, true);
    auto page = HistoryRows::page(*m_db, m_filter, HistoryRows::cursorAfter(m_rows.constLast()), m_pageSize);
    if (!page) {
        m_lastError = page.error();
        m_exhausted = true;
        return;
    }
    m_exhausted = page.value().size() < m_pageSize;
    if (page.value().isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page.value().size() - 1));
    m_rows += page.value();
    endInsertRows();
}
