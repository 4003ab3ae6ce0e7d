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
    QString filePath;                         ///< rotating log file; empty = none
    qint64 maxFileBytes = 5 * 1024 * 1024;    ///< rotate at this size
    int maxFiles = 3;                         ///< rotated files kept besides the current one
    bool captureQtMessages = true;            ///< install a Qt message handler
};

/** (Re)configures logging. Returns false and sets *error when the file cannot be opened; stderr still works. */
bool init(const Options& options, QString* error = nullptr);
/** Stderr only, at level. */
void init(const QString& level = QStringLiteral("info"));

/** True for trace, debug, info, warn, error, off. */
bool isValidLevel(const QString& level);
/** <app local data>/logs/<appName>.log, e.g. ~/.local/share/refund-ops/logs/refund-console.log. */
QString defaultLogFilePath(const QString& appName);

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
