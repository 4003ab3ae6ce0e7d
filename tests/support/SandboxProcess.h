#pragma once

#include "demo/SandboxLauncher.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

/**
 * Runs the real sandbox-provider executable (SPEC R14) for tests, through the demo's
 * SandboxLauncher (one way to start, stop and call it), with a test-friendly surface.
 *
 * start() launches it on 127.0.0.1:0 with a database in a temporary directory (or
 * Options::dbPath) and reads the first stdout line `listening on http://127.0.0.1:PORT`.
 * The control calls block (a local event loop, with a timeout) and return an empty / false
 * result on failure, with errorString() saying why. restart() keeps the database, so keys,
 * refunds and events survive; the port changes. The destructor stops the process.
 * Needs a QCoreApplication.
 */
class SandboxProcess
{
public:
    struct Options
    {
        QString profile = QStringLiteral("stripe"); ///< "stripe" or "ietf"
        int retentionHours = 24;
        QString secretKey = QStringLiteral("sk_test_sandbox");
        QString readKey = QStringLiteral("rk_test_sandbox");
        QString dbPath;             ///< empty: a file in a temporary directory owned by this object
        int startTimeoutMs = 15000; ///< how long to wait for the "listening on" line
        int requestTimeoutMs = 15000; ///< transfer timeout of each control call
        QStringList extraArgs; ///< more sandbox-provider flags, e.g. {"--webhook-retry-base-ms", "100"}
    };

    SandboxProcess();
    explicit SandboxProcess(Options options);
    ~SandboxProcess();
    SandboxProcess(const SandboxProcess&) = delete;
    SandboxProcess& operator=(const SandboxProcess&) = delete;

    /** Starts the executable and waits for its URL; false on failure (see errorString()). */
    bool start();
    /** Terminates the process (SIGTERM, then SIGKILL after 5 s) and waits for it. */
    void stop();
    /** stop() then start() on the same database. */
    bool restart();
    bool isRunning() const;
    /** The process id while running (e.g. to read /proc/PID/status), else 0. */
    qint64 processId() const;

    /** e.g. http://127.0.0.1:41234 (no trailing slash); empty before start(). */
    QUrl baseUrl() const { return m_baseUrl; }
    /** baseUrl() + path, e.g. url("/v1/refunds"). */
    QUrl url(const QString& path) const;
    QString secretKey() const { return m_options.secretKey; }
    QString readKey() const { return m_options.readKey; }
    QString dbPath() const { return m_dbPath; }
    QString errorString() const { return m_error; }

    /**
     * POST /_sandbox/payment_intents: a succeeded payment intent of amount (cents) with its
     * charge. Returns its id (pi_..., `id` if given), or an empty string on failure.
     */
    QString createPaymentIntent(qint64 amount, const QString& currency = QStringLiteral("usd"),
                                const QJsonObject& metadata = {}, const QString& id = {});
    /** Full payment intent JSON of the last createPaymentIntent() (latest_charge holds ch_...). */
    QJsonObject lastPaymentIntent() const { return m_lastPaymentIntent; }
    /**
     * POST /_sandbox/faults. fault: delay, drop_after_commit, status_500, rate_limit_429,
     * lock_timeout_429; applies to the next `count` requests matching method and path
     * (path exact, or a prefix ending in '*'); delayMs for delay.
     */
    bool addFault(const QString& method, const QString& path, const QString& fault, int count = 1, int delayMs = 0);
    /** POST /_sandbox/clock {"advance_seconds": seconds}: moves the sandbox clock forward. */
    bool advanceClock(qint64 seconds);
    /** GET /_sandbox/stats (see SandboxServer::stats()); empty object on failure. */
    QJsonObject stats();

    /** A blocking control-API call; returns the parsed JSON body (empty on failure), HTTP status in *status. */
    QJsonObject control(const QByteArray& method, const QString& path, const QJsonObject& body = {},
                        int* status = nullptr);

private:
    Options m_options;
    std::unique_ptr<QTemporaryDir> m_tempDir;
    std::unique_ptr<SandboxLauncher> m_launcher;
    QString m_dbPath;
    QUrl m_baseUrl;
    QString m_error;
    QJsonObject m_lastPaymentIntent;
};
