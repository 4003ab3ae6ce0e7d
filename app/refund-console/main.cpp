#include "ConsoleStartup.h"
#include "Logging.h"
#include "db/DatabaseUrl.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RefundOps"));
    QApplication::setApplicationName(QStringLiteral("refund-console"));
    QApplication::setApplicationDisplayName(QObject::tr("Refund operations"));
    QApplication::setApplicationVersion(QStringLiteral(REFUND_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(REFUND_APP_ID));
    Logging::init(qEnvironmentVariable("REFUND_LOG_LEVEL", QStringLiteral("info")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QObject::tr("Operations console for refunds: triage unknown outcomes, review "
                                                 "attempt and tool-call history. Reads only."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(QStringLiteral("demo"), QObject::tr("Run against an embedded demo (sandbox provider and "
                                                                      "a fresh SQLite database)."));
    const QCommandLineOption demoDir(QStringLiteral("demo-dir"), QObject::tr("Keep the demo files in DIR."),
                                     QStringLiteral("DIR"));
    const QCommandLineOption db(QStringLiteral("db"), QObject::tr("Operation database: postgresql://user@host/db or "
                                                                  "sqlite:PATH (password from PGPASSWORD)."),
                                QStringLiteral("URL"));
    const QCommandLineOption provider(QStringLiteral("provider-url"),
                                      QObject::tr("Payment provider base URL; the read-only key comes from "
                                                  "PROVIDER_API_KEY or the system keychain."),
                                      QStringLiteral("URL"));
    const QCommandLineOption role(QStringLiteral("role"), QObject::tr("support, finance or admin (default support)."),
                                  QStringLiteral("ROLE"), QStringLiteral("support"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QObject::tr("Save the window as PNG to FILE once the data is shown, then exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption select(QStringLiteral("select"), QObject::tr("Select this operation at start."),
                                    QStringLiteral("OPERATION_ID"));
    parser.addOptions({demo, demoDir, db, provider, role, screenshot, select});
    parser.process(app);

    ConsoleStartup::Options options;
    options.demo = parser.isSet(demo) || parser.isSet(demoDir);
    options.demoDirectory = parser.value(demoDir);
    options.databaseUrl = parser.value(db);
    options.providerUrl = QUrl::fromUserInput(parser.value(provider));
    options.role = parser.value(role).toLower();
    options.screenshotFile = parser.value(screenshot);
    options.selectOperationId = parser.value(select);

    if (!QStringList{QStringLiteral("support"), QStringLiteral("finance"), QStringLiteral("admin")}.contains(options.role)) {
        std::fprintf(stderr, "refund-console: --role must be support, finance or admin\n");
        return 2;
    }
    if (options.demo && !options.databaseUrl.isEmpty()) {
        std::fprintf(stderr, "refund-console: use either --demo or --db, not both\n");
        return 2;
    }
    QString urlError;
    if (!options.databaseUrl.isEmpty() && !DatabaseUrl::parse(options.databaseUrl, &urlError)) {
        std::fprintf(stderr, "refund-console: --db: %s\n", qPrintable(urlError));
        return 2;
    }

    ConsoleStartup startup(options);
    QObject::connect(&startup, &ConsoleStartup::finished, &app, [](int code) { QApplication::exit(code); });
    startup.start();
    return app.exec();
}
