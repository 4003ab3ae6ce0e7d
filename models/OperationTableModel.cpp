#include "OperationTableModel.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

#include <QBrush>
#include <QColor>
#include <QScopedValueRollback>

#include <utility>

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

void OperationTableModel::setReader(Reader reader)
{
    beginResetModel();
    m_reader = std::move(reader);
    m_floor = m_nextTicket;   // answers of the previous reader are dropped
    m_edgeTicket = m_refreshTicket = m_moreTicket = m_previousTicket = 0;
    m_refreshQueued = m_previousQueued = false;
    m_refreshThens.clear();
    m_rows.clear();
    m_total = 0;
    m_atStart = m_atEnd = true;
    m_rowsBefore = 0;
    m_stale = false;
    endResetModel();
}

void OperationTableModel::setStore(OperationStore* store)
{
    setReader(store ? ConsoleReads::directReader(*store) : Reader());
}

void OperationTableModel::setPageSize(int rows)
{
    m_pageSize = qBound(1, rows, 1000);
    m_maxRows = qMax(m_maxRows, 2 * m_pageSize);
}

void OperationTableModel::setMaxLoadedRows(int rows)
{
    m_maxRows = qMax(rows, 2 * m_pageSize);
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

void OperationTableModel::setRowFilters(const OperationStore::RowFilters& filters)
{
    m_query.rows = filters;
    m_query.rows.currency = filters.currency.trimmed().toLower();
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
    if (setSortOrder(column, order))
        reload();
}

bool OperationTableModel::setSortOrder(int column, Qt::SortOrder order)
{
    const auto key = sortKeyFor(column);
    if (!key)
        return false;
    m_query.sort = *key;
    // "Age" ascending means youngest first, i.e. created_at descending.
    const bool ascending = order == Qt::AscendingOrder;
    m_query.descending = column == AgeColumn ? ascending : !ascending;
    return true;
}

OperationStore::Query OperationTableModel::baseQuery() const
{
    OperationStore::Query q = m_query;
    q.nowMs = m_clock.nowMs();
    return q;
}

bool OperationTableModel::issue(const ConsoleReads::PageRequest& request, quint64* slot, Apply apply)
{
    const quint64 ticket = ++m_nextTicket;
    *slot = ticket;
    const Reader reader = m_reader;   // a continuation may replace m_reader while it runs
    reader(request, [this, ticket, slot, apply = std::move(apply)](StoreResult<ConsoleReads::Page> page) {
        if (*slot != ticket || ticket <= m_floor)
            return;   // superseded by a newer read of its kind, a reload or another reader
        *slot = 0;
        m_answeredTicket = ticket;
        m_answeredOk = page.ok();
        apply(std::move(page));
        runQueued();
    });
    // A direct reader has answered already; otherwise the read is in flight.
    return m_answeredTicket == ticket ? m_answeredOk : true;
}

void OperationTableModel::runQueued()
{
    if (isLoading())
        return;
    if (m_refreshQueued) {
        m_refreshQueued = false;
        const QList<Then> thens = std::exchange(m_refreshThens, {});
        refresh([thens](bool ok) {
            for (const Then& then : thens)
                call(then, ok);
        });
    } else if (m_previousQueued) {
        m_previousQueued = false;
        fetchPrevious();
    }
}

void OperationTableModel::setStateCounts(const OperationStore::StateCounts& counts)
{
    m_stateCounts = counts;
}

std::optional<qint64> OperationTableModel::totalFromCounts() const
{
    if (m_stateCounts && m_query.search.trimmed().isEmpty() && !m_query.rows.any()) {
        switch (m_query.filter) {
        case OperationStore::StateFilter::All: return m_stateCounts->all;
        case OperationStore::StateFilter::Open: return m_stateCounts->open;
        case OperationStore::StateFilter::Unknown: return m_stateCounts->unknown;
        case OperationStore::StateFilter::Refunded: return m_stateCounts->refunded;
        case OperationStore::StateFilter::Failed: return m_stateCounts->failed;
        case OperationStore::StateFilter::Reversed: return m_stateCounts->reversed;
        case OperationStore::StateFilter::KeyExpiringSoon: break;   // moves with the clock: count now
        }
    }
    return std::nullopt;
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

bool OperationTableModel::reload(Then then)
{
    return readEdge(false, std::move(then));
}

bool OperationTableModel::fetchLast(Then then)
{
    return readEdge(true, std::move(then));
}

bool OperationTableModel::readEdge(bool fromEnd, Then then)
{
    if (!m_reader)
        return false;
    // The window is replaced: whatever else is in flight or queued would apply to the old one.
    m_floor = m_nextTicket;
    m_refreshTicket = m_moreTicket = m_previousTicket = 0;
    m_refreshQueued = m_previousQueued = false;
    m_refreshThens.clear();
    ConsoleReads::PageRequest request;
    request.query = baseQuery();
    request.query.fromEnd = fromEnd;
    request.count = m_pageSize;
    const std::optional<qint64> known = totalFromCounts();
    request.countTotal = !known;
    return issue(request, &m_edgeTicket, [this, fromEnd, known, then = std::move(then)](StoreResult<ConsoleReads::Page> page) {
        if (!page) {
            setFailed(page.error());
            call(then, false);
            return;
        }
        applyEdge(fromEnd, known ? known : page.value().total, page.value().rows);
        call(then, true);
    });
}

void OperationTableModel::applyEdge(bool fromEnd, std::optional<qint64> total, const QList<Operation>& rows)
{
    emit aboutToApply();
    const bool whole = rows.size() < m_pageSize;   // one page holds the whole result
    beginResetModel();
    m_rows = rows;
    m_atStart = !fromEnd || whole;
    m_atEnd = fromEnd || whole;
    m_total = qMax<qint64>(total.value_or(0), m_rows.size());
    m_rowsBefore = m_atStart ? 0 : m_total - m_rows.size();
    m_stale = false;
    m_lastError = {};
    const QScopedValueRollback announcing(m_announcing, true);
    endResetModel();
    emit loaded();
    emit windowChanged();
}

bool OperationTableModel::refresh(Then then)
{
    if (!m_reader)
        return false;
    if (m_rows.isEmpty() && !isLoading())
        return reload(std::move(then));
    if (isLoading()) {
        // After the read in flight (one refresh for any number asked meanwhile).
        m_refreshQueued = true;
        m_refreshThens.append(std::move(then));
        return true;
    }
    const int size = int(m_rows.size());
    const int margin = m_pageSize / 4;   // rows just outside the viewport, so a small scroll shows fresh rows
    const int firstVisible = m_firstVisible < 0 ? 0 : qBound(0, m_firstVisible, size - 1);
    const int lastVisible = m_lastVisible < 0 ? firstVisible : qBound(firstVisible, m_lastVisible, size - 1);
    const int from = qMax(0, firstVisible - margin);
    const int want = qBound(m_pageSize, lastVisible - from + 1 + margin, m_maxRows);
    ConsoleReads::PageRequest request;
    request.query = baseQuery();
    if (from > 0) {
        request.query.after = OperationStore::cursorOf(m_rows.at(from - 1), request.query.sort);   // also finds rows new in the range
    } else if (!m_atStart) {
        request.query.after = OperationStore::cursorOf(m_rows.at(0), request.query.sort);
        request.query.afterInclusive = true;
    }   // else from the start of the result: new rows at the top appear
    request.count = want;
    const std::optional<qint64> known = totalFromCounts();
    request.countTotal = !known;
    // Nothing else changes the window while a refresh is in flight (fetches wait, a reload
    // supersedes it), so from and want still name the same rows when the answer arrives.
    return issue(request, &m_refreshTicket,
                 [this, from, want, known, then = std::move(then)](StoreResult<ConsoleReads::Page> page) {
                     if (!page) {
                         setFailed(page.error());
                         call(then, false);
                         return;
                     }
                     applyRefresh(from, want, known ? *known : page.value().total.value_or(0), page.value().rows, then);
                 });
}

void OperationTableModel::applyRefresh(int from, int want, qint64 total, const QList<Operation>& read, Then then)
{
    // Nothing left from the window's first row on, but rows before it (e.g. after Ctrl+End,
    // every row shown was resolved): show the end of what is left rather than an empty list.
    if (from == 0 && read.isEmpty() && !m_atStart) {
        fetchLast(std::move(then));
        return;
    }
    emit aboutToApply();
    const int size = int(m_rows.size());
    const bool atEnd = read.size() < want;
    QList<Operation> fresh;
    fresh.reserve(read.size());
    for (const Operation& op : std::as_const(read)) {
        // A row above the range that moved into it stays where it was shown.
        const int shownAt = rowOf(op.operationId);
        if (shownAt < 0 || shownAt >= from)
            fresh << op;
    }
    bool sameIds = from + fresh.size() <= size;
    for (int i = 0; sameIds && i < fresh.size(); ++i)
        sameIds = fresh.at(i).operationId == m_rows.at(from + i).operationId;
    m_stale = false;
    m_lastError = {};
    if (sameIds) {
        // The common live update (an attempt finished, a row was resolved elsewhere in the
        // list): same rows, new values. In place keeps selection, current index and scroll.
        if (from + fresh.size() < size) {
            const QScopedValueRollback announcing(m_announcing, true);
            beginRemoveRows({}, from + int(fresh.size()), size - 1);
            m_rows.resize(from + fresh.size());
            endRemoveRows();
        }
        for (int i = 0; i < fresh.size(); ++i)
            m_rows[from + i] = fresh.at(i);
        m_atEnd = atEnd;
        m_total = qMax<qint64>(total, m_rowsBefore + m_rows.size());
        // Under the guard: a view reacting to the change must not fetch in the middle of it.
        const QScopedValueRollback announcing(m_announcing, true);
        if (!fresh.isEmpty())
            emit dataChanged(index(from, 0), index(from + int(fresh.size()) - 1, NB_COLUMNS - 1));
    } else {
        beginResetModel();
        m_rows.resize(from);
        m_rows.append(fresh);
        m_atEnd = atEnd;
        m_total = qMax<qint64>(total, m_rowsBefore + m_rows.size());
        const QScopedValueRollback announcing(m_announcing, true);
        endResetModel();
    }
    trimWindow(true);
    emit loaded();
    emit windowChanged();
    call(then, true);
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
    // Nor while a read is in flight: its answer changes the window the next page follows.
    return !parent.isValid() && m_reader && !m_stale && !m_announcing && !isLoading() && !m_atEnd
        && !m_rows.isEmpty();
}

void OperationTableModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    ConsoleReads::PageRequest request;
    request.query = baseQuery();
    request.query.after = OperationStore::cursorOf(m_rows.constLast(), request.query.sort);
    request.count = m_pageSize;
    const QString after = m_rows.constLast().operationId;
    issue(request, &m_moreTicket, [this, after](StoreResult<ConsoleReads::Page> read) {
        if (!read) {
            setFailed(read.error());
            return;
        }
        if (m_rows.isEmpty() || m_rows.constLast().operationId != after)
            return;   // the window changed meanwhile: the view asks again
        emit aboutToApply();
        const QList<Operation>& page = read.value().rows;
        m_atEnd = page.size() < m_pageSize;
        const QList<Operation> fresh = notShown(page);
        if (!fresh.isEmpty()) {
            const QScopedValueRollback announcing(m_announcing, true);
            beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + fresh.size()) - 1);
            m_rows.append(fresh);
            endInsertRows();
        }
        if (m_atEnd)
            m_total = m_rowsBefore + m_rows.size();   // the result ended here: rows were deleted or closed
        trimWindow(true);
        emit windowChanged();
    });
}

bool OperationTableModel::fetchPrevious()
{
    if (!m_reader || m_stale || m_announcing || m_atStart || m_rows.isEmpty())
        return !m_stale;
    if (isLoading()) {
        m_previousQueued = true;   // after the read in flight
        return true;
    }
    ConsoleReads::PageRequest request;
    request.query = baseQuery();
    request.query.before = OperationStore::cursorOf(m_rows.constFirst(), request.query.sort);
    request.count = m_pageSize;
    const QString before = m_rows.constFirst().operationId;
    return issue(request, &m_previousTicket, [this, before](StoreResult<ConsoleReads::Page> read) {
        if (!read) {
            setFailed(read.error());
            return;
        }
        if (m_rows.isEmpty() || m_rows.constFirst().operationId != before)
            return;   // the window changed meanwhile
        emit aboutToApply();
        const QList<Operation>& page = read.value().rows;
        m_atStart = page.size() < m_pageSize;
        const QList<Operation> fresh = notShown(page);
        if (!fresh.isEmpty()) {
            const QScopedValueRollback announcing(m_announcing, true);
            beginInsertRows({}, 0, int(fresh.size()) - 1);
            m_rows = fresh + m_rows;
            endInsertRows();
        }
        m_rowsBefore = m_atStart ? 0 : qMax<qint64>(0, m_rowsBefore - fresh.size());
        trimWindow(false);
        emit windowChanged();
    });
}

QList<Operation> OperationTableModel::notShown(const QList<Operation>& page) const
{
    // A row whose sort value changed since it was read may come again: keep the one shown.
    QList<Operation> fresh;
    for (const Operation& op : page) {
        if (rowOf(op.operationId) < 0)
            fresh << op;
    }
    return fresh;
}

void OperationTableModel::trimWindow(bool dropFromTop)
{
    const int excess = int(m_rows.size()) - m_maxRows;
    if (excess <= 0)
        return;
    const QScopedValueRollback announcing(m_announcing, true);
    if (dropFromTop) {
        beginRemoveRows({}, 0, excess - 1);
        m_rows.remove(0, excess);
        endRemoveRows();
        m_rowsBefore += excess;
        m_atStart = false;
    } else {
        beginRemoveRows({}, int(m_rows.size()) - excess, int(m_rows.size()) - 1);
        m_rows.resize(m_rows.size() - excess);
        endRemoveRows();
        m_atEnd = false;
    }
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
        if (m_stale) // readable but clearly not current
            return QBrush(StatusPalette::toneForeground(StatusPalette::Tone::Muted));
        if (column == KeyExpiresColumn) {
            const QColor c = StatusPalette::urgencyColor(
                OperationFormat::urgency(op.status, op.keyExpiresAt, m_clock.nowMs()));
            return c.isValid() ? QVariant(QBrush(c)) : QVariant();
        }
        if (column == RefundIdColumn && op.providerRefundId.isEmpty())
            return QBrush(StatusPalette::toneForeground(StatusPalette::Tone::Muted));
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
