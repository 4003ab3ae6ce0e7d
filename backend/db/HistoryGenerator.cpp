#include "db/HistoryGenerator.h"

#include <algorithm>

#include "db/DatabaseGuard.h"
#include "db/HistoryRollups.h"
#include "db/LogicalRefundRepeats.h"

#include "Clock.h"
#include "db/SchemaMigrator.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariantList>

#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <random>

#include <sqlite3.h>

namespace {
using Code = StoreError::Code;
constexpr qint64 kSecond = 1000;
constexpr qint64 kMinute = 60 * kSecond;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
constexpr qint64 kRetention = 24 * kHour;   // stripe_v1, the default provider_api (R10)
constexpr int kPerCall = 3;                  // max_attempts_per_call default (R6)
constexpr int kPerOperation = 6;             // max_attempts_per_operation default
constexpr int kChunkOperations = 2048;       // rows are flushed table by table per chunk (parents first)
// Parameters per INSERT. Through Qt, each positional value is bound by name, which SQLite looks
// up with a linear scan (quadratic in the statement size); SQLite is bound through its C API.
constexpr int kMaxParameters = 4000;   // SQLite >= 3.32 allows 32766, PostgreSQL 65535
const QVariant kNullText = QVariant(QMetaType::fromType<QString>());
const QVariant kNullInt = QVariant(QMetaType::fromType<qint64>());

class Random
{
public:
    explicit Random(quint64 seed) : m_engine(seed) {}
    quint64 next() { return m_engine(); }
    qint64 range(qint64 lo, qint64 hi) { return lo + qint64(next() % quint64(hi - lo + 1)); }   // inclusive
    double unit() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
    bool chance(double p) { return unit() < p; }
    QString text(int n, const char* alphabet, int size)
    {
        QString s(n, Qt::Uninitialized);
        for (int i = 0; i < n; ++i)
            s[i] = QLatin1Char(alphabet[next() % quint64(size)]);
        return s;
    }
    QString alnum(int n)
    {
        static const char a[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        return text(n, a, 62);
    }
    QString hex(int n)
    {
        static const char a[] = "0123456789abcdef";
        return text(n, a, 16);
    }
    /** UUID v4 text, like the tool's keys (R2), from this generator so runs repeat. */
    QString uuid4()
    {
        QString h = hex(32);
        h[12] = QLatin1Char('4');
        static const char variant[] = "89ab";
        h[16] = QLatin1Char(variant[next() % 4]);
        return h.left(8) + QLatin1Char('-') + h.mid(8, 4) + QLatin1Char('-') + h.mid(12, 4) + QLatin1Char('-')
            + h.mid(16, 4) + QLatin1Char('-') + h.mid(20);
    }

private:
    std::mt19937_64 m_engine;
};

/**
 * Buffers rows of one table and writes them with multi-row INSERTs. Statement sizes are
 * powers of two (cached prepared statements), so any remainder is written with at most
 * log2(max) statements and nothing stays buffered across a flush.
 */
class BatchInserter
{
public:
    BatchInserter(Database& db, QString table, QStringList columns)
        : m_db(db), m_table(std::move(table)), m_columns(std::move(columns))
    {
        // Both engines take at least 32766 parameters per statement (SQLite >= 3.32, PostgreSQL 65535).
        m_maxRows = 1;
        while (m_maxRows * 2 <= 256 && m_maxRows * 2 * m_columns.size() <= kMaxParameters)
            m_maxRows *= 2;
    }

    ~BatchInserter()
    {
        for (auto& [rows, stmt] : m_sqliteStatements)
            sqlite3_finalize(stmt);
    }
    BatchInserter(const BatchInserter&) = delete;
    BatchInserter& operator=(const BatchInserter&) = delete;

    void add(std::initializer_list<QVariant> row)
    {
        Q_ASSERT(qsizetype(row.size()) == m_columns.size());
        for (const QVariant& v : row)
            m_pending.append(v);
        ++m_rows;
    }

    qint64 rows() const { return m_rows; }

    StoreResult<void> flush()
    {
        const int cols = int(m_columns.size());
        qsizetype offset = 0;
        qsizetype left = m_pending.size() / cols;
        for (int size = m_maxRows; size >= 1; size /= 2) {
            while (left >= size) {
                if (auto r = exec(size, offset); !r)
                    return r;
                offset += qsizetype(size) * cols;
                left -= size;
            }
        }
        m_pending.clear();
        return {};
    }

private:
    StoreResult<void> exec(int rows, qsizetype offset)
    {
        if (sqlite3* handle = sqliteHandle())
            return execSqlite(handle, rows, offset);
        std::unique_ptr<QSqlQuery>& q = m_statements[rows];
        if (!q) {
            const QString sql = insertSql(rows);
            auto prepared = std::make_unique<QSqlQuery>(m_db.connection());
            if (!prepared->prepare(sql)) {
                const QSqlError error = prepared->lastError();
                m_statements.erase(rows);
                return m_db.errorFrom(error, QStringLiteral("prepare insert into %1").arg(m_table));
            }
            q = std::move(prepared);
        }
        const int n = rows * int(m_columns.size());
        for (int i = 0; i < n; ++i)
            q->bindValue(i, m_pending.at(offset + i));
        if (!q->exec())
            return m_db.errorFrom(q->lastError(), QStringLiteral("insert into %1").arg(m_table));
        return {};
    }

    QString insertSql(int rows) const
    {
        const QString one = QStringLiteral("(") + QStringList(m_columns.size(), QStringLiteral("?")).join(QLatin1Char(','))
            + QStringLiteral(")");
        return QStringLiteral("INSERT INTO %1 (%2) VALUES ").arg(m_table, m_columns.join(QLatin1Char(',')))
            + QStringList(rows, one).join(QLatin1Char(','));
    }

    /** The connection's sqlite3 handle (QSqlDriver::handle()), or null on PostgreSQL. */
    sqlite3* sqliteHandle() const
    {
        if (!m_db.isSqlite())
            return nullptr;
        const QVariant v = m_db.connection().driver()->handle();
        if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
            return nullptr;
        return *static_cast<sqlite3* const*>(v.constData());
    }

    /**
     * SQLite: binds through the C API on Qt's own connection (same transaction). Qt 6.4
     * names every positional parameter and looks it up again per value, which made a
     * million-row history take minutes; the values and statements are the same.
     */
    StoreResult<void> execSqlite(sqlite3* handle, int rows, qsizetype offset)
    {
        sqlite3_stmt*& stmt = m_sqliteStatements[rows];
        auto failed = [&](const char* what) {
            return StoreError::make(Code::QueryFailed, QStringLiteral("%1 %2: %3")
                                                           .arg(QString::fromLatin1(what), m_table,
                                                                QString::fromUtf8(sqlite3_errmsg(handle))));
        };
        if (!stmt) {
            const QByteArray sql = insertSql(rows).toUtf8();
            if (sqlite3_prepare_v2(handle, sql.constData(), int(sql.size()), &stmt, nullptr) != SQLITE_OK) {
                stmt = nullptr;
                return failed("prepare insert into");
            }
        }
        const int n = rows * int(m_columns.size());
        for (int i = 0; i < n; ++i) {
            const QVariant& v = m_pending.at(offset + i);
            int rc = SQLITE_OK;
            if (v.isNull()) {
                rc = sqlite3_bind_null(stmt, i + 1);
            } else if (v.typeId() == QMetaType::QString) {
                const QByteArray text = v.toString().toUtf8();
                rc = sqlite3_bind_text(stmt, i + 1, text.constData(), int(text.size()), SQLITE_TRANSIENT);
            } else {
                rc = sqlite3_bind_int64(stmt, i + 1, v.toLongLong());
            }
            if (rc != SQLITE_OK) {
                sqlite3_reset(stmt);
                return failed("bind values of");
            }
        }
        const int rc = sqlite3_step(stmt);
        sqlite3_reset(stmt);
        if (rc != SQLITE_DONE)
            return failed("insert into");
        return {};
    }

    Database& m_db;
    QString m_table;
    QStringList m_columns;
    int m_maxRows = 1;
    std::map<int, sqlite3_stmt*> m_sqliteStatements;
    QVariantList m_pending;
    std::map<int, std::unique_ptr<QSqlQuery>> m_statements;
    qint64 m_rows = 0;
};

enum class State { Open, Unknown, Refunded, Failed };

QString stateName(State s)
{
    switch (s) {
    case State::Open: return QStringLiteral("open");
    case State::Unknown: return QStringLiteral("unknown");
    case State::Refunded: return QStringLiteral("refunded");
    case State::Failed: return QStringLiteral("failed");
    }
    return {};
}

/** What the tool answered the call that ended in this state (R8). */
QString resultFor(State s)
{
    switch (s) {
    case State::Open: return QStringLiteral("unconfirmed");
    case State::Unknown: return QStringLiteral("checking");
    case State::Refunded: return QStringLiteral("refunded");
    case State::Failed: return QStringLiteral("failed");
    }
    return {};
}

struct Currency
{
    const char* code;
    double weight;
    qint64 minCents;
    qint64 maxCents;
};
// try and rub orders are larger numbers of minor units.
const Currency kCurrencies[] = {{"usd", 0.40, 500, 60000},
                                {"eur", 0.25, 500, 50000},
                                {"gbp", 0.15, 500, 40000},
                                {"try", 0.10, 5000, 2500000},
                                {"rub", 0.10, 20000, 6000000}};
const char* const kReviewers[] = {"maria.k", "j.oduya", "s.petrova", "a.yilmaz", "finance.ops"};

/** One operation's generated rows, written through the inserters. */
class Writer
{
public:
    Writer(Database& db, Random& random, qint64 nowMs, HistoryGenerator::Summary& summary)
        : m_random(random)
        , m_now(nowMs)
        , m_summary(summary)
        , m_orders(db, QStringLiteral("orders"),
                   {QStringLiteral("order_id"), QStringLiteral("amount_cents"), QStringLiteral("currency"),
                    QStringLiteral("payment_intent"), QStringLiteral("created_at")})
        , m_ops(db, QStringLiteral("refund_ops"),
                {QStringLiteral("operation_id"), QStringLiteral("order_id"), QStringLiteral("amount_cents"),
                 QStringLiteral("currency"), QStringLiteral("idempotency_key"), QStringLiteral("status"),
                 QStringLiteral("attempts"), QStringLiteral("created_at"), QStringLiteral("updated_at"),
                 QStringLiteral("first_attempt_at"), QStringLiteral("last_attempt_at"), QStringLiteral("key_expires_at"),
                 QStringLiteral("closed_at"), QStringLiteral("provider_refund_id"), QStringLiteral("provider_status"),
                 QStringLiteral("unknown_reason"), QStringLiteral("failure_code"), QStringLiteral("resolved_by"),
                 QStringLiteral("resolved_at"), QStringLiteral("resolution_note")})
        , m_attempts(db, QStringLiteral("refund_attempts"),
                     {QStringLiteral("operation_id"), QStringLiteral("tool_call_id"), QStringLiteral("attempt_no"),
                      QStringLiteral("idempotency_key"), QStringLiteral("started_at"), QStringLiteral("finished_at"),
                      QStringLiteral("outcome"), QStringLiteral("http_status"), QStringLiteral("provider_request_id"),
                      QStringLiteral("replayed"), QStringLiteral("error_code"), QStringLiteral("error_message")})
        , m_calls(db, QStringLiteral("tool_calls"),
                  {QStringLiteral("tool_call_id"), QStringLiteral("order_id"), QStringLiteral("amount_cents"),
                   QStringLiteral("operation_id"), QStringLiteral("created_operation"), QStringLiteral("lost_insert_race"),
                   QStringLiteral("result_status"), QStringLiteral("result_reason"), QStringLiteral("started_at"),
                   QStringLiteral("finished_at")})
        , m_audit(db, QStringLiteral("audit_log"),
                  {QStringLiteral("at"), QStringLiteral("actor"), QStringLiteral("role"), QStringLiteral("action"),
                   QStringLiteral("operation_id"), QStringLiteral("details")})
    {
    }

    /** Parents before children: the foreign keys are checked per statement. */
    StoreResult<void> flush()
    {
        for (BatchInserter* b : {&m_orders, &m_ops, &m_attempts, &m_calls, &m_audit}) {
            if (auto r = b->flush(); !r)
                return r;
        }
        return {};
    }

    /** One order with one operation, sometimes preceded by an earlier partial refund. Returns rows written to refund_ops. */
    int addOrder(const QString& orderId, bool allowSecond)
    {
        double pick = m_random.unit();
        const Currency* cur = &kCurrencies[0];
        for (const Currency& c : kCurrencies) {
            cur = &c;
            if (pick < c.weight)
                break;
            pick -= c.weight;
        }
        // Log-uniform totals: many small orders, a few large ones.
        const double lo = std::log(double(cur->minCents)), hi = std::log(double(cur->maxCents));
        const qint64 total = qint64(std::exp(lo + (hi - lo) * m_random.unit()));
        const QString currency = QString::fromLatin1(cur->code);

        const State state = pickState();
        const bool partial = m_random.chance(0.3);
        const qint64 amount = partial ? qMax<qint64>(1, total * m_random.range(10, 90) / 100) : total;
        const qint64 createdAt = createdAtFor(state);
        const bool earlier = allowSecond && amount < total && m_random.chance(0.08);
        const qint64 earlierAt = createdAt - m_random.range(2 * kHour, 7 * kDay);
        const qint64 orderCreated = (earlier ? earlierAt : createdAt) - m_random.range(kHour, 10 * kDay);
        m_orders.add({orderId, total, currency, QStringLiteral("pi_") + m_random.alnum(24), orderCreated});
        ++m_summary.orders;
        int written = 0;
        if (earlier) {
            // R5: an earlier, closed partial refund leaves room for this one. Of another amount:
            // the same amount without a request ref within the repeat window is the same logical
            // refund (R5a), which the tool answers from the first refund instead of paying again.
            qint64 earlierAmount = qMax<qint64>(1, (total - amount) * m_random.range(20, 100) / 100);
            if (earlierAmount == amount)
                earlierAmount = amount > 1 ? amount - 1 : 0;
            if (earlierAmount > 0) {
                addOperation(orderId, currency, earlierAmount, State::Refunded, earlierAt, /*plain=*/true);
                ++written;
            }
        }
        addOperation(orderId, currency, amount, state, createdAt, false);
        return written + 1;
    }

    /** The share of unknown rows (default 0.08, at most 0.20: taken from the open rows). */
    void setUnknownShare(double share) { m_unknownShare = std::clamp(share, 0.0, 0.20); }

private:
    State pickState()
    {
        const double r = m_random.unit();
        if (r < 0.70)
            return State::Refunded;
        if (r < 0.80)
            return State::Failed;
        if (r < 0.80 + m_unknownShare)
            return State::Unknown;
        return State::Open;
    }

    qint64 createdAtFor(State state)
    {
        if (state == State::Open)
            return m_now - m_random.range(2 * kMinute, 20 * kHour);
        return m_now - m_random.range(30 * kMinute, 90 * kDay);
    }

    struct Attempt
    {
        QString outcome;
        QVariant http;
        QVariant requestId;
        bool replayed = false;
        QVariant errorCode;
        QVariant errorMessage;
    };

    Attempt transient()
    {
        const double r = m_random.unit();
        if (r < 0.6)
            return {QStringLiteral("no_response"), kNullInt, kNullText, false, kNullText,
                    m_random.chance(0.7) ? QStringLiteral("Operation timed out") : QStringLiteral("Connection closed")};
        if (r < 0.9)
            return {QStringLiteral("rate_limited"), 429, requestId(), false,
                    m_random.chance(0.7) ? QStringLiteral("rate_limit") : QStringLiteral("lock_timeout"),
                    QStringLiteral("Too many requests hit the API too quickly.")};
        return {QStringLiteral("in_progress"), 409, requestId(), false, QStringLiteral("idempotency_key_in_use"),
                QStringLiteral("There is currently another in-progress request using this Idempotent Key.")};
    }

    QString requestId() { return QStringLiteral("req_") + m_random.alnum(14); }

    void addOperation(const QString& orderId, const QString& currency, qint64 amount, State state, qint64 createdAt,
                      bool plain)
    {
        // Same shape as the tool's ids ("op_" + 32 hex), but ascending within a run: seed tag,
        // sequence number, random tail. Appending to the id indexes instead of scattering over
        // them is what keeps a million-row run within a minute.
        const QString opId = QStringLiteral("op_%1%2").arg(m_idTag).arg(++m_sequence, 12, 16, QLatin1Char('0')) + m_random.hex(12);
        const QString key = m_random.uuid4();

        // How it ended, and how many attempts that took (R6, R7, R9, R10).
        QString unknownReason;
        int attempts = 1;
        bool resolved = false;
        bool expiringSoon = false;
        if (state == State::Refunded) {
            resolved = !plain && m_random.chance(0.02);   // was unknown, a reviewer found the refund
            const double r = m_random.unit();
            attempts = resolved ? kPerOperation : plain || r < 0.78 ? 1 : r < 0.88 ? 2 : r < 0.94 ? 3 : int(m_random.range(4, 6));
        } else if (state == State::Failed) {
            resolved = m_random.chance(0.10);             // was unknown past its retention, no refund found
            attempts = resolved ? int(m_random.range(1, 5)) : m_random.chance(0.85) ? 1 : int(m_random.range(2, 3));
        } else if (state == State::Unknown) {
            const double r = m_random.unit();
            unknownReason = r < 0.45 ? QStringLiteral("attempt_budget_exhausted")
                : r < 0.70           ? QStringLiteral("provider_saved_error")
                : r < 0.95           ? QStringLiteral("key_retention_passed")
                                     : QStringLiteral("idempotency_mismatch");
            attempts = unknownReason == QLatin1String("attempt_budget_exhausted") ? kPerOperation
                : unknownReason == QLatin1String("key_retention_passed")          ? int(m_random.range(1, 5))
                                                                                  : int(m_random.range(1, 3));
            expiringSoon = unknownReason != QLatin1String("key_retention_passed") && m_random.chance(0.10);
        } else {
            attempts = m_random.chance(0.03) ? 0 : int(m_random.range(1, 5));
            expiringSoon = attempts > 0 && m_random.chance(0.25);
        }
        if (resolved)
            unknownReason = state == State::Refunded ? QStringLiteral("attempt_budget_exhausted")
                                                     : QStringLiteral("key_retention_passed");
        if (expiringSoon) {
            // The first attempt was almost a retention ago: the key expires within the hour.
            createdAt = m_now - kRetention + m_random.range(kMinute, 59 * kMinute) - m_random.range(100, 2000);
        } else if (unknownReason == QLatin1String("key_retention_passed") && createdAt > m_now - kRetention - 2 * kHour) {
            createdAt = m_now - kRetention - m_random.range(2 * kHour, 60 * kDay);
        }

        // Attempts, kPerCall per tool call, with backoff inside a call and hours between calls.
        const int calls = qMax(1, (attempts + kPerCall - 1) / kPerCall);
        struct Timed
        {
            int call;
            qint64 start;
            qint64 duration;
            Attempt attempt;
        };
        QList<Timed> timeline;
        QStringList callIds;
        QList<qint64> callStart, callEnd;
        qint64 t = createdAt + m_random.range(5, 80);
        qint64 firstAttempt = 0, lastAttempt = 0;
        for (int c = 0; c < calls; ++c) {
            callIds << QStringLiteral("toolu_01") + m_random.alnum(22);
            if (c > 0)   // the customer asks again; open rows are recent, so their calls are close together
                t += m_random.range(2 * kMinute, state == State::Open ? kHour : 3 * kHour);
            // Keep the whole history before the present (and open rows within their retention).
            callStart << t - m_random.range(1, 30);
            qint64 end = t;
            for (int a = c * kPerCall; a < qMin(attempts, (c + 1) * kPerCall); ++a) {
                const bool last = a == attempts - 1;
                Attempt at = transient();
                if (last) {
                    if (state == State::Refunded && !resolved) {
                        at = {QStringLiteral("succeeded"), 200, requestId(), a > 0 && m_random.chance(0.6), kNullText, kNullText};
                    } else if (state == State::Failed && !resolved) {
                        const double r = m_random.unit();
                        const QString code = r < 0.5 ? QStringLiteral("charge_already_refunded")
                            : r < 0.8               ? QStringLiteral("amount_too_large")
                                                    : QStringLiteral("charge_disputed");
                        at = {QStringLiteral("refused"), 400, requestId(), false, code, QStringLiteral("The provider refused the refund.")};
                        m_failureCode = code;
                    } else if (unknownReason == QLatin1String("provider_saved_error")) {
                        at = {QStringLiteral("server_saved_error"), 500, requestId(), m_random.chance(0.2), QStringLiteral("api_error"),
                              QStringLiteral("An unknown error occurred.")};
                    } else if (unknownReason == QLatin1String("idempotency_mismatch")) {
                        at = {QStringLiteral("idempotency_mismatch"), 400, requestId(), false, QStringLiteral("idempotency_error"),
                              QStringLiteral("Keys for idempotent requests can only be used with the same parameters they were first used with.")};
                    } else if (state == State::Unknown || resolved) {
                        at = {QStringLiteral("no_response"), kNullInt, kNullText, false, kNullText, QStringLiteral("Operation timed out")};
                    }
                }
                const qint64 duration = at.outcome == QLatin1String("no_response") ? m_random.range(2000, 10000)
                                                                                    : m_random.range(40, 900);
                if (a == 0)
                    firstAttempt = t;
                lastAttempt = t;
                timeline.append({c, t, duration, at});
                t += duration;
                end = t;
                if (!last && a % kPerCall != kPerCall - 1)
                    t += m_random.range(0, 4000);   // full-jitter backoff (R6)
            }
            callEnd << end + m_random.range(1, 20);
        }
        // Nothing happens after the present: a history that would end later is moved back whole.
        const qint64 latest = m_now - kMinute;
        if (callEnd.last() > latest) {
            const qint64 shift = callEnd.last() - latest;
            createdAt -= shift;
            firstAttempt -= shift;
            lastAttempt -= shift;
            for (qint64& v : callStart)
                v -= shift;
            for (qint64& v : callEnd)
                v -= shift;
            for (Timed& x : timeline)
                x.start -= shift;
        }
        // Schema v6 rollups, summed here and written once per key at the end of the transaction
        // (flushRollups) while the insert triggers are off.
        m_rollupKey = RollupKey{createdAt >= 0 ? createdAt / kDay : -((-createdAt + kDay - 1) / kDay), stateName(state), attempts, currency};
        for (const Timed& x : std::as_const(timeline)) {
            if (x.attempt.replayed)
                ++m_rollup[m_rollupKey][7];
        }
        for (int a = 0; a < timeline.size(); ++a) {
            const Timed& x = timeline.at(a);
            m_attempts.add({opId, callIds.at(x.call), a + 1, key, x.start, x.start + x.duration, x.attempt.outcome,
                            x.attempt.http, x.attempt.requestId, x.attempt.replayed ? 1 : 0, x.attempt.errorCode,
                            x.attempt.errorMessage});
        }
        m_summary.attempts += attempts;

        const qint64 keyExpires = attempts > 0 ? firstAttempt + kRetention : 0;
        qint64 closedAt = 0;
        qint64 updatedAt = attempts > 0 ? callEnd.last() : createdAt;
        QString reviewer, note, refundId, failureCode;
        qint64 resolvedAt = 0;
        if (state == State::Refunded)
            refundId = QStringLiteral("re_") + m_random.alnum(24);
        if (state == State::Failed)
            failureCode = resolved ? QStringLiteral("no_refund_found") : m_failureCode;
        if (resolved) {
            reviewer = QString::fromLatin1(kReviewers[m_random.next() % 5]);
            const qint64 earliest = state == State::Failed ? keyExpires : updatedAt;   // R16: failed only after retention
            resolvedAt = qMin(m_now - kMinute, earliest + m_random.range(10 * kMinute, 2 * kDay));
            resolvedAt = qMax(resolvedAt, earliest + 1);
            note = state == State::Refunded
                ? QStringLiteral("Found %1 with metadata.operation_id = %2 in the payment's refunds.").arg(refundId, opId)
                : QStringLiteral("No refund for %1 in the payment's refunds or events; key retention has passed.").arg(opId);
            closedAt = resolvedAt;
            updatedAt = resolvedAt;
            QJsonObject evidence;
            if (state == State::Refunded)
                evidence.insert(QStringLiteral("refunds"),
                                QJsonArray{QJsonObject{{QStringLiteral("id"), refundId},
                                                       {QStringLiteral("amount"), amount},
                                                       {QStringLiteral("currency"), currency},
                                                       {QStringLiteral("status"), QStringLiteral("succeeded")},
                                                       {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("operation_id"), opId},
                                                                                                {QStringLiteral("order_id"), orderId}}}}});
            else
                evidence.insert(QStringLiteral("refunds"), QJsonArray());
            const QJsonObject details{{QStringLiteral("from"), QStringLiteral("unknown")},
                                      {QStringLiteral("to"), stateName(state)},
                                      {QStringLiteral("note"), note},
                                      {QStringLiteral("provider_refund_id"), refundId},
                                      {QStringLiteral("failure_code"), failureCode},
                                      {QStringLiteral("evidence"), evidence}};
            m_audit.add({resolvedAt, reviewer, m_random.chance(0.5) ? QStringLiteral("support") : QStringLiteral("finance"),
                         QStringLiteral("resolve"), opId, QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact))});
            ++m_summary.auditEntries;
        } else if (state == State::Refunded || state == State::Failed) {
            closedAt = callEnd.last() - m_random.range(0, 1);
        }

        // A retention-passed row was parked by a later call that sent nothing (R10).
        const bool laterChecking = unknownReason == QLatin1String("key_retention_passed");
        qint64 checkingAt = 0;
        if (laterChecking) {
            checkingAt = m_random.range(keyExpires > 0 ? keyExpires : createdAt + kRetention, m_now - kMinute);
            if (!resolved)
                updatedAt = checkingAt;
        }

        m_ops.add({opId, orderId, amount, currency, key, stateName(state), attempts, createdAt, updatedAt,
                   attempts > 0 ? QVariant(firstAttempt) : kNullInt, attempts > 0 ? QVariant(lastAttempt) : kNullInt,
                   attempts > 0 ? QVariant(keyExpires) : kNullInt, closedAt ? QVariant(closedAt) : kNullInt,
                   refundId.isEmpty() ? kNullText : QVariant(refundId),
                   state == State::Refunded ? QVariant(QStringLiteral("succeeded")) : kNullText,
                   unknownReason.isEmpty() ? kNullText : QVariant(unknownReason),
                   failureCode.isEmpty() ? kNullText : QVariant(failureCode), reviewer.isEmpty() ? kNullText : QVariant(reviewer),
                   resolvedAt ? QVariant(resolvedAt) : kNullInt, note.isEmpty() ? kNullText : QVariant(note)});
        {
            auto& c = m_rollup[m_rollupKey];
            c[0] += 1;
            c[1] += amount;
            c[2] += refundId.isEmpty() ? 0 : 1;
            if (resolvedAt)
                ++m_resolveRollup[ResolveKey{m_rollupKey.day, m_rollupKey.status, resolvedAt - createdAt}];
        }
        ++m_summary.operations;
        switch (state) {
        case State::Open: ++m_summary.open; break;
        case State::Unknown: ++m_summary.unknown; break;
        case State::Refunded: ++m_summary.refunded; break;
        case State::Failed: ++m_summary.failed; break;
        }
        if ((state == State::Open || state == State::Unknown) && attempts > 0 && keyExpires > m_now
            && keyExpires <= m_now + kHour)
            ++m_summary.keyExpiringSoon;

        // Tool calls (R12): the calls that made the attempts, then joiners.
        const QString finalResult = resolved ? QStringLiteral("checking") : resultFor(state);
        for (int c = 0; c < calls; ++c) {
            const bool lastCall = c == calls - 1 && !laterChecking;
            const QString result = lastCall ? finalResult : QStringLiteral("unconfirmed");
            addCall(callIds.at(c), orderId, amount, opId, c == 0, false, result, callStart.at(c), callEnd.at(c));
        }
        if (laterChecking)
            addCall(QStringLiteral("toolu_01") + m_random.alnum(22), orderId, amount, opId, false, false,
                    QStringLiteral("checking"), checkingAt, checkingAt + m_random.range(3, 40));
        if (m_random.chance(0.01)) {
            // R3: a concurrent call lost the insert race and read the winner's row.
            const qint64 s = createdAt + m_random.range(0, 15);
            addCall(QStringLiteral("toolu_01") + m_random.alnum(22), orderId, amount, opId, false, true,
                    calls == 1 && !laterChecking ? finalResult : QStringLiteral("unconfirmed"), s, callEnd.first() + m_random.range(1, 50));
        } else if (state == State::Unknown && !laterChecking && m_random.chance(0.3)) {
            // The customer asked again: nothing is sent for an unknown row (R8).
            const qint64 s = qMin(m_now - kSecond, updatedAt + m_random.range(kMinute, 6 * kHour));
            addCall(QStringLiteral("toolu_01") + m_random.alnum(22), orderId, amount, opId, false, false,
                    QStringLiteral("checking"), s, s + m_random.range(3, 40));
        } else if (state == State::Refunded && m_random.chance(0.02)) {
            // "Try again" after the refund: R5 rejects it and no row is mapped.
            const qint64 s = qMin(m_now - kSecond, updatedAt + m_random.range(kMinute, kDay));
            addCall(QStringLiteral("toolu_01") + m_random.alnum(22), orderId, amount, QVariant(), false, false,
                    QStringLiteral("rejected"), s, s + m_random.range(2, 20),
                    QStringLiteral("order %1: refundable amount does not cover %2").arg(orderId).arg(amount));
        }
    }

    void addCall(const QString& id, const QString& orderId, qint64 amount, const QVariant& opId, bool created, bool lostRace,
                 const QString& result, qint64 start, qint64 end, const QString& reason = {})
    {
        m_calls.add({id, orderId, amount, opId.isNull() ? kNullText : opId, created ? 1 : 0, lostRace ? 1 : 0, result,
                     reason.isEmpty() ? kNullText : QVariant(reason), start, end});
        if (!opId.isNull()) {
            auto& c = m_rollup[m_rollupKey];
            c[3] += 1;
            c[4] += created ? 0 : 1;
            c[5] += lostRace ? 1 : 0;
        }
        ++m_summary.toolCalls;
    }

public:
    /** Writes the rollups summed since the last call (inside the caller's transaction). */
    StoreResult<void> flushRollups(Database& db)
    {
        const QString ops = HistoryRollups::opsUpsertSql();
        for (auto it = m_rollup.cbegin(); it != m_rollup.cend(); ++it) {
            QVariantList binds{it.key().day, it.key().status, it.key().attempts, it.key().currency};
            for (qint64 v : it.value())
                binds << v;
            if (auto r = db.run(ops, binds, QStringLiteral("history rollups of the bulk load")); !r)
                return r.error();
        }
        const QString resolves = HistoryRollups::resolvesUpsertSql();
        for (auto it = m_resolveRollup.cbegin(); it != m_resolveRollup.cend(); ++it) {
            if (auto r = db.run(resolves, {it.key().day, it.key().status, it.key().durationMs, it.value()},
                                QStringLiteral("history rollups of the bulk load"));
                !r)
                return r.error();
        }
        m_rollup.clear();
        m_resolveRollup.clear();
        return {};
    }

private:
    struct RollupKey
    {
        qint64 day = 0;
        QString status;
        int attempts = 0;
        QString currency;
        bool operator==(const RollupKey& o) const
        {
            return day == o.day && attempts == o.attempts && status == o.status && currency == o.currency;
        }
        friend size_t qHash(const RollupKey& k, size_t seed = 0) { return qHashMulti(seed, k.day, k.status, k.attempts, k.currency); }
    };
    struct ResolveKey
    {
        qint64 day = 0;
        QString status;
        qint64 durationMs = 0;
        bool operator==(const ResolveKey& o) const
        {
            return day == o.day && durationMs == o.durationMs && status == o.status;
        }
        friend size_t qHash(const ResolveKey& k, size_t seed = 0) { return qHashMulti(seed, k.day, k.status, k.durationMs); }
    };
    // operations, amount_cents, with_refund_id, calls, joined_calls, lost_races, answered_from_refunded, provider_replays
    QHash<RollupKey, std::array<qint64, 8>> m_rollup;
    QHash<ResolveKey, qint64> m_resolveRollup;
    RollupKey m_rollupKey;

    Random& m_random;
    QString m_idTag = m_random.hex(8);
    quint64 m_sequence = 0;
    qint64 m_now;
    HistoryGenerator::Summary& m_summary;
    QString m_failureCode;
    BatchInserter m_orders, m_ops, m_attempts, m_calls, m_audit;
    double m_unknownShare = 0.08;
};
} // namespace

StoreResult<HistoryGenerator::Summary> HistoryGenerator::generate(const Options& options)
{
    if (options.operations < 1)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("ops: must be at least 1"), QStringLiteral("ops"));
    if (options.operationsPerTransaction < 1)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("operations per transaction: must be at least 1"));
    if (auto r = SchemaMigrator::check(m_db); !r)
        return r.error();
    const QString prefix = QStringLiteral("h%1-").arg(options.seed);
    auto seen = m_db.run(QStringLiteral("SELECT count(*) FROM orders WHERE order_id = ?"), {prefix + QStringLiteral("00000001")},
                         QStringLiteral("check for an earlier run"));
    if (!seen)
        return seen.error();
    seen.value().next();
    const bool alreadyGenerated = seen.value().value(0).toLongLong() > 0;
    seen.value().finish();
    if (alreadyGenerated)
        return StoreError::make(Code::AlreadyExists,
                                QStringLiteral("seed %1 was already generated in %2 (order %3 exists); use another --seed")
                                    .arg(options.seed)
                                    .arg(m_db.url().display(), prefix + QStringLiteral("00000001")),
                                QStringLiteral("seed"));

    // Random ids land all over the primary-key and unique indexes: with SQLite's default 2 MB
    // page cache a million rows spend their time re-reading index pages. This connection only.
    std::optional<QString> oldCacheSize;
    if (m_db.isSqlite()) {
        auto q = m_db.run(QStringLiteral("PRAGMA cache_size"), {}, QStringLiteral("read cache size"));
        if (q && q.value().next())
            oldCacheSize = q.value().value(0).toString();
        m_db.runScript(QStringLiteral("PRAGMA cache_size = -262144"), QStringLiteral("enlarge cache"));
    }
    struct RestoreCache
    {
        Database& db;
        const std::optional<QString>& old;
        ~RestoreCache()
        {
            if (old)
                db.runScript(QStringLiteral("PRAGMA cache_size = ") + *old, QStringLiteral("restore cache size"));
        }
    } restoreCache{m_db, oldCacheSize};

    // Into an empty database, maintaining every secondary index row by row is most of the cost
    // (random keys touch pages all over each index). Drop them for the load and build each
    // once at the end from sorted data; a violated unique index (R3) then fails the run loudly.
    auto deferred = deferSecondaryIndexes();
    if (!deferred)
        return deferred.error();
    // Rebuilt on every way out, so a failed run never leaves the database without its indexes.
    struct RebuildIndexes
    {
        Database& db;
        QStringList statements;
        StoreResult<void> run()
        {
            const QStringList todo = std::exchange(statements, {});
            for (const QString& sql : todo) {
                if (auto r = db.runScript(sql, QStringLiteral("rebuild index")); !r)
                    return r;
            }
            return {};
        }
        ~RebuildIndexes() { run(); }
    } rebuild{m_db, deferred.value()};

    QElapsedTimer timer;
    timer.start();
    Summary summary;
    Random random(0x9e3779b97f4a7c15ULL ^ options.seed);
    const qint64 now = options.nowMs > 0 ? options.nowMs : Clock::system().nowMs();
    Writer writer(m_db, random, now, summary);
    writer.setUnknownShare(options.unknownShare);
    qint64 orderNo = 0;
    while (summary.operations < options.operations) {
        WriteTransaction tx(m_db);
        if (auto r = tx.begin(); !r)
            return r.error();
        // Rows go in in their final states, which the v4 guard refuses from anyone (rows are
        // inserted open). Lift it inside this transaction only and put it back before commit:
        // other connections never see the tables unguarded (SQLite: BEGIN IMMEDIATE; PostgreSQL:
        // ALTER TABLE holds its lock to the end). Needs the schema owner, who could drop the
        // triggers anyway.
        for (const QString& sql : DatabaseGuard::suspendStatements(m_db.isSqlite()) +
                                      HistoryRollups::suspendInsertTriggers(m_db.isSqlite()) +
                                      LogicalRefundRepeats::suspendStatements(m_db.isSqlite())) {
            if (auto r = m_db.runScript(sql, QStringLiteral("lift the row guard for the bulk load")); !r)
                return r.error();
        }
        const qint64 txEnd = qMin(options.operations, summary.operations + options.operationsPerTransaction);
        auto orderId = [&](qint64 n) { return prefix + QStringLiteral("%1").arg(n, 8, 10, QLatin1Char('0')); };
        const QString firstOrder = orderId(orderNo + 1);
        while (summary.operations < txEnd) {
            const qint64 chunkEnd = qMin(txEnd, summary.operations + kChunkOperations);
            while (summary.operations < chunkEnd)
                writer.addOrder(orderId(++orderNo), summary.operations + 2 <= chunkEnd);
            if (auto r = writer.flush(); !r)
                return r.error();
        }
        if (auto r = writer.flushRollups(m_db); !r)
            return r.error();
        // What the suspended v8 trigger would have recorded for these orders (every operation of
        // an order is written in the same transaction).
        if (auto r = m_db.run(LogicalRefundRepeats::backfillOrdersSql(m_db.isSqlite()), {firstOrder, orderId(orderNo)},
                              QStringLiteral("logical refund repeats of the bulk load"));
            !r)
            return r.error();
        for (const QString& sql : DatabaseGuard::restoreStatements(m_db.isSqlite()) +
                                      HistoryRollups::restoreInsertTriggers(m_db.isSqlite()) +
                                      LogicalRefundRepeats::restoreStatements(m_db.isSqlite())) {
            if (auto r = m_db.runScript(sql, QStringLiteral("restore the row guard")); !r)
                return r.error();
        }
        if (auto r = tx.commit(); !r)
            return r.error();
        if (options.progress)
            options.progress(summary.operations, options.operations);
    }
    if (auto r = rebuild.run(); !r)
        return r.error();
    // Fresh statistics (and, on PostgreSQL, a visibility map for index-only counts), as
    // autovacuum would produce some minutes after a bulk load.
    // On SQLite a sampled ANALYZE (analysis_limit) gives the planner the same picture in a
    // fraction of the time a full pass over five million index entries takes.
    if (m_db.isSqlite())
        m_db.runScript(QStringLiteral("PRAGMA analysis_limit = 1000"), QStringLiteral("analyze"));
    for (const char* table : {"orders", "refund_ops", "refund_attempts", "tool_calls", "audit_log"}) {
        const QString sql = (m_db.isSqlite() ? QStringLiteral("ANALYZE ") : QStringLiteral("VACUUM ANALYZE ")) + QLatin1String(table);
        if (auto r = m_db.runScript(sql, QStringLiteral("analyze")); !r)
            return r.error();
    }
    summary.elapsedMs = timer.elapsed();
    return summary;
}

StoreResult<QStringList> HistoryGenerator::deferSecondaryIndexes()
{
    auto any = m_db.run(QStringLiteral("SELECT 1 FROM refund_ops LIMIT 1"), {}, QStringLiteral("check for existing operations"));
    if (!any)
        return any.error();
    const bool fresh = !any.value().next();
    any.value().finish();   // SQLite refuses DROP INDEX while a statement on the table is active
    if (!fresh)
        return QStringList();   // not a fresh database: leave its indexes alone
    // Indexes that are not backing a constraint (those stay: they are part of the table).
    const QString sql = m_db.isSqlite()
        ? QStringLiteral("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN "
                         "('refund_ops', 'refund_attempts', 'tool_calls', 'audit_log', 'orders')")
        : QStringLiteral("SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = current_schema() AND "
                         "i.tablename IN ('refund_ops', 'refund_attempts', 'tool_calls', 'audit_log', 'orders') AND NOT EXISTS "
                         "(SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || "
                         "quote_ident(i.indexname))::regclass)");
    auto q = m_db.run(sql, {}, QStringLiteral("list indexes"));
    if (!q)
        return q.error();
    QStringList names, creates;
    while (q.value().next()) {
        names << q.value().value(0).toString();
        creates << q.value().value(1).toString();
    }
    q.value().finish();
    for (const QString& name : std::as_const(names)) {
        if (auto r = m_db.runScript(QStringLiteral("DROP INDEX ") + name, QStringLiteral("defer index")); !r)
            return r.error();
    }
    return creates;
}
