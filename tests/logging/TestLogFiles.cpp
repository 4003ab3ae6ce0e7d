// Log files across processes and the files that hold operation data (issue 16 item 5):
// - every process writes its own log file and rotates only that one, so two processes logging
//   at once through many rotations lose no line and never write into each other's file (R12:
//   every attempt is logged);
// - the logs of ended processes stay bounded;
// - log files and SQLite files (operation database, the sandbox's, their -wal and -shm) are
//   created 0600 whatever the umask (R22);
// - a password in --db is warned about, naming PGPASSWORD, and never printed (R22).
#include "Logging.h"
#include "SandboxProcess.h"
#include "db/Database.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <sys/types.h>

namespace {
/** Permission bits of path, or -1 when it does not exist. */
int modeOf(const QString& path)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

QString octal(int mode)
{
    return QStringLiteral("0%1").arg(mode, 0, 8);
}

/** The process's log files, oldest first: name-PID.N.log ... name-PID.1.log, name-PID.log. */
QStringList filesOf(const QDir& dir, const QString& stem, qint64 pid)
{
    const QRegularExpression rotated(QStringLiteral("^%1-%2\\.([0-9]+)\\.log$").arg(stem).arg(pid));
    QMap<int, QString> byIndex;
    const QStringList names = dir.entryList(QDir::Files);
    for (const QString& name : names) {
        const QRegularExpressionMatch m = rotated.match(name);
        if (m.hasMatch())
            byIndex.insert(m.captured(1).toInt(), dir.filePath(name));
    }
    QStringList out;
    const QList<int> indexes = byIndex.keys(); // ascending: .1 is the newest rotated file
    for (qsizetype i = indexes.size() - 1; i >= 0; --i)
        out << byIndex.value(indexes.at(i));
    const QString current = dir.filePath(QStringLiteral("%1-%2.log").arg(stem).arg(pid));
    if (QFile::exists(current))
        out << current;
    return out;
}

QString readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

struct ToolRun
{
    int exitCode = -1;
    QString err;
};

ToolRun runTool(const QStringList& args, const QProcessEnvironment& env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(REFUND_TOOL_BIN), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return ToolRun{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                   QString::fromUtf8(p.readAllStandardError())};
}
} // namespace

class TestLogFiles : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void r12_twoProcessesLoggingThroughRotationKeepEveryLineInTheirOwnFiles();
    void r12_logsOfEndedProcessesAreBounded();
    void r22_logFilesAreCreatedOwnerOnly();
    void r22_sqliteFilesAreCreatedOwnerOnly();
    void r22_sandboxDatabaseFilesAreCreatedOwnerOnly();
    void r22_passwordInDatabaseUrlIsWarnedAboutNeverShown();

private:
    mode_t m_umask = 022;
};

void TestLogFiles::init()
{
    // The usual umask, which would make new files 0644.
    ::umask(m_umask);
}

void TestLogFiles::r12_twoProcessesLoggingThroughRotationKeepEveryLineInTheirOwnFiles()
{
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("refund-tool.log"));
    const int lines = 20000;        // about 2 MB each
    const int maxBytes = 64 * 1024; // so each rotates about 30 times while the other writes
    QProcess a;
    QProcess b;
    a.start(QStringLiteral(REFUND_LOG_WRITER_BIN), {base, QStringLiteral("A"), QString::number(lines),
                                                    QString::number(maxBytes), QStringLiteral("1000")});
    b.start(QStringLiteral(REFUND_LOG_WRITER_BIN), {base, QStringLiteral("B"), QString::number(lines),
                                                    QString::number(maxBytes), QStringLiteral("1000")});
    QVERIFY(a.waitForStarted() && b.waitForStarted());
    const qint64 pidA = a.processId();
    const qint64 pidB = b.processId();
    QVERIFY(a.waitForFinished(120000) && b.waitForFinished(120000));
    QCOMPARE(a.exitCode(), 0);
    QCOMPARE(b.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(a.readAllStandardOutput()).trimmed(), Logging::processLogFilePath(base, pidA));
    QCOMPARE(QString::fromUtf8(b.readAllStandardOutput()).trimmed(), Logging::processLogFilePath(base, pidB));
    QVERIFY2(!QFile::exists(base), "no process writes the shared file name");

    const QDir d(dir.path());
    for (const auto& [tag, pid] :
         {std::pair{QStringLiteral("A"), pidA}, std::pair{QStringLiteral("B"), pidB}}) {
        const QStringList files = filesOf(d, QStringLiteral("refund-tool"), pid);
        QVERIFY2(files.size() > 10,
                 qPrintable(QStringLiteral("%1 rotated only %2 times").arg(tag).arg(files.size())));
        int next = 0;
        for (const QString& file : files) {
            const QStringList fileLines = readAll(file).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            for (const QString& line : fileLines) {
                const QRegularExpressionMatch m =
                    QRegularExpression(QStringLiteral(" info (A|B) line ([0-9]+) x+$")).match(line);
                QVERIFY2(m.hasMatch(), qPrintable(line));
                QVERIFY2(
                    m.captured(1) == tag,
                    qPrintable(QStringLiteral("%1 holds a line of the other process: %2").arg(file, line)));
                QCOMPARE(m.captured(2).toInt(), next); // in order, none missing, none twice
                ++next;
            }
        }
        QCOMPARE(next, lines);
    }
}

void TestLogFiles::r12_logsOfEndedProcessesAreBounded()
{
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("refund-tool.log"));
    // Logs of processes that ended long ago (pids that cannot run: above pid_max), each with a
    // rotated file, and one of this running test process, which must survive.
    const QStringList ended{
        QStringLiteral("refund-tool-2000000001.log"), QStringLiteral("refund-tool-2000000001.1.log"),
        QStringLiteral("refund-tool-2000000002.log"), QStringLiteral("refund-tool-2000000003.log"),
        QStringLiteral("refund-tool-2000000004.log"), QStringLiteral("refund-tool-2000000004.2.log")};
    const QString running = QStringLiteral("refund-tool-%1.log").arg(QCoreApplication::applicationPid());
    const QString unrelated = QStringLiteral("refund-console-2000000005.log");
    int age = 100;
    for (const QString& name : ended + QStringList{running, unrelated}) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old line\n");
        f.close();
        // Oldest first: 2000000001 is the oldest, 2000000004 the newest ended process.
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(
            f.setFileTime(QDateTime::currentDateTime().addSecs(-age--), QFileDevice::FileModificationTime));
    }
    // keptEndedProcessLogs = 2: the two newest ended processes (3 and 4) keep their files.
    QProcess p;
    p.start(QStringLiteral(REFUND_LOG_WRITER_BIN),
            {base, QStringLiteral("A"), QStringLiteral("3"), QStringLiteral("65536"), QStringLiteral("3")});
    QVERIFY(p.waitForStarted());
    const qint64 writerPid = p.processId();
    // log_writer keeps the default (20); the bound itself is checked in-process with 2 below.
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    for (const QString& name : ended)
        QVERIFY2(QFile::exists(dir.filePath(name)), qPrintable(name)); // 4 ended processes < 20: all kept

    Logging::Options o;
    o.toStderr = false;
    o.captureQtMessages = false;
    o.filePath = base;
    o.keptEndedProcessLogs = 2;
    QVERIFY(Logging::init(o));
    Logging::info(QStringLiteral("this process"));
    // The writer above ended too: it is the newest ended process now, then 2000000004.
    const QStringList left = QDir(dir.path()).entryList(QDir::Files, QDir::Name);
    QVERIFY2(!left.contains(QStringLiteral("refund-tool-2000000001.log")), qPrintable(left.join(u' ')));
    QVERIFY2(!left.contains(QStringLiteral("refund-tool-2000000001.1.log")), qPrintable(left.join(u' ')));
    QVERIFY2(!left.contains(QStringLiteral("refund-tool-2000000002.log")), qPrintable(left.join(u' ')));
    QVERIFY2(!left.contains(QStringLiteral("refund-tool-2000000003.log")), qPrintable(left.join(u' ')));
    QVERIFY2(left.contains(QStringLiteral("refund-tool-2000000004.log")), qPrintable(left.join(u' ')));
    QVERIFY2(left.contains(QStringLiteral("refund-tool-2000000004.2.log")), qPrintable(left.join(u' ')));
    QVERIFY2(left.contains(QStringLiteral("refund-tool-%1.log").arg(writerPid)), qPrintable(left.join(u' ')));
    QVERIFY2(left.contains(running), "the running process's own file is never deleted");
    QVERIFY2(left.contains(unrelated), "another program's logs are not this one's to prune");
    Logging::init(QStringLiteral("info")); // stderr only again
}

void TestLogFiles::r22_logFilesAreCreatedOwnerOnly()
{
    QTemporaryDir dir;
    const QString logDir = dir.filePath(QStringLiteral("logs"));
    const QString base = logDir + QStringLiteral("/refund-tool.log");
    QProcess p;
    p.start(QStringLiteral(REFUND_LOG_WRITER_BIN), {base, QStringLiteral("A"), QStringLiteral("3000"),
                                                    QStringLiteral("65536"), QStringLiteral("3")});
    QVERIFY(p.waitForStarted());
    const qint64 pid = p.processId();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QStringList files = filesOf(QDir(logDir), QStringLiteral("refund-tool"), pid);
    QVERIFY2(files.size() >= 3, "the writer rotated"); // the current file and rotated ones
    for (const QString& file : files)
        QVERIFY2(modeOf(file) == 0600, qPrintable(file + QLatin1Char(' ') + octal(modeOf(file))));
    QCOMPARE(octal(modeOf(logDir)), QStringLiteral("0700"));
}

void TestLogFiles::r22_sqliteFilesAreCreatedOwnerOnly()
{
    QTemporaryDir dir;
    // By the tool (db migrate creates the database) ...
    const QString toolDb = dir.filePath(QStringLiteral("ops.db"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("REFUND_LOG_FILE"), dir.filePath(QStringLiteral("logs/refund-tool.log")));
    const ToolRun migrate = runTool({QStringLiteral("db"), QStringLiteral("migrate"), QStringLiteral("--db"),
                                     QStringLiteral("sqlite:") + toolDb},
                                    env);
    QVERIFY2(migrate.exitCode == 0, qPrintable(migrate.err));
    QCOMPARE(octal(modeOf(toolDb)), QStringLiteral("0600"));
    // ... and in-process, while the connection is open, with its WAL and shared-memory files.
    const QString libDb = dir.filePath(QStringLiteral("lib.db"));
    auto db = Database::open(QStringLiteral("sqlite:") + libDb);
    QVERIFY2(db, qPrintable(db ? QString() : db.error().message));
    QVERIFY(db.value()->runScript(QStringLiteral("CREATE TABLE t (x INTEGER)"), QStringLiteral("test")));
    QVERIFY(db.value()->runScript(QStringLiteral("INSERT INTO t VALUES (1)"), QStringLiteral("test")));
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QVERIFY2(QFile::exists(libDb + suffix), qPrintable(libDb + suffix));
        QCOMPARE(octal(modeOf(libDb + suffix)), QStringLiteral("0600"));
    }
    auto toolAgain = Database::open(QStringLiteral("sqlite:") + toolDb);
    QVERIFY(toolAgain);
    for (const QString& suffix : {QStringLiteral("-wal"), QStringLiteral("-shm")})
        QCOMPARE(octal(modeOf(toolDb + suffix)), QStringLiteral("0600"));
}

void TestLogFiles::r22_sandboxDatabaseFilesAreCreatedOwnerOnly()
{
    QTemporaryDir dir;
    SandboxProcess::Options options;
    options.dbPath = dir.filePath(QStringLiteral("sandbox.db"));
    SandboxProcess sandbox(options);
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    QVERIFY(!sandbox.createPaymentIntent(1000).isEmpty()); // a write: the WAL is in use
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QVERIFY2(QFile::exists(options.dbPath + suffix), qPrintable(options.dbPath + suffix));
        QCOMPARE(octal(modeOf(options.dbPath + suffix)), QStringLiteral("0600"));
    }
}

void TestLogFiles::r22_passwordInDatabaseUrlIsWarnedAboutNeverShown()
{
    QTemporaryDir dir;
    const QString password = QStringLiteral("Pw4417-visible-in-ps");
    const QString logBase = dir.filePath(QStringLiteral("refund-tool.log"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("PGPASSWORD"));
    env.insert(QStringLiteral("REFUND_LOG_FILE"), logBase);
    // Nothing listens on port 1: the tool warns, then fails to connect (exit 2).
    const QStringList args{QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"),
                           QStringLiteral("postgresql://refund_tool:%1@127.0.0.1:1/ops").arg(password)};
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(REFUND_TOOL_BIN), args);
    QVERIFY(p.waitForStarted());
    const qint64 pid = p.processId();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    const QString logged = readAll(Logging::processLogFilePath(logBase, pid));
    QVERIFY2(err.contains(QLatin1String("PGPASSWORD")) && err.contains(QLatin1String("~/.pgpass")),
             qPrintable(err));
    QVERIFY2(logged.contains(QLatin1String("PGPASSWORD")), qPrintable(logged));
    QVERIFY2(!err.contains(password), qPrintable(err));
    QVERIFY2(!logged.contains(password), qPrintable(logged));

    // The same URL without the password, the password in PGPASSWORD: no warning.
    env.insert(QStringLiteral("PGPASSWORD"), password);
    const ToolRun quiet = runTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"),
                                   QStringLiteral("postgresql://refund_tool@127.0.0.1:1/ops")},
                                  env);
    QCOMPARE(quiet.exitCode, 2);
    QVERIFY2(!quiet.err.contains(QLatin1String("PGPASSWORD")), qPrintable(quiet.err));
    QVERIFY2(!quiet.err.contains(password), qPrintable(quiet.err));
}

QTEST_GUILESS_MAIN(TestLogFiles)
#include "TestLogFiles.moc"
