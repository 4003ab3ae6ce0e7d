#pragma once

#include <QStyledItemDelegate>

/**
 * Paints the operations table's special cells (STYLE: one delegate switching on column):
 *  - Status: a rounded badge in the status colour (OperationFormat::statusColor);
 *  - Attempts: "n / budget" with a thin bar below, amber when the budget is used up (R6, R9).
 * Other columns fall back to QStyledItemDelegate. Selection and focus still paint.
 */
class OperationItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    void paintBadge(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const;
    void paintAttempts(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const;
};
