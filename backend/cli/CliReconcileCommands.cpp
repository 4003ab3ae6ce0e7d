#include "cli/CliCommands.h"

#include "reconcile/ReconcileCommands.h"

#include <QCommandLineParser>
#include <QUrl>

#include <csignal>

// refund-tool webhook, reconcile: provider events into operations (R24, R25).
namespace Cli {

QList<Command> reconcileCommands()
{
    QList<Command> list;

    // R24, R25: the reconciler's two feeds (backend/reconcile/ReconcileCommands).
    list << Command{{QStringLiteral("webhook")},
                    QStringLiteral("Receive the provider's signed events (secret from STRIPE_WEBHOOK_SECRET) and reconcile them."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("listen"), QStringLiteral("Address and port to listen on, e.g. 127.0.0.1:8088."),
                                     QStringLiteral("address:port")});
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL the refunds are re-read from (default: PROVIDER_URL)."),
                                     QStringLiteral("url")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString db = requireValue(p, QStringLiteral("db"));
                        const QString listen = requireValue(p, QStringLiteral("listen"));
                        QUrl provider;
                        if (p.isSet(QStringLiteral("provider-url")))
                            provider = parseProviderUrl(p);
                        else {
                            provider = QUrl(qEnvironmentVariable("PROVIDER_URL"), QUrl::StrictMode);
                            if (!provider.isValid() || provider.host().isEmpty())
                                throw CliError{2, QStringLiteral("--provider-url is required (or PROVIDER_URL): the reconciler "
                                                                 "re-reads every refund at the provider")};
                        }
                        return ReconcileCommands::webhook(db, listen, provider, 0, out);
                    }};

    list << Command{{QStringLiteral("reconcile")},
                    QStringLiteral("Pull the provider's events from the stored cursor (read-only key) and reconcile them."),
                    {},
                    [](QCommandLineParser& p) {
                        p.addOption(dbOption());
                        p.addOption({QStringLiteral("provider-url"),
                                     QStringLiteral("Provider base URL, e.g. https://api.stripe.com or the sandbox's URL."),
                                     QStringLiteral("url")});
                        p.addOption({QStringLiteral("watch"), QStringLiteral("Keep polling until SIGINT or SIGTERM.")});
                        p.addOption({QStringLiteral("interval-ms"),
                                     QStringLiteral("With --watch: ms between passes (100-3600000, default 2000)."),
                                     QStringLiteral("ms"), QStringLiteral("2000")});
                        p.addOption({QStringLiteral("page-limit"), QStringLiteral("Events per page (1-100, default 100)."),
                                     QStringLiteral("n"), QStringLiteral("100")});
                    },
                    [](const QCommandLineParser& p, const QStringList&, QTextStream& out) {
                        const QString db = requireValue(p, QStringLiteral("db"));
                        const QUrl provider = parseProviderUrl(p);
                        bool ok = false;
                        const int interval = p.value(QStringLiteral("interval-ms")).toInt(&ok);
                        if (!ok || interval < 100 || interval > 3600000)
                            throw CliError{2, QStringLiteral("--interval-ms: must be a whole number of ms between 100 and "
                                                             "3600000, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("interval-ms")))};
                        const int pageLimit = p.value(QStringLiteral("page-limit")).toInt(&ok);
                        if (!ok || pageLimit < 1 || pageLimit > 100)
                            throw CliError{2, QStringLiteral("--page-limit: must be a whole number between 1 and 100, got \"%1\"")
                                                  .arg(p.value(QStringLiteral("page-limit")))};
                        return ReconcileCommands::reconcile(db, provider, p.isSet(QStringLiteral("watch")), interval, pageLimit,
                                                            out);
                    }};
    return list;
}

} // namespace Cli
