#include "StateNavigationDelegate.h"

#include "StateCountsModel.h"
#include "StatusPalette.h"

#include <QApplication>
#include <QPainter>

void StateNavigationDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString title = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QString count = QLocale().toString(index.data(StateCountsModel::CountRole).toLongLong());
    const bool attention = index.data(StateCountsModel::AttentionRole).toBool();
    const bool selected = opt.state & QStyle::State_Selected;

    QFont countFont = opt.font;
    countFont.setBold(true);
    const QFontMetrics cfm(countFont);
    const int pillH = cfm.height() + 2;
    const int pillW = qMax(pillH, cfm.horizontalAdvance(count) + 12);
    const QRect r = opt.rect.adjusted(10, 0, -8, 0);
    const QRect pill(r.right() - pillW, r.top() + (r.height() - pillH) / 2, pillW, pillH);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const QRect titleRect(r.left(), r.top(), pill.left() - r.left() - 6, r.height());
    painter->drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(opt.font).elidedText(title, Qt::ElideRight, titleRect.width()));

    QColor fill = attention ? StatusPalette::statusColor(OperationStatus::Unknown, opt.palette)
                            : opt.palette.color(QPalette::Mid);
    QColor text = attention ? QColor(Qt::white) : opt.palette.color(QPalette::Text);
    if (!attention)
        fill.setAlpha(70);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(pill, pillH / 2.0, pillH / 2.0);
    painter->setFont(countFont);
    painter->setPen(text);
    painter->drawText(pill, Qt::AlignCenter, count);
    painter->restore();
}

QSize StateNavigationDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setHeight(qMax(s.height() + 12, 32));
    return s;
}
