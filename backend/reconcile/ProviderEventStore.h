#pragma once

#include "Clock.h"
#include "db/Database.h"
#include "provider/ProviderEvent.h"

#include <QList>
#include <QString>

#include <optional>

/**
 * R24: the provider events the reconciler saw, each stored once (provider_events, keyed by the
 * event id), and the polling cursor of `refund-tool reconcile` (reconcile_cursor).
 *
 * An event row is inserted with action `pending`; the reconciler then writes what it did (see
 * Reconciler::Action). Times are UTC epoch ms; event_created is the provider's Unix seconds.
 */
class ProviderEventStore
{
public:
    enum class Source { Webhook, Poll };

    struct StoredEvent
    {
        QString eventId;
        QString source;        ///< "webhook" or "poll"
        qint64 receivedAt = 0; ///< UTC epoch ms
        QString type;
        qint64 eventCreated = 0; ///< Unix seconds, from the provider
        QString refundId;
        QString operationId; ///< the operation the refund's metadata named, if one exists
        QString action;      ///< what the reconciler did ("pending" until it has run)
        QString actionDetail;
        std::optional<qint64> appliedAt;
        QString payload; ///< the event JSON as received
    };

    /** The name of the cursor `refund-tool reconcile` keeps. */
    static QString eventsCursorName() { return QStringLiteral("events"); }

    explicit ProviderEventStore(Database& db, const Clock& clock = Clock::system());

    /** Stores the event unless its id is already stored. True: new; false: a duplicate (nothing written). */
    StoreResult<bool> insert(const ProviderEvent& event, Source source);
    /**
     * Poll path: stores the event (if new) and moves the cursor to it in one transaction, so a
     * process killed at any point resumes after the last stored event, never before or beyond.
     */
    StoreResult<bool> insertPolled(const ProviderEvent& event, const QString& cursorName);

    /** The id of the newest event the cursor has passed, or nullopt before the first poll. */
    StoreResult<std::optional<QString>> cursor(const QString& name);

    StoreResult<std::optional<StoredEvent>> event(const QString& eventId);
    /**
     * Writes what was done with an event that is still waiting (pending, fetch_failed, left_open
     * or left_unknown). Returns false when another worker recorded it first (nothing written).
     */
    StoreResult<bool> recordAction(const QString& eventId, const QString& operationId,
                                   const QString& refundId, const QString& action, const QString& detail);
    /** Events still waiting for the reconciler: new ones (pending) first, then oldest first. */
    StoreResult<QList<StoredEvent>> waiting(int limit = 200);
    /** Events mapped to an operation, oldest first (the console's evidence). */
    StoreResult<QList<StoredEvent>> forOperation(const QString& operationId);
    /** The newest events, optionally only those no operation knows (action `unmatched`). */
    StoreResult<QList<StoredEvent>> recent(int limit = 100, bool unmatchedOnly = false);
    StoreResult<qint64> count(const QString& action = {});

    /** Actions that leave the event waiting for another try (WaitingEventActions::list()). */
    static QStringList waitingActions();

private:
    StoreResult<bool> insertRow(const ProviderEvent& event, Source source);
    StoreResult<QList<StoredEvent>> select(const QString& where, const QVariantList& binds,
                                           const QString& order, int limit);

    Database& m_db;
    const Clock& m_clock;
};
