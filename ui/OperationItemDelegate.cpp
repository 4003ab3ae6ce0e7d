#include "OperationItemDelegate.h"

#include "OperationFormat.h"
#include "OperationTableModel.h"
#include "StatusPalette.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace {

void paintBackground(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index)
{
    QStyleOptionViewItem opt = option;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    opt.index = index;
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);
}

} // namespace

void OperationItemDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    switch (index.column()) {
    case OperationTableModel::StatusColumn: paintBadge(painter, option, index); return;
    case OperationTableModel::AttemptsColumn: paintAttempts(painter, option, index); return;
    default: QStyledItemDelegate::paint(painter, option, index); return;
    }
}

QSize OperationItemDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == OperationTableModel::StatusColumn)
        size.rwidth() += 16;
    if (index.column() == OperationTableModel::AttemptsColumn)
        size.setWidth(qMax(size.width(), 72));
    return size;
}

void OperationItemDelegate::paintBadge(QPainter* painter, const QStyleOptionViewItem& option,
                                       const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    paintBackground(painter, opt, index);

    const auto status = OperationStatus(index.data(OperationTableModel::StatusRole).toInt());
    const bool stale = index.data(Qt::ForegroundRole).isValid();   // the model greys stale rows
    const QColor color = stale ? StatusPalette::toneForeground(StatusPalette::Tone::Muted, opt.palette)
                               : StatusPalette::statusColor(status, opt.palette);
    const QString text = index.data(Qt::DisplayRole).toString();

    QFont font = opt.font;
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 0.9);
    const QFontMetrics fm(font);
    const int h = fm.height() + 4;
    const int w = fm.horizontalAdvance(text) + 14;
    const QRect cell = opt.rect.adjusted(6, 0, -4, 0);
    const QRect badge(cell.left(), cell.top() + (cell.height() - h) / 2, qMin(w, cell.width()), h);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    // On a selected (dark) row a pale tint would vanish: use a solid light pill instead.
    const bool selected = opt.state & QStyle::State_Selected;
    QColor fill = color;
    fill.setAlpha(36);
    if (selected)
        fill = QColor(255, 255, 255, 235);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(badge, h / 2.0, h / 2.0);
    painter->setFont(font);
    painter->setPen(stale ? color.darker(115) : StatusPalette::statusForeground(status, opt.palette));
    painter->drawText(badge, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, badge.width() - 6));
    painter->restore();
}

void OperationItemDelegate::paintAttempts(QPainter* painter, const QStyleOptionViewItem& option,
                                          const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    paintBackground(painter, opt, index);

    const int attempts = index.data(OperationTableModel::AttemptsRole).toInt();
    const int budget = qMax(1, index.data(OperationTableModel::BudgetRole).toInt());
    const bool exhausted = attempts >= budget;
    const QString text = index.data(Qt::DisplayRole).toString();

    const QRect cell = opt.rect.adjusted(6, 3, -8, -3);
    const QFontMetrics fm(opt.font);
    const int barHeight = 3;
    const QRect textRect(cell.left(), cell.top(), cell.width(), cell.height() - barHeight - 2);
    const QRect track(cell.left(), cell.bottom() - barHeight, qMin(cell.width(), 56), barHeight);

    painter->save();
    const bool selected = opt.state & QStyle::State_Selected;
    const QColor textColor = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    painter->setPen(textColor);
    painter->setFont(opt.font);
    painter->drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, text);

    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(StatusPalette::toneBackground(StatusPalette::Tone::Muted, opt.palette));
    painter->drawRoundedRect(track, 1.5, 1.5);
    QRect bar = track;
    bar.setWidth(track.width() * qMin(attempts, budget) / budget);
    // Used up: the colour of Unknown, where the operation goes next; else that of Open.
    painter->setBrush(StatusPalette::statusColor(exhausted ? OperationStatus::Unknown : OperationStatus::Open,
                                                 opt.palette));
    if (bar.width() > 0)
        painter->drawRoundedRect(bar, 1.5, 1.5);
    painter->restore();
}
