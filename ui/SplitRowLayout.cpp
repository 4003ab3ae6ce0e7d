#include "SplitRowLayout.h"

#include <QStyle>
#include <QWidget>

SplitRowLayout::SplitRowLayout(QWidget* parent)
    : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

SplitRowLayout::~SplitRowLayout()
{
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void SplitRowLayout::addItem(QLayoutItem* item)
{
    Q_ASSERT_X(m_items.size() < 2, "SplitRowLayout", "holds a leading and a trailing part only");
    m_items.append(item);
}

QLayoutItem* SplitRowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    return m_items.takeAt(index);
}

int SplitRowLayout::gap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget* w = parentWidget();
    return w ? w->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, w) : 6;
}

int SplitRowLayout::heightOf(const QLayoutItem* item, int width)
{
    return item->hasHeightForWidth() ? item->heightForWidth(width) : item->sizeHint().height();
}

bool SplitRowLayout::isOneRow(int width) const
{
    if (m_items.size() < 2)
        return true;
    const QMargins m = contentsMargins();
    return m_items[0]->sizeHint().width() + gap() + m_items[1]->sizeHint().width()
        <= width - m.left() - m.right();
}

QSize SplitRowLayout::sizeHint() const
{
    const QMargins m = contentsMargins();
    QSize s;
    for (const QLayoutItem* item : m_items) {
        const QSize h = item->sizeHint();
        s.setWidth(s.width() + (s.width() > 0 ? gap() : 0) + h.width());
        s.setHeight(qMax(s.height(), h.height()));
    }
    return s + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize SplitRowLayout::minimumSize() const
{
    const QMargins m = contentsMargins();
    QSize s;
    for (const QLayoutItem* item : m_items)
        s = s.expandedTo(item->minimumSize());
    return s + QSize(m.left() + m.right(), m.top() + m.bottom());
}

int SplitRowLayout::heightForWidth(int width) const
{
    const QMargins m = contentsMargins();
    const int inner = width - m.left() - m.right();
    int h = 0;
    if (isOneRow(width)) {
        for (const QLayoutItem* item : m_items)
            h = qMax(h, heightOf(item, item->sizeHint().width()));
    } else {
        for (const QLayoutItem* item : m_items)
            h += (h > 0 ? gap() : 0) + heightOf(item, qMin(inner, item->sizeHint().width()));
    }
    return h + m.top() + m.bottom();
}

void SplitRowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    if (m_items.isEmpty())
        return;
    const QRect r = contentsRect();
    QLayoutItem* leading = m_items[0];
    QLayoutItem* trailing = m_items.value(1);
    const int leadW = qMin(r.width(), qMax(leading->minimumSize().width(), leading->sizeHint().width()));
    if (!trailing) {
        leading->setGeometry({r.left(), r.top(), leadW, r.height()});
        return;
    }
    const int trailW = qMin(r.width(), qMax(trailing->minimumSize().width(), trailing->sizeHint().width()));
    if (isOneRow(rect.width())) {
        // One row: the leading part at the left, the trailing one at the right, the room between.
        leading->setGeometry({r.left(), r.top(), leadW, r.height()});
        trailing->setGeometry({r.right() + 1 - trailW, r.top(), trailW, r.height()});
        return;
    }
    const int leadH = heightOf(leading, leadW);
    leading->setGeometry({r.left(), r.top(), leadW, leadH});
    const int top = r.top() + leadH + gap();
    trailing->setGeometry({r.right() + 1 - trailW, top, trailW, heightOf(trailing, trailW)});
}
