#pragma once

#include <QObject>

class QSocketNotifier;

/**
 * Turns SIGTERM, SIGINT and SIGHUP into a Qt signal on the main thread (the self-pipe of Qt's
 * "Calling Qt Functions From Unix Signal Handlers"), so `kill <console>` or Ctrl+C in a terminal
 * quits through the event loop and every destructor runs: the demo's sandbox provider process
 * stops with the console instead of being left running. One instance per process.
 */
class UnixSignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit UnixSignalWatcher(QObject* parent = nullptr);
    ~UnixSignalWatcher() override;

    /** False when the pipe or the handlers could not be set up (the default actions stay). */
    bool isActive() const { return m_notifier != nullptr; }

signals:
    /** A termination signal arrived; signalNumber is SIGTERM, SIGINT or SIGHUP. */
    void terminationRequested(int signalNumber);

private:
    void onReadable();

    QSocketNotifier* m_notifier = nullptr;
};
