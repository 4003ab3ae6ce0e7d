#include "ConsoleStartup.h"
#include "UnixSignalWatcher.h"
#include "Logging.h"
#include "db/DatabaseUrl.h"
#include "InterfaceLanguage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <QRegularExpression>

#include <cstdio>

namespace {

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RefundOps"));
    QCoreApplication::setApplicationName(QStringLiteral("refund-console"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REFUND_VERSION));
}

// The language must be known before any translated text is built, so --lang is read by hand
// here; QCommandLineParser validates and documents it.
QString requestedLanguage()
{
    QString lang = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    const QStringList rawArgs = QCoreApplication::arguments();
    for (qsizetype i = 1; i < rawArgs.size(); ++i) {
        if (rawArgs[i] == QLatin1String("--lang") && i + 1 < rawArgs.size())
            lang = rawArgs[i + 1];
        else if (rawArgs[i].startsWith(QLatin1String("--lang=")))
            lang = rawArgs[i].mid(7);
    }
    return lang;
}

// Every option of the console, for the windowed run and for --help/--version without one.
void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QObject::tr("Operations console for refunds: triage unknown outcomes, review "
                                                 "attempt and tool-call history. Reads only."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("demo"),
         QObject::tr("Run against an embedded demo (sandbox provider and a fresh SQLite database).")},
        {QStringLiteral("demo-dir"), QObject::tr("Keep the demo files in DIR."), QStringLiteral("DIR")},
        {QStringLiteral("db"),
         QObject::tr("Operation database: postgresql://user@host/db or sqlite:PATH (password from PGPASSWORD)."),
         QStringLiteral("URL")},
        {QStringLiteral("provider-url"),
         QObject::tr("Payment provider base URL; the read-only key comes from PROVIDER_API_KEY or the system "
                     "keychain."),
         QStringLiteral("URL")},
        {QStringLiteral("role"), QObject::tr("support, finance or admin (default support)."), QStringLiteral("ROLE"),
         QStringLiteral("support")},
        {QStringLiteral("screenshot"), QObject::tr("Save the window as PNG to FILE once the data is shown, then exit."),
         QStringLiteral("FILE")},
        {QStringLiteral("window-size"),
         QObject::tr("Window size in pixels, e.g. 1024x640 (default 1280x800); with --screenshot, the picture's "
                     "size (larger when the window cannot be made that small)."),
         QStringLiteral("WxH")},
        {QStringLiteral("select"), QObject::tr("Select this operation at start."), QStringLiteral("OPERATION_ID")},
        {QStringLiteral("show"),
         QObject::tr("With --screenshot: what to save. A tab (operations, history, settings) in the window, or a "
                     "dialog alone, opened on the selected operation and saved once it has read what it shows "
                     "(resolve, message, checkall, unmatched, paidtwice, log, connection), at its own size made to fit "
                     "--window-size. Default: operations."),
         QStringLiteral("WHAT")},
        {QStringLiteral("history-range"),
         QObject::tr("The range History opens on: the last 7, 30 or 90 UTC days, or all (default 7)."),
         QStringLiteral("RANGE")},
        {QStringLiteral("lang"), QObject::tr("Interface language: en, ru or tr (default: the system's)."),
         QStringLiteral("LANG")},
        {QStringLiteral("log-level"),
         QObject::tr("trace, debug, info, warn, error or off (default: info, or the REFUND_LOG_LEVEL environment "
                     "variable)."),
         QStringLiteral("LEVEL")},
    });
}

bool asksForHelpOrVersion(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--help" || a == "-h" || a == "-?" || a == "--help-all" || a == "--version" || a == "-v")
            return true;
        if (a == "--")
            break;
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    // --help and --version print and exit: they need no display, so no QApplication (which
    // aborts without one).
    if (asksForHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        setApplicationNames();
        QTranslator appTranslator;
        QTranslator qtTranslator;
        InterfaceLanguage::install(requestedLanguage(), QStringLiteral(":/i18n"), appTranslator, qtTranslator);
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(core); // prints and exits when --help or --version is an option
        // "-h" was the value of another option (e.g. --select -h): not a request for help.
        std::fprintf(stderr, "refund-console: \"-h\", \"-v\" or \"--help\" was given as an option's value; "
                             "see refund-console --help\n");
        return 2;
    }

    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setDesktopFileName(QStringLiteral(REFUND_APP_ID));
    QTranslator appTranslator;
    QTranslator qtTranslator;
    InterfaceLanguage::install(requestedLanguage(), QStringLiteral(":/i18n"), appTranslator, qtTranslator);
    QApplication::setApplicationDisplayName(QObject::tr("Refund operations"));

    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);
    const auto value = [&parser](const char* name) { return parser.value(QString::fromLatin1(name)); };
    const auto isSet = [&parser](const char* name) { return parser.isSet(QString::fromLatin1(name)); };

    if (isSet("lang") && !QStringList{QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("tr")}.contains(value("lang"))) {
        std::fprintf(stderr, "refund-console: --lang must be en, ru or tr\n");
        return 2;
    }
    Logging::Options log;
    // --log-level, else REFUND_LOG_LEVEL, else the remembered setting (log/level in the
    // console's QSettings), else info.
    const QString remembered = QSettings().value(QStringLiteral("log/level"), QStringLiteral("info")).toString();
    log.level = isSet("log-level") ? value("log-level") : qEnvironmentVariable("REFUND_LOG_LEVEL", remembered);
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
    options.demo = isSet("demo") || isSet("demo-dir");
    options.demoDirectory = value("demo-dir");
    options.databaseUrl = value("db");
    options.providerUrl = QUrl::fromUserInput(value("provider-url"));
    options.role = value("role").toLower();
    options.screenshotFile = value("screenshot");
    options.selectOperationId = value("select");
    if (isSet("show")) {
        options.show = value("show");
        if (!ConsoleStartup::showTargets().contains(options.show)) {
            std::fprintf(stderr, "refund-console: --show must be one of %s\n",
                         qPrintable(ConsoleStartup::showTargets().join(QStringLiteral(", "))));
            return 2;
        }
        if (options.screenshotFile.isEmpty()) {
            std::fprintf(stderr, "refund-console: --show needs --screenshot FILE\n");
            return 2;
        }
    }
    if (isSet("history-range")) {
        const QString range = value("history-range").toLower();
        bool ok = false;
        const int days = range == QLatin1String("all") ? 0 : range.toInt(&ok);
        if (!(range == QLatin1String("all") || (ok && (days == 7 || days == 30 || days == 90)))) {
            std::fprintf(stderr, "refund-console: --history-range must be 7, 30, 90 or all, not \"%s\"\n",
                         qPrintable(value("history-range")));
            return 2;
        }
        options.historyDays = days;
    }
    if (isSet("window-size")) {
        static const QRegularExpression size(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
        const auto m = size.match(value("window-size"));
        const int w = m.hasMatch() ? m.captured(1).toInt() : 0;
        const int h = m.hasMatch() ? m.captured(2).toInt() : 0;
        if (w < 320 || h < 240 || w > 10000 || h > 10000) {
            std::fprintf(stderr, "refund-console: --window-size must be WIDTHxHEIGHT in pixels, from 320x240 to "
                                 "10000x10000 (e.g. 1024x640)\n");
            return 2;
        }
        options.windowSize = QSize(w, h);
    }

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

    // kill / Ctrl+C quit through the event loop, so the demo's sandbox process stops with us.
    // Declared before the startup so that it outlives its teardown (which may wait for a demo
    // still being built): a second signal meanwhile is still handled, not fatal.
    UnixSignalWatcher signalWatcher;
    QObject::connect(&signalWatcher, &UnixSignalWatcher::terminationRequested, &app, [](int number) {
        Logging::info(QStringLiteral("console: signal %1, quitting").arg(number));
        QApplication::exit(128 + number);
    });
    ConsoleStartup startup(options);
    // Queued: start() may finish at once (no database, --screenshot), before exec() runs.
    QObject::connect(&startup, &ConsoleStartup::finished, &app, [](int code) { QApplication::exit(code); },
                     Qt::QueuedConnection);
    startup.start();
    return app.exec();
}
