#include "sandbox/SandboxStore.h"

#include "Logging.h"
#include "PrivateFile.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace {

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

QVariant nullableText(const QString& s)
{
    return s.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(s);
}

} // namespace

SandboxStore::SandboxStore()
    : m_connectionName(QStringLiteral("sandbox-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
}

SandboxStore::~SandboxStore()
{
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

void SandboxStore::setError(const QString& where, const QString& text)
{
    m_lastError = where + QStringLiteral(": ") + text;
    Logging::error(QStringLiteral("sandbox store: ") + m_lastError);
}

bool SandboxStore::exec(const QString& sql)
{
    QSqlQuery q(m_db);
    if (!q.exec(sql)) {
        setError(sql.left(60), q.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::open(const QString& path)
{
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    // 0600 like the operation database (PrivateFile); its -wal and -shm files follow its mode.
    PrivateFile::create(path);
    m_db.setDatabaseName(path);
    if (!m_db.open()) {
        setError(QStringLiteral("open"), m_db.lastError().text());
        return false;
    }
    const QStringList schema = {
        QStringLiteral("PRAGMA journal_mode=WAL"),
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
        if (!exec(sql))
            return false;
    }
    // Refund failure columns arrived after the first sandbox databases were written.
    for (const QString& column :
         {QStringLiteral("failure_reason"), QStringLiteral("failure_balance_transaction")}) {
        if (!hasColumn(QStringLiteral("refunds"), column) &&
            !exec(QStringLiteral("ALTER TABLE refunds ADD COLUMN %1 TEXT").arg(column)))
            return false;
    }
    return true;
}

bool SandboxStore::hasColumn(const QString& table, const QString& column)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA table_info(%1)").arg(table)))
        return false;
    while (q.next()) {
        if (q.value(1).toString() == column)
            return true;
    }
    return false;
}

bool SandboxStore::transaction()
{
    if (!m_db.transaction()) {
        setError(QStringLiteral("begin"), m_db.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::commit()
{
    if (!m_db.commit()) {
        setError(QStringLiteral("commit"), m_db.lastError().text());
        m_db.rollback();
        return false;
    }
    return true;
}

void SandboxStore::rollback() { m_db.rollback(); }

qint64 SandboxStore::clockOffsetMs()
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT value FROM meta WHERE name = 'clock_offset_ms'"));
    if (q.exec() && q.next())
        return q.value(0).toLongLong();
    return 0;
}

bool SandboxStore::setClockOffsetMs(qint64 ms)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO meta(name, value) VALUES('clock_offset_ms', ?) "
                             "ON CONFLICT(name) DO UPDATE SET value = excluded.value"));
    q.addBindValue(ms);
    if (!q.exec()) {
        setError(QStringLiteral("clock"), q.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::incrementCounter(const QString& name, qint64 by)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO meta(name, value) VALUES(?, ?) "
                             "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value"));
    q.addBindValue(QStringLiteral("counter.") + name);
    q.addBindValue(by);
    if (!q.exec()) {
        setError(QStringLiteral("counter"), q.lastError().text());
        return false;
    }
    return true;
}

QJsonObject SandboxStore::counters()
{
    QJsonObject out;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT name, value FROM meta WHERE name LIKE 'counter.%'"))) {
        while (q.next())
            out.insert(q.value(0).toString().mid(8), q.value(1).toLongLong());
    }
    return out;
}

// Keyed counters live in meta as "keyed.<group>.<key>", apart from "counter.": counters()
// returns its rows as top-level stats fields, and a key is data, not a field name.
bool SandboxStore::incrementKeyedCounter(const QString& group, const QString& key)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO meta(name, value) VALUES(?, 1) "
                             "ON CONFLICT(name) DO UPDATE SET value = value + 1"));
    q.addBindValue(QStringLiteral("keyed.%1.%2").arg(group, key));
    if (!q.exec()) {
        setError(QStringLiteral("counter"), q.lastError().text());
        return false;
    }
    return true;
}

QJsonObject SandboxStore::keyedCounters(const QString& group)
{
    QJsonObject out;
    const QString prefix = QStringLiteral("keyed.%1.").arg(group);
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT name, value FROM meta WHERE substr(name, 1, ?) = ?"));
    q.addBindValue(prefix.size());
    q.addBindValue(prefix);
    if (q.exec()) {
        while (q.next())
            out.insert(q.value(0).toString().mid(prefix.size()), q.value(1).toLongLong());
    }
    return out;
}

bool SandboxStore::insertPaymentIntent(const StoredPaymentIntent& pi)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO payment_intents(id, charge_id, amount, currency, metadata, created) "
                             "VALUES(?, ?, ?, ?, ?, ?)"));
    q.addBindValue(pi.id);
    q.addBindValue(pi.chargeId);
    q.addBindValue(pi.amount);
    q.addBindValue(pi.currency);
    q.addBindValue(toJsonText(pi.metadata));
    q.addBindValue(pi.created);
    if (!q.exec()) {
        setError(QStringLiteral("insert payment intent"), q.lastError().text());
        return false;
    }
    return true;
}

std::optional<StoredPaymentIntent> SandboxStore::paymentIntent(const QString& id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT ") + kPiColumns + QStringLiteral(" FROM payment_intents WHERE id = ?"));
    q.addBindValue(id);
    if (q.exec() && q.next())
        return readPaymentIntent(q);
    return std::nullopt;
}

std::optional<StoredPaymentIntent> SandboxStore::paymentIntentByCharge(const QString& chargeId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT ") + kPiColumns + QStringLiteral(" FROM payment_intents WHERE charge_id = ?"));
    q.addBindValue(chargeId);
    if (q.exec() && q.next())
        return readPaymentIntent(q);
    return std::nullopt;
}

QList<StoredPaymentIntent> SandboxStore::allPaymentIntents()
{
    QList<StoredPaymentIntent> out;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT ") + kPiColumns + QStringLiteral(" FROM payment_intents ORDER BY seq DESC"))) {
        while (q.next())
            out.append(readPaymentIntent(q));
    }
    return out;
}

bool SandboxStore::insertRefund(StoredRefund& r)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO refunds(id, payment_intent, charge, amount, currency, reason, status, "
                             "metadata, created, balance_transaction, idempotency_key) "
                             "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(r.id);
    q.addBindValue(r.paymentIntent);
    q.addBindValue(r.charge);
    q.addBindValue(r.amount);
    q.addBindValue(r.currency);
    q.addBindValue(nullableText(r.reason));
    q.addBindValue(r.status);
    q.addBindValue(toJsonText(r.metadata));
    q.addBindValue(r.created);
    q.addBindValue(nullableText(r.balanceTransaction));
    q.addBindValue(nullableText(r.idempotencyKey));
    if (!q.exec()) {
        setError(QStringLiteral("insert refund"), q.lastError().text());
        return false;
    }
    r.seq = q.lastInsertId().toLongLong();
    return true;
}

bool SandboxStore::updateRefundMetadata(const QString& id, const QJsonObject& metadata)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE refunds SET metadata = ? WHERE id = ?"));
    q.addBindValue(toJsonText(metadata));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(QStringLiteral("update refund"), q.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::failRefund(const QString& id, const QString& failureReason,
                              const QString& failureBalanceTransaction)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE refunds SET status = 'failed', failure_reason = ?, "
                             "failure_balance_transaction = ? WHERE id = ?"));
    q.addBindValue(failureReason);
    q.addBindValue(failureBalanceTransaction);
    q.addBindValue(id);
    if (!q.exec() || q.numRowsAffected() != 1) {
        setError(QStringLiteral("fail refund"), q.lastError().text());
        return false;
    }
    return true;
}

std::optional<StoredRefund> SandboxStore::refund(const QString& id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT ") + kRefundColumns + QStringLiteral(" FROM refunds WHERE id = ?"));
    q.addBindValue(id);
    if (q.exec() && q.next())
        return readRefund(q);
    return std::nullopt;
}

qint64 SandboxStore::refundedAmount(const QString& paymentIntentId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE payment_intent = ? "
                             "AND status IN ('succeeded', 'pending')"));
    q.addBindValue(paymentIntentId);
    if (q.exec() && q.next())
        return q.value(0).toLongLong();
    return 0;
}

namespace {

// Shared cursor paging: newest first by seq. ending_before walks towards newer items, so
// it is read ascending and reversed.
template<typename T, typename Reader>
Page<T> pageQuery(QSqlDatabase& db, const QString& columns, const QString& table, QString where,
                  QVariantList binds, const PageRequest& page, Reader reader, QString* error)
{
    Page<T> out;
    bool ascending = false;
    if (page.startingAfterSeq > 0) {
        where += QStringLiteral(" AND seq < ?");
        binds.append(page.startingAfterSeq);
    } else if (page.endingBeforeSeq > 0) {
        where += QStringLiteral(" AND seq > ?");
        binds.append(page.endingBeforeSeq);
        ascending = true;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM ") + table + QStringLiteral(" WHERE ")
              + where + (ascending ? QStringLiteral(" ORDER BY seq ASC") : QStringLiteral(" ORDER BY seq DESC"))
              + QStringLiteral(" LIMIT ?"));
    for (const QVariant& v : std::as_const(binds))
        q.addBindValue(v);
    q.addBindValue(page.limit + 1);
    if (!q.exec()) {
        *error = q.lastError().text();
        return out;
    }
    while (q.next())
        out.items.append(reader(q));
    if (out.items.size() > page.limit) {
        out.hasMore = true;
        out.items.removeLast();
    }
    if (ascending)
        std::reverse(out.items.begin(), out.items.end());
    return out;
}

} // namespace

Page<StoredRefund> SandboxStore::refunds(const QString& paymentIntent, const QString& charge,
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
    QString error;
    auto out = pageQuery<StoredRefund>(m_db, kRefundColumns, QStringLiteral("refunds"), where, binds, page,
                                       readRefund, &error);
    if (!error.isEmpty())
        setError(QStringLiteral("list refunds"), error);
    return out;
}

QJsonObject SandboxStore::refundCountsBy(const QString& column)
{
    QJsonObject out;
    if (column != QLatin1String("payment_intent") && column != QLatin1String("idempotency_key"))
        return out;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT ") + column + QStringLiteral(", COUNT(*) FROM refunds WHERE ") + column
               + QStringLiteral(" IS NOT NULL GROUP BY ") + column)) {
        while (q.next())
            out.insert(q.value(0).toString(), q.value(1).toLongLong());
    }
    return out;
}

qint64 SandboxStore::refundCount()
{
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM refunds")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

bool SandboxStore::insertEvent(StoredEvent& e)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO events(id, type, created, data, request_id, idempotency_key) "
                             "VALUES(?, ?, ?, ?, ?, ?)"));
    q.addBindValue(e.id);
    q.addBindValue(e.type);
    q.addBindValue(e.created);
    q.addBindValue(toJsonText(e.data));
    q.addBindValue(nullableText(e.requestId));
    q.addBindValue(nullableText(e.idempotencyKey));
    if (!q.exec()) {
        setError(QStringLiteral("insert event"), q.lastError().text());
        return false;
    }
    e.seq = q.lastInsertId().toLongLong();
    return true;
}

std::optional<StoredEvent> SandboxStore::event(const QString& id)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT ") + kEventColumns + QStringLiteral(" FROM events WHERE id = ?"));
    q.addBindValue(id);
    if (q.exec() && q.next())
        return readEvent(q);
    return std::nullopt;
}

Page<StoredEvent> SandboxStore::events(const QStringList& types, std::optional<qint64> createdGte,
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
    QString error;
    auto out = pageQuery<StoredEvent>(m_db, kEventColumns, QStringLiteral("events"), where, binds, page, readEvent,
                                      &error);
    if (!error.isEmpty())
        setError(QStringLiteral("list events"), error);
    return out;
}

qint64 SandboxStore::seqOf(const QString& table, const QString& id)
{
    if (table != QLatin1String("refunds") && table != QLatin1String("events")
        && table != QLatin1String("payment_intents"))
        return 0;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT seq FROM ") + table + QStringLiteral(" WHERE id = ?"));
    q.addBindValue(id);
    if (q.exec() && q.next())
        return q.value(0).toLongLong();
    return 0;
}

bool SandboxStore::claimKey(const QString& key, const QString& fingerprint, const QString& requestId,
                            qint64 nowMs, qint64 expiresMs, bool* ok)
{
    *ok = false;
    // Retention passed: the old row no longer exists for the caller (Stripe prunes it).
    QSqlQuery purge(m_db);
    purge.prepare(QStringLiteral("DELETE FROM idempotency_keys WHERE idem_key = ? AND expires_ms <= ? "
                                 "AND state = 'done'"));
    purge.addBindValue(key);
    purge.addBindValue(nowMs);
    if (!purge.exec()) {
        setError(QStringLiteral("purge key"), purge.lastError().text());
        return false;
    }
    // The claim itself: one INSERT that either creates the row or does nothing.
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO idempotency_keys(idem_key, fingerprint, state, request_id, created_ms, "
                             "expires_ms) VALUES(?, ?, 'running', ?, ?, ?) ON CONFLICT(idem_key) DO NOTHING"));
    q.addBindValue(key);
    q.addBindValue(fingerprint);
    q.addBindValue(requestId);
    q.addBindValue(nowMs);
    q.addBindValue(expiresMs);
    if (!q.exec()) {
        setError(QStringLiteral("claim key"), q.lastError().text());
        return false;
    }
    *ok = true;
    return q.numRowsAffected() == 1;
}

std::optional<StoredKey> SandboxStore::key(const QString& key)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT idem_key, fingerprint, state, status, content_type, body, request_id, "
                             "created_ms, expires_ms FROM idempotency_keys WHERE idem_key = ?"));
    q.addBindValue(key);
    if (!q.exec() || !q.next())
        return std::nullopt;
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

bool SandboxStore::completeKey(const QString& key, int status, const QByteArray& contentType,
                               const QByteArray& body)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE idempotency_keys SET state = 'done', status = ?, content_type = ?, body = ? "
                             "WHERE idem_key = ? AND state = 'running'"));
    q.addBindValue(status);
    q.addBindValue(QString::fromUtf8(contentType));
    q.addBindValue(body);
    q.addBindValue(key);
    if (!q.exec() || q.numRowsAffected() != 1) {
        setError(QStringLiteral("complete key"), q.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::releaseKey(const QString& key)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("DELETE FROM idempotency_keys WHERE idem_key = ? AND state = 'running'"));
    q.addBindValue(key);
    if (!q.exec()) {
        setError(QStringLiteral("release key"), q.lastError().text());
        return false;
    }
    return true;
}

qint64 SandboxStore::inProgressKeyCount()
{
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM idempotency_keys WHERE state = 'running'")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

bool SandboxStore::insertWebhookEndpoint(StoredWebhookEndpoint& endpoint)
{
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("INSERT INTO webhook_endpoints(id, url, secret, created_ms) VALUES(?, ?, ?, ?)"));
    q.addBindValue(endpoint.id);
    q.addBindValue(endpoint.url);
    q.addBindValue(endpoint.secret);
    q.addBindValue(endpoint.createdMs);
    if (!q.exec()) {
        setError(QStringLiteral("insert webhook endpoint"), q.lastError().text());
        return false;
    }
    endpoint.seq = q.lastInsertId().toLongLong();
    return true;
}

QList<StoredWebhookEndpoint> SandboxStore::webhookEndpoints()
{
    QList<StoredWebhookEndpoint> out;
    QSqlQuery q(m_db);
    if (q.exec(
            QStringLiteral("SELECT seq, id, url, secret, created_ms FROM webhook_endpoints WHERE deleted = 0 "
                           "ORDER BY seq"))) {
        while (q.next()) {
            StoredWebhookEndpoint e;
            e.seq = q.value(0).toLongLong();
            e.id = q.value(1).toString();
            e.url = q.value(2).toString();
            e.secret = q.value(3).toString();
            e.createdMs = q.value(4).toLongLong();
            out.append(e);
        }
    }
    return out;
}

bool SandboxStore::deleteWebhookEndpoint(const QString& id, bool* found)
{
    *found = false;
    if (!transaction())
        return false;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE webhook_endpoints SET deleted = 1 WHERE id = ? AND deleted = 0"));
    q.addBindValue(id);
    QSqlQuery cancel(m_db);
    cancel.prepare(QStringLiteral("UPDATE webhook_deliveries SET state = 'canceled' WHERE endpoint_id = ? "
                                  "AND state = 'pending'"));
    cancel.addBindValue(id);
    if (!q.exec() || !cancel.exec()) {
        setError(QStringLiteral("delete webhook endpoint"), q.lastError().text() + cancel.lastError().text());
        rollback();
        return false;
    }
    *found = q.numRowsAffected() == 1;
    return commit();
}

bool SandboxStore::enqueueWebhookDeliveries(const StoredEvent& event, qint64 nowMs)
{
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("INSERT INTO webhook_deliveries(event_id, event_seq, endpoint_id, state, "
                       "next_attempt_ms, created_ms) SELECT ?, ?, id, 'pending', ?, ? FROM webhook_endpoints "
                       "WHERE deleted = 0 ORDER BY seq"));
    q.addBindValue(event.id);
    q.addBindValue(event.seq);
    q.addBindValue(nowMs);
    q.addBindValue(nowMs);
    if (!q.exec()) {
        setError(QStringLiteral("enqueue webhooks"), q.lastError().text());
        return false;
    }
    return true;
}

QList<StoredWebhookDelivery> SandboxStore::webhookDeliveriesOfEvent(const QString& eventId)
{
    QList<StoredWebhookDelivery> out;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT ") + kDeliveryColumns + kDeliveryFrom +
              QStringLiteral(" WHERE d.event_id = ? ORDER BY d.seq"));
    q.addBindValue(eventId);
    if (q.exec()) {
        while (q.next())
            out.append(readDelivery(q));
    }
    return out;
}

QList<StoredWebhookDelivery> SandboxStore::dueWebhookDeliveries(qint64 nowMs, int limit)
{
    QList<StoredWebhookDelivery> out;
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("SELECT ") + kDeliveryColumns + kDeliveryFrom +
        QStringLiteral(" WHERE d.state = 'pending' AND d.next_attempt_ms <= ? ORDER BY d.event_seq, d.seq "
                       "LIMIT ?"));
    q.addBindValue(nowMs);
    q.addBindValue(limit);
    if (q.exec()) {
        while (q.next())
            out.append(readDelivery(q));
    } else {
        setError(QStringLiteral("due webhooks"), q.lastError().text());
    }
    return out;
}

std::optional<qint64> SandboxStore::nextWebhookDueMs(qint64 afterMs)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT MIN(next_attempt_ms) FROM webhook_deliveries WHERE state = 'pending' "
                             "AND next_attempt_ms > ?"));
    q.addBindValue(afterMs);
    if (q.exec() && q.next() && !q.value(0).isNull())
        return q.value(0).toLongLong();
    return std::nullopt;
}

bool SandboxStore::duplicateWebhookDelivery(qint64 deliverySeq, qint64 nowMs)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO webhook_deliveries(event_id, event_seq, endpoint_id, state, "
                             "next_attempt_ms, created_ms, reorder_hold, faults) SELECT event_id, event_seq, "
                             "endpoint_id, 'pending', next_attempt_ms, ?, reorder_hold, faults "
                             "FROM webhook_deliveries WHERE seq = ?"));
    q.addBindValue(nowMs);
    q.addBindValue(deliverySeq);
    if (!q.exec()) {
        setError(QStringLiteral("duplicate webhook"), q.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::updateWebhookDeliverySchedule(qint64 deliverySeq, qint64 nextAttemptMs, bool reorderHold,
                                                 const QString& faults)
{
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("UPDATE webhook_deliveries SET next_attempt_ms = ?, reorder_hold = ?, faults = ? "
                       "WHERE seq = ?"));
    q.addBindValue(nextAttemptMs);
    q.addBindValue(reorderHold ? 1 : 0);
    q.addBindValue(faults);
    q.addBindValue(deliverySeq);
    if (!q.exec()) {
        setError(QStringLiteral("schedule webhook"), q.lastError().text());
        return false;
    }
    return true;
}

bool SandboxStore::recordWebhookAttempt(const StoredWebhookAttempt& attempt, const QString& state,
                                        qint64 nextAttemptMs, qint64 deliveredMs)
{
    if (!transaction())
        return false;
    QSqlQuery a(m_db);
    a.prepare(QStringLiteral(
        "INSERT INTO webhook_attempts(delivery_seq, attempt, at_ms, duration_ms, status, error, "
        "signature_t) VALUES(?, ?, ?, ?, ?, ?, ?)"));
    a.addBindValue(attempt.deliverySeq);
    a.addBindValue(attempt.attempt);
    a.addBindValue(attempt.atMs);
    a.addBindValue(attempt.durationMs);
    a.addBindValue(attempt.status);
    a.addBindValue(nullableText(attempt.error));
    a.addBindValue(attempt.signatureTimestamp);
    QSqlQuery d(m_db);
    d.prepare(
        QStringLiteral("UPDATE webhook_deliveries SET state = ?, attempts = ?, next_attempt_ms = ?, "
                       "delivered_ms = ?, last_status = ?, last_error = ?, reorder_hold = 0 WHERE seq = ? "
                       "AND state = 'pending'"));
    d.addBindValue(state);
    d.addBindValue(attempt.attempt);
    d.addBindValue(nextAttemptMs);
    d.addBindValue(deliveredMs);
    d.addBindValue(attempt.status);
    d.addBindValue(nullableText(attempt.error));
    d.addBindValue(attempt.deliverySeq);
    if (!a.exec() || !d.exec()) {
        setError(QStringLiteral("record webhook attempt"), a.lastError().text() + d.lastError().text());
        rollback();
        return false;
    }
    return commit();
}

int SandboxStore::releaseWebhookReorderHolds(const QString& endpointId, qint64 eventSeq, qint64 nowMs)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE webhook_deliveries SET reorder_hold = 0, next_attempt_ms = ? WHERE "
                             "endpoint_id = ? AND state = 'pending' AND reorder_hold = 1 AND event_seq < ?"));
    q.addBindValue(nowMs);
    q.addBindValue(endpointId);
    q.addBindValue(eventSeq);
    if (!q.exec()) {
        setError(QStringLiteral("release webhook holds"), q.lastError().text());
        return 0;
    }
    return q.numRowsAffected();
}

QList<StoredWebhookDelivery> SandboxStore::allWebhookDeliveries()
{
    QList<StoredWebhookDelivery> out;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT ") + kDeliveryColumns + kDeliveryFrom +
               QStringLiteral(" ORDER BY d.seq"))) {
        while (q.next())
            out.append(readDelivery(q));
    }
    return out;
}

QList<StoredWebhookAttempt> SandboxStore::webhookAttempts(qint64 deliverySeq)
{
    QList<StoredWebhookAttempt> out;
    QSqlQuery q(m_db);
    q.prepare(
        QStringLiteral("SELECT delivery_seq, attempt, at_ms, duration_ms, status, error, signature_t FROM "
                       "webhook_attempts WHERE delivery_seq = ? ORDER BY seq"));
    q.addBindValue(deliverySeq);
    if (q.exec()) {
        while (q.next()) {
            StoredWebhookAttempt a;
            a.deliverySeq = q.value(0).toLongLong();
            a.attempt = q.value(1).toInt();
            a.atMs = q.value(2).toLongLong();
            a.durationMs = q.value(3).toLongLong();
            a.status = q.value(4).toInt();
            a.error = q.value(5).toString();
            a.signatureTimestamp = q.value(6).toLongLong();
            out.append(a);
        }
    }
    return out;
}

int SandboxStore::pendingWebhookCount(const QString& eventId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT COUNT(DISTINCT endpoint_id) FROM webhook_deliveries WHERE event_id = ? "
                             "AND state = 'pending'"));
    q.addBindValue(eventId);
    if (q.exec() && q.next())
        return q.value(0).toInt();
    return 0;
}
