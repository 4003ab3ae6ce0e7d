#include "ConsoleStartup.h"
#include "Logging.h"
#include "db/DatabaseUrl.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RefundOps"));
    QApplication::setApplicationName(QStringLiteral("refund-console"));
    QApplication::setApplicationVersion(QStringLiteral(REFUND_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(REFUND_APP_ID));
    // The language must be known before any translated text is built, so --lang is read by hand
    // here; QCommandLineParser below validates and documents it.
    QString lang = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    const QStringList rawArgs = QCoreApplication::arguments();
    for (qsizetype i = 1; i < rawArgs.size(); ++i) {
        if (rawArgs[i] == QLatin1String("--lang") && i + 1 < rawArgs.size())
            lang = rawArgs[i + 1];
        else if (rawArgs[i].startsWith(QLatin1String("--lang=")))
            lang = rawArgs[i].mid(7);
    }
    QTranslator appTranslator;
    QTranslator qtTranslator;
    if (lang != QLatin1String("en")) {
        if (appTranslator.load(QStringLiteral(":/i18n/refund-console_%1.qm").arg(lang)))
            QCoreApplication::installTranslator(&appTranslator);
        if (qtTranslator.load(QStringLiteral("qtbase_%1").arg(lang), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&qtTranslator);
    }
    QApplication::setApplicationDisplayName(QObject::tr("Refund operations"));

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
    const QCommandLineOption langOption(QStringLiteral("lang"), QObject::tr("Interface language: en, ru or tr "
                                                                           "(default: the system's)."),
                                        QStringLiteral("LANG"));
    const QCommandLineOption logLevel(QStringLiteral("log-level"),
                                      QObject::tr("trace, debug, info, warn, error or off (default: info, or the "
                                                  "REFUND_LOG_LEVEL environment variable)."),
                                      QStringLiteral("LEVEL"));
    parser.addOptions({demo, demoDir, db, provider, role, screenshot, select, langOption, logLevel});
    parser.process(app);

    if (parser.isSet(langOption) && !QStringList{QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("tr")}
                                         .contains(parser.value(langOption))) {
        std::fprintf(stderr, "refund-console: --lang must be en, ru or tr\n");
        return 2;
    }
    Logging::Options log;
    // --log-level, else REFUND_LOG_LEVEL, else the remembered setting (log/level in the
    // console's QSettings), else info.
    const QString remembered = QSettings().value(QStringLiteral("log/level"), QStringLiteral("info")).toString();
    log.level = parser.isSet(logLevel) ? parser.value(logLevel)
                                       : qEnvironmentVariable("REFUND_LOG_LEVEL", remembered);
    if (!Logging::isValidLevel(log.level)) {
        std::fprintf(stderr, "refund-console: --log-level must be trace, debug, info, warn, error or off\n");
        return 2;
    }
    log.filePath = Logging::defaultLogFilePath(QStringLiteral("refund-console"));
    Logging::registerSecret(qEnvironmentVariable("PROVIDER_API_KEY").trimmed());
    Logging::registerSecret(qEnvironmentVariable("PGPASSWORD"));
    QString logError;
    if (!Logging::init(log, &logError))
        Logging::warn(logError);

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
    if (const auto url = DatabaseUrl::parse(options.databaseUrl); url && url->passwordInUrl())
        Logging::warn(QStringLiteral("--db: ") + url->passwordWarning());

    ConsoleStartup startup(options);
    // Queued: start() may finish at once (no database, --screenshot), before exec() runs.
    QObject::connect(&startup, &ConsoleStartup::finished, &app, [](int code) { QApplication::exit(code); },
                     Qt::QueuedConnection);
    startup.start();
    return app.exec();
}
