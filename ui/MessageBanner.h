#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

/**
 * An inline message strip above the content (KeePassXC MessageWidget style): tells what
 * happened and what to do next, without a modal popup. Hidden until showMessage().
 * An optional action button emits actionTriggered().
 */
class MessageBanner : public QFrame
{
    Q_OBJECT

public:
    enum class Level { Info, Warning, Error };

    explicit MessageBanner(QWidget* parent = nullptr);

    void showMessage(Level level, const QString& text, const QString& actionText = {});
    void clearMessage();
    QString text() const;
    Level level() const { return m_level; }
    /** Whether the user may close it (default true). */
    void setClosable(bool closable);

signals:
    void actionTriggered();

private:
    Level m_level = Level::Info;
    QLabel* m_icon = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_action = nullptr;
    QPushButton* m_close = nullptr;
};
