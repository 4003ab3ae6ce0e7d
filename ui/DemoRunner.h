#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>
#include <QUrl>

class DemoWorker;

/**
 * Creates the embedded demo (DemoEnvironment: SQLite database, sandbox-provider process,
 * real refund-tool scenarios) in a worker thread, so the window shows at once with a loading
 * state. The DemoEnvironment lives in that thread (its QProcess belongs there) until this
 * object is destroyed, which stops the sandbox in the same thread.
 */
class DemoRunner : public QObject
{
    Q_OBJECT

public:
    /** Copies of what the GUI needs; the DemoEnvironment itself never leaves the worker thread. */
    struct Info
    {
        QString databaseUrl;
        QUrl providerUrl;
        QString readKey;            ///< rk_... (R13); never logged
        QString seedOperationId;
        QString directory;
        QStringList description;    ///< DemoEnvironment::describe()
    };

    explicit DemoRunner(QObject* parent = nullptr);
    ~DemoRunner() override;

    /** Starts creating the demo in directory (empty: a temporary folder) with the sandbox at sandboxExecutable (empty: default lookup). */
    void start(const QString& directory, const QString& sandboxExecutable = {});
    const Info& info() const { return m_info; }

signals:
    void progress(const QString& step);
    void ready(const DemoRunner::Info& info);
    void failed(const QString& error);

private:
    QThread m_thread;
    DemoWorker* m_worker = nullptr;
    Info m_info;
};

Q_DECLARE_METATYPE(DemoRunner::Info)
