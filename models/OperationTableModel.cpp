#include "OperationTableModel.h"

#include "OperationFormat.h"

#include <QBrush>
#include <QColor>
#include <QScopedValueRollback>

namespace {

// Stale rows stay readable but clearly not current.
const QColor kStaleColor(0x9c, 0xa3, 0xaf);

} // namespace

OperationTableModel::OperationTableModel(const Clock& clock, QObject* parent)
    : QAbstractTableModel(parent)
    , m_clock(clock)
    , m_locale(QLocale())
{
    m_query.limit = m_pageSize;
    m_tickTimer.setParent(this);
    m_tickTimer.setObjectName(QStringLiteral("countdownTimer"));
    m_tickTimer.setInterval(1000);
    connect(&m_tickTimer, &QTimer::timeout, this, &OperationTableModel::tick);
    m_tickTimer.start();
}

void OperationTableModel::setStore(OperationStore* store)
{
    beginResetModel();
    m_store = store;
    m_rows.clear();
    m_total = 0;
    m_stale = false;
    endResetModel();
}

void OperationTableModel::setPageSize(int rows)
{
    m_pageSize = qBound(1, rows, 1000);
}

void OperationTableModel::setAttemptBudget(int budget)
{
    if (budget == m_budget)
        return;
    m_budget = qMax(1, budget);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, AttemptsColumn), index(m_rows.size() - 1, AttemptsColumn));
}

void OperationTableModel::setLocale(const QLocale& locale)
{
    m_locale = locale;
}

void OperationTableModel::setFilter(OperationStore::StateFilter filter)
{
    m_query.filter = filter;
}

void OperationTableModel::setSearch(const QString& text)
{
    m_query.search = text.trimmed();
}

std::optional<OperationStore::SortKey> OperationTableModel::sortKeyFor(int column)
{
    using K = OperationStore::SortKey;
    switch (column) {
    case OperationIdColumn: return K::OperationId;
    case OrderColumn: return K::OrderId;
    case AmountColumn: return K::Amount;
    case StatusColumn: return K::Status;
    case AttemptsColumn: return K::Attempts;
    case KeyExpiresColumn: return K::KeyExpiresAt;
    case AgeColumn: return K::CreatedAt;
    case LastOutcomeColumn: return K::LastAttemptAt;
    case RefundIdColumn: return K::ProviderRefundId;
    default: return std::nullopt;
    }
}

void OperationTableModel::sort(int column, Qt::SortOrder order)
{
    const auto key = sortKeyFor(column);
    if (!key)
        return;
    m_query.sort = *key;
    // "Age" ascending means youngest first, i.e. created_at descending.
    const bool ascending = order == Qt::AscendingOrder;
    m_query.descending = column == AgeColumn ? ascending : !ascending;
    reload();
}

bool OperationTableModel::fetchRows(int offset, int count, QList<Operation>* out)
{
    OperationStore::Query q = m_query;
    q.nowMs = m_clock.nowMs();
    int fetched = 0;
    while (fetched < count) {
        q.offset = offset + fetched;
        q.limit = qMin(1000, count - fetched);
        auto page = m_store->operations(q);
        if (!page) {
            setFailed(page.error());
            return false;
        }
        const auto& rows = page.value();
        out->append(rows);
        fetched += int(rows.size());
        if (rows.size() < q.limit)
            break;
    }
    return true;
}

void OperationTableModel::setStateCounts(const OperationStore::StateCounts& counts)
{
    m_stateCounts = counts;
}

bool OperationTableModel::countRows(qint64* out)
{
    if (m_stateCounts && m_query.search.trimmed().isEmpty()) {
        switch (m_query.filter) {
        case OperationStore::StateFilter::All: *out = m_stateCounts->all; return true;
        case OperationStore::StateFilter::Open: *out = m_stateCounts->open; return true;
        case OperationStore::StateFilter::Unknown: *out = m_stateCounts->unknown; return true;
        case OperationStore::StateFilter::Refunded: *out = m_stateCounts->refunded; return true;
        case OperationStore::StateFilter::Failed: *out = m_stateCounts->failed; return true;
        case OperationStore::StateFilter::Reversed: *out = m_stateCounts->reversed; return true;
        case OperationStore::StateFilter::KeyExpiringSoon: break;   // moves with the clock: count now
        }
    }
    OperationStore::Query q = m_query;
    q.nowMs = m_clock.nowMs();
    auto n = m_store->countOperations(q);
    if (!n) {
        setFailed(n.error());
        return false;
    }
    *out = n.value();
    return true;
}

void OperationTableModel::setFailed(const StoreError& error)
{
    m_lastError = error;
    if (!m_stale) {
        m_stale = true;
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, 0), index(m_rows.size() - 1, NB_COLUMNS - 1), {Qt::ForegroundRole});
    }
    emit queryFailed(error);
}

bool OperationTableModel::reload()
{
    if (!m_store)
        return false;
    qint64 total = 0;
    QList<Operation> rows;
    if (!countRows(&total) || !fetchRows(0, m_pageSize, &rows))
        return false;
    beginResetModel();
    m_rows = rows;
    m_total = qMax<qint64>(total, m_rows.size());
    m_stale = false;
    m_lastError = {};
    const QScopedValueRollback announcing(m_announcing, true);
    endResetModel();
    emit loaded();
    return true;
}

bool OperationTableModel::refresh()
{
    if (!m_store)
        return false;
    qint64 total = 0;
    QList<Operation> rows;
    const int want = qMax(m_pageSize, int(m_rows.size()));
    if (!countRows(&total) || !fetchRows(0, want, &rows))
        return false;
    bool sameIds = rows.size() == m_rows.size();
    for (int i = 0; sameIds && i < rows.size(); ++i)
        sameIds = rows.at(i).operationId == m_rows.at(i).operationId;
    if (sameIds) {
        // The common live update (an attempt finished, a row was resolved): same rows, new
        // values. Updating in place keeps selection, current index and scroll untouched.
        m_rows = rows;
        m_total = qMax<qint64>(total, m_rows.size());
        m_stale = false;
        m_lastError = {};
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, 0), index(m_rows.size() - 1, NB_COLUMNS - 1));
    } else {
        beginResetModel();
        m_rows = rows;
        m_total = qMax<qint64>(total, m_rows.size());
        m_stale = false;
        m_lastError = {};
        endResetModel();
    }
    emit loaded();
    return true;
}

const Operation* OperationTableModel::operationAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int OperationTableModel::rowOf(const QString& operationId) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).operationId == operationId)
            return i;
    }
    return -1;
}

void OperationTableModel::setVisibleRows(int first, int last)
{
    m_firstVisible = first;
    m_lastVisible = last;
}

void OperationTableModel::tick()
{
    if (m_rows.isEmpty() || m_firstVisible < 0)
        return;
    const int first = qBound(0, m_firstVisible, int(m_rows.size()) - 1);
    const int last = qBound(first, m_lastVisible < 0 ? first : m_lastVisible, int(m_rows.size()) - 1);
    emit dataChanged(index(first, KeyExpiresColumn), index(last, KeyExpiresColumn), {Qt::DisplayRole, Qt::ForegroundRole});
}

void OperationTableModel::setTickInterval(int ms)
{
    if (ms <= 0) {
        m_tickTimer.stop();
        return;
    }
    m_tickTimer.start(ms);
}

int OperationTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OperationTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

bool OperationTableModel::canFetchMore(const QModelIndex& parent) const
{
    // A slot reacting to a reset or an insert must not grow the model while it is being
    // announced (it would nest a second change inside the first); the view asks again later.
    return !parent.isValid() && m_store && !m_stale && !m_announcing && m_rows.size() < m_total;
}

void OperationTableModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    QList<Operation> page;
    if (!fetchRows(int(m_rows.size()), m_pageSize, &page))
        return;
    // Rows inserted since the first page shift the offsets; skip any we already hold.
    QList<Operation> fresh;
    for (const Operation& op : std::as_const(page)) {
        if (rowOf(op.operationId) < 0)
            fresh << op;
    }
    if (page.size() < m_pageSize)
        m_total = m_rows.size() + fresh.size();   // the result ended early: rows were deleted or closed
    if (fresh.isEmpty())
        return;
    const QScopedValueRollback announcing(m_announcing, true);
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + fresh.size()) - 1);
    m_rows.append(fresh);
    endInsertRows();
}

QVariant OperationTableModel::displayData(const Operation& op, int column) const
{
    const qint64 now = m_clock.nowMs();
    switch (column) {
    case OperationIdColumn: return op.operationId;
    case OrderColumn: return op.orderId;
    case AmountColumn: return OperationFormat::money(op.amountCents, op.currency, m_locale);
    case StatusColumn: return OperationFormat::statusTitle(op.status);
    case AttemptsColumn: return QStringLiteral("%1 / %2").arg(op.attempts).arg(m_budget);
    case ToolCallsColumn: return op.toolCallCount;
    case KeyExpiresColumn: return OperationFormat::keyCountdown(op.status, op.keyExpiresAt, now);
    case AgeColumn: return OperationFormat::age(op.createdAt, now);
    case LastOutcomeColumn: return OperationFormat::outcomeTitle(op.lastOutcome, op.lastAttemptDeadlineAt, now);
    case RefundIdColumn: return op.providerRefundId.isEmpty() ? QStringLiteral("—") : op.providerRefundId;
    default: return {};
    }
}

QVariant OperationTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Operation& op = m_rows.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return displayData(op, column);
    case Qt::ToolTipRole:
        if (column == KeyExpiresColumn && op.keyExpiresAt)
            return tr("Key retention ends %1 (%2)")
                .arg(OperationFormat::utcTime(*op.keyExpiresAt), OperationFormat::localTime(*op.keyExpiresAt));
        if (column == AgeColumn)
            return tr("Created %1").arg(OperationFormat::utcTime(op.createdAt));
        if (column == OperationIdColumn)
            return tr("Idempotency key %1").arg(op.idempotencyKey);
        return {};
    case Qt::ForegroundRole: {
        if (m_stale)
            return QBrush(kStaleColor);
        if (column == KeyExpiresColumn) {
            const QColor c = OperationFormat::urgencyColor(OperationFormat::urgency(op.status, op.keyExpiresAt,
                                                                                    m_clock.nowMs()));
            return c.isValid() ? QVariant(QBrush(c)) : QVariant();
        }
        if (column == RefundIdColumn && op.providerRefundId.isEmpty())
            return QBrush(QColor(0x9c, 0xa3, 0xaf));
        return {};
    }
    case Qt::TextAlignmentRole:
        switch (column) {
        case AmountColumn:
        case ToolCallsColumn:
        case KeyExpiresColumn:
        case AgeColumn: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default: return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case RawRole:
        switch (column) {
        case OperationIdColumn: return op.operationId;
        case OrderColumn: return op.orderId;
        case AmountColumn: return op.amountCents;
        case StatusColumn: return int(op.status);
        case AttemptsColumn: return op.attempts;
        case ToolCallsColumn: return op.toolCallCount;
        case KeyExpiresColumn: return op.keyExpiresAt ? QVariant(*op.keyExpiresAt) : QVariant();
        case AgeColumn: return op.createdAt;
        case LastOutcomeColumn: return op.lastOutcome;
        case RefundIdColumn: return op.providerRefundId;
        default: return {};
        }
    case OperationIdRole: return op.operationId;
    case StatusRole: return int(op.status);
    case AttemptsRole: return op.attempts;
    case BudgetRole: return m_budget;
    case UrgencyRole: return int(OperationFormat::urgency(op.status, op.keyExpiresAt, m_clock.nowMs()));
    default: return {};
    }
}

QVariant OperationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole) {
        switch (section) {
        case AmountColumn:
        case ToolCallsColumn:
        case KeyExpiresColumn:
        case AgeColumn: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default: return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    if (role == Qt::ToolTipRole && section == KeyExpiresColumn)
        return tr("Time left before the provider forgets the idempotency key. After that the operation is never "
                  "sent again.");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OperationIdColumn: return tr("Operation");
    case OrderColumn: return tr("Order");
    case AmountColumn: return tr("Amount");
    case StatusColumn: return tr("Status");
    case AttemptsColumn: return tr("Attempts");
    case ToolCallsColumn: return tr("Tool calls");
    case KeyExpiresColumn: return tr("Key expires in");
    case AgeColumn: return tr("Age");
    case LastOutcomeColumn: return tr("Last attempt");
    case RefundIdColumn: return tr("Provider refund");
    default: return {};
    }
}
