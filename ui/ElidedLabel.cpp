#include "ElidedLabel.h"

#include <QEvent>
#include <QFontMetrics>

ElidedLabel::ElidedLabel(QWidget* parent)
    : QLabel(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ElidedLabel::setFullText(const QString& text)
{
    m_fullText = text;
    setToolTip(text);
    updateGeometry();
    updateShown();
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    return {fm.horizontalAdvance(m_fullText) + 2 * margin() + m.left() + m.right() + 2, QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    // Room for the start and the end of an id around the ellipsis.
    const QFontMetrics fm(font());
    return {qMin(sizeHint().width(), fm.horizontalAdvance(QLatin1Char('0')) * 14), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidedLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateShown();
}

void ElidedLabel::updateShown()
{
    const int room = contentsRect().width() - 2 * margin();
    QLabel::setText(QFontMetrics(font()).elidedText(m_fullText, Qt::ElideMiddle, qMax(room, 0)));
}
