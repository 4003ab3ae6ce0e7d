#pragma once

#include <QStyledItemDelegate>

/**
 * Paints a navigation row of StateCountsModel: the state's title on the left and its count
 * right-aligned in a pill, amber when the entry needs a person (AttentionRole).
 *
 * sizeHint() is as wide as the title and the pill need side by side, so the window can give the
 * navigation room for its longest title (issue 15: "Отменён провайде…" at 1024 px) instead of
 * eliding it; titleRect() is where paint() draws the title, elided only when narrower than that.
 */
class StateNavigationDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    /** Where the title is drawn in a row at option.rect. */
    QRect titleRect(const QStyleOptionViewItem& option, const QModelIndex& index) const;

private:
    /** The count's pill in a row at rect (its width follows the count's digits). */
    static QRect pillRect(const QRect& rect, const QFont& font, const QString& count);
    static QString countText(const QModelIndex& index);
};
