#include "SandboxProcess.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

#ifndef REFUND_SANDBOX_PROVIDER_BIN
#error "REFUND_SANDBOX_PROVIDER_BIN must name the sandbox-provider executable"
#endif

SandboxProcess::SandboxProcess() : SandboxProcess(Options{}) {}

SandboxProcess::SandboxProcess(Options options) : m_options(std::move(options))
{
    if (m_options.dbPath.isEmpty()) {
        m_tempDir = std::make_unique<QTemporaryDir>();
        m_dbPath = m_tempDir->filePath(QStringLiteral("sandbox.sqlite"));
    } else {
        m_dbPath = m_options.dbPath;
    }
}

SandboxProcess::~SandboxProcess() { stop(); }

bool SandboxProcess::start()
{
    if (isRunning())
        return true;
    m_error.clear();
    m_baseUrl.clear();
    m_process = std::make_unique<QProcess>();
    // Server logs go to the test's stderr, so a failing test shows what the sandbox saw.
    m_process->setReadChannel(QProcess::StandardOutput);
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    const QStringList args = {QStringLiteral("--listen"),          QStringLiteral("127.0.0.1:0"),
                              QStringLiteral("--db"),              m_dbPath,
                              QStringLiteral("--profile"),         m_options.profile,
                              QStringLiteral("--retention-hours"), QString::number(m_options.retentionHours),
                              QStringLiteral("--secret-key"),      m_options.secretKey,
                              QStringLiteral("--read-key"),        m_options.readKey,
                              QStringLiteral("--log-level"),       QStringLiteral("warn")};
    m_process->start(QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN), args + m_options.extraArgs);
    if (!m_process->waitForStarted(m_options.startTimeoutMs)) {
        m_error = QStringLiteral("sandbox-provider did not start: ") + m_process->errorString();
        m_process.reset();
        return false;
    }
    const QDeadlineTimer deadline(m_options.startTimeoutMs);
    while (!m_process->canReadLine()) {
        if (deadline.hasExpired() || m_process->state() != QProcess::Running) {
            m_error = QStringLiteral("sandbox-provider gave no 'listening on' line (exit code %1)")
                          .arg(m_process->exitCode());
            stop();
            return false;
        }
        m_process->waitForReadyRead(static_cast<int>(qMax<qint64>(1, deadline.remainingTime())));
    }
    const QString line = QString::fromUtf8(m_process->readLine()).trimmed();
    static const QLatin1String prefix("listening on ");
    if (!line.startsWith(prefix)) {
        m_error = QStringLiteral("unexpected first line from sandbox-provider: ") + line;
        stop();
        return false;
    }
    m_baseUrl = QUrl(line.mid(prefix.size()));
    if (!m_network)
        m_network = std::make_unique<QNetworkAccessManager>();
    return true;
}

void SandboxProcess::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
    // Connections to the old port are dead; a fresh manager avoids reusing them.
    m_network.reset();
}

bool SandboxProcess::restart()
{
    stop();
    return start();
}

bool SandboxProcess::isRunning() const { return m_process && m_process->state() == QProcess::Running; }

qint64 SandboxProcess::processId() const { return isRunning() ? m_process->processId() : 0; }

QUrl SandboxProcess::url(const QString& path) const
{
    QUrl u = m_baseUrl;
    const qsizetype q = path.indexOf(QLatin1Char('?'));
    u.setPath(q < 0 ? path : path.left(q));
    if (q >= 0)
        u.setQuery(path.mid(q + 1));
    return u;
}

QJsonObject SandboxProcess::control(const QByteArray& method, const QString& path, const QJsonObject& body,
                                    int* status)
{
    if (status)
        *status = 0;
    if (!isRunning() || !m_network) {
        m_error = QStringLiteral("sandbox-provider is not running");
        return {};
    }
    QNetworkRequest request(url(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(m_options.requestTimeoutMs);
    const QByteArray payload = method == "GET" ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
    QNetworkReply* reply = m_network->sendCustomRequest(request, method, payload);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray data = reply->readAll();
    const bool networkError = reply->error() != QNetworkReply::NoError && code == 0;
    if (networkError)
        m_error = QStringLiteral("%1 %2 failed: %3").arg(QString::fromLatin1(method), path, reply->errorString());
    else if (code != 200)
        m_error = QStringLiteral("%1 %2 -> %3: %4")
                      .arg(QString::fromLatin1(method), path)
                      .arg(code)
                      .arg(QString::fromUtf8(data));
    reply->deleteLater();
    if (status)
        *status = code;
    return QJsonDocument::fromJson(data).object();
}

QString SandboxProcess::createPaymentIntent(qint64 amount, const QString& currency, const QJsonObject& metadata,
                                            const QString& id)
{
    QJsonObject body{{QStringLiteral("amount"), amount},
                     {QStringLiteral("currency"), currency},
                     {QStringLiteral("metadata"), metadata}};
    if (!id.isEmpty())
        body.insert(QStringLiteral("id"), id);
    int status = 0;
    const QJsonObject pi = control("POST", QStringLiteral("/_sandbox/payment_intents"), body, &status);
    if (status != 200)
        return {};
    m_lastPaymentIntent = pi;
    return pi.value(QStringLiteral("id")).toString();
}

bool SandboxProcess::addFault(const QString& method, const QString& path, const QString& fault, int count, int delayMs)
{
    QJsonObject body{{QStringLiteral("method"), method},
                     {QStringLiteral("path"), path},
                     {QStringLiteral("fault"), fault},
                     {QStringLiteral("count"), count}};
    if (delayMs > 0)
        body.insert(QStringLiteral("delay_ms"), delayMs);
    int status = 0;
    control("POST", QStringLiteral("/_sandbox/faults"), body, &status);
    return status == 200;
}

bool SandboxProcess::advanceClock(qint64 seconds)
{
    int status = 0;
    control("POST", QStringLiteral("/_sandbox/clock"), QJsonObject{{QStringLiteral("advance_seconds"), seconds}},
            &status);
    return status == 200;
}

QJsonObject SandboxProcess::stats()
{
    int status = 0;
    QJsonObject out = control("GET", QStringLiteral("/_sandbox/stats"), {}, &status);
    return status == 200 ? out : QJsonObject();
}
