#include "review/RefundEventLedger.h"

#include <algorithm>

bool RefundEventLedger::isRefundEvent(const QString& type)
{
    return type == QLatin1String("refund.created") || type == QLatin1String("refund.updated")
           || type == QLatin1String("refund.failed");
}

int RefundEventLedger::statusRank(const QString& status)
{
    if (status == QLatin1String("requires_action"))
        return 0;
    if (status == QLatin1String("pending"))
        return 1;
    if (status == QLatin1String("succeeded"))
        return 2;
    // A card refund can still fail after it succeeded (the bank returns it); failed and
    // canceled are final.
    if (status == QLatin1String("failed") || status == QLatin1String("canceled"))
        return 3;
    return -1;
}

int RefundEventLedger::typeRank(const QString& type)
{
    if (type == QLatin1String("refund.created"))
        return 0;
    if (type == QLatin1String("refund.updated"))
        return 1;
    return 2; // refund.failed
}

bool RefundEventLedger::isNewer(const ProviderEvent& event, const ProviderRefund& refund, const Entry& current)
{
    if (event.createdUtcSeconds != current.latestEventCreated)
        return event.createdUtcSeconds > current.latestEventCreated;
    const int rank = statusRank(refund.status);
    const int currentRank = statusRank(current.refund.status);
    if (rank != currentRank)
        return rank > currentRank;
    const int type = typeRank(event.type);
    const int currentType = typeRank(current.latestEventType);
    if (type != currentType)
        return type > currentType;
    // Same second, same status, same type (e.g. two metadata updates): the event id decides,
    // so the result does not depend on arrival order.
    return event.id > current.latestEventId;
}

bool RefundEventLedger::apply(const ProviderEvent& event, QString* error)
{
    if (!isRefundEvent(event.type)) {
        if (error)
            *error = QStringLiteral("%1 is a %2 event, not a refund event").arg(event.id, event.type);
        return false;
    }
    if (m_seenEvents.contains(event.id)) {
        if (error)
            *error = QStringLiteral("%1 was already applied").arg(event.id);
        return false;
    }
    QString parseError;
    const std::optional<ProviderRefund> refund = event.refund(&parseError);
    if (!refund) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(event.id, parseError);
        return false;
    }
    m_seenEvents.insert(event.id);

    auto it = m_entries.find(refund->id);
    if (it == m_entries.end()) {
        Entry entry;
        entry.refund = *refund;
        entry.latestEventId = event.id;
        entry.latestEventType = event.type;
        entry.latestEventCreated = event.createdUtcSeconds;
        it = m_entries.insert(refund->id, entry);
        m_position.insert(refund->id, int(m_order.size()));
        m_order.append(refund->id);
    } else if (isNewer(event, *refund, *it)) {
        it->refund = *refund;
        it->latestEventId = event.id;
        it->latestEventType = event.type;
        it->latestEventCreated = event.createdUtcSeconds;
    }
    it->eventIds.append(event.id);
    if (!event.requestIdempotencyKey.isEmpty() && !it->idempotencyKeys.contains(event.requestIdempotencyKey)) {
        it->idempotencyKeys.insert(event.requestIdempotencyKey);
        m_byKey[event.requestIdempotencyKey].append(refund->id);
    }
    // Every operation id any of the refund's objects carried is a candidate; the lookup keeps
    // only refunds whose latest object still carries it.
    if (const QString op = refund->operationId(); !op.isEmpty()) {
        QStringList& ids = m_byOperation[op];
        if (!ids.contains(refund->id))
            ids.append(refund->id);
    }
    return true;
}

int RefundEventLedger::applyAll(const QList<ProviderEvent>& events)
{
    int applied = 0;
    for (const ProviderEvent& e : events) {
        if (apply(e))
            ++applied;
    }
    return applied;
}

std::optional<RefundEventLedger::Entry> RefundEventLedger::entry(const QString& refundId) const
{
    const auto it = m_entries.constFind(refundId);
    if (it == m_entries.constEnd())
        return std::nullopt;
    return *it;
}

std::optional<ProviderRefund> RefundEventLedger::latest(const QString& refundId) const
{
    const auto it = m_entries.constFind(refundId);
    if (it == m_entries.constEnd())
        return std::nullopt;
    return it->refund;
}

QStringList RefundEventLedger::inFirstSeenOrder(QStringList ids) const
{
    std::sort(ids.begin(), ids.end(),
              [this](const QString& a, const QString& b) { return m_position.value(a) < m_position.value(b); });
    return ids;
}

QStringList RefundEventLedger::refundsWithKey(const QString& key) const
{
    if (key.isEmpty())
        return {};
    return inFirstSeenOrder(m_byKey.value(key));
}

QStringList RefundEventLedger::refundsOfOperation(const QString& operationId) const
{
    if (operationId.isEmpty())
        return {};
    QStringList out;
    for (const QString& id : m_byOperation.value(operationId)) {
        const auto it = m_entries.constFind(id);
        if (it != m_entries.constEnd() && it->refund.operationId() == operationId)
            out.append(id);
    }
    return inFirstSeenOrder(out);
}
