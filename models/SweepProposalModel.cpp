#include "SweepProposalModel.h"

#include "OperationFormat.h"
#include "StatusPalette.h"

SweepProposalModel::SweepProposalModel(const UnknownSweep* sweep, QObject* parent)
    : QAbstractTableModel(parent)
    , m_sweep(sweep)
{
}

void SweepProposalModel::reset(int total)
{
    beginResetModel();
    m_state = QVector<RowState>(qMax(0, total), RowState::Waiting);
    m_results = QVector<ResultCell>(qMax(0, total));
    m_checked = 0;
    m_checkable = 0;
    endResetModel();
    emit checksChanged(m_checked, m_checkable);
}

void SweepProposalModel::setState(int row, RowState state)
{
    const RowState old = m_state.at(row);
    if (old == state)
        return;
    const auto checkable = [](RowState s) { return s == RowState::Checkable || s == RowState::Checked; };
    m_checkable += int(checkable(state)) - int(checkable(old));
    m_checked += int(state == RowState::Checked) - int(old == RowState::Checked);
    m_state[row] = state;
}

void SweepProposalModel::itemFinished(int row)
{
    if (row < 0 || row >= m_state.size() || row >= m_sweep->items().size())
        return;
    const UnknownSweep::Item& item = m_sweep->items().at(row);
    setState(row, item.error.isEmpty() && item.proposal.proposesResolution() ? RowState::Checkable : RowState::Looked);
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    emit checksChanged(m_checked, m_checkable);
}

void SweepProposalModel::applyOutcomes(const QList<SweepResolver::Outcome>& outcomes)
{
    using Tone = StatusPalette::Tone;
    int first = int(m_state.size()), last = -1;
    for (const SweepResolver::Outcome& o : outcomes) {
        if (o.row < 0 || o.row >= m_state.size())
            continue;
        ResultCell& cell = m_results[o.row];
        switch (o.kind) {
        case SweepResolver::Outcome::Kind::Resolved:
            cell = {tr("Resolved as %1").arg(OperationFormat::statusTitle(o.status).toLower()),
                    StatusPalette::toneForeground(Tone::Success)};
            break;
        case SweepResolver::Outcome::Kind::AlreadyResolved:
            cell = {o.message, StatusPalette::toneForeground(Tone::Warning)};
            break;
        case SweepResolver::Outcome::Kind::Refused:
        case SweepResolver::Outcome::Kind::Failed:
            cell = {tr("Not resolved: %1").arg(o.message), StatusPalette::toneForeground(Tone::Danger)};
            break;
        }
        const bool settled = o.kind == SweepResolver::Outcome::Kind::Resolved
            || o.kind == SweepResolver::Outcome::Kind::AlreadyResolved;
        setState(o.row, settled ? RowState::Done : RowState::Checkable);
        first = qMin(first, o.row);
        last = qMax(last, o.row);
    }
    if (last >= 0)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
    emit checksChanged(m_checked, m_checkable);
}

bool SweepProposalModel::isCheckable(int row) const
{
    return row >= 0 && row < m_state.size()
        && (m_state.at(row) == RowState::Checkable || m_state.at(row) == RowState::Checked);
}

bool SweepProposalModel::isChecked(int row) const
{
    return row >= 0 && row < m_state.size() && m_state.at(row) == RowState::Checked;
}

void SweepProposalModel::setLocked(bool locked)
{
    if (m_locked == locked)
        return;
    m_locked = locked;
    if (!m_state.isEmpty())
        emit dataChanged(index(0, Pick), index(int(m_state.size()) - 1, Pick), {Qt::CheckStateRole});
}

int SweepProposalModel::checkAll()
{
    if (m_locked)
        return m_checked;
    int first = int(m_state.size()), last = -1;
    for (int row = 0; row < m_state.size(); ++row) {
        if (m_state.at(row) == RowState::Checkable) {
            setState(row, RowState::Checked);
            first = qMin(first, row);
            last = row;
        }
    }
    if (last >= 0)
        emit dataChanged(index(first, Pick), index(last, Pick), {Qt::CheckStateRole});
    emit checksChanged(m_checked, m_checkable);
    return m_checked;
}

QList<SweepResolver::Job> SweepProposalModel::checkedJobs() const
{
    QList<SweepResolver::Job> jobs;
    jobs.reserve(m_checked);
    for (int row = 0; row < m_state.size() && row < m_sweep->items().size(); ++row) {
        if (m_state.at(row) != RowState::Checked)
            continue;
        const UnknownSweep::Item& item = m_sweep->items().at(row);
        jobs << SweepResolver::Job{row, item.operation, item.lookup, item.proposal};
    }
    return jobs;
}

QString SweepProposalModel::resultText(int row) const
{
    return row >= 0 && row < m_results.size() ? m_results.at(row).text : QString();
}

int SweepProposalModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_state.size());
}

int SweepProposalModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SweepProposalModel::proposalText(const UnknownSweep::Item& item) const
{
    if (!item.error.isEmpty())
        return tr("Not looked up");
    QString text = ResolutionPolicy::kindTitle(item.proposal.kind);
    if (item.proposal.kind == ResolutionPolicy::Proposal::Kind::Refunded)
        text += QStringLiteral(" (%1)").arg(item.proposal.refundId);
    return text;
}

QString SweepProposalModel::whyText(const UnknownSweep::Item& item) const
{
    if (!item.error.isEmpty())
        return item.error;
    QString why = item.proposal.reason;
    if (!item.lookup.ok() && !item.lookup.advice().isEmpty())
        why += QLatin1Char(' ') + item.lookup.advice();
    return why;
}

QVariant SweepProposalModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const RowState state = m_state.at(row);
    if (role == Qt::CheckStateRole && index.column() == Pick && isCheckable(row))
        return state == RowState::Checked ? Qt::Checked : Qt::Unchecked;
    if (row >= m_sweep->items().size())
        return {};
    const UnknownSweep::Item& item = m_sweep->items().at(row);
    const bool looked = state != RowState::Waiting;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case OperationCol: return item.operation.operationId;
        case Order: return looked ? item.operation.orderId : QString();
        case Amount:
            return looked && item.operation.amountCents > 0
                ? OperationFormat::money(item.operation.amountCents, item.operation.currency, m_locale)
                : QString();
        case Proposal: return looked ? proposalText(item) : tr("waiting…");
        case Why: return looked ? whyText(item) : QString();
        case Result: return m_results.at(row).text;
        case Pick:
            return role == Qt::ToolTipRole && state == RowState::Checkable
                ? tr("Tick to resolve this operation as proposed.")
                : QVariant();
        default: return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == Result && m_results.at(row).color.isValid())
            return m_results.at(row).color;
        if (index.column() == Proposal && looked && item.error.isEmpty()) {
            const QColor c = StatusPalette::proposalColor(item.proposal.kind);
            return c.isValid() ? QVariant(c) : QVariant();
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Amount ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default: return {};
    }
}

bool SweepProposalModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || index.column() != Pick || !isCheckable(index.row()) || m_locked)
        return false;
    const bool check = value.toInt() == Qt::Checked;
    setState(index.row(), check ? RowState::Checked : RowState::Checkable);
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit checksChanged(m_checked, m_checkable);
    return true;
}

Qt::ItemFlags SweepProposalModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == Pick && isCheckable(index.row()) && !m_locked)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant SweepProposalModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OperationCol: return tr("Operation");
    case Order: return tr("Order");
    case Amount: return tr("Amount");
    case Proposal: return tr("Proposal");
    case Why: return tr("Why");
    case Result: return tr("Result");
    default: return {};
    }
}
