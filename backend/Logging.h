#pragma once

#include <QString>

/**
 * Process logging through spdlog, on stderr (and later a rotating file).
 *
 * Secrets never reach a sink: redact() masks provider API keys (sk_..., rk_..., pk_...)
 * and the password part of database URLs (R22). Call it on any text that may hold one.
 */
namespace Logging {

/** Sets up the stderr sink; level is one of trace, debug, info, warn, error, off. */
void init(const QString& level = QStringLiteral("info"));

/** Returns text with provider keys and URL passwords replaced by "***". */
QString redact(const QString& text);

void debug(const QString& message);
void info(const QString& message);
void warn(const QString& message);
void error(const QString& message);

} // namespace Logging
