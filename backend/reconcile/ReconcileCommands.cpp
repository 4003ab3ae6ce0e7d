#include "reconcile/ReconcileCommands.h"

#include "Logging.h"
#include "cli/CliError.h"
#include "db/Database.h"
#include "db/RoleManager.h"
#include "db/SchemaMigrator.h"
#include "db/SettingsStore.h"
#include "provider/ProviderClient.h"
#include "reconcile/EventPoller.h"
#include "reconcile/Reconciler.h"
#include "reconcile/WebhookServer.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <csignal>

namespace {

std::atomic<bool> g_stop{false};

extern "C" void onStopSignal(int)
{
    g_stop.store(true);
}

void installStopHandlers()
{
    g_stop.store(false);
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
}

std::unique_ptr<Database> openChecked(const QString& url)
{
    // A long-running reconciler with a password in --db shows it in ps for as long as it runs.
    if (const auto parsed = DatabaseUrl::parse(url); parsed && parsed->passwordInUrl())
        Logging::warn(QStringLiteral("--db: ") + parsed->passwordWarning());
    auto db = Database::open(url);
    if (!db)
        throw CliError{2, db.error().message};
    if (auto r = SchemaMigrator::check(*db.value()); !r)
        throw CliError{2, r.error().message};
    return std::move(db).value();
}

// On PostgreSQL the reconciler's resolutions are the audit trail of its own login (R24); a person's
// login would resolve as that person.
void warnIfNotReconciler(Database& db)
{
    if (!db.isPostgres())
        return;
    auto role = RoleManager::currentRole(db);
    if (role && role.value() != QLatin1String("reconciler"))
        Logging::warn(
            QStringLiteral(
                "this login's refund role is %1, not reconciler: resolutions it makes are recorded as %1's "
                "(grant the login refund_reconciler with `refund-tool db grant`)")
                .arg(role.value()));
}

// requestTimeoutMs <= 0: the request_timeout_ms setting (R20).
ProviderConfig providerConfig(Database& db, const QUrl& url, int requestTimeoutMs)
{
    ProviderConfig config;
    config.baseUrl = url;
    config.apiKey = ReconcileCommands::readOnlyKeyFromEnvironment();
    if (requestTimeoutMs <= 0) {
        auto settings = SettingsStore(db).load();
        if (!settings)
            throw CliError{2, settings.error().message};
        requestTimeoutMs = settings.value().requestTimeoutMs;
    }
    config.requestTimeoutMs = requestTimeoutMs;
    return config;
}

} // namespace

namespace ReconcileCommands {

QString readOnlyKeyFromEnvironment()
{
    const QString key = qEnvironmentVariable("PROVIDER_API_KEY").trimmed();
    if (key.isEmpty())
        throw CliError{
            2, QStringLiteral("PROVIDER_API_KEY is not set: the reconciler reads refunds and events with the "
                              "provider's restricted read-only key (rk_...)")};
    if (key.startsWith(QLatin1String("sk_")))
        throw CliError{
            2, QStringLiteral(
                   "PROVIDER_API_KEY: a secret key (sk_...) can create refunds; the reconciler uses the "
                   "restricted read-only key (rk_...) (R13)")};
    for (const QChar c : key) {
        if (c.category() == QChar::Other_Control || c.isSpace())
            throw CliError{2, QStringLiteral("PROVIDER_API_KEY: contains a space or control character")};
    }
    return key;
}

int webhook(const QString& databaseUrl, const QString& listen, const QUrl& providerUrl, int requestTimeoutMs,
            QTextStream& out)
{
    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const int port = colon > 0 ? listen.mid(colon + 1).toInt(&portOk) : 0;
    const QHostAddress address(colon > 0 ? listen.left(colon) : QString());
    if (!portOk || port < 0 || port > 65535 || address.isNull())
        throw CliError{
            2, QStringLiteral("--listen: must be ADDRESS:PORT, e.g. 127.0.0.1:8088, got \"%1\"").arg(listen)};
    const QByteArray secret = qgetenv("STRIPE_WEBHOOK_SECRET").trimmed();
    if (secret.isEmpty())
        throw CliError{
            2, QStringLiteral(
                   "STRIPE_WEBHOOK_SECRET is not set: the webhook endpoint's signing secret (whsec_...) "
                   "is needed to check every request (R25)")};
    Logging::registerSecret(QString::fromUtf8(secret));
    WebhookServer::Options options;
    {
        auto db = openChecked(databaseUrl); // schema check and role warning before listening
        warnIfNotReconciler(*db);
        options.provider = providerConfig(*db, providerUrl, requestTimeoutMs);
    }
    options.databaseUrl = databaseUrl;
    options.secret = secret;
    WebhookServer server(options);
    QString error;
    if (!server.listen(address, quint16(port), &error))
        throw CliError{2, error};
    installStopHandlers();
    out << "listening on " << address.toString() << ':' << server.port() << Qt::endl;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&loop] {
        if (g_stop.load())
            loop.quit();
    });
    poll.start(100);
    loop.exec();
    out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("accepted"), server.accepted()},
                                                       {QStringLiteral("duplicates"), server.duplicates()},
                                                       {QStringLiteral("refused"), server.refused()}})
                                 .toJson(QJsonDocument::Compact))
        << Qt::endl;
    return 0;
}

int reconcile(const QString& databaseUrl, const QUrl& providerUrl, bool watch, int intervalMs, int pageLimit,
              QTextStream& out)
{
    auto db = openChecked(databaseUrl);
    warnIfNotReconciler(*db);
    ProviderClient client(providerConfig(*db, providerUrl, 0));
    Reconciler reconciler(*db, [&client](const QString& id) { return client.retrieveRefund(id); });
    EventPoller poller(
        reconciler,
        [&client](const QString& after, const QString& before, int limit) {
            return client.listEventsPage(after, before, limit);
        },
        pageLimit);
    installStopHandlers();
    int rc = 0;
    do {
        const EventPoller::Pass pass = poller.pollOnce();
        auto cursor = reconciler.events().cursor(ProviderEventStore::eventsCursorName());
        auto unmatched = reconciler.events().count(QStringLiteral("unmatched"));
        QJsonObject line{
            {QStringLiteral("pages"), pass.pages},
            {QStringLiteral("new_events"), pass.newEvents},
            {QStringLiteral("duplicates"), pass.duplicates},
            {QStringLiteral("applied"), pass.applied},
            // Refunds no operation of this database knows: recorded, never acted on; a person looks.
            {QStringLiteral("unmatched"), unmatched ? QJsonValue(unmatched.value()) : QJsonValue()},
            {QStringLiteral("cursor"),
             cursor && cursor.value() ? QJsonValue(*cursor.value()) : QJsonValue()}};
        if (!pass.ok()) {
            line.insert(QStringLiteral("error"), pass.error);
            Logging::warn(QStringLiteral("reconcile: %1").arg(pass.error));
            rc = 1;
        }
        out << QString::fromUtf8(QJsonDocument(line).toJson(QJsonDocument::Compact)) << Qt::endl;
        if (!watch)
            break;
        for (int waited = 0; waited < intervalMs && !g_stop.load(); waited += 50)
            QThread::msleep(50);
    } while (!g_stop.load());
    return watch ? 0 : rc;
}

} // namespace ReconcileCommands
