#pragma once

#include <QDialog>
#include <QTimer>

class QPlainTextEdit;

/**
 * The operator's log view: the newest lines of this process's log (at most 2000, already
 * redacted: keys and passwords never appear, R22), following new lines twice a second, with
 * the path of the rotating log file for anything older.
 */
class LogViewDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LogViewDialog(const QString& logFilePath, QWidget* parent = nullptr);

    /** Re-reads the buffer if lines were logged since the last look. */
    void refresh();

private:
    QPlainTextEdit* m_text = nullptr;
    QTimer m_poll;
    quint64 m_seen = 0;
};
