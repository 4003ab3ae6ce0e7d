#include "sandbox/SandboxStore.h"

#include "Logging.h"
#include "db/QueryRows.h"
#include "db/SqlNull.h"

#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

namespace {

using SqlNull::nullableText;

QString toJsonText(const QJsonObject& o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject fromJsonText(const QString& s)
{
    return QJsonDocument::fromJson(s.toUtf8()).object();
}

StoredPaymentIntent readPaymentIntent(const QSqlQuery& q)
{
    StoredPaymentIntent pi;
    pi.seq = q.value(0).toLongLong();
    pi.id = q.value(1).toString();
    pi.chargeId = q.value(2).toString();
    pi.amount = q.value(3).toLongLong();
    pi.currency = q.value(4).toString();
    pi.metadata = fromJsonText(q.value(5).toString());
    pi.created = q.value(6).toLongLong();
    return pi;
}

const QString kPiColumns = QStringLiteral("seq, id, charge_id, amount, currency, metadata, created");
const QString kRefundColumns =
    QStringLiteral("seq, id, payment_intent, charge, amount, currency, reason, status, metadata, created, "
                   "balance_transaction, idempotency_key, failure_reason, failure_balance_transaction");
const QString kEventColumns = QStringLiteral("seq, id, type, created, data, request_id, idempotency_key");

StoredRefund readRefund(const QSqlQuery& q)
{
    StoredRefund r;
    r.seq = q.value(0).toLongLong();
    r.id = q.value(1).toString();
    r.paymentIntent = q.value(2).toString();
    r.charge = q.value(3).toString();
    r.amount = q.value(4).toLongLong();
    r.currency = q.value(5).toString();
    r.reason = q.value(6).toString();
    r.status = q.value(7).toString();
    r.metadata = fromJsonText(q.value(8).toString());
    r.created = q.value(9).toLongLong();
    r.balanceTransaction = q.value(10).toString();
    r.idempotencyKey = q.value(11).toString();
    r.failureReason = q.value(12).toString();
    r.failureBalanceTransaction = q.value(13).toString();
    return r;
}

StoredEvent readEvent(const QSqlQuery& q)
{
    StoredEvent e;
    e.seq = q.value(0).toLongLong();
    e.id = q.value(1).toString();
    e.type = q.value(2).toString();
    e.created = q.value(3).toLongLong();
    e.data = fromJsonText(q.value(4).toString());
    e.requestId = q.value(5).toString();
    e.idempotencyKey = q.value(6).toString();
    return e;
}

const QString kDeliveryColumns = QStringLiteral(
    "d.seq, d.event_id, d.event_seq, d.endpoint_id, w.url, w.secret, d.state, d.attempts, d.next_attempt_ms, "
    "d.created_ms, d.delivered_ms, d.last_status, d.last_error, d.reorder_hold, d.faults");
const QString kDeliveryFrom =
    QStringLiteral(" FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id");

StoredWebhookDelivery readDelivery(const QSqlQuery& q)
{
    StoredWebhookDelivery d;
    d.seq = q.value(0).toLongLong();
    d.eventId = q.value(1).toString();
    d.eventSeq = q.value(2).toLongLong();
    d.endpointId = q.value(3).toString();
    d.url = q.value(4).toString();
    d.secret = q.value(5).toString();
    d.state = q.value(6).toString();
    d.attempts = q.value(7).toInt();
    d.nextAttemptMs = q.value(8).toLongLong();
    d.createdMs = q.value(9).toLongLong();
    d.deliveredMs = q.value(10).toLongLong();
    d.lastStatus = q.value(11).toInt();
    d.lastError = q.value(12).toString();
    d.reorderHold = q.value(13).toInt() != 0;
    d.faults = q.value(14).toString();
    return d;
}

StoredWebhookEndpoint readEndpoint(const QSqlQuery& q)
{
    StoredWebhookEndpoint e;
    e.seq = q.value(0).toLongLong();
    e.id = q.value(1).toString();
    e.url = q.value(2).toString();
    e.secret = q.value(3).toString();
    e.createdMs = q.value(4).toLongLong();
    return e;
}

StoredWebhookAttempt readAttempt(const QSqlQuery& q)
{
    StoredWebhookAttempt a;
    a.deliverySeq = q.value(0).toLongLong();
    a.attempt = q.value(1).toInt();
    a.atMs = q.value(2).toLongLong();
    a.durationMs = q.value(3).toLongLong();
    a.status = q.value(4).toInt();
    a.error = q.value(5).toString();
    a.signatureTimestamp = q.value(6).toLongLong();
    return a;
}

StoredKey readKey(const QSqlQuery& q)
{
    StoredKey k;
    k.key = q.value(0).toString();
    k.fingerprint = q.value(1).toString();
    k.completed = q.value(2).toString() == QLatin1String("done");
    k.status = q.value(3).toInt();
    k.contentType = q.value(4).toString().toUtf8();
    k.body = q.value(5).toByteArray();
    k.requestId = q.value(6).toString();
    k.createdMs = q.value(7).toLongLong();
    k.expiresMs = q.value(8).toLongLong();
    return k;
}

StoreError logged(StoreError e)
{
    Logging::error(QStringLiteral("sandbox store: ") + e.message);
    return e;
}

/** The first column of the first row as a number; 0 without a row (or for NULL). */
template<typename Q>
StoreResult<qint64> firstNumber(StoreResult<Q> ran)
{
    auto row = QueryRows::first(std::move(ran), [](const QSqlQuery& q) { return q.value(0).toLongLong(); });
    if (!row)
        return row.error();
    return row.value().value_or(0);
}

template<typename Q>
StoreResult<void> done(const StoreResult<Q>& ran)
{
    if (!ran)
        return ran.error();
    return {};
}

/** Rows of (name, number) as {name minus the first prefixLength characters: number}. */
template<typename Q>
StoreResult<QJsonObject> numbersByName(StoreResult<Q> ran, qsizetype prefixLength)
{
    auto rows = QueryRows::all(std::move(ran), [prefixLength](const QSqlQuery& q) {
        return std::pair(q.value(0).toString().mid(prefixLength), q.value(1).toLongLong());
    });
    if (!rows)
        return rows.error();
    QJsonObject out;
    for (const auto& [name, value] : rows.value())
        out.insert(name, value);
    return out;
}

/** Shared cursor paging, newest first by seq: the statement and whether it reads ascending. */
struct PagedSelect
{
    QString sql;
    QVariantList binds;
    bool ascending = false; ///< ending_before walks towards newer items: read ascending, then reversed
};

PagedSelect pagedSelect(const QString& columns, const QString& table, QString where, QVariantList binds,
                        const PageRequest& page)
{
    PagedSelect out;
    if (page.startingAfterSeq > 0) {
        where += QStringLiteral(" AND seq < ?");
        binds.append(page.startingAfterSeq);
    } else if (page.endingBeforeSeq > 0) {
        where += QStringLiteral(" AND seq > ?");
        binds.append(page.endingBeforeSeq);
        out.ascending = true;
    }
    binds.append(page.limit + 1);
    out.sql = QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM ") + table + QStringLiteral(" WHERE ")
        + where + (out.ascending ? QStringLiteral(" ORDER BY seq ASC") : QStringLiteral(" ORDER BY seq DESC"))
        + QStringLiteral(" LIMIT ?");
    out.binds = std::move(binds);
    return out;
}

template<typename T>
StoreResult<Page<T>> toPage(StoreResult<QList<T>> rows, const PagedSelect& select, const PageRequest& page)
{
    if (!rows)
        return rows.error();
    Page<T> out;
    out.items = std::move(rows).value();
    if (out.items.size() > page.limit) {
        out.hasMore = true;
        out.items.removeLast();
    }
    if (select.ascending)
        std::reverse(out.items.begin(), out.items.end());
    return out;
}

const QString kNotOpen = QStringLiteral("the sandbox database is not open");

} // namespace

SandboxStore::SandboxStore() = default;
SandboxStore::~SandboxStore() = default;

StoreResult<QSqlQuery> SandboxStore::run(const QString& sql, const QVariantList& binds, const QString& context)
{
    if (!m_db)
        return logged(StoreError::make(StoreError::Code::ConnectionFailed, context + QStringLiteral(": ") + kNotOpen));
    auto ran = m_db->run(sql, binds, context);
    if (!ran)
        return logged(ran.error());
    return ran;
}

StoreResult<QSqlQuery*> SandboxStore::runPrepared(const QString& sql, const QVariantList& binds,
                                                  const QString& context)
{
    if (!m_db)
        return logged(StoreError::make(StoreError::Code::ConnectionFailed, context + QStringLiteral(": ") + kNotOpen));
    auto ran = m_db->runPrepared(sql, binds, context);
    if (!ran)
        return logged(ran.error());
    return ran;
}

StoreResult<void> SandboxStore::open(const QString& path)
{
    // 0600 like the operation database (Database::open creates it so); the -wal and -shm files
    // follow its mode. Database::open also refuses a file whose operation schema is newer than
    // this program's: a sandbox file has no schema_migrations table, so it always passes.
    auto db = Database::open(DatabaseUrl::sqlite(path));
    if (!db)
        return logged(db.error());
    m_db = std::move(db).value();
    const QStringList schema = {
        // Database::open sets FULL, as the operation database needs (R2). The sandbox keeps
        // NORMAL: in WAL mode a crash of the process loses no commit, only a power loss may
        // drop the last ones, and a test provider spares the fsync per request.
        QStringLiteral("PRAGMA synchronous=NORMAL"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS payment_intents (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "id TEXT NOT NULL UNIQUE, charge_id TEXT NOT NULL UNIQUE, amount INTEGER NOT NULL, "
                       "currency TEXT NOT NULL, metadata TEXT NOT NULL, created INTEGER NOT NULL)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS refunds (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "id TEXT NOT NULL UNIQUE, payment_intent TEXT NOT NULL, charge TEXT NOT NULL, "
                       "amount INTEGER NOT NULL, currency TEXT NOT NULL, reason TEXT, status TEXT NOT NULL, "
                       "metadata TEXT NOT NULL, created INTEGER NOT NULL, balance_transaction TEXT, "
                       "idempotency_key TEXT)"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS refunds_pi ON refunds(payment_intent)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, created INTEGER NOT NULL, "
                       "data TEXT NOT NULL, request_id TEXT, idempotency_key TEXT)"),
        // state: 'running' from the claim until the response is stored, then 'done'.
        QStringLiteral("CREATE TABLE IF NOT EXISTS idempotency_keys (idem_key TEXT PRIMARY KEY, "
                       "fingerprint TEXT NOT NULL, state TEXT NOT NULL, status INTEGER, content_type TEXT, "
                       "body BLOB, request_id TEXT, created_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL)"),
        QStringLiteral("DELETE FROM idempotency_keys WHERE state = 'running'"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS webhook_endpoints (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "id TEXT NOT NULL UNIQUE, url TEXT NOT NULL, secret TEXT NOT NULL, "
                       "created_ms INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0)"),
        // state: pending until a 2xx (delivered), the retry bound (failed) or the endpoint's
        // deletion (canceled). An attempt in flight at a crash is still pending: sent again.
        QStringLiteral(
            "CREATE TABLE IF NOT EXISTS webhook_deliveries (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
            "event_id TEXT NOT NULL, event_seq INTEGER NOT NULL, endpoint_id TEXT NOT NULL, "
            "state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_ms INTEGER NOT NULL, "
            "created_ms INTEGER NOT NULL, delivered_ms INTEGER NOT NULL DEFAULT 0, "
            "last_status INTEGER NOT NULL DEFAULT 0, last_error TEXT, "
            "reorder_hold INTEGER NOT NULL DEFAULT 0, faults TEXT NOT NULL DEFAULT '')"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries(state, "
                       "next_attempt_ms)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS webhook_attempts (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
                       "delivery_seq INTEGER NOT NULL, attempt INTEGER NOT NULL, at_ms INTEGER NOT NULL, "
                       "duration_ms INTEGER NOT NULL, status INTEGER NOT NULL, error TEXT, "
                       "signature_t INTEGER NOT NULL)"),
    };
    for (const QString& sql : schema) {
        if (auto r = m_db->runScript(sql, QStringLiteral("create sandbox schema")); !r)
            return logged(r.error());
    }
    // Refund failure columns arrived after the first sandbox databases were written.
    for (const QString& column : {QStringLiteral("failure_reason"), QStringLiteral("failure_balance_transaction")}) {
        auto has = hasColumn(QStringLiteral("refunds"), column);
        if (!has)
            return has.error();
        if (has.value())
            continue;
        if (auto r = m_db->runScript(QStringLiteral("ALTER TABLE refunds ADD COLUMN %1 TEXT").arg(column),
                                     QStringLiteral("add refunds.") + column);
            !r)
            return logged(r.error());
    }
    return {};
}

StoreResult<bool> SandboxStore::hasColumn(const QString& table, const QString& column)
{
    auto names = QueryRows::all(run(QStringLiteral("PRAGMA table_info(%1)").arg(table), {},
                             QStringLiteral("read columns of ") + table),
                         [](const QSqlQuery& q) { return q.value(1).toString(); });
    if (!names)
        return names.error();
    return names.value().contains(column);
}

StoreResult<void> SandboxStore::transaction()
{
    if (!m_db)
        return logged(StoreError::make(StoreError::Code::ConnectionFailed, QStringLiteral("begin: ") + kNotOpen));
    auto r = m_db->beginWrite();
    if (!r)
        return logged(r.error());
    return r;
}

StoreResult<void> SandboxStore::commit()
{
    if (!m_db)
        return logged(StoreError::make(StoreError::Code::ConnectionFailed, QStringLiteral("commit: ") + kNotOpen));
    auto r = m_db->commit();
    if (!r) {
        m_db->rollback();
        return logged(r.error());
    }
    return r;
}

void SandboxStore::rollback()
{
    if (m_db)
        m_db->rollback();
}

StoreResult<qint64> SandboxStore::clockOffsetMs()
{
    return firstNumber(run(QStringLiteral("SELECT value FROM meta WHERE name = 'clock_offset_ms'"), {},
                           QStringLiteral("read clock")));
}

StoreResult<void> SandboxStore::setClockOffsetMs(qint64 ms)
{
    return done(run(QStringLiteral("INSERT INTO meta(name, value) VALUES('clock_offset_ms', ?) "
                                   "ON CONFLICT(name) DO UPDATE SET value = excluded.value"),
                    {ms}, QStringLiteral("set clock")));
}

StoreResult<void> SandboxStore::incrementCounter(const QString& name, qint64 by)
{
    return done(runPrepared(QStringLiteral("INSERT INTO meta(name, value) VALUES(?, ?) "
                                           "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value"),
                            {QStringLiteral("counter.") + name, by}, QStringLiteral("count ") + name));
}

StoreResult<QJsonObject> SandboxStore::counters()
{
    return numbersByName(runPrepared(QStringLiteral("SELECT name, value FROM meta WHERE name LIKE 'counter.%'"), {},
                                     QStringLiteral("read counters")),
                         8);
}

// Keyed counters live in meta as "keyed.<group>.<key>", apart from "counter.": counters()
// returns its rows as top-level stats fields, and a key is data, not a field name.
StoreResult<void> SandboxStore::incrementKeyedCounter(const QString& group, const QString& key)
{
    return done(runPrepared(QStringLiteral("INSERT INTO meta(name, value) VALUES(?, 1) "
                                           "ON CONFLICT(name) DO UPDATE SET value = value + 1"),
                            {QStringLiteral("keyed.%1.%2").arg(group, key)}, QStringLiteral("count ") + group));
}

StoreResult<QJsonObject> SandboxStore::keyedCounters(const QString& group)
{
    const QString prefix = QStringLiteral("keyed.%1.").arg(group);
    return numbersByName(runPrepared(QStringLiteral("SELECT name, value FROM meta WHERE substr(name, 1, ?) = ?"),
                                     {prefix.size(), prefix}, QStringLiteral("read counters of ") + group),
                         prefix.size());
}

StoreResult<void> SandboxStore::insertPaymentIntent(const StoredPaymentIntent& pi)
{
    return done(run(QStringLiteral("INSERT INTO payment_intents(id, charge_id, amount, currency, metadata, created) "
                                   "VALUES(?, ?, ?, ?, ?, ?)"),
                    {pi.id, pi.chargeId, pi.amount, pi.currency, toJsonText(pi.metadata), pi.created},
                    QStringLiteral("insert payment intent")));
}

StoreResult<std::optional<StoredPaymentIntent>> SandboxStore::paymentIntent(const QString& id)
{
    return QueryRows::first(runPrepared(QStringLiteral("SELECT ") + kPiColumns + QStringLiteral(" FROM payment_intents WHERE id = ?"),
                                {id}, QStringLiteral("read payment intent")),
                    readPaymentIntent);
}

StoreResult<std::optional<StoredPaymentIntent>> SandboxStore::paymentIntentByCharge(const QString& chargeId)
{
    return QueryRows::first(runPrepared(QStringLiteral("SELECT ") + kPiColumns
                                    + QStringLiteral(" FROM payment_intents WHERE charge_id = ?"),
                                {chargeId}, QStringLiteral("read payment intent by charge")),
                    readPaymentIntent);
}

StoreResult<QList<StoredPaymentIntent>> SandboxStore::allPaymentIntents()
{
    return QueryRows::all(run(QStringLiteral("SELECT ") + kPiColumns + QStringLiteral(" FROM payment_intents ORDER BY seq DESC"),
                       {}, QStringLiteral("list payment intents")),
                   readPaymentIntent);
}

StoreResult<void> SandboxStore::insertRefund(StoredRefund& r)
{
    auto ran = runPrepared(QStringLiteral("INSERT INTO refunds(id, payment_intent, charge, amount, currency, reason, "
                                          "status, metadata, created, balance_transaction, idempotency_key) "
                                          "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                           {r.id, r.paymentIntent, r.charge, r.amount, r.currency, nullableText(r.reason), r.status,
                            toJsonText(r.metadata), r.created, nullableText(r.balanceTransaction),
                            nullableText(r.idempotencyKey)},
                           QStringLiteral("insert refund"));
    if (!ran)
        return ran.error();
    r.seq = ran.value()->lastInsertId().toLongLong();
    return {};
}

StoreResult<void> SandboxStore::updateRefundMetadata(const QString& id, const QJsonObject& metadata)
{
    return done(run(QStringLiteral("UPDATE refunds SET metadata = ? WHERE id = ?"), {toJsonText(metadata), id},
                    QStringLiteral("update refund")));
}

StoreResult<void> SandboxStore::failRefund(const QString& id, const QString& failureReason,
                                           const QString& failureBalanceTransaction)
{
    auto ran = run(QStringLiteral("UPDATE refunds SET status = 'failed', failure_reason = ?, "
                                  "failure_balance_transaction = ? WHERE id = ?"),
                   {failureReason, failureBalanceTransaction, id}, QStringLiteral("fail refund"));
    if (!ran)
        return ran.error();
    if (ran.value().numRowsAffected() != 1)
        return logged(StoreError::make(StoreError::Code::NotFound,
                                       QStringLiteral("fail refund: no refund %1").arg(id), QStringLiteral("id")));
    return {};
}

StoreResult<std::optional<StoredRefund>> SandboxStore::refund(const QString& id)
{
    return QueryRows::first(runPrepared(QStringLiteral("SELECT ") + kRefundColumns + QStringLiteral(" FROM refunds WHERE id = ?"),
                                {id}, QStringLiteral("read refund")),
                    readRefund);
}

StoreResult<qint64> SandboxStore::refundedAmount(const QString& paymentIntentId)
{
    return firstNumber(runPrepared(QStringLiteral("SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE payment_intent = ? "
                                                  "AND status IN ('succeeded', 'pending')"),
                                   {paymentIntentId}, QStringLiteral("read refunded amount")));
}

StoreResult<Page<StoredRefund>> SandboxStore::refunds(const QString& paymentIntent, const QString& charge,
                                                      const PageRequest& page)
{
    QString where = QStringLiteral("1 = 1");
    QVariantList binds;
    if (!paymentIntent.isEmpty()) {
        where += QStringLiteral(" AND payment_intent = ?");
        binds.append(paymentIntent);
    }
    if (!charge.isEmpty()) {
        where += QStringLiteral(" AND charge = ?");
        binds.append(charge);
    }
    const PagedSelect select = pagedSelect(kRefundColumns, QStringLiteral("refunds"), where, binds, page);
    return toPage(QueryRows::all(run(select.sql, select.binds, QStringLiteral("list refunds")), readRefund), select, page);
}

StoreResult<QJsonObject> SandboxStore::refundCountsBy(const QString& column)
{
    if (column != QLatin1String("payment_intent") && column != QLatin1String("idempotency_key"))
        return logged(StoreError::make(StoreError::Code::InvalidArgument,
                                       QStringLiteral("count refunds: no column %1").arg(column),
                                       QStringLiteral("column")));
    return numbersByName(run(QStringLiteral("SELECT ") + column + QStringLiteral(", COUNT(*) FROM refunds WHERE ")
                                 + column + QStringLiteral(" IS NOT NULL GROUP BY ") + column,
                             {}, QStringLiteral("count refunds by ") + column),
                         0);
}

StoreResult<qint64> SandboxStore::refundCount()
{
    return firstNumber(run(QStringLiteral("SELECT COUNT(*) FROM refunds"), {}, QStringLiteral("count refunds")));
}

StoreResult<void> SandboxStore::insertEvent(StoredEvent& e)
{
    auto ran = runPrepared(QStringLiteral("INSERT INTO events(id, type, created, data, request_id, idempotency_key) "
                                          "VALUES(?, ?, ?, ?, ?, ?)"),
                           {e.id, e.type, e.created, toJsonText(e.data), nullableText(e.requestId),
                            nullableText(e.idempotencyKey)},
                           QStringLiteral("insert event"));
    if (!ran)
        return ran.error();
    e.seq = ran.value()->lastInsertId().toLongLong();
    return {};
}

StoreResult<std::optional<StoredEvent>> SandboxStore::event(const QString& id)
{
    return QueryRows::first(runPrepared(QStringLiteral("SELECT ") + kEventColumns + QStringLiteral(" FROM events WHERE id = ?"),
                                {id}, QStringLiteral("read event")),
                    readEvent);
}

StoreResult<Page<StoredEvent>> SandboxStore::events(const QStringList& types, std::optional<qint64> createdGte,
                                                    std::optional<qint64> createdLte, const PageRequest& page)
{
    QString where = QStringLiteral("1 = 1");
    QVariantList binds;
    if (!types.isEmpty()) {
        QStringList clauses;
        for (const QString& t : types) {
            if (t.endsWith(QLatin1String(".*"))) {
                clauses.append(QStringLiteral("substr(type, 1, ?) = ?"));
                const QString prefix = t.chopped(1); // keep the dot
                binds.append(prefix.size());
                binds.append(prefix);
            } else {
                clauses.append(QStringLiteral("type = ?"));
                binds.append(t);
            }
        }
        where += QStringLiteral(" AND (") + clauses.join(QStringLiteral(" OR ")) + QLatin1Char(')');
    }
    if (createdGte) {
        where += QStringLiteral(" AND created >= ?");
        binds.append(*createdGte);
    }
    if (createdLte) {
        where += QStringLiteral(" AND created <= ?");
        binds.append(*createdLte);
    }
    const PagedSelect select = pagedSelect(kEventColumns, QStringLiteral("events"), where, binds, page);
    return toPage(QueryRows::all(run(select.sql, select.binds, QStringLiteral("list events")), readEvent), select, page);
}

StoreResult<qint64> SandboxStore::seqOf(const QString& table, const QString& id)
{
    if (table != QLatin1String("refunds") && table != QLatin1String("events")
        && table != QLatin1String("payment_intents"))
        return logged(StoreError::make(StoreError::Code::InvalidArgument,
                                       QStringLiteral("find cursor: no table %1").arg(table), QStringLiteral("table")));
    return firstNumber(run(QStringLiteral("SELECT seq FROM ") + table + QStringLiteral(" WHERE id = ?"), {id},
                           QStringLiteral("find cursor in ") + table));
}

StoreResult<bool> SandboxStore::claimKey(const QString& key, const QString& fingerprint, const QString& requestId,
                                         qint64 nowMs, qint64 expiresMs)
{
    // Retention passed: the old row no longer exists for the caller (Stripe prunes it).
    if (auto purged = runPrepared(QStringLiteral("DELETE FROM idempotency_keys WHERE idem_key = ? AND expires_ms <= ? "
                                                 "AND state = 'done'"),
                                  {key, nowMs}, QStringLiteral("purge key"));
        !purged)
        return purged.error();
    // The claim itself: one INSERT that either creates the row or does nothing.
    auto claimed = runPrepared(QStringLiteral("INSERT INTO idempotency_keys(idem_key, fingerprint, state, request_id, "
                                              "created_ms, expires_ms) VALUES(?, ?, 'running', ?, ?, ?) "
                                              "ON CONFLICT(idem_key) DO NOTHING"),
                               {key, fingerprint, requestId, nowMs, expiresMs}, QStringLiteral("claim key"));
    if (!claimed)
        return claimed.error();
    return claimed.value()->numRowsAffected() == 1;
}

StoreResult<std::optional<StoredKey>> SandboxStore::key(const QString& key)
{
    return QueryRows::first(runPrepared(QStringLiteral("SELECT idem_key, fingerprint, state, status, content_type, body, "
                                               "request_id, created_ms, expires_ms FROM idempotency_keys "
                                               "WHERE idem_key = ?"),
                                {key}, QStringLiteral("read key")),
                    readKey);
}

StoreResult<void> SandboxStore::completeKey(const QString& key, int status, const QByteArray& contentType,
                                            const QByteArray& body)
{
    auto ran = runPrepared(QStringLiteral("UPDATE idempotency_keys SET state = 'done', status = ?, content_type = ?, "
                                          "body = ? WHERE idem_key = ? AND state = 'running'"),
                           {status, QString::fromUtf8(contentType), body, key}, QStringLiteral("complete key"));
    if (!ran)
        return ran.error();
    if (ran.value()->numRowsAffected() != 1)
        return logged(StoreError::make(StoreError::Code::NotFound,
                                       QStringLiteral("complete key: %1 is not claimed").arg(key),
                                       QStringLiteral("key")));
    return {};
}

StoreResult<void> SandboxStore::releaseKey(const QString& key)
{
    return done(runPrepared(QStringLiteral("DELETE FROM idempotency_keys WHERE idem_key = ? AND state = 'running'"),
                            {key}, QStringLiteral("release key")));
}

StoreResult<qint64> SandboxStore::inProgressKeyCount()
{
    return firstNumber(run(QStringLiteral("SELECT COUNT(*) FROM idempotency_keys WHERE state = 'running'"), {},
                           QStringLiteral("count keys in progress")));
}

StoreResult<void> SandboxStore::insertWebhookEndpoint(StoredWebhookEndpoint& endpoint)
{
    auto ran = run(QStringLiteral("INSERT INTO webhook_endpoints(id, url, secret, created_ms) VALUES(?, ?, ?, ?)"),
                   {endpoint.id, endpoint.url, endpoint.secret, endpoint.createdMs},
                   QStringLiteral("insert webhook endpoint"));
    if (!ran)
        return ran.error();
    endpoint.seq = ran.value().lastInsertId().toLongLong();
    return {};
}

StoreResult<QList<StoredWebhookEndpoint>> SandboxStore::webhookEndpoints()
{
    return QueryRows::all(run(QStringLiteral("SELECT seq, id, url, secret, created_ms FROM webhook_endpoints WHERE deleted = 0 "
                                      "ORDER BY seq"),
                       {}, QStringLiteral("list webhook endpoints")),
                   readEndpoint);
}

StoreResult<bool> SandboxStore::deleteWebhookEndpoint(const QString& id)
{
    if (auto r = transaction(); !r)
        return r.error();
    const QString context = QStringLiteral("delete webhook endpoint");
    auto deleted = run(QStringLiteral("UPDATE webhook_endpoints SET deleted = 1 WHERE id = ? AND deleted = 0"), {id},
                       context);
    if (!deleted) {
        rollback();
        return deleted.error();
    }
    const bool found = deleted.value().numRowsAffected() == 1;
    if (auto canceled = run(QStringLiteral("UPDATE webhook_deliveries SET state = 'canceled' WHERE endpoint_id = ? "
                                           "AND state = 'pending'"),
                            {id}, context);
        !canceled) {
        rollback();
        return canceled.error();
    }
    if (auto r = commit(); !r)
        return r.error();
    return found;
}

StoreResult<void> SandboxStore::enqueueWebhookDeliveries(const StoredEvent& event, qint64 nowMs)
{
    return done(runPrepared(QStringLiteral("INSERT INTO webhook_deliveries(event_id, event_seq, endpoint_id, state, "
                                           "next_attempt_ms, created_ms) SELECT ?, ?, id, 'pending', ?, ? "
                                           "FROM webhook_endpoints WHERE deleted = 0 ORDER BY seq"),
                            {event.id, event.seq, nowMs, nowMs}, QStringLiteral("enqueue webhooks")));
}

StoreResult<QList<StoredWebhookDelivery>> SandboxStore::webhookDeliveriesOfEvent(const QString& eventId)
{
    return QueryRows::all(run(QStringLiteral("SELECT ") + kDeliveryColumns + kDeliveryFrom
                           + QStringLiteral(" WHERE d.event_id = ? ORDER BY d.seq"),
                       {eventId}, QStringLiteral("list webhooks of event")),
                   readDelivery);
}

StoreResult<QList<StoredWebhookDelivery>> SandboxStore::dueWebhookDeliveries(qint64 nowMs, int limit)
{
    return QueryRows::all(run(QStringLiteral("SELECT ") + kDeliveryColumns + kDeliveryFrom
                           + QStringLiteral(" WHERE d.state = 'pending' AND d.next_attempt_ms <= ? "
                                            "ORDER BY d.event_seq, d.seq LIMIT ?"),
                       {nowMs, limit}, QStringLiteral("due webhooks")),
                   readDelivery);
}

StoreResult<std::optional<qint64>> SandboxStore::nextWebhookDueMs(qint64 afterMs)
{
    auto row = QueryRows::first(run(QStringLiteral("SELECT MIN(next_attempt_ms) FROM webhook_deliveries WHERE state = 'pending' "
                                           "AND next_attempt_ms > ?"),
                            {afterMs}, QStringLiteral("next webhook due")),
                        [](const QSqlQuery& q) { return q.value(0); });
    if (!row)
        return row.error();
    if (!row.value() || row.value()->isNull())
        return std::optional<qint64>();
    return std::optional<qint64>(row.value()->toLongLong());
}

StoreResult<void> SandboxStore::duplicateWebhookDelivery(qint64 deliverySeq, qint64 nowMs)
{
    return done(run(QStringLiteral("INSERT INTO webhook_deliveries(event_id, event_seq, endpoint_id, state, "
                                   "next_attempt_ms, created_ms, reorder_hold, faults) SELECT event_id, event_seq, "
                                   "endpoint_id, 'pending', next_attempt_ms, ?, reorder_hold, faults "
                                   "FROM webhook_deliveries WHERE seq = ?"),
                    {nowMs, deliverySeq}, QStringLiteral("duplicate webhook")));
}

StoreResult<void> SandboxStore::updateWebhookDeliverySchedule(qint64 deliverySeq, qint64 nextAttemptMs,
                                                              bool reorderHold, const QString& faults)
{
    return done(run(QStringLiteral("UPDATE webhook_deliveries SET next_attempt_ms = ?, reorder_hold = ?, faults = ? "
                                   "WHERE seq = ?"),
                    {nextAttemptMs, reorderHold ? 1 : 0, faults, deliverySeq}, QStringLiteral("schedule webhook")));
}

StoreResult<void> SandboxStore::recordWebhookAttempt(const StoredWebhookAttempt& attempt, const QString& state,
                                                     qint64 nextAttemptMs, qint64 deliveredMs)
{
    if (auto r = transaction(); !r)
        return r;
    const QString context = QStringLiteral("record webhook attempt");
    auto inserted = run(QStringLiteral("INSERT INTO webhook_attempts(delivery_seq, attempt, at_ms, duration_ms, status, "
                                       "error, signature_t) VALUES(?, ?, ?, ?, ?, ?, ?)"),
                        {attempt.deliverySeq, attempt.attempt, attempt.atMs, attempt.durationMs, attempt.status,
                         nullableText(attempt.error), attempt.signatureTimestamp},
                        context);
    if (!inserted) {
        rollback();
        return inserted.error();
    }
    auto updated = run(QStringLiteral("UPDATE webhook_deliveries SET state = ?, attempts = ?, next_attempt_ms = ?, "
                                      "delivered_ms = ?, last_status = ?, last_error = ?, reorder_hold = 0 "
                                      "WHERE seq = ? AND state = 'pending'"),
                       {state, attempt.attempt, nextAttemptMs, deliveredMs, attempt.status, nullableText(attempt.error),
                        attempt.deliverySeq},
                       context);
    if (!updated) {
        rollback();
        return updated.error();
    }
    return commit();
}

StoreResult<int> SandboxStore::releaseWebhookReorderHolds(const QString& endpointId, qint64 eventSeq, qint64 nowMs)
{
    auto ran = run(QStringLiteral("UPDATE webhook_deliveries SET reorder_hold = 0, next_attempt_ms = ? WHERE "
                                  "endpoint_id = ? AND state = 'pending' AND reorder_hold = 1 AND event_seq < ?"),
                   {nowMs, endpointId, eventSeq}, QStringLiteral("release webhook holds"));
    if (!ran)
        return ran.error();
    return ran.value().numRowsAffected();
}

StoreResult<QList<StoredWebhookDelivery>> SandboxStore::allWebhookDeliveries()
{
    return QueryRows::all(run(QStringLiteral("SELECT ") + kDeliveryColumns + kDeliveryFrom + QStringLiteral(" ORDER BY d.seq"),
                       {}, QStringLiteral("list webhooks")),
                   readDelivery);
}

StoreResult<QList<StoredWebhookAttempt>> SandboxStore::webhookAttempts(qint64 deliverySeq)
{
    return QueryRows::all(run(QStringLiteral("SELECT delivery_seq, attempt, at_ms, duration_ms, status, error, signature_t "
                                      "FROM webhook_attempts WHERE delivery_seq = ? ORDER BY seq"),
                       {deliverySeq}, QStringLiteral("list webhook attempts")),
                   readAttempt);
}

StoreResult<int> SandboxStore::pendingWebhookCount(const QString& eventId)
{
    auto n = firstNumber(runPrepared(QStringLiteral("SELECT COUNT(DISTINCT endpoint_id) FROM webhook_deliveries "
                                                    "WHERE event_id = ? AND state = 'pending'"),
                                     {eventId}, QStringLiteral("count pending webhooks")));
    if (!n)
        return n.error();
    return int(n.value());
}
