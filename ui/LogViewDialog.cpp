#include "LogViewDialog.h"

#include "Logging.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QVBoxLayout>

LogViewDialog::LogViewDialog(const QString& logFilePath, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("logViewDialog"));
    setWindowTitle(tr("Log"));
    resize(900, 480);
    auto* layout = new QVBoxLayout(this);
    auto* where = new QLabel(logFilePath.isEmpty()
                                 ? tr("The newest lines of this session's log. Keys and passwords are never written.")
                                 : tr("The newest lines of this session's log. Older lines: %1. Keys and passwords "
                                      "are never written.")
                                       .arg(logFilePath.toHtmlEscaped()),
                             this);
    where->setWordWrap(true);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(where);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("logText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setMaximumBlockCount(2000);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_text, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Named here, not by Qt: without Qt's own translations installed (qttranslations6-l10n)
    // the standard button said "Close" in Russian and Turkish.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    m_poll.setInterval(500);
    connect(&m_poll, &QTimer::timeout, this, &LogViewDialog::refresh);
    m_poll.start();
    refresh();
}

void LogViewDialog::refresh()
{
    const quint64 count = Logging::lineCount();
    if (count == m_seen && !m_text->document()->isEmpty())
        return;
    m_seen = count;
    QScrollBar* bar = m_text->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    m_text->setPlainText(Logging::recentLines().join(QLatin1Char('\n')));
    if (atEnd)
        bar->setValue(bar->maximum());
}
