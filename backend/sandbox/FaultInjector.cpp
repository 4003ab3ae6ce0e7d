#include "sandbox/FaultInjector.h"

#include <QJsonObject>

std::optional<FaultKind> FaultInjector::parseKind(const QString& name)
{
    if (name == QLatin1String("delay"))
        return FaultKind::Delay;
    if (name == QLatin1String("drop_after_commit"))
        return FaultKind::DropAfterCommit;
    if (name == QLatin1String("status_500"))
        return FaultKind::Status500;
    if (name == QLatin1String("rate_limit_429"))
        return FaultKind::RateLimit429;
    if (name == QLatin1String("lock_timeout_429"))
        return FaultKind::LockTimeout429;
    if (name == QLatin1String("webhook_duplicate"))
        return FaultKind::WebhookDuplicate;
    if (name == QLatin1String("webhook_reorder"))
        return FaultKind::WebhookReorder;
    if (name == QLatin1String("webhook_delay"))
        return FaultKind::WebhookDelay;
    return std::nullopt;
}

QString FaultInjector::kindName(FaultKind kind)
{
    switch (kind) {
    case FaultKind::Delay:
        return QStringLiteral("delay");
    case FaultKind::DropAfterCommit:
        return QStringLiteral("drop_after_commit");
    case FaultKind::Status500:
        return QStringLiteral("status_500");
    case FaultKind::RateLimit429:
        return QStringLiteral("rate_limit_429");
    case FaultKind::LockTimeout429:
        return QStringLiteral("lock_timeout_429");
    case FaultKind::WebhookDuplicate:
        return QStringLiteral("webhook_duplicate");
    case FaultKind::WebhookReorder:
        return QStringLiteral("webhook_reorder");
    case FaultKind::WebhookDelay:
        return QStringLiteral("webhook_delay");
    }
    return {};
}

QString FaultInjector::kindNames()
{
    return QStringLiteral("delay, drop_after_commit, status_500, rate_limit_429, lock_timeout_429, "
                          "webhook_duplicate, webhook_reorder, webhook_delay");
}

int FaultInjector::add(const QByteArray& method, const QString& path, FaultKind kind, int count, int delayMs)
{
    Fault f;
    f.id = m_nextId++;
    f.method = method.toUpper();
    f.path = path;
    f.kind = kind;
    f.remaining = count;
    f.delayMs = delayMs;
    m_faults.append(f);
    return f.id;
}

std::optional<Fault> FaultInjector::take(const QByteArray& method, const QString& path,
                                         std::initializer_list<FaultKind> kinds)
{
    for (qsizetype i = 0; i < m_faults.size(); ++i) {
        Fault& f = m_faults[i];
        if (std::find(kinds.begin(), kinds.end(), f.kind) == kinds.end())
            continue;
        if (f.method != "*" && f.method != method)
            continue;
        const bool pathMatches = f.path.endsWith(QLatin1Char('*')) ? path.startsWith(f.path.chopped(1))
                                                                   : path == f.path;
        if (!pathMatches)
            continue;
        Fault applied = f;
        if (--f.remaining <= 0)
            m_faults.removeAt(i);
        return applied;
    }
    return std::nullopt;
}

QJsonArray FaultInjector::toJson() const
{
    QJsonArray out;
    for (const Fault& f : m_faults) {
        out.append(QJsonObject{{QStringLiteral("id"), f.id},
                               {QStringLiteral("method"), QString::fromLatin1(f.method)},
                               {QStringLiteral("path"), f.path},
                               {QStringLiteral("fault"), kindName(f.kind)},
                               {QStringLiteral("remaining"), f.remaining},
                               {QStringLiteral("delay_ms"), f.delayMs}});
    }
    return out;
}
