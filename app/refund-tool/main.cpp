#include "Logging.h"
#include "cli/RefundToolCli.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("refund-tool"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REFUND_VERSION));
    Logging::init(qEnvironmentVariable("REFUND_LOG_LEVEL", QStringLiteral("info")));

    QTextStream out(stdout);
    QTextStream err(stderr);
    RefundToolCli cli(out, err);
    return cli.run(QCoreApplication::arguments());
}
