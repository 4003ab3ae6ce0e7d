#include "Logging.h"

#include "PrivateFile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QRegularExpression>
#include <QStandardPaths>

#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <signal.h>
#include <sys/types.h>

namespace Logging {

namespace {

constexpr size_t kRecentLines = 2000;
const char* const kPattern = "%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v";

struct State
{
    QMutex mutex;
    std::shared_ptr<spdlog::logger> logger;
    std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> recent;
    QStringList secrets;
    QString currentFile;
    std::atomic<quint64> lines{0};
};

State& state()
{
    static State s;
    return s;
}

std::shared_ptr<spdlog::logger> makeLogger(const std::vector<spdlog::sink_ptr>& sinks, spdlog::level::level_enum level)
{
    auto l = std::make_shared<spdlog::logger>("refund", sinks.begin(), sinks.end());
    l->set_pattern(kPattern, spdlog::pattern_time_type::utc);
    l->set_level(level);
    l->flush_on(spdlog::level::warn);
    return l;
}

std::shared_ptr<spdlog::logger> logger()
{
    State& s = state();
    QMutexLocker lock(&s.mutex);
    if (!s.logger) {
        s.recent = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(kRecentLines);
        s.logger = makeLogger({std::make_shared<spdlog::sinks::stderr_color_sink_mt>(), s.recent}, spdlog::level::warn);
    }
    return s.logger;
}

spdlog::level::level_enum levelFrom(const QString& level)
{
    return spdlog::level::from_str(level.trimmed().toLower().toStdString());
}

void log(spdlog::level::level_enum level, const QString& message)
{
    auto l = logger();
    if (!l->should_log(level))
        return;
    state().lines.fetch_add(1);
    l->log(level, "{}", redact(message).toStdString());
}

void qtMessageHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    const QString text = context.category && qstrcmp(context.category, "default") != 0
        ? QStringLiteral("[%1] %2").arg(QString::fromLatin1(context.category), message)
        : message;
    switch (type) {
    case QtDebugMsg: log(spdlog::level::debug, text); break;
    case QtInfoMsg: log(spdlog::level::info, text); break;
    case QtWarningMsg: log(spdlog::level::warn, text); break;
    case QtCriticalMsg: log(spdlog::level::err, text); break;
    case QtFatalMsg:
        log(spdlog::level::critical, text);
        logger()->flush();
        std::abort();
    }
}

bool processRunning(qint64 pid)
{
    // EPERM: it runs, under another user.
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

/** Deletes the files of ended processes for filePath beyond the newest keep (see init()). */
void pruneEndedProcessLogs(const QString& filePath, int keep)
{
    const QFileInfo base(filePath);
    const QString suffix = base.suffix().isEmpty() ? QString() : QLatin1Char('.') + base.suffix();
    // <stem>-<pid><suffix> and spdlog's rotated <stem>-<pid>.<n><suffix>.
    const QRegularExpression ours(QLatin1Char('^') + QRegularExpression::escape(base.completeBaseName()) +
                                  QStringLiteral("-([0-9]+)(?:\\.[0-9]+)?") +
                                  QRegularExpression::escape(suffix) + QLatin1Char('$'));
    struct ProcessLogs
    {
        QDateTime newest;
        QStringList files;
    };
    QMap<qint64, ProcessLogs> ended;
    const QFileInfoList entries = base.absoluteDir().entryInfoList(QDir::Files);
    for (const QFileInfo& entry : entries) {
        const QRegularExpressionMatch m = ours.match(entry.fileName());
        if (!m.hasMatch())
            continue;
        const qint64 pid = m.captured(1).toLongLong();
        if (pid == QCoreApplication::applicationPid() || processRunning(pid))
            continue; // never delete a file a running process writes
        ProcessLogs& logs = ended[pid];
        logs.files << entry.absoluteFilePath();
        logs.newest = std::max(logs.newest, entry.lastModified());
    }
    QList<ProcessLogs> byAge = ended.values();
    std::sort(byAge.begin(), byAge.end(),
              [](const ProcessLogs& a, const ProcessLogs& b) { return a.newest > b.newest; });
    for (qsizetype i = qMax(keep, 0); i < byAge.size(); ++i) {
        for (const QString& file : std::as_const(byAge[i].files))
            QFile::remove(file);
    }
}

} // namespace

bool isValidLevel(const QString& level)
{
    static const QStringList levels{QStringLiteral("trace"), QStringLiteral("debug"), QStringLiteral("info"),
                                    QStringLiteral("warn"),  QStringLiteral("error"), QStringLiteral("off")};
    return levels.contains(level.trimmed().toLower());
}

QString defaultLogFilePath(const QString& appName)
{
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (base.isEmpty())
        base = QDir::tempPath();
    return base + QStringLiteral("/refund-ops/logs/") + appName + QStringLiteral(".log");
}

QString processLogFilePath(const QString& filePath, qint64 pid)
{
    const QFileInfo base(filePath);
    const QString name = base.completeBaseName() + QLatin1Char('-') + QString::number(pid) +
                         (base.suffix().isEmpty() ? QString() : QLatin1Char('.') + base.suffix());
    return base.dir().filePath(name);
}

QString currentLogFilePath()
{
    State& s = state();
    QMutexLocker lock(&s.mutex);
    return s.currentFile;
}

bool init(const Options& options, QString* error)
{
    State& s = state();
    std::vector<spdlog::sink_ptr> sinks;
    if (options.toStderr)
        sinks.push_back(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    bool fileOk = true;
    QString file;
    if (!options.filePath.isEmpty()) {
        const QString dir = QFileInfo(options.filePath).absolutePath();
        if (!QFileInfo::exists(dir) && QDir().mkpath(dir))
            QFile::setPermissions(dir,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        pruneEndedProcessLogs(options.filePath, options.keptEndedProcessLogs);
        file = processLogFilePath(options.filePath, QCoreApplication::applicationPid());
        // spdlog opens with fopen() (mode 0666 & ~umask) at start and after each rotation; the
        // file made first with 0600 keeps that mode when fopen() then opens it.
        spdlog::file_event_handlers handlers;
        handlers.before_open = [](const spdlog::filename_t& name) {
            PrivateFile::create(QString::fromStdString(name));
        };
        try {
            sinks.push_back(std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
                file.toStdString(), size_t(options.maxFileBytes), size_t(options.maxFiles), false, handlers));
        } catch (const spdlog::spdlog_ex& e) {
            fileOk = false;
            if (error)
                *error =
                    QStringLiteral("cannot write the log file %1: %2").arg(file, QString::fromUtf8(e.what()));
            file.clear();
        }
    }
    {
        QMutexLocker lock(&s.mutex);
        s.currentFile = file;
        if (!s.recent)
            s.recent = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(kRecentLines);
        sinks.push_back(s.recent);
        s.logger = makeLogger(sinks, isValidLevel(options.level) ? levelFrom(options.level) : spdlog::level::info);
    }
    if (options.captureQtMessages)
        qInstallMessageHandler(qtMessageHandler);
    return fileOk;
}

void init(const QString& level)
{
    Options o;
    o.level = level;
    o.captureQtMessages = false;
    init(o);
}

void registerSecret(const QString& secret)
{
    if (secret.size() < 6)
        return;
    State& s = state();
    QMutexLocker lock(&s.mutex);
    if (!s.secrets.contains(secret))
        s.secrets << secret;
}

QString redact(const QString& text)
{
    static const QRegularExpression key(QStringLiteral(R"(\b(sk|rk|pk)_(test|live)_[A-Za-z0-9]+)"));
    static const QRegularExpression bearer(QStringLiteral(R"((Bearer\s+)\S+)"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression urlPassword(QStringLiteral(R"(((?:postgres(?:ql)?)://[^:/@\s]+:)[^@\s]+@)"));
    QString out = text;
    out.replace(key, QStringLiteral("\\1_\\2_***"));
    out.replace(bearer, QStringLiteral("\\1***"));
    out.replace(urlPassword, QStringLiteral("\\1***@"));
    State& s = state();
    QMutexLocker lock(&s.mutex);
    for (const QString& secret : std::as_const(s.secrets))
        out.replace(secret, QStringLiteral("***"));
    return out;
}

QStringList recentLines()
{
    logger();
    State& s = state();
    std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> recent;
    {
        QMutexLocker lock(&s.mutex);
        recent = s.recent;
    }
    QStringList out;
    for (const std::string& line : recent->last_formatted())
        out << QString::fromStdString(line).trimmed();
    return out;
}

quint64 lineCount()
{
    return state().lines.load();
}

void debug(const QString& message) { log(spdlog::level::debug, message); }
void info(const QString& message) { log(spdlog::level::info, message); }
void warn(const QString& message) { log(spdlog::level::warn, message); }
void error(const QString& message) { log(spdlog::level::err, message); }

} // namespace Logging
