#include "MessageBanner.h"

#include "StatusPalette.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

MessageBanner::MessageBanner(QWidget* parent)
    : QFrame(parent)
{
    setFrameShape(QFrame::NoFrame);
    setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 8, 8, 8);
    layout->setSpacing(10);
    m_icon = new QLabel(this);
    m_icon->setFixedSize(20, 20);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("bannerText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_action = new QPushButton(this);
    m_action->setObjectName(QStringLiteral("bannerAction"));
    m_action->hide();
    m_close = new QPushButton(tr("Dismiss"), this);
    m_close->setObjectName(QStringLiteral("bannerClose"));
    m_close->setFlat(true);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_action, 0, Qt::AlignVCenter);
    layout->addWidget(m_close, 0, Qt::AlignVCenter);
    connect(m_action, &QPushButton::clicked, this, &MessageBanner::actionTriggered);
    connect(m_close, &QPushButton::clicked, this, &MessageBanner::clearMessage);
    hide();
}

void MessageBanner::showMessage(Level level, const QString& text, const QString& actionText)
{
    m_level = level;
    m_text->setText(text);
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());

    StatusPalette::Tone tone = StatusPalette::Tone::Info;
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    switch (level) {
    case Level::Info:
        break;
    case Level::Warning:
        tone = StatusPalette::Tone::Warning;
        icon = QStyle::SP_MessageBoxWarning;
        break;
    case Level::Error:
        tone = StatusPalette::Tone::Danger;
        icon = QStyle::SP_MessageBoxCritical;
        break;
    }
    const QColor background = StatusPalette::toneBackground(tone, palette());
    const QColor border = StatusPalette::toneBorder(tone, palette());
    // Dark text on the pale light-theme fill; the palette's own text on the dark one.
    const QColor textColor =
        StatusPalette::isDark(palette()) ? palette().color(QPalette::WindowText) : QColor::fromRgb(0x1f2937);
    // A left accent stripe plus a pale fill reads as a notice in light and dark palettes.
    setStyleSheet(
        QStringLiteral("MessageBanner { background: %1; border: 1px solid %2; border-left: 4px solid %2; "
                       "border-radius: 4px; } MessageBanner QLabel { color: %3; background: transparent; }")
            .arg(background.name(), border.name(), textColor.name()));
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(20, 20));
    show();
}

void MessageBanner::clearMessage()
{
    m_text->clear();
    hide();
}

QString MessageBanner::text() const
{
    return m_text->text();
}

void MessageBanner::setClosable(bool closable)
{
    m_close->setVisible(closable);
}
