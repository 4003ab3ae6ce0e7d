#pragma once

#include <QString>
#include <QStringList>

/**
 * Process logging through spdlog: stderr, an optional rotating file, and a bounded in-memory
 * buffer for the console's log view. Qt's own messages (qWarning, ...) are routed into it.
 *
 * Secrets never reach a sink (R22): every line passes through redact(), which masks provider
 * API keys (sk_/rk_/pk_ test and live keys), Bearer tokens, passwords in database URLs, and any
 * value registered with registerSecret() (the configured provider key, the database password).
 */
namespace Logging {

struct Options
{
    QString level = QStringLiteral("info");   ///< trace, debug, info, warn, error, off
    bool toStderr = true;
    /** Where the log goes, e.g. ~/.local/share/refund-ops/logs/refund-tool.log; empty = no file.
        The process writes its own file beside it, processLogFilePath(filePath, pid). */
    QString filePath;
    qint64 maxFileBytes = 5 * 1024 * 1024;    ///< rotate the process's file at this size
    int maxFiles = 3;                         ///< rotated files kept besides the current one
    int keptEndedProcessLogs = 20;            ///< logs of ended processes kept (newest first)
    bool captureQtMessages = true;            ///< install a Qt message handler
};

/**
 * (Re)configures logging. Returns false and sets *error when the file cannot be opened; stderr
 * still works.
 *
 * Several processes (one refund-tool per tool call, consoles) log at once, so each writes its
 * own file, <dir>/<name>-<pid>.log, rotated by spdlog inside that process only. spdlog's
 * rotating sink is not safe across processes: each process renames the shared file by its own
 * byte count, so one renames (and at the oldest index deletes) the file another still writes,
 * and lines land in a rotated file or are lost. A shared file would need a lock around every
 * line and a re-open after each rotation; a file per process needs neither. The cost is
 * bounded: on start, the logs of ended processes (no such pid running) beyond the newest
 * keptEndedProcessLogs are deleted, so at most (running + kept) x (maxFiles + 1) x maxFileBytes
 * remain. Log files are created 0600 (PrivateFile), rotated ones too.
 */
bool init(const Options& options, QString* error = nullptr);
/** Stderr only, at level. */
void init(const QString& level = QStringLiteral("info"));

/** True for trace, debug, info, warn, error, off. */
bool isValidLevel(const QString& level);
/** <app local data>/logs/<appName>.log, e.g. ~/.local/share/refund-ops/logs/refund-console.log. */
QString defaultLogFilePath(const QString& appName);
/** The file a process with this pid writes for filePath: "/d/refund-tool.log" -> "/d/refund-tool-4711.log"
    (spdlog names its rotated files "/d/refund-tool-4711.1.log", ...). */
QString processLogFilePath(const QString& filePath, qint64 pid);
/** The file this process logs to now, or empty when it logs to no file. */
QString currentLogFilePath();

/** Masks this exact value in every later line (ignored when shorter than 6 characters). */
void registerSecret(const QString& secret);
/** Returns text with keys, tokens, URL passwords and registered secrets replaced by "***". */
QString redact(const QString& text);

/** The newest lines (formatted, redacted), oldest first; at most the last 2000 are kept. */
QStringList recentLines();
/** How many lines were logged so far; lets a view poll cheaply for new ones. */
quint64 lineCount();

void debug(const QString& message);
void info(const QString& message);
void warn(const QString& message);
void error(const QString& message);

} // namespace Logging
