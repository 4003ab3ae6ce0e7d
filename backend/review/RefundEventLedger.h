#pragma once

#include "provider/ProviderEvent.h"
#include "provider/ProviderRefund.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

/**
 * The latest state of each refund, computed from refund events (refund.created,
 * refund.updated, refund.failed) in whatever order they arrive.
 *
 * Webhooks and event pages do not arrive in the order things happened: a refund.updated may be
 * seen before its refund.created, and the same event may be delivered twice. The ledger keeps,
 * per refund id, the object of the newest event, where "newest" is ordered by
 *  1. the event's `created` (UTC seconds),
 *  2. within the same second, how far the refund's status has progressed
 *     (requires_action < pending < succeeded < failed = canceled), because a refund only moves
 *     forward within a second and Stripe's clock has second resolution,
 *  3. then the event type (refund.created < refund.updated < refund.failed).
 * So an older event never rolls a refund back to an older status, and an event id seen before
 * changes nothing (apply() returns false).
 *
 * Events that are not refund events, or whose data.object is not a valid refund, are ignored
 * (apply() returns false and, when error is non-null, says why).
 *
 * The lookups by key and by operation use indices, so one ledger of a whole account's events
 * can serve every operation of an unknown sweep (UnknownSweep) at O(matches) per operation.
 * Not thread-safe for writes; once filled, concurrent const calls are safe (nothing mutable).
 */
class RefundEventLedger
{
public:
    /** What the ledger knows about one refund. */
    struct Entry
    {
        ProviderRefund refund;        ///< object of the newest event
        QString latestEventId;
        QString latestEventType;
        qint64 latestEventCreated = 0; ///< UTC seconds
        QStringList eventIds;         ///< every distinct event applied, in arrival order
        QSet<QString> idempotencyKeys; ///< request.idempotency_key of the events (non-empty ones)
    };

    /** True for refund.created, refund.updated and refund.failed. */
    static bool isRefundEvent(const QString& type);
    /** Rank of a refund status in its life (see the class comment); -1 for unknown values. */
    static int statusRank(const QString& status);

    /**
     * Applies one event. Returns true when the event was new and is a refund event (whether or
     * not it changed the latest state), false for a duplicate or an unusable event.
     */
    bool apply(const ProviderEvent& event, QString* error = nullptr);
    /** Applies every event; returns how many were new refund events. */
    int applyAll(const QList<ProviderEvent>& events);

    bool contains(const QString& refundId) const { return m_entries.contains(refundId); }
    std::optional<Entry> entry(const QString& refundId) const;
    /** The latest known refund object, or nullopt. */
    std::optional<ProviderRefund> latest(const QString& refundId) const;
    /** Refund ids with at least one event whose request.idempotency_key is key. */
    QStringList refundsWithKey(const QString& key) const;
    /** Refund ids whose latest object has metadata.operation_id = operationId (R11). */
    QStringList refundsOfOperation(const QString& operationId) const;
    QStringList refundIds() const { return m_order; }
    int eventCount() const { return m_seenEvents.size(); }

private:
    static bool isNewer(const ProviderEvent& event, const ProviderRefund& refund, const Entry& current);
    static int typeRank(const QString& type);

    QStringList inFirstSeenOrder(QStringList ids) const;

    QHash<QString, Entry> m_entries;           // by refund id
    QStringList m_order;                       // refund ids in first-seen order
    QHash<QString, int> m_position;            // refund id -> index in m_order
    QSet<QString> m_seenEvents;                // event ids
    QHash<QString, QStringList> m_byKey;       // request.idempotency_key -> refund ids
    QHash<QString, QStringList> m_byOperation; // any object's metadata.operation_id -> refund ids
};
