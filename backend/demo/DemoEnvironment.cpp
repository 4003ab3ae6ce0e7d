#include "demo/DemoEnvironment.h"

#include "Logging.h"
#include "db/Database.h"
#include "db/OperationStore.h"
#include "db/SchemaMigrator.h"
#include "demo/DemoScenarios.h"
#include "demo/SandboxLauncher.h"
#include "reconcile/WebhookServer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>

namespace {
using Code = StoreError::Code;
const QString kReadKey = QStringLiteral("rk_test_sandbox");

/** A secret key of this demo only: the console never sees it, and it differs per run. */
QString newSecretKey()
{
    QString key = QStringLiteral("sk_test_demo_");
    for (int i = 0; i < 24; ++i)
        key += QString::number(QRandomGenerator::global()->bounded(16), 16);
    return key;
}
} // namespace

struct DemoEnvironment::Private
{
    std::unique_ptr<QTemporaryDir> tempDir;
    QString directory;
    QString databaseUrl;
    QString secretKey;
    QString seedOperationId;
    QString seedSummary;
    std::unique_ptr<SandboxLauncher> sandbox;
    // The reconciler's webhook receiver lives on a thread of its own (with an event loop),
    // whatever thread builds and destroys the demo.
    std::unique_ptr<QThread> webhookThread;
    std::unique_ptr<QObject> webhookContext;
    WebhookServer* webhook = nullptr;
    QString webhookUrl;

    StoreResult<void> startReconciler(const ProviderConfig& readConfig);

    ~Private()
    {
        if (webhookThread) {
            QMetaObject::invokeMethod(
                webhookContext.get(), [this] { delete webhook; }, Qt::BlockingQueuedConnection);
            webhookThread->quit();
            webhookThread->wait();
        }
    }
};

StoreResult<void> DemoEnvironment::Private::startReconciler(const ProviderConfig& readConfig)
{
    webhookThread = std::make_unique<QThread>();
    webhookThread->setObjectName(QStringLiteral("demo-webhook"));
    webhookThread->start();
    webhookContext = std::make_unique<QObject>();
    webhookContext->moveToThread(webhookThread.get());
    QString error;
    // The endpoint's URL needs the port before the receiver (which needs the endpoint's secret)
    // listens on it: a free port is probed, and another process may take it in between, so a
    // failed listen tries again with a new port and a new endpoint.
    for (int attempt = 1; attempt <= 3; ++attempt) {
        quint16 port = 0;
        {
            QTcpServer probe;
            if (!probe.listen(QHostAddress::LocalHost, 0))
                return StoreError::make(Code::ConnectionFailed,
                                        QStringLiteral("no free loopback port for the webhook receiver: %1")
                                            .arg(probe.errorString()),
                                        QStringLiteral("webhook"));
            port = probe.serverPort();
        }
        webhookUrl = QStringLiteral("http://127.0.0.1:%1/").arg(port);
        auto endpoint = sandbox->control("POST", QStringLiteral("/_sandbox/webhook_endpoints"),
                                         QJsonObject{{QStringLiteral("url"), webhookUrl}});
        if (!endpoint)
            return endpoint.error();
        WebhookServer::Options options;
        options.databaseUrl = databaseUrl;
        options.secret = endpoint.value().value(QStringLiteral("secret")).toString().toUtf8();
        options.provider = readConfig; // R13: the reconciler reads with the read-only key
        options.waitingRetryMs = 500;  // an event for a row the tool still holds open is retried soon
        bool listening = false;
        QMetaObject::invokeMethod(
            webhookContext.get(),
            [&] {
                webhook = new WebhookServer(options);
                listening = webhook->listen(QHostAddress::LocalHost, port, &error);
                if (!listening) {
                    delete webhook;
                    webhook = nullptr;
                }
            },
            Qt::BlockingQueuedConnection);
        if (listening) {
            Logging::info(
                QStringLiteral("demo: the reconciler receives the sandbox's signed events at %1").arg(webhookUrl));
            return {};
        }
        Logging::warn(QStringLiteral("demo: the webhook receiver could not listen on %1 (%2), attempt %3 of 3")
                          .arg(webhookUrl, error)
                          .arg(attempt));
        sandbox->control("DELETE", QStringLiteral("/_sandbox/webhook_endpoints/%1")
                                       .arg(endpoint.value().value(QStringLiteral("id")).toString()));
    }
    return StoreError::make(Code::ConnectionFailed,
                            QStringLiteral("the webhook receiver did not start: %1").arg(error),
                            QStringLiteral("webhook"));
}

DemoEnvironment::DemoEnvironment() : d(std::make_unique<Private>()) {}

DemoEnvironment::~DemoEnvironment() = default;

StoreResult<std::unique_ptr<DemoEnvironment>> DemoEnvironment::create(const Options& options)
{
    QElapsedTimer timer;
    timer.start();
    auto progress = [&options](const QString& text) {
        if (options.progress)
            options.progress(text);
    };
    std::unique_ptr<DemoEnvironment> env(new DemoEnvironment());
    Private& p = *env->d;

    auto executable = SandboxLauncher::locate(options.sandboxExecutable);
    if (!executable)
        return executable.error();

    if (options.directory.isEmpty()) {
        p.tempDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/refund-demo-XXXXXX"));
        if (!p.tempDir->isValid())
            return StoreError::make(Code::ConnectionFailed,
                                    QStringLiteral("cannot create a temporary folder for the demo: %1").arg(p.tempDir->errorString()),
                                    QStringLiteral("directory"));
        p.directory = p.tempDir->path();
    } else {
        if (!QDir().mkpath(options.directory))
            return StoreError::make(Code::InvalidArgument,
                                    QStringLiteral("directory: cannot create %1").arg(options.directory),
                                    QStringLiteral("directory"));
        p.directory = QDir(options.directory).absolutePath();
    }
    const QDir dir(p.directory);
    // A fresh demo every time: the previous run's files in this folder are replaced (only these names).
    for (const char* name : {"ops.db", "ops.db-wal", "ops.db-shm", "sandbox.db", "sandbox.db-wal", "sandbox.db-shm"}) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        if (QFile::exists(path) && !QFile::remove(path))
            return StoreError::make(Code::ConnectionFailed, QStringLiteral("cannot replace the old demo file %1").arg(path),
                                    QStringLiteral("directory"));
    }

    progress(QStringLiteral("Starting the sandbox provider"));
    p.secretKey = newSecretKey();
    SandboxLauncher::Options launch;
    launch.executable = executable.value();
    launch.dbPath = dir.filePath(QStringLiteral("sandbox.db"));
    launch.secretKey = p.secretKey;
    launch.readKey = kReadKey;
    p.sandbox = std::make_unique<SandboxLauncher>(launch);
    if (auto r = p.sandbox->start(); !r)
        return r.error();

    progress(QStringLiteral("Creating the operation database"));
    p.databaseUrl = QStringLiteral("sqlite:") + dir.filePath(QStringLiteral("ops.db"));
    auto db = Database::open(p.databaseUrl);
    if (!db)
        return db.error();
    if (auto v = SchemaMigrator::migrate(*db.value()); !v)
        return v.error();

    ProviderConfig toolConfig;
    toolConfig.baseUrl = p.sandbox->baseUrl();
    toolConfig.apiKey = p.secretKey;
    toolConfig.requestTimeoutMs = 5000;
    ProviderConfig readConfig = toolConfig;
    readConfig.apiKey = kReadKey;
    DemoScenarios scenarios(*db.value(), *p.sandbox, toolConfig, readConfig, progress);
    scenarios.setStartReconciler([&p, &progress, readConfig]() {
        progress(QStringLiteral("Starting the reconciler (signed webhooks from the sandbox)"));
        return p.startReconciler(readConfig);
    });
    auto seed = scenarios.run();
    if (!seed)
        return seed.error();
    p.seedOperationId = seed.value();

    OperationStore store(*db.value());
    auto op = store.operation(p.seedOperationId);
    if (!op)
        return op.error();
    p.seedSummary = QStringLiteral("order %1, %2, %3/6 attempts")
                        .arg(op.value().orderId, statusName(op.value().status))
                        .arg(op.value().attempts);
    auto counts = store.stateCounts();
    if (counts)
        Logging::info(QStringLiteral("demo ready in %1 ms: %2 operations (%3 open, %4 unknown, %5 refunded, %6 failed, %7 reversed)")
                          .arg(timer.elapsed())
                          .arg(counts.value().all)
                          .arg(counts.value().open)
                          .arg(counts.value().unknown)
                          .arg(counts.value().refunded)
                          .arg(counts.value().failed)
                          .arg(counts.value().reversed));
    progress(QStringLiteral("Demo ready"));
    return env;
}

QString DemoEnvironment::databaseUrl() const { return d->databaseUrl; }
QUrl DemoEnvironment::providerUrl() const { return d->sandbox ? d->sandbox->baseUrl() : QUrl(); }
QString DemoEnvironment::readKey() const { return kReadKey; }
QString DemoEnvironment::secretKey() const { return d->secretKey; }
QString DemoEnvironment::seedOperationId() const { return d->seedOperationId; }
QString DemoEnvironment::directory() const { return d->directory; }

QStringList DemoEnvironment::describe() const
{
    const QString url = providerUrl().toString();
    return {QStringLiteral("Demo database: %1").arg(d->databaseUrl),
            QStringLiteral("Sandbox provider: %1 (read-only key %2; try: curl -u %2: %1/v1/refunds?limit=3)").arg(url, kReadKey),
            QStringLiteral("Seed operation (SPEC section 8): %1 (%2)").arg(d->seedOperationId, d->seedSummary),
            QStringLiteral("Reconciler: receives the sandbox's signed events at %1 (refund-tool webhook in-process)")
                .arg(d->webhookUrl)};
}
