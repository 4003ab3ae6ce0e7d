#pragma once

#include "review/LookupResult.h"

#include <QTableWidget>

/**
 * The refunds a lookup linked to an operation (R15): id, amount with currency, status, the
 * checks (amount, currency, order: mismatch flags), created (UTC), how it was found (list,
 * event, both) and the metadata. Rows with
 * a mismatch are marked and carry the sentences in their tooltip; failed/canceled rows are
 * greyed. One row per FoundRefund, in the lookup's order (newest first); the refund id is
 * in Qt::UserRole of column 0.
 */
class FoundRefundTable : public QTableWidget
{
    Q_OBJECT

public:
    enum Column { Id, Amount, Status, Mismatches, Created, Source, Metadata, ColumnCount };

    explicit FoundRefundTable(QWidget* parent = nullptr);

    void setRefunds(const QList<FoundRefund>& refunds);
    /** The refund id of the current row, or empty. */
    QString currentRefundId() const;
    /** Makes the row of refundId current; false when it is not shown. */
    bool selectRefund(const QString& refundId);
};
