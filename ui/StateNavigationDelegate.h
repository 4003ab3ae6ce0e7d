#pragma once

#include <QStyledItemDelegate>

/**
 * Paints a navigation row of StateCountsModel: the state's title on the left and its count
 * right-aligned in a pill, amber when the entry needs a person (AttentionRole).
 */
class StateNavigationDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};
