#include "reconcile/ProviderEventStore.h"

#include "db/QueryRows.h"
#include "db/SqlNull.h"
#include "db/WaitingEventActions.h"
#include "reconcile/WebhookEventParser.h"

#include <QJsonDocument>
#include <QSqlQuery>

namespace {

using SqlNull::nullableText;

const char* kColumns = "event_id, source, received_at, type, event_created, refund_id, operation_id, action, "
                       "action_detail, applied_at, payload";

/** An event from a row of kColumns. */
ProviderEventStore::StoredEvent readEvent(const QSqlQuery& r)
{
    ProviderEventStore::StoredEvent e;
    e.eventId = r.value(0).toString();
    e.source = r.value(1).toString();
    e.receivedAt = r.value(2).toLongLong();
    e.type = r.value(3).toString();
    e.eventCreated = r.value(4).toLongLong();
    e.refundId = r.value(5).toString();
    e.operationId = r.value(6).toString();
    e.action = r.value(7).toString();
    e.actionDetail = r.value(8).toString();
    if (!r.value(9).isNull())
        e.appliedAt = r.value(9).toLongLong();
    e.payload = r.value(10).toString();
    return e;
}

} // namespace

ProviderEventStore::ProviderEventStore(Database& db, const Clock& clock)
    : m_db(db)
    , m_clock(clock)
{
}

QStringList ProviderEventStore::waitingActions()
{
    return WaitingEventActions::list();
}

StoreResult<bool> ProviderEventStore::insertRow(const ProviderEvent& event, Source source)
{
    const QString payload = QString::fromUtf8(QJsonDocument(event.raw).toJson(QJsonDocument::Compact));
    // ON CONFLICT DO NOTHING: a duplicate delivery racing the first one inserts nothing and is told so.
    auto q = m_db.runPrepared(
        QStringLiteral("INSERT INTO provider_events (event_id, source, received_at, type, event_created, "
                       "refund_id, action, payload) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?) "
                       "ON CONFLICT (event_id) DO NOTHING"),
        {event.id, source == Source::Webhook ? QStringLiteral("webhook") : QStringLiteral("poll"),
         m_clock.nowMs(), event.type, event.createdUtcSeconds, nullableText(WebhookEventParser::refundId(event)),
         payload},
        QStringLiteral("store provider event"));
    if (!q)
        return q.error();
    return q.value()->numRowsAffected() == 1;
}

StoreResult<bool> ProviderEventStore::insert(const ProviderEvent& event, Source source)
{
    return insertRow(event, source);
}

StoreResult<bool> ProviderEventStore::insertPolled(const ProviderEvent& event, const QString& cursorName)
{
    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    auto inserted = insertRow(event, Source::Poll);
    if (!inserted)
        return inserted.error();
    auto c = m_db.run(
        QStringLiteral(
            "INSERT INTO reconcile_cursor (name, event_id, event_created, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET event_id = excluded.event_id, "
            "event_created = excluded.event_created, updated_at = excluded.updated_at"),
        {cursorName, event.id, event.createdUtcSeconds, m_clock.nowMs()},
        QStringLiteral("move event cursor"));
    if (!c)
        return c.error();
    if (auto r = tx.commit(); !r)
        return r.error();
    return inserted.value();
}

StoreResult<std::optional<QString>> ProviderEventStore::cursor(const QString& name)
{
    auto q = m_db.run(QStringLiteral("SELECT event_id FROM reconcile_cursor WHERE name = ?"), {name},
                      QStringLiteral("read event cursor"));
    if (!q)
        return q.error();
    if (!q.value().next())
        return std::optional<QString>();
    return std::optional<QString>(q.value().value(0).toString());
}

StoreResult<QList<ProviderEventStore::StoredEvent>>
ProviderEventStore::select(const QString& where, const QVariantList& binds, const QString& order, int limit)
{
    QVariantList all = binds;
    all << qBound(1, limit, 10000);
    // Kept prepared: callers pass a few fixed where/order texts (the reconciler runs them per pass).
    auto q = m_db.runPrepared(QStringLiteral("SELECT %1 FROM provider_events WHERE %2 ORDER BY %3 LIMIT ?")
                                  .arg(QString::fromLatin1(kColumns), where, order),
                              all, QStringLiteral("read provider events"));
    return QueryRows::all(std::move(q), readEvent);
}

StoreResult<std::optional<ProviderEventStore::StoredEvent>> ProviderEventStore::event(const QString& eventId)
{
    auto rows = select(QStringLiteral("event_id = ?"), {eventId}, QStringLiteral("event_id"), 1);
    if (!rows)
        return rows.error();
    if (rows.value().isEmpty())
        return std::optional<StoredEvent>();
    return std::optional<StoredEvent>(rows.value().first());
}

namespace {
/** "action IN ('pending', ...)": the one list of what still waits (WaitingEventActions). */
QString waitingCondition()
{
    static const QString condition = QStringLiteral("action IN ") + WaitingEventActions::sqlList();
    return condition;
}
} // namespace

StoreResult<bool> ProviderEventStore::recordAction(const QString& eventId, const QString& operationId,
                                                   const QString& refundId, const QString& action,
                                                   const QString& detail)
{
    auto q = m_db.runPrepared(
        QStringLiteral(
            "UPDATE provider_events SET operation_id = ?, refund_id = COALESCE(?, refund_id), action = ?, "
            "action_detail = ?, applied_at = ? WHERE event_id = ? AND ") + waitingCondition(),
        {nullableText(operationId), nullableText(refundId), action, detail.left(2000), m_clock.nowMs(), eventId},
        QStringLiteral("record what was done with an event"));
    if (!q)
        return q.error();
    return q.value()->numRowsAffected() == 1;
}

StoreResult<QList<ProviderEventStore::StoredEvent>> ProviderEventStore::waiting(int limit)
{
    // New events first: events that keep waiting (an open or unknown row) must not starve them.
    return select(waitingCondition(), {},
                  // ...and those that keep waiting take turns: the one looked at longest ago first.
                  QStringLiteral("CASE WHEN action = 'pending' THEN 0 ELSE 1 END, COALESCE(applied_at, 0), "
                                 "event_created, received_at, event_id"),
                  limit);
}

StoreResult<QList<ProviderEventStore::StoredEvent>>
ProviderEventStore::forOperation(const QString& operationId)
{
    return select(QStringLiteral("operation_id = ?"), {operationId},
                  QStringLiteral("event_created, received_at, event_id"), 1000);
}

StoreResult<QList<ProviderEventStore::StoredEvent>> ProviderEventStore::recent(int limit, bool unmatchedOnly)
{
    return select(unmatchedOnly ? QStringLiteral("action = 'unmatched'") : QStringLiteral("1 = 1"), {},
                  QStringLiteral("received_at DESC, event_id DESC"), limit);
}

StoreResult<qint64> ProviderEventStore::count(const QString& action)
{
    auto q = action.isEmpty()
                 ? m_db.run(QStringLiteral("SELECT count(*) FROM provider_events"), {},
                            QStringLiteral("count events"))
                 : m_db.run(QStringLiteral("SELECT count(*) FROM provider_events WHERE action = ?"), {action},
                            QStringLiteral("count events"));
    if (!q)
        return q.error();
    q.value().next();
    return q.value().value(0).toLongLong();
}
