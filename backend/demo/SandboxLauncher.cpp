#include "demo/SandboxLauncher.h"
#include "provider/ProviderIds.h"

#include "Logging.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>

#include <csignal>

namespace {
using Code = StoreError::Code;
const QString kField = QStringLiteral("sandbox");
const QString kExecutableName = QStringLiteral("sandbox-provider");

StoreError sandboxError(const QString& message)
{
    return StoreError::make(Code::ConnectionFailed, message, kField);
}

bool isExecutableFile(const QString& path)
{
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable();
}
} // namespace

SandboxLauncher::SandboxLauncher(Options options) : m_options(std::move(options)) {}

SandboxLauncher::~SandboxLauncher() { stop(); }

StoreResult<QString> SandboxLauncher::locate(const QString& explicitPath)
{
    if (!explicitPath.isEmpty()) {
        if (isExecutableFile(explicitPath))
            return QFileInfo(explicitPath).absoluteFilePath();
        return StoreError::make(Code::NotFound,
                                QStringLiteral("the sandbox provider executable %1 does not exist or is not executable")
                                    .arg(explicitPath),
                                kField);
    }
    QStringList tried;
    const QString appDir = QCoreApplication::applicationDirPath();
    // Installed layout (both programs in bin/), then the build tree (build/app/<program>/).
    for (const QString& candidate : {QDir(appDir).filePath(kExecutableName),
                                     QDir::cleanPath(QDir(appDir).filePath(QStringLiteral("../sandbox-provider/")
                                                                           + kExecutableName))}) {
        if (isExecutableFile(candidate))
            return candidate;
        tried << candidate;
    }
    const QString onPath = QStandardPaths::findExecutable(kExecutableName);
    if (!onPath.isEmpty())
        return onPath;
    tried << QStringLiteral("%1 on PATH").arg(kExecutableName);
    return StoreError::make(Code::NotFound,
                            QStringLiteral("cannot find the sandbox provider executable; tried %1. Build the "
                                           "sandbox-provider target or name it explicitly")
                                .arg(tried.join(QStringLiteral(", "))),
                            kField);
}

StoreResult<void> SandboxLauncher::start()
{
    if (isRunning())
        return {};
    m_baseUrl.clear();
    m_process = std::make_unique<QProcess>();
    m_process->setReadChannel(QProcess::StandardOutput);
    // The sandbox's own errors reach our stderr; its request log stays quiet.
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    const QStringList args = {QStringLiteral("--listen"),     QStringLiteral("127.0.0.1:0"),
                              QStringLiteral("--db"),         m_options.dbPath,
                              QStringLiteral("--secret-key"), m_options.secretKey,
                              QStringLiteral("--read-key"),   m_options.readKey,
                              QStringLiteral("--log-level"),  m_options.logLevel};
    m_process->start(m_options.executable, args + m_options.extraArgs);
    if (!m_process->waitForStarted(m_options.startTimeoutMs)) {
        const QString why = m_process->errorString();
        m_process.reset();
        return sandboxError(QStringLiteral("could not start %1: %2").arg(m_options.executable, why));
    }
    const QDeadlineTimer deadline(m_options.startTimeoutMs);
    while (!m_process->canReadLine()) {
        if (deadline.hasExpired() || m_process->state() != QProcess::Running) {
            const QString why = m_process->state() == QProcess::Running
                ? QStringLiteral("no 'listening on' line within %1 ms").arg(m_options.startTimeoutMs)
                : QStringLiteral("it exited with code %1").arg(m_process->exitCode());
            stop();
            return sandboxError(QStringLiteral("%1 did not come up: %2").arg(m_options.executable, why));
        }
        m_process->waitForReadyRead(int(qBound(qint64(1), deadline.remainingTime(), qint64(1000))));
    }
    const QString line = QString::fromUtf8(m_process->readLine()).trimmed();
    static const QLatin1String prefix("listening on ");
    const QUrl url(line.mid(prefix.size()));
    if (!line.startsWith(prefix) || !url.isValid() || url.port() <= 0) {
        stop();
        return sandboxError(QStringLiteral("unexpected first line from %1: %2").arg(m_options.executable, line));
    }
    m_baseUrl = url;
    // The demo is built in a worker thread but torn down with the window: QProcess must be
    // stopped from the thread it belongs to, so hand it to the application's main thread.
    if (QCoreApplication::instance() && m_process->thread() != QCoreApplication::instance()->thread())
        m_process->moveToThread(QCoreApplication::instance()->thread());
    Logging::info(QStringLiteral("sandbox provider running at %1 (pid %2)")
                      .arg(m_baseUrl.toString())
                      .arg(m_process->processId()));
    return {};
}

void SandboxLauncher::stop()
{
    if (!m_process)
        return;
    if (m_process->thread() != QThread::currentThread()) {
        // Not ours to wait on from here: signal the child, let its owner thread delete the object
        // (QProcess's destructor kills and reaps a child that is still running).
        if (m_process->state() != QProcess::NotRunning && m_process->processId() > 0)
            ::kill(pid_t(m_process->processId()), SIGTERM);
        m_process.release()->deleteLater();
        return;
    }
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(3000)) {
            m_process->kill();
            m_process->waitForFinished(3000);
        }
    }
    m_process.reset();
}

bool SandboxLauncher::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 SandboxLauncher::processId() const
{
    return isRunning() ? m_process->processId() : 0;
}

QUrl SandboxLauncher::url(const QString& path) const
{
    QUrl u = m_baseUrl;
    const qsizetype q = path.indexOf(QLatin1Char('?'));
    u.setPath(q < 0 ? path : path.left(q));
    if (q >= 0)
        u.setQuery(path.mid(q + 1));
    return u;
}

SandboxLauncher::ControlReply SandboxLauncher::send(const QByteArray& method, const QString& path,
                                                    const QJsonObject& body)
{
    ControlReply out;
    if (m_baseUrl.isEmpty()) {
        out.networkError = QStringLiteral("the sandbox provider is not running");
        return out;
    }
    QNetworkRequest request(url(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(m_options.requestTimeoutMs);
    const QByteArray payload = method == "GET" ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
    // A manager per call: control calls come from the demo's worker thread and later from others.
    QNetworkAccessManager network;
    QNetworkReply* reply = network.sendCustomRequest(request, method, payload);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = reply->readAll();
    if (reply->error() != QNetworkReply::NoError)
        out.networkError = reply->errorString();
    delete reply;
    return out;
}

StoreResult<QJsonObject> SandboxLauncher::control(const QByteArray& method, const QString& path, const QJsonObject& body)
{
    const ControlReply reply = send(method, path, body);
    const QString what = QStringLiteral("%1 %2").arg(QString::fromLatin1(method), path);
    if (reply.status == 0)
        return sandboxError(QStringLiteral("sandbox control call %1 failed: %2").arg(what, reply.networkError));
    if (reply.status != 200)
        return sandboxError(QStringLiteral("sandbox control call %1 answered %2: %3")
                                .arg(what)
                                .arg(reply.status)
                                .arg(Logging::redact(QString::fromUtf8(reply.body.left(500)))));
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(reply.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return sandboxError(QStringLiteral("sandbox control call %1 answered with no JSON object").arg(what));
    return doc.object();
}

StoreResult<QString> SandboxLauncher::createPaymentIntent(qint64 amountCents, const QString& currency,
                                                         const QJsonObject& metadata)
{
    auto r = control("POST", QStringLiteral("/_sandbox/payment_intents"),
                     QJsonObject{{QStringLiteral("amount"), amountCents},
                                 {QStringLiteral("currency"), currency},
                                 {QStringLiteral("metadata"), metadata}});
    if (!r)
        return r.error();
    const QString id = r.value().value(QStringLiteral("id")).toString();
    if (!ProviderIds::isPaymentIntentId(id))
        return sandboxError(QStringLiteral("the sandbox created a payment intent without a pi_ id"));
    return id;
}

StoreResult<void> SandboxLauncher::addFault(const QString& method, const QString& path, const QString& fault, int count,
                                            int delayMs)
{
    QJsonObject body{{QStringLiteral("method"), method},
                     {QStringLiteral("path"), path},
                     {QStringLiteral("fault"), fault},
                     {QStringLiteral("count"), count}};
    if (delayMs > 0)
        body.insert(QStringLiteral("delay_ms"), delayMs);
    auto r = control("POST", QStringLiteral("/_sandbox/faults"), body);
    if (!r)
        return r.error();
    return {};
}

StoreResult<void> SandboxLauncher::clearFaults()
{
    auto r = control("DELETE", QStringLiteral("/_sandbox/faults"));
    if (!r)
        return r.error();
    return {};
}

StoreResult<QJsonObject> SandboxLauncher::stats()
{
    return control("GET", QStringLiteral("/_sandbox/stats"));
}
