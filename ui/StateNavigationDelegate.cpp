#include "StateNavigationDelegate.h"

#include "StateCountsModel.h"
#include "StatusPalette.h"

#include <QApplication>
#include <QtMath>
#include <QPainter>

namespace {
constexpr int kLeftMargin = 10;
constexpr int kRightMargin = 8;
constexpr int kTitleGap = 6; // between the title and the pill

QFont countFont(const QFont& font)
{
    QFont f = font;
    f.setBold(true);
    return f;
}
} // namespace

QString StateNavigationDelegate::countText(const QModelIndex& index)
{
    return QLocale().toString(index.data(StateCountsModel::CountRole).toLongLong());
}

QRect StateNavigationDelegate::pillRect(const QRect& rect, const QFont& font, const QString& count)
{
    const QFontMetrics cfm(countFont(font));
    const int pillH = cfm.height() + 2;
    const int pillW = qMax(pillH, cfm.horizontalAdvance(count) + 12);
    const QRect r = rect.adjusted(kLeftMargin, 0, -kRightMargin, 0);
    return {r.right() - pillW, r.top() + (r.height() - pillH) / 2, pillW, pillH};
}

QRect StateNavigationDelegate::titleRect(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QRect pill = pillRect(opt.rect, opt.font, countText(index));
    const int left = opt.rect.left() + kLeftMargin;
    return {left, opt.rect.top(), pill.left() - left - kTitleGap, opt.rect.height()};
}

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

    const QString count = countText(index);
    const bool attention = index.data(StateCountsModel::AttentionRole).toBool();
    const bool selected = opt.state & QStyle::State_Selected;

    const QRect pill = pillRect(opt.rect, opt.font, count);
    const int pillH = pill.height();

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const QRect titleArea = titleRect(option, index);
    painter->drawText(titleArea, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(opt.font).elidedText(title, Qt::ElideRight, titleArea.width()));

    QColor fill = attention ? StatusPalette::statusColor(OperationStatus::Unknown, opt.palette)
                            : opt.palette.color(QPalette::Mid);
    QColor text = attention ? QColor(Qt::white) : opt.palette.color(QPalette::Text);
    if (!attention)
        fill.setAlpha(70);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(pill, pillH / 2.0, pillH / 2.0);
    painter->setFont(countFont(opt.font));
    painter->setPen(text);
    painter->drawText(pill, Qt::AlignCenter, count);
    painter->restore();
}

QSize StateNavigationDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setHeight(qMax(s.height() + 12, 32));
    // The title whole, the gap and the pill: what titleRect() needs not to elide.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const int pillW = pillRect(QRect(0, 0, 1000, s.height()), opt.font, countText(index)).width();
    // The exact (fractional) advance, rounded up: elidedText() elides a title wider than its room
    // by a fraction of a pixel. The 1 is QRect::right() being one short of left() + width().
    const int titleW = qCeil(QFontMetricsF(opt.font).horizontalAdvance(opt.text));
    s.setWidth(kLeftMargin + titleW + kTitleGap + pillW + kRightMargin + 1);
    return s;
}
