#include "SandboxProcess.h"

#include <QJsonDocument>

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
    SandboxLauncher::Options o;
    o.executable = QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN);
    o.dbPath = m_dbPath;
    o.secretKey = m_options.secretKey;
    o.readKey = m_options.readKey;
    o.startTimeoutMs = m_options.startTimeoutMs;
    o.requestTimeoutMs = m_options.requestTimeoutMs;
    o.logLevel = QStringLiteral("warn"); // server warnings reach the test's stderr
    o.extraArgs = QStringList{QStringLiteral("--profile"), m_options.profile, QStringLiteral("--retention-hours"),
                              QString::number(m_options.retentionHours)} +
                  m_options.extraArgs;
    m_launcher = std::make_unique<SandboxLauncher>(o);
    if (auto started = m_launcher->start(); !started) {
        m_error = started.error().message;
        m_launcher.reset();
        return false;
    }
    m_baseUrl = m_launcher->baseUrl();
    return true;
}

void SandboxProcess::stop()
{
    m_launcher.reset(); // stops the process
}

bool SandboxProcess::restart()
{
    stop();
    return start();
}

bool SandboxProcess::isRunning() const { return m_launcher && m_launcher->isRunning(); }

qint64 SandboxProcess::processId() const { return isRunning() ? m_launcher->processId() : 0; }

QUrl SandboxProcess::url(const QString& path) const
{
    return m_launcher ? m_launcher->url(path) : QUrl();
}

QJsonObject SandboxProcess::control(const QByteArray& method, const QString& path, const QJsonObject& body,
                                    int* status)
{
    if (status)
        *status = 0;
    if (!isRunning()) {
        m_error = QStringLiteral("sandbox-provider is not running");
        return {};
    }
    const SandboxLauncher::ControlReply reply = m_launcher->send(method, path, body);
    if (reply.status == 0)
        m_error = QStringLiteral("%1 %2 failed: %3").arg(QString::fromLatin1(method), path, reply.networkError);
    else if (reply.status != 200)
        m_error = QStringLiteral("%1 %2 -> %3: %4")
                      .arg(QString::fromLatin1(method), path)
                      .arg(reply.status)
                      .arg(QString::fromUtf8(reply.body));
    if (status)
        *status = reply.status;
    return QJsonDocument::fromJson(reply.body).object();
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
