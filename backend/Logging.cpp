#include "Logging.h"

#include <QRegularExpression>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace Logging {

namespace {
std::shared_ptr<spdlog::logger> logger()
{
    static std::shared_ptr<spdlog::logger> instance = [] {
        auto l = spdlog::stderr_color_mt("refund");
        l->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);
        l->set_level(spdlog::level::warn);
        return l;
    }();
    return instance;
}

std::string safe(const QString& message) { return redact(message).toStdString(); }
} // namespace

void init(const QString& level)
{
    logger()->set_level(spdlog::level::from_str(level.toStdString()));
}

QString redact(const QString& text)
{
    static const QRegularExpression key(QStringLiteral(R"(\b(sk|rk|pk)_(test|live)_[A-Za-z0-9]+)"));
    static const QRegularExpression bearer(QStringLiteral(R"((Bearer\s+)\S+)"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression urlPassword(QStringLiteral(R"(((?:postgres(?:ql)?)://[^:/@\s]+:)[^@\s]+@)"));
    QString out = text;
    out.replace(key, QStringLiteral("\\1_\\2_***"));
    out.replace(bearer, QStringLiteral("\\1***"));
    out.replace(urlPassword, QStringLiteral("\\1***@"));
    return out;
}

void debug(const QString& message) { logger()->debug(safe(message)); }
void info(const QString& message) { logger()->info(safe(message)); }
void warn(const QString& message) { logger()->warn(safe(message)); }
void error(const QString& message) { logger()->error(safe(message)); }

} // namespace Logging
