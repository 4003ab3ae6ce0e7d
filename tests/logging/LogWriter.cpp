// Test helper for tst_logfiles: logs numbered lines through Logging (the same init() and sinks
// refund-tool uses) with a small rotation size, so two of them rotate many times while they
// run at once. Prints the file it logged to on stdout.
//   log_writer BASE_PATH TAG LINES MAX_FILE_BYTES MAX_FILES
#include "Logging.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 6) {
        QTextStream(stderr) << "usage: log_writer BASE_PATH TAG LINES MAX_FILE_BYTES MAX_FILES\n";
        return 2;
    }
    Logging::Options options;
    options.toStderr = false;
    options.captureQtMessages = false;
    options.filePath = args.at(1);
    options.maxFileBytes = args.at(4).toLongLong();
    options.maxFiles = args.at(5).toInt();
    QString error;
    if (!Logging::init(options, &error)) {
        QTextStream(stderr) << error << "\n";
        return 1;
    }
    const QString tag = args.at(2);
    const int lines = args.at(3).toInt();
    const QString padding(60, QLatin1Char('x'));
    for (int i = 0; i < lines; ++i)
        Logging::info(QStringLiteral("%1 line %2 %3").arg(tag).arg(i).arg(padding));
    QTextStream(stdout) << Logging::currentLogFilePath() << "\n";
    return 0;
}
