// sandbox-provider: a local Stripe API v1 look-alike with idempotency and fault injection
// (SPEC R14). The first stdout line is the contract other tools read:
//   listening on http://127.0.0.1:PORT
#include "sandbox/SandboxServer.h"

#include "Logging.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace {

int fail(const QString& message, int code)
{
    std::fprintf(stderr, "sandbox-provider: %s\n", qPrintable(message));
    return code;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sandbox-provider"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REFUND_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Local Stripe API v1 sandbox with idempotency keys and faults."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listen(QStringLiteral("listen"), QStringLiteral("Loopback address and port (port 0 = any)."),
                                    QStringLiteral("host:port"), QStringLiteral("127.0.0.1:0"));
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("SQLite database file (created if missing)."),
                                QStringLiteral("path"));
    const QCommandLineOption profile(QStringLiteral("profile"),
                                     QStringLiteral("Idempotency error shape: stripe (400 idempotency_error) or ietf "
                                                    "(422 problem+json)."),
                                     QStringLiteral("stripe|ietf"), QStringLiteral("stripe"));
    const QCommandLineOption retention(QStringLiteral("retention-hours"),
                                       QStringLiteral("How long idempotency keys are kept."), QStringLiteral("hours"),
                                       QStringLiteral("24"));
    const QCommandLineOption secretKey(QStringLiteral("secret-key"), QStringLiteral("Secret key (read and write)."),
                                       QStringLiteral("key"), QStringLiteral("sk_test_sandbox"));
    const QCommandLineOption readKey(QStringLiteral("read-key"), QStringLiteral("Restricted read-only key."),
                                     QStringLiteral("key"), QStringLiteral("rk_test_sandbox"));
    const QCommandLineOption logLevel(QStringLiteral("log-level"), QStringLiteral("trace, debug, info, warn, error, off."),
                                      QStringLiteral("level"), QStringLiteral("info"));
    const QCommandLineOption webhookRetryBase(
        QStringLiteral("webhook-retry-base-ms"),
        QStringLiteral("Wait after a failed webhook attempt; doubles each time."), QStringLiteral("ms"),
        QStringLiteral("1000"));
    const QCommandLineOption webhookRetryCap(QStringLiteral("webhook-retry-cap-ms"),
                                             QStringLiteral("Longest wait between two webhook attempts."),
                                             QStringLiteral("ms"), QStringLiteral("60000"));
    const QCommandLineOption webhookMaxAttempts(
        QStringLiteral("webhook-max-attempts"),
        QStringLiteral("Attempts per webhook delivery before giving up."), QStringLiteral("n"),
        QStringLiteral("8"));
    const QCommandLineOption webhookMaxAge(QStringLiteral("webhook-max-age-seconds"),
                                           QStringLiteral("Age after which a webhook delivery is given up."),
                                           QStringLiteral("seconds"), QStringLiteral("259200"));
    const QCommandLineOption webhookTimeout(
        QStringLiteral("webhook-timeout-ms"),
        QStringLiteral("Time a receiver has to answer one webhook attempt."), QStringLiteral("ms"),
        QStringLiteral("10000"));
    // Abuse limits (HttpLimits): the defaults hold a loopback sandbox shared by a test suite.
    const HttpLimits defaults;
    const QCommandLineOption maxConnections(
        QStringLiteral("max-connections"),
        QStringLiteral("Open connections at most; more are answered 503 and closed."), QStringLiteral("n"),
        QString::number(defaults.maxConnections));
    const QCommandLineOption idleTimeout(
        QStringLiteral("idle-timeout-ms"),
        QStringLiteral("Close a connection with no request in progress after this."), QStringLiteral("ms"),
        QString::number(defaults.idleTimeoutMs));
    const QCommandLineOption headerTimeout(
        QStringLiteral("header-timeout-ms"),
        QStringLiteral("Time from a request's first byte to the end of its headers "
                       "(408 after)."),
        QStringLiteral("ms"), QString::number(defaults.headerTimeoutMs));
    const QCommandLineOption bodyTimeout(
        QStringLiteral("body-timeout-ms"),
        QStringLiteral("Time from the end of the headers to the end of the body (408 "
                       "after)."),
        QStringLiteral("ms"), QString::number(defaults.bodyTimeoutMs));
    const QCommandLineOption maxHeaderBytes(
        QStringLiteral("max-header-bytes"), QStringLiteral("Request line and headers at most (431 above)."),
        QStringLiteral("bytes"), QString::number(defaults.maxHeaderBytes));
    const QCommandLineOption maxBodyBytes(QStringLiteral("max-body-bytes"),
                                          QStringLiteral("Request body at most (413 above)."),
                                          QStringLiteral("bytes"), QString::number(defaults.maxBodyBytes));
    parser.addOptions({listen, db, profile, retention, secretKey, readKey, logLevel, webhookRetryBase,
                       webhookRetryCap, webhookMaxAttempts, webhookMaxAge, webhookTimeout, maxConnections,
                       idleTimeout, headerTimeout, bodyTimeout, maxHeaderBytes, maxBodyBytes});
    parser.process(app);

    Logging::init(parser.value(logLevel));

    SandboxConfig config;
    const QString listenValue = parser.value(listen);
    const qsizetype colon = listenValue.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint port = colon < 0 ? 0 : listenValue.mid(colon + 1).toUInt(&portOk);
    QString host = colon < 0 ? listenValue : listenValue.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    if (colon < 0 || !portOk || port > 65535)
        return fail(QStringLiteral("--listen must be host:port, e.g. 127.0.0.1:0"), 2);
    QHostAddress address;
    if (host == QLatin1String("localhost"))
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(host))
        return fail(QStringLiteral("--listen host must be a loopback IP address (127.0.0.1 or ::1), got %1").arg(host), 2);
    if (!address.isLoopback())
        return fail(QStringLiteral("refusing to listen on non-loopback address %1: the sandbox has no real security; "
                                   "use 127.0.0.1")
                        .arg(host),
                    2);
    config.address = address;
    config.port = static_cast<quint16>(port);

    if (!parser.isSet(db) || parser.value(db).isEmpty())
        return fail(QStringLiteral("--db PATH is required"), 2);
    config.dbPath = parser.value(db);

    const QString profileValue = parser.value(profile);
    if (profileValue == QLatin1String("stripe"))
        config.profile = IdempotencyProfile::Stripe;
    else if (profileValue == QLatin1String("ietf"))
        config.profile = IdempotencyProfile::Ietf;
    else
        return fail(QStringLiteral("--profile must be stripe or ietf"), 2);

    bool retentionOk = false;
    config.retentionHours = parser.value(retention).toInt(&retentionOk);
    if (!retentionOk || config.retentionHours < 1)
        return fail(QStringLiteral("--retention-hours must be an integer >= 1"), 2);

    config.secretKey = parser.value(secretKey);
    config.readKey = parser.value(readKey);
    if (config.secretKey.isEmpty())
        return fail(QStringLiteral("--secret-key must not be empty"), 2);

    // Integer flags with a range: a bad value names the flag and stops before anything starts.
    const auto intFlag = [&](const QCommandLineOption& option, qint64 min, qint64 max, qint64* out) {
        bool ok = false;
        const qint64 v = parser.value(option).toLongLong(&ok);
        if (!ok || v < min || v > max) {
            fail(QStringLiteral("--%1 must be an integer from %2 to %3, got '%4'")
                     .arg(option.names().constFirst())
                     .arg(min)
                     .arg(max)
                     .arg(parser.value(option)),
                 2);
            return false;
        }
        *out = v;
        return true;
    };
    qint64 retryBase = 0, retryCap = 0, maxAttempts = 0, maxAge = 0, timeout = 0;
    if (!intFlag(webhookRetryBase, 1, 3600000, &retryBase) ||
        !intFlag(webhookRetryCap, 1, 86400000, &retryCap) ||
        !intFlag(webhookMaxAttempts, 1, 1000, &maxAttempts) ||
        !intFlag(webhookMaxAge, 1, 30LL * 86400, &maxAge) || !intFlag(webhookTimeout, 1, 600000, &timeout))
        return 2;
    if (retryCap < retryBase)
        return fail(QStringLiteral("--webhook-retry-cap-ms must be >= --webhook-retry-base-ms"), 2);
    config.webhooks.retryBaseMs = static_cast<int>(retryBase);
    config.webhooks.retryCapMs = static_cast<int>(retryCap);
    config.webhooks.maxAttempts = static_cast<int>(maxAttempts);
    config.webhooks.maxAgeMs = maxAge * 1000;
    config.webhooks.timeoutMs = static_cast<int>(timeout);

    qint64 connections = 0, idle = 0, headerMs = 0, bodyMs = 0, headerBytes = 0, bodyBytes = 0;
    if (!intFlag(maxConnections, 1, 100000, &connections) || !intFlag(idleTimeout, 10, 3600000, &idle) ||
        !intFlag(headerTimeout, 10, 3600000, &headerMs) || !intFlag(bodyTimeout, 10, 3600000, &bodyMs) ||
        !intFlag(maxHeaderBytes, 1024, 1024 * 1024, &headerBytes) ||
        !intFlag(maxBodyBytes, 1024, 64 * 1024 * 1024, &bodyBytes))
        return 2;
    config.http.maxConnections = static_cast<int>(connections);
    config.http.idleTimeoutMs = static_cast<int>(idle);
    config.http.headerTimeoutMs = static_cast<int>(headerMs);
    config.http.bodyTimeoutMs = static_cast<int>(bodyMs);
    config.http.maxHeaderBytes = headerBytes;
    config.http.maxBodyBytes = bodyBytes;

    SandboxServer server(config);
    QString error;
    if (!server.start(&error))
        return fail(error, 1);

    // The contract line: written and flushed before anything else on stdout.
    const QByteArray line = "listening on " + server.baseUrl().toString().toUtf8() + '\n';
    std::fwrite(line.constData(), 1, static_cast<size_t>(line.size()), stdout);
    std::fflush(stdout);
    Logging::info(QStringLiteral("sandbox-provider ready on %1 (profile %2, retention %3 h, db %4)")
                      .arg(server.baseUrl().toString(), profileValue)
                      .arg(config.retentionHours)
                      .arg(config.dbPath));
    return app.exec();
}
