#pragma once

#include "history/RefundsPerLogicalRefund.h"

#include <QAbstractTableModel>

/**
 * The logical refunds (order, amount, request ref; R5a) the provider paid more than once, by the
 * provider's evidence (RefundsPerLogicalRefund: the refunds operations were closed with and the
 * live refunds the reconciler found beside them, R24), over all time. For support, finance and
 * admins alike: each row is money to recover, and a refund nobody may send again. Read-only;
 * load() runs on whatever thread owns the database.
 */
class PaidTwiceModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        OrderColumn,      ///< the order id
        AmountColumn,     ///< the logical refund's amount, in the order's currency
        RequestColumn,    ///< its request ref, "—" without one
        RefundsColumn,    ///< how many live refunds the provider holds for it, and their ids
        OperationsColumn, ///< its operations, oldest first
        ColumnCount
    };

    explicit PaidTwiceModel(QObject* parent = nullptr);

    /**
     * Every logical refund paid more than once, by order, amount and request ref (the repeat
     * window R5a applies is the current setting). Errors: the database's.
     */
    static StoreResult<QList<RefundsPerLogicalRefund::OverRefund>> load(Database& db);

    void setRows(const QList<RefundsPerLogicalRefund::OverRefund>& rows);
    const QList<RefundsPerLogicalRefund::OverRefund>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<RefundsPerLogicalRefund::OverRefund> m_rows;
};
