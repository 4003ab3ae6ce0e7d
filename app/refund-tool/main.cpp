#include "Logging.h"
#include "cli/RefundToolCli.h"

#include <QCoreApplication>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("refund-tool"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REFUND_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    // Logs go to stderr (stdout carries the tool's one JSON object) and to a rotating file.
    Logging::Options log;
    log.level = qEnvironmentVariable("REFUND_LOG_LEVEL", QStringLiteral("info"));
    if (!Logging::isValidLevel(log.level)) {
        err << "refund-tool: REFUND_LOG_LEVEL: must be one of trace, debug, info, warn, error, off; got \"" << log.level
            << "\"" << Qt::endl;
        return 2;
    }
    log.filePath = qEnvironmentVariable("REFUND_LOG_FILE", Logging::defaultLogFilePath(QStringLiteral("refund-tool")));
    Logging::registerSecret(qEnvironmentVariable("PROVIDER_API_KEY").trimmed());
    Logging::registerSecret(qEnvironmentVariable("PGPASSWORD"));
    QString logError;
    if (!Logging::init(log, &logError))
        Logging::warn(logError);

    RefundToolCli cli(out, err);
    return cli.run(QCoreApplication::arguments());
}
