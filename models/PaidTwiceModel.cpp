#include "PaidTwiceModel.h"

#include "OperationFormat.h"
#include "db/SettingsStore.h"
#include "history/HistoryFilter.h"

#include <limits>

PaidTwiceModel::PaidTwiceModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

StoreResult<QList<RefundsPerLogicalRefund::OverRefund>> PaidTwiceModel::load(Database& db)
{
    auto settings = SettingsStore(db).load();
    if (!settings)
        return settings.error();
    HistoryFilter all; // every operation, whenever it was created
    all.fromMs = std::numeric_limits<qint64>::min();
    all.toMs = std::numeric_limits<qint64>::max();
    auto check = RefundsPerLogicalRefund::compute(db, all, settings.value().repeatWindowMs());
    if (!check)
        return check.error();
    return check.value().overRefunded;
}

void PaidTwiceModel::setRows(const QList<RefundsPerLogicalRefund::OverRefund>& rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int PaidTwiceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PaidTwiceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PaidTwiceModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const RefundsPerLogicalRefund::OverRefund& r = m_rows.at(index.row());
    if (role == Qt::TextAlignmentRole && index.column() == AmountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == RefundsColumn)
        return r.refundIds.join(QLatin1Char('\n'));
    if (role == Qt::ToolTipRole && index.column() == OperationsColumn)
        return r.operationIds.join(QLatin1Char('\n'));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case OrderColumn:
        return r.orderId;
    case AmountColumn:
        return OperationFormat::money(r.amountCents, r.currency);
    case RequestColumn:
        return r.requestRef.isEmpty() ? QStringLiteral("—") : r.requestRef;
    case RefundsColumn:
        return tr("%n refund(s): %1", nullptr, int(r.refundIds.size())).arg(r.refundIds.join(QStringLiteral(", ")));
    case OperationsColumn:
        return r.operationIds.join(QStringLiteral(", "));
    }
    return {};
}

QVariant PaidTwiceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OrderColumn: return tr("Order");
    case AmountColumn: return tr("Amount");
    case RequestColumn: return tr("Request ref");
    case RefundsColumn: return tr("Refunds at the provider");
    case OperationsColumn: return tr("Operations");
    }
    return {};
}
