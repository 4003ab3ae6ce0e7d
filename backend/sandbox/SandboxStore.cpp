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
const QString kRefundColumns = QStringLiteral(
    "seq, id, payment_intent, charge, amount, currency, reason, status, metadata, created, "
    "balance_transaction, idempotency_key");
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
    };
    for (const QString& sql : schema) {
        if (!exec(sql))
            return false;
    }
    return true;
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
