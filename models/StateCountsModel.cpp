#include "StateCountsModel.h"

#include "OperationFormat.h"

namespace {

using Filter = OperationStore::StateFilter;
const Filter kFilters[] = {Filter::All, Filter::Open, Filter::Unknown, Filter::Refunded, Filter::Failed,
                           Filter::Reversed, Filter::KeyExpiringSoon};
constexpr int kRows = int(sizeof(kFilters) / sizeof(kFilters[0]));

} // namespace

StateCountsModel::StateCountsModel(const Clock& clock, QObject* parent)
    : QAbstractListModel(parent)
    , m_clock(clock)
{
}

bool StateCountsModel::refresh(OperationStore& store)
{
    auto counts = store.stateCounts(m_clock.nowMs(), OperationFormat::kSoonMs);
    if (!counts) {
        m_lastError = counts.error();
        return false;
    }
    m_lastError = {};
    setCounts(counts.value());
    return true;
}

void StateCountsModel::setCounts(const OperationStore::StateCounts& c)
{
    const bool changed = c.all != m_counts.all || c.open != m_counts.open || c.unknown != m_counts.unknown
        || c.refunded != m_counts.refunded || c.failed != m_counts.failed || c.keyExpiringSoon != m_counts.keyExpiringSoon
        || c.reversed != m_counts.reversed;
    m_counts = c;
    if (changed)
        emit dataChanged(index(0), index(kRows - 1), {Qt::DisplayRole, CountRole, AttentionRole, Qt::AccessibleTextRole});
}

qint64 StateCountsModel::count(OperationStore::StateFilter filter) const
{
    switch (filter) {
    case Filter::All: return m_counts.all;
    case Filter::Open: return m_counts.open;
    case Filter::Unknown: return m_counts.unknown;
    case Filter::Refunded: return m_counts.refunded;
    case Filter::Failed: return m_counts.failed;
    case Filter::Reversed: return m_counts.reversed;
    case Filter::KeyExpiringSoon: return m_counts.keyExpiringSoon;
    }
    return 0;
}

int StateCountsModel::rowOf(OperationStore::StateFilter filter) const
{
    for (int i = 0; i < kRows; ++i) {
        if (kFilters[i] == filter)
            return i;
    }
    return 0;
}

OperationStore::StateFilter StateCountsModel::filterAt(int row)
{
    return row >= 0 && row < kRows ? kFilters[row] : Filter::All;
}

QString StateCountsModel::title(OperationStore::StateFilter filter)
{
    switch (filter) {
    case Filter::All: return tr("All");
    case Filter::Open: return tr("Open");
    case Filter::Unknown: return tr("Unknown");
    case Filter::Refunded: return tr("Refunded");
    case Filter::Failed: return tr("Failed");
    case Filter::Reversed: return tr("Reversed");
    case Filter::KeyExpiringSoon: return tr("Key expires within 1 h");
    }
    return {};
}

int StateCountsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kRows;
}

QVariant StateCountsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Filter filter = kFilters[index.row()];
    switch (role) {
    case Qt::DisplayRole: return title(filter);
    case Qt::AccessibleTextRole:
    case Qt::ToolTipRole: return tr("%1: %2 operations").arg(title(filter)).arg(count(filter));
    case CountRole: return count(filter);
    case FilterRole: return int(filter);
    case AttentionRole:
        // Reversed: the customer was told the refund went through and must hear that it did not.
        return (filter == Filter::Unknown || filter == Filter::KeyExpiringSoon || filter == Filter::Reversed) && count(filter) > 0;
    default: return {};
    }
}
