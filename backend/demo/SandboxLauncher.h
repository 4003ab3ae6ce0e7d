#pragma once

#include "db/StoreError.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>

class QProcess;

/**
 * Runs the `sandbox-provider` executable (SPEC R14) for the demo, and under the tests'
 * SandboxProcess.
 *
 * start() launches it on `--listen 127.0.0.1:0 --db PATH` and reads its first stdout line,
 * `listening on http://127.0.0.1:PORT`. Control calls (/_sandbox/...) block in a local event
 * loop with a transfer timeout and may come from any thread (each call uses its own network
 * manager). The process object is handed to the application's main thread once started, so
 * the launcher may be created in a worker thread and destroyed in the GUI thread; the
 * destructor stops the process (SIGTERM, then SIGKILL after 3 s).
 *
 * Errors are StoreError values: ConnectionFailed (field "sandbox") naming the executable,
 * the exit code or the failing control call. The secret key is never put into a message.
 */
class SandboxLauncher
{
public:
    struct Options
    {
        QString executable;          ///< resolved path of sandbox-provider
        QString dbPath;              ///< the sandbox's own SQLite file
        QString secretKey;           ///< read/write key (the tool's)
        QString readKey;             ///< restricted read-only key (the console's, R13)
        int startTimeoutMs = 15000;  ///< wait for the "listening on" line
        int requestTimeoutMs = 10000;///< transfer timeout of each control call
        QString logLevel = QStringLiteral("error"); ///< the sandbox's --log-level
        QStringList extraArgs;       ///< more sandbox-provider flags, e.g. {"--profile", "ietf"}
    };

    /** A control call's answer, whatever its status. */
    struct ControlReply
    {
        int status = 0;       ///< HTTP status; 0 when no answer arrived
        QByteArray body;
        QString networkError; ///< why no answer arrived
    };

    explicit SandboxLauncher(Options options);
    ~SandboxLauncher();
    SandboxLauncher(const SandboxLauncher&) = delete;
    SandboxLauncher& operator=(const SandboxLauncher&) = delete;

    /**
     * Finds sandbox-provider: `explicitPath` if not empty (must exist), else next to the
     * running program, else `../sandbox-provider/` beside it (the build tree), else PATH.
     * NotFound lists every place that was tried.
     */
    static StoreResult<QString> locate(const QString& explicitPath);

    StoreResult<void> start();
    void stop();
    bool isRunning() const;

    QUrl baseUrl() const { return m_baseUrl; }   ///< e.g. http://127.0.0.1:41234
    /** baseUrl() with path, which may carry a query ("/v1/refunds?limit=3"). */
    QUrl url(const QString& path) const;
    /** The running process's pid, 0 when none. */
    qint64 processId() const;
    /** One control-API call (or any request to the sandbox), answered with any status. */
    ControlReply send(const QByteArray& method, const QString& path, const QJsonObject& body = {});

    /** One control-API call; the parsed JSON answer on HTTP 200, else ConnectionFailed. */
    StoreResult<QJsonObject> control(const QByteArray& method, const QString& path, const QJsonObject& body = {});
    /** POST /_sandbox/payment_intents: a succeeded payment of amountCents; returns its pi_ id. */
    StoreResult<QString> createPaymentIntent(qint64 amountCents, const QString& currency, const QJsonObject& metadata);
    /** POST /_sandbox/faults for the next `count` requests of method + path. */
    StoreResult<void> addFault(const QString& method, const QString& path, const QString& fault, int count,
                               int delayMs = 0);
    /** DELETE /_sandbox/faults. */
    StoreResult<void> clearFaults();
    /** GET /_sandbox/stats. */
    StoreResult<QJsonObject> stats();

private:
    Options m_options;
    std::unique_ptr<QProcess> m_process;
    QUrl m_baseUrl;
};
