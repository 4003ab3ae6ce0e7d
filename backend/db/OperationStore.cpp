#include "db/OperationStore.h"

#include "provider/ProviderIds.h"

#include "Logging.h"
#include "db/KeysetOrder.h"
#include "db/OperationSearch.h"
#include "db/QueryRows.h"
#include "db/ResolutionRules.h"
#include "db/SqlNull.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimeZone>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUuid>

#include <algorithm>
#include <limits>

namespace {

using Code = StoreError::Code;
using SqlNull::nullableText;
using SqlNull::optionalMs;

// attempts is the budget's count (R6): requests that left or may have left, not_sent ones excluded.
const QString kOpColumns = QStringLiteral(
    "o.operation_id, o.order_id, o.amount_cents, o.currency, o.idempotency_key, o.status, "
    "o.attempts - o.not_sent_attempts, "
    "o.created_at, o.updated_at, o.first_attempt_at, o.last_attempt_at, o.key_expires_at, o.closed_at, "
    "o.provider_refund_id, o.provider_status, o.unknown_reason, o.failure_code, o.resolved_by, o.resolved_at, "
    "o.resolution_note, o.request_ref, o.not_sent_attempts, o.reversed_at, o.reversed_by");
// How many columns kOpColumns selects: a query's own columns after them start at this index.
constexpr int kOpColumnCount = 24;

const QString kOpExtraColumns = QStringLiteral(
    ", (SELECT count(*) FROM tool_calls t WHERE t.operation_id = o.operation_id) AS tool_call_count"
    ", (SELECT a.outcome FROM refund_attempts a WHERE a.operation_id = o.operation_id "
    "ORDER BY a.attempt_no DESC LIMIT 1) AS last_outcome"
    ", (SELECT a.deadline_at FROM refund_attempts a WHERE a.operation_id = o.operation_id "
    "ORDER BY a.attempt_no DESC LIMIT 1) AS last_deadline"
    ", (SELECT max(a.deadline_at) FROM refund_attempts a WHERE a.operation_id = o.operation_id "
    "AND a.outcome IN ('in_flight', 'no_response', 'invalid_response', 'response_mismatch', 'in_progress')) "
    "AS attempts_deadline");

// Qt binds a null QString as SQL NULL; request_ref is NOT NULL DEFAULT '' ("no ref").
QString refText(const QString& ref)
{
    return ref.isNull() ? QStringLiteral("") : ref;
}

/** An operation from a row of kOpColumns. */
Operation readOperation(const QSqlQuery& q)
{
    Operation op;
    op.operationId = q.value(0).toString();
    op.orderId = q.value(1).toString();
    op.amountCents = q.value(2).toLongLong();
    op.currency = q.value(3).toString();
    op.idempotencyKey = q.value(4).toString();
    op.status = operationStatusFromString(q.value(5).toString()).value_or(OperationStatus::Unknown);
    op.attempts = q.value(6).toInt();
    op.createdAt = q.value(7).toLongLong();
    op.updatedAt = q.value(8).toLongLong();
    op.firstAttemptAt = optionalMs(q.value(9));
    op.lastAttemptAt = optionalMs(q.value(10));
    op.keyExpiresAt = optionalMs(q.value(11));
    op.closedAt = optionalMs(q.value(12));
    op.providerRefundId = q.value(13).toString();
    op.providerStatus = q.value(14).toString();
    op.unknownReason = q.value(15).toString();
    op.failureCode = q.value(16).toString();
    op.resolvedBy = q.value(17).toString();
    op.resolvedAt = optionalMs(q.value(18));
    op.resolutionNote = q.value(19).toString();
    op.requestRef = q.value(20).toString();
    op.notSentAttempts = q.value(21).toInt();
    op.reversedAt = optionalMs(q.value(22));
    op.reversedBy = q.value(23).toString();
    return op;
}

/** An operation from a row of kOpColumns + kOpExtraColumns. */
Operation readOperationWithExtras(const QSqlQuery& q)
{
    Operation op = readOperation(q);
    op.toolCallCount = q.value(kOpColumnCount).toInt();
    op.lastOutcome = q.value(kOpColumnCount + 1).toString();
    op.lastAttemptDeadlineAt = optionalMs(q.value(kOpColumnCount + 2));
    op.attemptsDeadlineAt = optionalMs(q.value(kOpColumnCount + 3));
    return op;
}

AttemptRecord readAttempt(const QSqlQuery& r)
{
    AttemptRecord a;
    a.id = r.value(0).toLongLong();
    a.operationId = r.value(1).toString();
    a.toolCallId = r.value(2).toString();
    a.attemptNo = r.value(3).toInt();
    a.idempotencyKey = r.value(4).toString();
    a.startedAt = r.value(5).toLongLong();
    a.finishedAt = optionalMs(r.value(6));
    a.outcome = r.value(7).toString();
    a.httpStatus = r.value(8).toInt();
    a.providerRequestId = r.value(9).toString();
    a.replayed = r.value(10).toInt() != 0;
    a.errorCode = r.value(11).toString();
    a.errorMessage = r.value(12).toString();
    a.deadlineAt = optionalMs(r.value(13));
    return a;
}

ToolCallRecord readToolCall(const QSqlQuery& r)
{
    ToolCallRecord t;
    t.id = r.value(0).toLongLong();
    t.toolCallId = r.value(1).toString();
    t.orderId = r.value(2).toString();
    t.amountCents = r.value(3).toLongLong();
    t.operationId = r.value(4).toString();
    t.createdOperation = r.value(5).toInt() != 0;
    t.lostInsertRace = r.value(6).toInt() != 0;
    t.resultStatus = r.value(7).toString();
    t.resultReason = r.value(8).toString();
    t.startedAt = r.value(9).toLongLong();
    t.finishedAt = optionalMs(r.value(10));
    t.requestRef = r.value(11).toString();
    t.answeredFromRefunded = r.value(12).toInt() != 0;
    return t;
}

AuditEntry readAuditEntry(const QSqlQuery& r)
{
    AuditEntry e;
    e.id = r.value(0).toLongLong();
    e.at = r.value(1).toLongLong();
    e.actor = r.value(2).toString();
    e.role = r.value(3).toString();
    e.action = r.value(4).toString();
    e.operationId = r.value(5).toString();
    e.details = QJsonDocument::fromJson(r.value(6).toString().toUtf8()).object();
    return e;
}

QString newOperationId()
{
    return QStringLiteral("op_") + QUuid::createUuid().toString(QUuid::Id128);
}

QString sortColumn(OperationStore::SortKey key)
{
    switch (key) {
    case OperationStore::SortKey::CreatedAt: return QStringLiteral("o.created_at");
    case OperationStore::SortKey::OperationId: return QStringLiteral("o.operation_id");
    case OperationStore::SortKey::OrderId: return QStringLiteral("o.order_id");
    case OperationStore::SortKey::Amount: return QStringLiteral("o.amount_cents");
    case OperationStore::SortKey::Status: return QStringLiteral("o.status");
    case OperationStore::SortKey::Attempts: return QStringLiteral("o.attempts");
    case OperationStore::SortKey::KeyExpiresAt: return QStringLiteral("o.key_expires_at");
    case OperationStore::SortKey::LastAttemptAt: return QStringLiteral("o.last_attempt_at");
    case OperationStore::SortKey::ProviderRefundId: return QStringLiteral("o.provider_refund_id");
    }
    return QStringLiteral("o.created_at");
}

bool nullableSort(OperationStore::SortKey key)
{
    return key == OperationStore::SortKey::KeyExpiresAt || key == OperationStore::SortKey::LastAttemptAt
        || key == OperationStore::SortKey::ProviderRefundId;
}

// The terms in order: [NULLs-last flag,] [currency,] the sort column, operation_id. A NULL
// cursor value drops the column's term: every row after it is NULL there too.
QList<KeysetOrder::Term> orderTerms(OperationStore::SortKey key, bool descending,
                                    const OperationStore::Cursor* cursor)
{
    using K = OperationStore::SortKey;
    QList<KeysetOrder::Term> terms;
    const QString col = key == K::ProviderRefundId ? QStringLiteral("NULLIF(o.provider_refund_id, '')") : sortColumn(key);
    const bool nullValue = cursor && cursor->value.isNull();
    if (nullableSort(key))
        terms << KeysetOrder::Term{QStringLiteral("(CASE WHEN %1 IS NULL THEN 1 ELSE 0 END)").arg(col), true,
                                   cursor ? QVariant(nullValue ? 1 : 0) : QVariant()};
    if (key == K::Amount)
        terms << KeysetOrder::Term{QStringLiteral("o.currency"), true,
                                   cursor ? QVariant(cursor->currency) : QVariant()};
    if (!(nullableSort(key) && nullValue))
        terms << KeysetOrder::Term{col, !descending, cursor ? cursor->value : QVariant()};
    if (key != K::OperationId)
        terms << KeysetOrder::Term{QStringLiteral("o.operation_id"), !descending,
                                   cursor ? QVariant(cursor->operationId) : QVariant()};
    return terms;
}

// R5a: a request ref names the caller's unit of work; it is stored, logged and compared, so
// it is held to what every id here is: printable ASCII, bounded.
std::optional<StoreError> invalidRequestRef(const QString& ref)
{
    if (ref.size() > OperationStore::kMaxRequestRefLength)
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("request-ref: at most %1 characters, got %2")
                                    .arg(OperationStore::kMaxRequestRefLength)
                                    .arg(ref.size()),
                                QStringLiteral("request-ref"));
    for (const QChar c : ref) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7E)
            return StoreError::make(Code::InvalidArgument,
                                    QStringLiteral("request-ref: only printable ASCII characters are allowed (found U+%1)")
                                        .arg(c.unicode(), 4, 16, QLatin1Char('0')),
                                    QStringLiteral("request-ref"));
    }
    if (ref != ref.trimmed())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("request-ref: leading or trailing spaces"),
                                QStringLiteral("request-ref"));
    return std::nullopt;
}

} // namespace

OperationStore::OperationStore(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

std::optional<StoreError> OperationStore::requestRefError(const QString& ref)
{
    return invalidRequestRef(ref);
}

// ---- orders ---------------------------------------------------------------------------------

StoreResult<Order> OperationStore::addOrder(const Order& in)
{
    Order o = in;
    o.orderId = o.orderId.trimmed();
    o.currency = o.currency.trimmed().toLower();
    if (o.orderId.isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("order: the order id is empty"), QStringLiteral("order"));
    if (o.amountCents <= 0)
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("amount-cents: must be a positive number of minor units, got %1").arg(o.amountCents),
                                QStringLiteral("amount-cents"));
    if (!ProviderIds::isCurrencyCode(o.currency))
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("currency: must be a three-letter ISO 4217 code such as usd, got \"%1\"").arg(in.currency),
                                QStringLiteral("currency"));
    if (!ProviderIds::isPaymentIntentId(o.paymentIntent))
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("payment-intent: must be a provider payment intent id starting with pi_, got \"%1\"")
                                    .arg(in.paymentIntent),
                                QStringLiteral("payment-intent"));
    if (o.createdAt == 0)
        o.createdAt = m_clock.nowMs();

    auto existing = order(o.orderId);
    if (existing) {
        const Order& e = existing.value();
        if (e.amountCents == o.amountCents && e.currency == o.currency && e.paymentIntent == o.paymentIntent)
            return e;
        return StoreError::make(Code::AlreadyExists,
                                QStringLiteral("order %1 already exists with amount %2 %3 and payment intent %4")
                                    .arg(e.orderId)
                                    .arg(e.amountCents)
                                    .arg(e.currency, e.paymentIntent),
                                QStringLiteral("order"));
    }
    if (existing.error().code != Code::NotFound)
        return existing.error();

    const auto samePayment = [&]() -> std::optional<StoreError> {
        auto other = m_db.run(QStringLiteral("SELECT order_id FROM orders WHERE payment_intent = ? AND order_id <> ?"),
                              {o.paymentIntent, o.orderId}, QStringLiteral("find order of payment intent"));
        if (!other)
            return other.error();
        if (!other.value().next())
            return std::nullopt;
        return StoreError::make(Code::AlreadyExists,
                                QStringLiteral("payment-intent: %1 already belongs to order %2; one order per payment "
                                               "intent keeps the refundable check per payment (R5)")
                                    .arg(o.paymentIntent, other.value().value(0).toString()),
                                QStringLiteral("payment-intent"));
    };
    if (auto e = samePayment())
        return *e;

    auto q = m_db.run(QStringLiteral("INSERT INTO orders (order_id, amount_cents, currency, payment_intent, created_at) "
                                     "VALUES (?, ?, ?, ?, ?) ON CONFLICT (order_id) DO NOTHING"),
                      {o.orderId, o.amountCents, o.currency, o.paymentIntent, o.createdAt}, QStringLiteral("add order"));
    if (!q) {
        // A concurrent add of another order on the same payment intent: the unique index refused it.
        if (auto e = samePayment())
            return *e;
        return q.error();
    }
    if (q.value().numRowsAffected() == 0)
        return addOrder(in);   // a concurrent add won; compare against what it wrote
    return o;
}

StoreResult<Order> OperationStore::order(const QString& orderId)
{
    auto q = m_db.runPrepared(QStringLiteral("SELECT order_id, amount_cents, currency, payment_intent, created_at "
                                             "FROM orders WHERE order_id = ?"),
                              {orderId}, QStringLiteral("read order"));
    if (!q)
        return q.error();
    QSqlQuery& r = *q.value();
    if (!r.next()) {
        r.finish();
        return StoreError::make(Code::NotFound, QStringLiteral("order: no order %1 is registered").arg(orderId),
                                QStringLiteral("order"));
    }
    Order o;
    o.orderId = r.value(0).toString();
    o.amountCents = r.value(1).toLongLong();
    o.currency = r.value(2).toString();
    o.paymentIntent = r.value(3).toString();
    o.createdAt = r.value(4).toLongLong();
    r.finish();
    return o;
}

// ---- write path -----------------------------------------------------------------------------

StoreResult<OperationStore::OpenResult> OperationStore::openOrJoin(const QString& orderId, qint64 amountCents,
                                                                  const QString& toolCallId,
                                                                  const QString& requestRef,
                                                                  qint64 repeatWindowMs)
{
    // One mapping for every caller: the refund tool's own path without the attempt's claim, so
    // what tests and tools check here is what the tool does (issue 16: one way to do each thing).
    auto begun = beginToolCall(orderId, amountCents, toolCallId, requestRef, repeatWindowMs, nullptr);
    if (!begun)
        return begun.error();
    return begun.value().open;
}

StoreResult<qint64> OperationStore::recordRejectedToolCall(const QString& toolCallId, const QString& orderId,
                                                          qint64 amountCents, const QString& reason)
{
    return recordUnmappedToolCall(toolCallId, orderId, amountCents, QStringLiteral("rejected"), reason);
}

StoreResult<qint64> OperationStore::recordUnmappedToolCall(const QString& toolCallId, const QString& orderId,
                                                          qint64 amountCents, const QString& resultStatus,
                                                          const QString& reason)
{
    const qint64 now = m_clock.nowMs();
    auto ins = m_db.run(QStringLiteral("INSERT INTO tool_calls (tool_call_id, order_id, amount_cents, operation_id, "
                                       "result_status, result_reason, started_at, finished_at) "
                                       "VALUES (?, ?, ?, NULL, ?, ?, ?, ?)"),
                        {toolCallId, orderId, amountCents, resultStatus, reason, now, now},
                        QStringLiteral("log tool call"));
    if (!ins)
        return ins.error();
    return ins.value().lastInsertId().toLongLong();
}

StoreResult<void> OperationStore::finishToolCall(qint64 toolCallRowId, const QString& resultStatus, const QString& reason)
{
    auto q = m_db.runPrepared(QStringLiteral("UPDATE tool_calls SET result_status = ?, result_reason = ?, finished_at = ? WHERE id = ?"),
                      {resultStatus, nullableText(reason), m_clock.nowMs(), toolCallRowId}, QStringLiteral("finish tool call"));
    if (!q)
        return q.error();
    return {};
}

StoreResult<OperationStore::AttemptClaim> OperationStore::claimAttempt(const QString& operationId, const QString& toolCallId,
                                                                      int maxAttemptsPerOperation, qint64 keyRetentionMs,
                                                                      int requestTimeoutMs)
{
    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    const ClaimLimits limits{maxAttemptsPerOperation, keyRetentionMs, requestTimeoutMs};
    bool keep = false;
    auto claim = claimInTransaction(operationId, toolCallId, limits, nullptr, &keep);
    if (!claim) {
        if (keep) {
            if (auto r = tx.commit(); !r) // keeps a shortened deadline; nothing else was written
                return r.error();
        }
        return claim.error();
    }
    if (auto r = tx.commit(); !r)
        return r.error();
    return claim;
}

StoreResult<OperationStore::AttemptClaim>
OperationStore::claimInTransaction(const QString& operationId, const QString& toolCallId,
                                   const ClaimLimits& limits, const ClaimState* known, bool* keepCommit)
{
    const qint64 now = m_clock.nowMs();
    *keepCommit = false;
    ClaimState st;
    if (known) {
        st = *known; // the caller inserted the row in this transaction: nobody else has seen it
    } else {
        auto cur = m_db.runPrepared(
            QStringLiteral("SELECT status, attempts, not_sent_attempts, first_attempt_at, key_expires_at, "
                           "idempotency_key FROM refund_ops WHERE operation_id = ?") +
                (m_db.isPostgres() ? QStringLiteral(" FOR UPDATE") : QString()),
            {operationId}, QStringLiteral("claim attempt"));
        if (!cur)
            return cur.error();
        if (!cur.value()->next())
            return StoreError::make(Code::NotFound,
                                    QStringLiteral("operation %1 does not exist").arg(operationId));
        st.status = cur.value()->value(0).toString();
        st.attempts = cur.value()->value(1).toInt();
        st.notSent = cur.value()->value(2).toInt();
        st.firstAt = optionalMs(cur.value()->value(3));
        st.expires = optionalMs(cur.value()->value(4));
        st.key = cur.value()->value(5).toString();
        cur.value()->finish();
    }
    if (st.status != QLatin1String("open"))
        return StoreError::make(
            Code::NotOpen,
            QStringLiteral("operation %1 is %2; nothing more is sent").arg(operationId, st.status));

    // R10: the deadline follows the shorter of the retention when the first attempt was made
    // and the retention in force now (an admin switching v2 -> v1 shortens open rows' deadlines).
    if (st.firstAt && st.expires && *st.firstAt + limits.keyRetentionMs < *st.expires) {
        const qint64 clamped = *st.firstAt + limits.keyRetentionMs;
        auto clamp =
            m_db.run(QStringLiteral("UPDATE refund_ops SET key_expires_at = ?, updated_at = ? "
                                    "WHERE operation_id = ? AND status = 'open' AND key_expires_at > ?"),
                     {clamped, now, operationId, clamped}, QStringLiteral("shorten key deadline"));
        if (!clamp)
            return clamp.error();
        Logging::warn(
            QStringLiteral("operation %1: key retention lowered; its deadline moves to %2 (R10)")
                .arg(operationId)
                .arg(QDateTime::fromMSecsSinceEpoch(clamped, QTimeZone::utc()).toString(Qt::ISODateWithMs)));
        st.expires = clamped;
        *keepCommit = true;
    }
    if (st.expires && now >= *st.expires) {
        *keepCommit = true;
        return StoreError::make(
            Code::KeyRetentionPassed,
            QStringLiteral("operation %1: the idempotency key's retention ended at %2 (R10)")
                .arg(operationId)
                .arg(*st.expires));
    }
    if (st.attempts - st.notSent >= limits.maxAttemptsPerOperation) {
        *keepCommit = true;
        return StoreError::make(Code::BudgetExhausted,
                                QStringLiteral("operation %1 used %2 of %3 attempts (R6)")
                                    .arg(operationId)
                                    .arg(st.attempts - st.notSent)
                                    .arg(limits.maxAttemptsPerOperation));
    }

    // Guarded increment: even without the row lock above, the budget can never be passed.
    auto upd = m_db.runPrepared(
        QStringLiteral("UPDATE refund_ops SET attempts = attempts + 1, "
                       "first_attempt_at = COALESCE(first_attempt_at, ?), "
                       "key_expires_at = COALESCE(key_expires_at, ?), "
                       "last_attempt_at = ?, updated_at = ? "
                       "WHERE operation_id = ? AND status = 'open' AND attempts - not_sent_attempts < ?"),
        {now, now + limits.keyRetentionMs, now, now, operationId, limits.maxAttemptsPerOperation},
        QStringLiteral("count attempt"));
    if (!upd)
        return upd.error();
    if (upd.value()->numRowsAffected() != 1) {
        *keepCommit = true;
        return StoreError::make(
            Code::BudgetExhausted,
            QStringLiteral("operation %1: attempt budget reached concurrently").arg(operationId));
    }
    AttemptClaim claim;
    claim.attemptNo = st.attempts + 1;
    claim.budgetUsed = st.attempts - st.notSent + 1;
    claim.idempotencyKey = st.key;
    claim.keyExpiresAt = st.expires.value_or(now + limits.keyRetentionMs);
    claim.deadlineAt = now + qMax(0, limits.requestTimeoutMs);
    const QVariantList binds{operationId, toolCallId, claim.attemptNo, st.key, now, claim.deadlineAt};
    const QString insert = QStringLiteral(
        "INSERT INTO refund_attempts (operation_id, tool_call_id, attempt_no, idempotency_key, "
        "started_at, deadline_at, outcome) VALUES (?, ?, ?, ?, ?, ?, 'in_flight')");
    auto id = insertReturningId(insert, binds, QStringLiteral("log attempt"));
    if (!id)
        return id.error();
    claim.attemptRowId = id.value();
    return claim;
}

StoreResult<qint64> OperationStore::insertToolCall(const QString& toolCallId, const QString& orderId,
                                                   qint64 amountCents, const QString& operationId,
                                                   bool created, bool lostRace, const QString& requestRef,
                                                   bool answered, qint64 now)
{
    const QString sql =
        QStringLiteral("INSERT INTO tool_calls (tool_call_id, order_id, amount_cents, operation_id, "
                       "created_operation, lost_insert_race, request_ref, answered_from_refunded, "
                       "started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const QVariantList binds{toolCallId,          orderId,          amountCents,
                             operationId,         created ? 1 : 0,  lostRace ? 1 : 0,
                             refText(requestRef), answered ? 1 : 0, now};
    return insertReturningId(sql, binds, QStringLiteral("log tool call"));
}

StoreResult<qint64> OperationStore::insertReturningId(const QString& insertSql, const QVariantList& binds,
                                                      const QString& context)
{
    // RETURNING on both engines (SQLite has it since 3.35): Qt's lastInsertId() on PostgreSQL
    // is one more statement (SELECT lastval()). Kept prepared: every tool call runs these.
    auto ins = m_db.runPrepared(insertSql + QStringLiteral(" RETURNING id"), binds, context);
    if (!ins)
        return ins.error();
    QSqlQuery& q = *ins.value();
    if (!q.next())
        return StoreError::make(Code::QueryFailed, context + QStringLiteral(": no id returned"));
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    return id;
}

StoreResult<OperationStore::BeginResult>
OperationStore::beginToolCall(const QString& orderId, qint64 amountCents, const QString& toolCallId,
                              const QString& requestRef, qint64 repeatWindowMs, const ClaimLimits* limits)
{
    if (toolCallId.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("tool-call-id: is empty"),
                                QStringLiteral("tool-call-id"));
    if (amountCents <= 0)
        return StoreError::make(
            Code::InvalidArgument,
            QStringLiteral("amount-cents: must be a positive number of minor units, got %1").arg(amountCents),
            QStringLiteral("amount-cents"));
    if (auto bad = invalidRequestRef(requestRef))
        return *bad;
    const qint64 now = m_clock.nowMs();

    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    // The order's lock serialises everyone who may open a row for it (PostgreSQL; SQLite's
    // BEGIN IMMEDIATE serialises all writers). The next statement starts after the lock is
    // held, so it sees every row an earlier holder committed: no open row of this order can
    // appear until we commit, and the look below is the truth for the INSERT after it.
    auto ord = m_db.runPrepared(
        QStringLiteral("SELECT amount_cents, currency, payment_intent FROM orders WHERE order_id = ?") +
            (m_db.isPostgres() ? QStringLiteral(" FOR UPDATE") : QString()),
        {orderId}, QStringLiteral("read order"));
    if (!ord)
        return ord.error();
    if (!ord.value()->next())
        return StoreError::make(Code::NotFound,
                                QStringLiteral("order: no order %1 is registered").arg(orderId),
                                QStringLiteral("order"));
    BeginResult out;
    const qint64 total = ord.value()->value(0).toLongLong();
    out.currency = ord.value()->value(1).toString();
    out.paymentIntent = ord.value()->value(2).toString();
    ord.value()->finish();

    // One statement: the logical refund's open/unknown row (joined, R3), else its refunded row
    // that still answers repeats (R5a: any with a request ref, within the window without), and
    // what the order's other refunds hold (R5).
    const qint64 closedSince =
        requestRef.isEmpty() ? now - repeatWindowMs : std::numeric_limits<qint64>::min();
    auto look = m_db.runPrepared(
        QStringLiteral("SELECT ") + kOpColumns +
            QStringLiteral(
                ", (SELECT COALESCE(SUM(r.amount_cents), 0) FROM refund_ops r WHERE r.order_id = ? AND "
                "(r.status = 'refunded' OR (r.status IN ('open', 'unknown') AND "
                "NOT (r.amount_cents = ? AND r.request_ref = ?)))) "
                "FROM (SELECT 1 AS one) AS one LEFT JOIN refund_ops o ON o.order_id = ? AND o.amount_cents = "
                "? "
                "AND o.request_ref = ? AND (o.status IN ('open', 'unknown') OR "
                "(o.status = 'refunded' AND o.closed_at >= ?)) "
                "ORDER BY CASE WHEN o.status IN ('open', 'unknown') THEN 0 ELSE 1 END, o.closed_at DESC "
                "LIMIT 1"),
        {orderId, amountCents, refText(requestRef), orderId, amountCents, refText(requestRef), closedSince},
        QStringLiteral("find logical refund"));
    if (!look)
        return look.error();
    if (!look.value()->next())
        return StoreError::make(Code::QueryFailed, QStringLiteral("find logical refund: no row"));
    const bool matched = !look.value()->value(0).isNull();
    Operation op = matched ? readOperation(*look.value()) : Operation();
    // Read past kOpColumns: schema v5 added columns to it, and a fixed index here once read
    // reversed_at (null, so 0 used) instead of the sum, letting a spent order's refund be sent.
    const qint64 used = look.value()->value(kOpColumnCount).toLongLong();
    look.value()->finish();

    if (matched && op.status == OperationStatus::Refunded) {
        // R5a, under the lock: a refunded logical refund answers; it never opens a second one.
        auto id = insertToolCall(toolCallId, orderId, amountCents, op.operationId, false, false, requestRef,
                                 true, now);
        if (!id)
            return id.error();
        if (auto r = tx.commit(); !r)
            return r.error();
        out.open = OpenResult{op, id.value(), false, false, true};
        return out;
    }

    bool created = false;
    bool lostRace = false;
    if (!matched) {
        const qint64 refundable = total - used;
        if (amountCents > refundable) {
            return StoreError::make(
                Code::NotRefundable,
                QStringLiteral("order %1: refundable amount is %2 of %3 %4 (refunded or in progress: %5); "
                               "a refund of %6 does not fit")
                    .arg(orderId)
                    .arg(qMax<qint64>(refundable, 0))
                    .arg(total)
                    .arg(out.currency)
                    .arg(total - refundable)
                    .arg(amountCents),
                QStringLiteral("amount-cents"));
        }
        // R2: the key is born here and committed with the row, before any provider attempt.
        op = Operation();
        op.operationId = newOperationId();
        op.orderId = orderId;
        op.amountCents = amountCents;
        op.currency = out.currency;
        op.requestRef = requestRef;
        op.idempotencyKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
        op.status = OperationStatus::Open;
        op.createdAt = now;
        op.updatedAt = now;
        // R3: the index settles any writer that did not take the order's lock.
        auto ins = m_db.runPrepared(
            QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                           "request_ref, idempotency_key, status, attempts, created_at, updated_at) "
                           "VALUES (?, ?, ?, ?, ?, ?, 'open', 0, ?, ?) "
                           "ON CONFLICT (order_id, amount_cents, request_ref) "
                           "WHERE status IN ('open', 'unknown') DO NOTHING"),
            {op.operationId, orderId, amountCents, out.currency, refText(requestRef), op.idempotencyKey, now,
             now},
            QStringLiteral("open operation"));
        if (!ins)
            return ins.error();
        created = ins.value()->numRowsAffected() == 1;
        ins.value()->finish();
        if (!created) {
            auto winner = activeOperation(orderId, amountCents, requestRef);
            if (!winner)
                return winner.error();
            if (!winner.value())
                return StoreError::make(
                    Code::QueryFailed,
                    QStringLiteral("open operation: order %1 changed under a concurrent writer")
                        .arg(orderId));
            op = *winner.value();
            lostRace = true;
        }
    }
    auto id = insertToolCall(toolCallId, orderId, amountCents, op.operationId, created, lostRace, requestRef,
                             false, now);
    if (!id)
        return id.error();
    out.open = OpenResult{op, id.value(), created, lostRace, false};

    if (limits && op.status == OperationStatus::Open) {
        const ClaimState fresh{QStringLiteral("open"), 0, 0, std::nullopt, std::nullopt, op.idempotencyKey};
        bool keep = false;
        auto claim =
            claimInTransaction(op.operationId, toolCallId, *limits, created ? &fresh : nullptr, &keep);
        if (claim) {
            out.claim = claim.value();
        } else if (claim.error().code == Code::NotOpen || claim.error().code == Code::BudgetExhausted ||
                   claim.error().code == Code::KeyRetentionPassed) {
            out.claimRefused = claim.error(); // the call is logged; it sends nothing
        } else {
            return claim.error(); // rolled back: nothing was written
        }
    }
    if (auto r = tx.commit(); !r)
        return r.error();
    return out;
}

StoreResult<bool> OperationStore::finishWithAnswer(const QString& operationId, const Answer& a)
{
    const qint64 now = m_clock.nowMs();
    const bool refunded = a.close == Close::Refunded;
    if (refunded && a.refundId.isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("refund id is empty"),
                                QStringLiteral("refund_id"));
    const QString closeSql =
        refunded
            ? QStringLiteral("UPDATE refund_ops SET status = 'refunded', provider_refund_id = ?, "
                             "provider_status = ?, closed_at = ?, "
                             "updated_at = ? WHERE operation_id = ? AND status IN ('open', 'unknown')")
            : QStringLiteral(
                  "UPDATE refund_ops SET status = 'failed', failure_code = ?, closed_at = ?, updated_at = ? "
                  "WHERE operation_id = ? AND status = 'open'");
    const QVariantList closeBinds =
        refunded ? QVariantList{a.refundId, nullableText(a.providerStatus), now, now, operationId}
                 : QVariantList{nullableText(a.failureCode), now, now, operationId};
    const QString attemptSql =
        QStringLiteral("UPDATE refund_attempts SET finished_at = ?, outcome = ?, http_status = ?, "
                       "provider_request_id = ?, replayed = ?, error_code = ?, error_message = ? "
                       "WHERE id = ?");
    const AttemptResult& r = a.attempt;
    const QVariantList attemptBinds{now,
                                    r.outcome,
                                    r.httpStatus > 0 ? QVariant(r.httpStatus)
                                                     : QVariant(QMetaType::fromType<int>()),
                                    nullableText(r.providerRequestId),
                                    r.replayed ? 1 : 0,
                                    nullableText(r.errorCode),
                                    nullableText(r.errorMessage),
                                    a.attemptRowId};
    const QString callSql = QStringLiteral(
        "UPDATE tool_calls SET result_status = ?, result_reason = ?, finished_at = ? WHERE id = ?");
    const QVariantList callBinds{a.resultStatus, nullableText(a.resultReason), now, a.toolCallRowId};

    if (m_db.isPostgres()) {
        // One statement is one transaction: the close, the attempt's answer and the tool call's
        // result commit together or not at all. The tool call is finished only if the row closed.
        QVariantList binds = closeBinds + attemptBinds + callBinds;
        auto q = m_db.runPrepared(
            QStringLiteral("WITH c AS (") + closeSql + QStringLiteral(" RETURNING 1), a AS (") + attemptSql +
                QStringLiteral(" RETURNING 1), t AS (") + callSql +
                QStringLiteral(" AND EXISTS (SELECT 1 FROM c) RETURNING 1) "
                               "SELECT (SELECT count(*) FROM c), (SELECT count(*) FROM a)"),
            binds, QStringLiteral("record answer and close"));
        if (!q)
            return q.error();
        if (!q.value()->next())
            return StoreError::make(Code::QueryFailed, QStringLiteral("record answer and close: no row"));
        const bool closed = q.value()->value(0).toLongLong() == 1;
        q.value()->finish();
        return closed;
    }
    WriteTransaction tx(m_db);
    if (auto b = tx.begin(); !b)
        return b.error();
    // Kept prepared on the connection, as every statement a tool call runs (issue 13).
    auto att = m_db.runPrepared(attemptSql, attemptBinds, QStringLiteral("finish attempt"));
    if (!att)
        return att.error();
    auto close = m_db.runPrepared(closeSql, closeBinds,
                                  refunded ? QStringLiteral("close refunded") : QStringLiteral("close failed"));
    if (!close)
        return close.error();
    const bool closed = close.value()->numRowsAffected() == 1;
    if (closed) {
        auto call = m_db.runPrepared(callSql, callBinds, QStringLiteral("finish tool call"));
        if (!call)
            return call.error();
    }
    if (auto c = tx.commit(); !c)
        return c.error();
    return closed;
}

StoreResult<bool> OperationStore::hasUnansweredAttempt(const QString& operationId, qint64 exceptAttemptRowId)
{
    auto q = m_db.run(QStringLiteral("SELECT 1 FROM refund_attempts WHERE operation_id = ? AND id <> ? "
                                     "AND outcome IN ('no_response', 'invalid_response', 'in_flight') LIMIT 1"),
                      {operationId, exceptAttemptRowId}, QStringLiteral("find unanswered attempts"));
    if (!q)
        return q.error();
    const bool found = q.value().next();
    q.value().finish();
    return found;
}

StoreResult<void> OperationStore::recordNotSent(const QString& operationId, qint64 attemptRowId, const AttemptResult& result)
{
    AttemptResult r = result;
    r.outcome = QStringLiteral("not_sent");
    WriteTransaction tx(m_db);
    if (auto b = tx.begin(); !b)
        return b.error();
    if (auto f = finishAttempt(attemptRowId, r); !f)
        return f.error();
    // Only an open row has a budget left to give back; a closed one never changes (R4).
    auto upd = m_db.runPrepared(QStringLiteral("UPDATE refund_ops SET not_sent_attempts = not_sent_attempts + 1, updated_at = ? "
                                       "WHERE operation_id = ? AND status = 'open' AND not_sent_attempts < attempts"),
                        {m_clock.nowMs(), operationId}, QStringLiteral("count not-sent attempt"));
    if (!upd)
        return upd.error();
    return tx.commit();
}

StoreResult<void> OperationStore::finishAttempt(qint64 attemptRowId, const AttemptResult& r)
{
    auto q = m_db.runPrepared(QStringLiteral("UPDATE refund_attempts SET finished_at = ?, outcome = ?, http_status = ?, "
                                             "provider_request_id = ?, replayed = ?, error_code = ?, error_message = ? WHERE id = ?"),
                      {m_clock.nowMs(), r.outcome, r.httpStatus > 0 ? QVariant(r.httpStatus) : QVariant(QMetaType::fromType<int>()),
                       nullableText(r.providerRequestId), r.replayed ? 1 : 0, nullableText(r.errorCode),
                       nullableText(r.errorMessage), attemptRowId},
                      QStringLiteral("finish attempt"));
    if (!q)
        return q.error();
    return {};
}

StoreResult<Operation> OperationStore::transition(const QString& operationId, const QString& setSql,
                                                  const QVariantList& binds, const QString& context, bool fromUnknownToo)
{
    QVariantList all = binds;
    all << m_clock.nowMs() << operationId;
    // setSql is one of a few fixed texts (markUnknown, closeRefunded, closeFailed): kept prepared.
    auto q = m_db.runPrepared(QStringLiteral("UPDATE refund_ops SET ") + setSql
                          + QStringLiteral(", updated_at = ? WHERE operation_id = ? AND ")
                          + (fromUnknownToo ? QStringLiteral("status IN ('open', 'unknown')") : QStringLiteral("status = 'open'")),
                      all, context);
    if (!q)
        return q.error();
    const int affected = q.value()->numRowsAffected();
    auto after = operation(operationId);
    if (!after)
        return after.error();
    if (affected != 1) {
        return StoreError::make(Code::NotOpen, QStringLiteral("%1: operation %2 is %3, not open")
                                                   .arg(context, operationId, statusName(after.value().status)));
    }
    return after;
}

StoreResult<int> OperationStore::expireOpenOperations(qint64 keyRetentionMs)
{
    const qint64 now = m_clock.nowMs();
    // R10: with the retention in force now, a row's deadline is first_attempt_at + retention
    // when that is earlier than the key_expires_at fixed at its first attempt.
    const qint64 startedBefore = keyRetentionMs > 0 ? now - keyRetentionMs : std::numeric_limits<qint64>::min();
    // Runs at every tool call: look first with a read (open rows are few, and the
    // (status, key_expires_at) index finds them), so the common case takes no write lock (on
    // SQLite an UPDATE locks even when it matches nothing).
    const QString expired = QStringLiteral("status = 'open' AND key_expires_at IS NOT NULL "
                                           "AND (key_expires_at <= ? OR first_attempt_at <= ?)");
    auto any = m_db.runPrepared(QStringLiteral("SELECT 1 FROM refund_ops WHERE ") + expired +
                                    QStringLiteral(" LIMIT 1"),
                                {now, startedBefore}, QStringLiteral("find expired open operations"));
    if (!any)
        return any.error();
    const bool found = any.value()->next();
    any.value()->finish();
    if (!found)
        return 0;
    auto q = m_db.run(QStringLiteral("UPDATE refund_ops SET status = 'unknown', unknown_reason = 'key_retention_passed', "
                                     "key_expires_at = CASE WHEN key_expires_at <= ? THEN key_expires_at "
                                     "ELSE first_attempt_at + ? END, updated_at = ? WHERE ")
                          + expired,
                      {now, qMax<qint64>(keyRetentionMs, 0), now, now, startedBefore},
                      QStringLiteral("expire open operations"));
    if (!q)
        return q.error();
    const int n = q.value().numRowsAffected();
    if (n > 0)
        Logging::warn(QStringLiteral("%1 open operation(s) passed their key retention and are unknown now (R10)").arg(n));
    return n;
}

StoreResult<Operation> OperationStore::markUnknown(const QString& operationId, const QString& reason)
{
    auto r = transition(operationId, QStringLiteral("status = 'unknown', unknown_reason = ?"), {reason},
                        QStringLiteral("mark unknown"));
    if (!r && r.error().code == Code::NotOpen) {
        auto cur = operation(operationId);
        if (cur && cur.value().status == OperationStatus::Unknown)
            return cur;
    }
    if (r)
        Logging::warn(QStringLiteral("operation %1 is unknown: %2").arg(operationId, reason));
    return r;
}

StoreResult<Operation> OperationStore::closeRefunded(const QString& operationId, const QString& refundId,
                                                     const QString& providerStatus)
{
    if (refundId.isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("refund id is empty"), QStringLiteral("refund_id"));
    const qint64 now = m_clock.nowMs();
    return transition(operationId,
                      QStringLiteral("status = 'refunded', provider_refund_id = ?, provider_status = ?, closed_at = ?"),
                      {refundId, nullableText(providerStatus), now}, QStringLiteral("close refunded"),
                      /*fromUnknownToo=*/true);
}

StoreResult<Operation> OperationStore::closeFailed(const QString& operationId, const QString& failureCode)
{
    const qint64 now = m_clock.nowMs();
    return transition(operationId, QStringLiteral("status = 'failed', failure_code = ?, closed_at = ?"),
                      {nullableText(failureCode), now}, QStringLiteral("close failed"));
}

// ---- reviewers ------------------------------------------------------------------------------

StoreResult<Operation> OperationStore::resolve(const QString& operationId, const Resolution& res)
{
    if (res.note.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("note: a resolution needs a note saying what was checked"),
                                QStringLiteral("note"));
    if (res.status != OperationStatus::Refunded && res.status != OperationStatus::Failed)
        return StoreError::make(Code::InvalidArgument, QStringLiteral("status: a resolution is refunded or failed"),
                                QStringLiteral("status"));
    const QString evidence = QString::fromUtf8(QJsonDocument(res.evidence).toJson(QJsonDocument::Compact));
    const QVariant lookupStarted = res.lookupStartedAt > 0 ? QVariant(res.lookupStartedAt) : QVariant(QMetaType::fromType<qint64>());

    if (m_db.isPostgres()) {
        // R21: the one door. The function checks R16 and R17, takes the actor from session_user and
        // the role from the login's refund role, and writes the audit entry in the same transaction;
        // res.actor and res.role are not sent (a client value never names the actor).
        auto q = m_db.run(QStringLiteral("SELECT resolve_operation(?, ?, CAST(? AS jsonb), ?, ?)"),
                          {operationId, statusName(res.status), evidence, lookupStarted, res.note}, QStringLiteral("resolve"));
        if (!q)
            return q.error();
        q.value().finish();
        return operation(operationId);
    }

    // SQLite (single user): the same checks as resolve_operation(), in one transaction.
    if (res.actor.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("actor: who resolves must be known"), QStringLiteral("actor"));
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    auto cur = operation(operationId);
    if (!cur)
        return cur.error();
    const Operation& op = cur.value();
    if (op.status == OperationStatus::Open)
        return StoreError::make(Code::NotAllowed,
                                QStringLiteral("operation %1 is open: the refund tool may still be working on it, "
                                               "so it cannot be resolved yet").arg(operationId));
    if (op.status != OperationStatus::Unknown) {
        const QString when = op.resolvedAt ? QDateTime::fromMSecsSinceEpoch(*op.resolvedAt, Qt::UTC).toString(Qt::ISODate)
                                           : QStringLiteral("an unknown time");
        return StoreError::make(Code::AlreadyResolved,
                                QStringLiteral("operation %1 was already resolved as %2 by %3 at %4; nothing was changed")
                                    .arg(operationId, statusName(op.status),
                                         op.resolvedBy.isEmpty() ? QStringLiteral("the refund tool") : op.resolvedBy, when));
    }
    auto verdict = ResolutionRules::check(op, res.status, res.evidence, res.lookupStartedAt, now);
    if (!verdict)
        return verdict.error();
    const ResolutionRules::Verdict& v = verdict.value();
    auto upd = m_db.run(QStringLiteral("UPDATE refund_ops SET status = ?, provider_refund_id = ?, provider_status = ?, "
                                       "failure_code = ?, resolved_by = ?, resolved_at = ?, resolution_note = ?, "
                                       "closed_at = ?, updated_at = ? WHERE operation_id = ? AND status = 'unknown'"),
                        {statusName(res.status), nullableText(v.providerRefundId), nullableText(v.providerStatus),
                         nullableText(v.failureCode), res.actor, now, res.note, now, now, operationId},
                        QStringLiteral("resolve"));
    if (!upd)
        return upd.error();
    AuditEntry audit{0, now, res.actor, res.role, QStringLiteral("resolve"), operationId,
                     QJsonObject{{QStringLiteral("from"), QStringLiteral("unknown")},
                                 {QStringLiteral("to"), statusName(res.status)},
                                 {QStringLiteral("note"), res.note},
                                 {QStringLiteral("provider_refund_id"), v.providerRefundId},
                                 {QStringLiteral("failure_code"), v.failureCode},
                                 {QStringLiteral("lookup_started_at"),
                                  res.lookupStartedAt > 0 ? QJsonValue(res.lookupStartedAt) : QJsonValue()},
                                 {QStringLiteral("evidence"), res.evidence}}};
    if (res.automatic) {
        audit.details.insert(QStringLiteral("auto_resolved"), true);
        audit.details.insert(QStringLiteral("event_id"),
                             res.evidence.value(QStringLiteral("event")).toObject().value(QStringLiteral("id")).toString());
    }
    return commitTransition(tx, upd.value(), audit, QStringLiteral("resolution"));
}

StoreResult<Operation> OperationStore::reverse(const QString& operationId, const Reversal& rev)
{
    if (rev.note.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("note: a reversal needs a note"), QStringLiteral("note"));
    const QJsonObject refund = rev.evidence.value(QStringLiteral("refund")).toObject();
    const QJsonObject event = rev.evidence.value(QStringLiteral("event")).toObject();
    if (refund.isEmpty() || event.isEmpty())
        return StoreError::make(Code::InvalidArgument,
                                QStringLiteral("evidence: a reversal needs the provider's refund object (evidence.refund) "
                                               "and the event (evidence.event)"),
                                QStringLiteral("evidence"));
    const QString evidence = QString::fromUtf8(QJsonDocument(rev.evidence).toJson(QJsonDocument::Compact));
    if (m_db.isPostgres()) {
        auto q = m_db.run(QStringLiteral("SELECT reverse_operation(?, CAST(? AS jsonb), ?)"), {operationId, evidence, rev.note},
                          QStringLiteral("reverse"));
        if (!q)
            return q.error();
        q.value().finish();
        return operation(operationId);
    }

    // SQLite (single user): reverse_operation()'s checks in one transaction.
    if (rev.actor.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("actor: who records the reversal must be known"),
                                QStringLiteral("actor"));
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    auto cur = operation(operationId);
    if (!cur)
        return cur.error();
    const Operation& op = cur.value();
    if (op.status == OperationStatus::Reversed)
        return StoreError::make(Code::AlreadyResolved,
                                QStringLiteral("operation %1 was already reversed by %2; nothing was changed").arg(operationId, op.reversedBy));
    if (op.status != OperationStatus::Refunded)
        return StoreError::make(Code::NotAllowed, QStringLiteral("operation %1 is %2: only a refunded operation can be reversed (R4)")
                                                      .arg(operationId, statusName(op.status)));
    const QJsonValue amount = refund.value(QStringLiteral("amount"));
    if (refund.value(QStringLiteral("id")).toString() != op.providerRefundId
        || refund.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("operation_id")).toString() != op.operationId
        || !amount.isDouble() || qint64(amount.toDouble()) != op.amountCents || amount.toDouble() != double(qint64(amount.toDouble()))
        || refund.value(QStringLiteral("currency")).toString().toLower() != op.currency)
        return StoreError::make(Code::NotAllowed,
                                QStringLiteral("R24: the evidence is not the refund %1 of operation %2 (id, metadata.operation_id, "
                                               "amount and currency must match)")
                                    .arg(op.providerRefundId, operationId));
    if (refund.value(QStringLiteral("status")).toString() != QLatin1String("failed"))
        return StoreError::make(Code::NotAllowed, QStringLiteral("R24: refund %1 is %2, not failed: nothing to reverse")
                                                      .arg(op.providerRefundId, refund.value(QStringLiteral("status")).toString()));
    QString reason = refund.value(QStringLiteral("failure_reason")).toString();
    if (reason.isEmpty())
        reason = QStringLiteral("unknown");
    auto upd = m_db.run(QStringLiteral("UPDATE refund_ops SET status = 'reversed', provider_status = 'failed', failure_code = ?, "
                                       "reversed_at = ?, reversed_by = ?, updated_at = ? WHERE operation_id = ? AND status = 'refunded'"),
                        {reason, now, rev.actor, now, operationId}, QStringLiteral("reverse"));
    if (!upd)
        return upd.error();
    const AuditEntry audit{0, now, rev.actor, rev.role, QStringLiteral("reverse"), operationId,
                           QJsonObject{{QStringLiteral("from"), QStringLiteral("refunded")},
                                       {QStringLiteral("to"), QStringLiteral("reversed")},
                                       {QStringLiteral("note"), rev.note},
                                       {QStringLiteral("provider_refund_id"), op.providerRefundId},
                                       {QStringLiteral("failure_reason"), reason},
                                       {QStringLiteral("event_id"), event.value(QStringLiteral("id")).toString()},
                                       {QStringLiteral("evidence"), rev.evidence}}};
    return commitTransition(tx, upd.value(), audit, QStringLiteral("reversal"));
}

StoreResult<Operation> OperationStore::commitTransition(WriteTransaction& tx, const QSqlQuery& update,
                                                        const AuditEntry& audit, const QString& what)
{
    // The UPDATE was a compare-and-set on the state checked above, inside this transaction.
    if (update.numRowsAffected() != 1)
        return StoreError::make(Code::QueryFailed, QStringLiteral("%1: operation %2 changed during the %3")
                                                       .arg(audit.action, audit.operationId, what));
    if (auto a = appendAudit(audit); !a)
        return a.error();
    if (auto r = tx.commit(); !r)
        return r.error();
    return operation(audit.operationId);
}

// ---- reads ----------------------------------------------------------------------------------

StoreResult<Operation> OperationStore::operation(const QString& operationId)
{
    auto q = m_db.runPrepared(QStringLiteral("SELECT ") + kOpColumns + kOpExtraColumns
                                  + QStringLiteral(" FROM refund_ops o WHERE o.operation_id = ?"),
                              {operationId}, QStringLiteral("read operation"));
    auto op = QueryRows::first(std::move(q), readOperationWithExtras);
    if (!op)
        return op.error();
    if (!op.value())
        return StoreError::make(Code::NotFound, QStringLiteral("operation: no operation %1").arg(operationId),
                                QStringLiteral("operation"));
    return *op.value();
}

StoreResult<std::optional<Operation>> OperationStore::activeOperation(const QString& orderId, qint64 amountCents,
                                                                      const QString& requestRef)
{
    auto q = m_db.runPrepared(QStringLiteral("SELECT ") + kOpColumns
                          + QStringLiteral(" FROM refund_ops o WHERE o.order_id = ? AND o.amount_cents = ? "
                                           "AND o.request_ref = ? AND o.status IN ('open', 'unknown')"),
                      {orderId, amountCents, refText(requestRef)}, QStringLiteral("find open operation"));
    return QueryRows::first(std::move(q), readOperation);
}

StoreResult<std::optional<Operation>>
OperationStore::latestOperation(const QString& orderId, qint64 amountCents, const QString& requestRef)
{
    auto active = activeOperation(orderId, amountCents, requestRef);
    if (!active || active.value())
        return active;
    auto q = m_db.runPrepared(
        QStringLiteral("SELECT ") + kOpColumns +
            QStringLiteral(" FROM refund_ops o WHERE o.order_id = ? AND o.amount_cents = ? "
                           "AND o.request_ref = ? ORDER BY o.created_at DESC, o.operation_id DESC LIMIT 1"),
        {orderId, amountCents, refText(requestRef)}, QStringLiteral("find latest operation"));
    return QueryRows::first(std::move(q), readOperation);
}

QString OperationStore::whereFor(const Query& query, QVariantList* binds, bool forCount) const
{
    QStringList clauses;
    switch (query.filter) {
    case StateFilter::All: break;
    case StateFilter::Open: clauses << QStringLiteral("o.status = 'open'"); break;
    case StateFilter::Unknown: clauses << QStringLiteral("o.status = 'unknown'"); break;
    case StateFilter::Refunded: clauses << QStringLiteral("o.status = 'refunded'"); break;
    case StateFilter::Failed: clauses << QStringLiteral("o.status = 'failed'"); break;
    case StateFilter::Reversed: clauses << QStringLiteral("o.status = 'reversed'"); break;
    case StateFilter::KeyExpiringSoon: {
        const qint64 now = query.nowMs ? query.nowMs : m_clock.nowMs();
        clauses << QStringLiteral("o.status IN ('open', 'unknown') AND o.key_expires_at > ? AND o.key_expires_at <= ?");
        *binds << now << now + query.expiringWithinMs;
        break;
    }
    }
    const RowFilters& rows = query.rows;
    if (rows.createdFromMs) {
        clauses << QStringLiteral("o.created_at >= ?");
        *binds << *rows.createdFromMs;
    }
    if (rows.createdToMs) {
        clauses << QStringLiteral("o.created_at < ?");
        *binds << *rows.createdToMs;
    }
    if (!rows.currency.isEmpty()) {
        clauses << QStringLiteral("o.currency = ?");
        *binds << rows.currency.trimmed().toLower();   // stored lower case (R1)
    }
    if (rows.minAmountCents) {
        clauses << QStringLiteral("o.amount_cents >= ?");
        *binds << *rows.minAmountCents;
    }
    if (rows.maxAmountCents) {
        clauses << QStringLiteral("o.amount_cents <= ?");
        *binds << *rows.maxAmountCents;
    }
    if (!query.search.trimmed().isEmpty())
        clauses << OperationSearch::clause(m_db, query.search, binds,
                                           forCount ? OperationSearch::Purpose::Count : OperationSearch::Purpose::Page);
    return clauses.isEmpty() ? QString() : QStringLiteral(" WHERE ") + clauses.join(QStringLiteral(" AND "));
}

OperationStore::Cursor OperationStore::cursorOf(const Operation& op, SortKey sort)
{
    Cursor c;
    c.operationId = op.operationId;
    const auto optional = [](const std::optional<qint64>& v) { return v ? QVariant(*v) : QVariant(); };
    switch (sort) {
    case SortKey::CreatedAt: c.value = op.createdAt; break;
    case SortKey::OperationId: c.value = op.operationId; break;
    case SortKey::OrderId: c.value = op.orderId; break;
    case SortKey::Amount: c.value = op.amountCents; c.currency = op.currency; break;
    case SortKey::Status: c.value = statusName(op.status); break;
    // The column counts every attempt; Operation::attempts leaves out those never sent.
    case SortKey::Attempts: c.value = op.attempts + op.notSentAttempts; break;
    case SortKey::KeyExpiresAt: c.value = optional(op.keyExpiresAt); break;
    case SortKey::LastAttemptAt: c.value = optional(op.lastAttemptAt); break;
    case SortKey::ProviderRefundId: c.value = op.providerRefundId.isEmpty() ? QVariant() : QVariant(op.providerRefundId); break;
    }
    return c;
}

StoreResult<void> OperationStore::validateFilters(const RowFilters& f)
{
    const auto bad = [](const QString& field, const QString& why) {
        return StoreError::make(Code::InvalidArgument, field + QStringLiteral(": ") + why, field);
    };
    if (f.createdFromMs && f.createdToMs && *f.createdToMs <= *f.createdFromMs)
        return bad(QStringLiteral("created-to"), QStringLiteral("must be after created-from"));
    static const QRegularExpression code(QStringLiteral("^[A-Za-z]{3}$"));
    if (!f.currency.isEmpty() && !code.match(f.currency.trimmed()).hasMatch())
        return bad(QStringLiteral("currency"), QStringLiteral("must be a three-letter ISO 4217 code such as usd"));
    if ((f.minAmountCents || f.maxAmountCents) && f.currency.isEmpty())
        return bad(QStringLiteral("amount"), QStringLiteral("an amount range needs a currency"));
    if ((f.minAmountCents && *f.minAmountCents < 0) || (f.maxAmountCents && *f.maxAmountCents < 0))
        return bad(QStringLiteral("amount"), QStringLiteral("must not be negative"));
    if (f.minAmountCents && f.maxAmountCents && *f.minAmountCents > *f.maxAmountCents)
        return bad(QStringLiteral("min-amount"), QStringLiteral("must not exceed max-amount"));
    return {};
}

StoreResult<QList<Operation>> OperationStore::operations(const Query& query)
{
    if (auto valid = validateFilters(query.rows); !valid)
        return valid.error();
    QVariantList binds;
    QString where = whereFor(query, &binds);
    const auto addClause = [&where](const QString& clause) {
        where += (where.isEmpty() ? QStringLiteral(" WHERE ") : QStringLiteral(" AND ")) + clause;
    };
    if (query.after)
        addClause(KeysetOrder::clause(orderTerms(query.sort, query.descending, &*query.after), true,
                                      query.afterInclusive, &binds));
    if (query.before)
        addClause(KeysetOrder::clause(orderTerms(query.sort, query.descending, &*query.before), false, false,
                                      &binds));
    // Paging backwards reads the order reversed from the cursor (or the end), then turns the page.
    const bool backward = query.before.has_value() || query.fromEnd;
    binds << qBound(1, query.limit, 1000);
    auto q = m_db.run(QStringLiteral("SELECT ") + kOpColumns + kOpExtraColumns +
                          QStringLiteral(" FROM refund_ops o") + where + QStringLiteral(" ORDER BY ") +
                          KeysetOrder::orderBy(orderTerms(query.sort, query.descending, nullptr), backward) +
                          QStringLiteral(" LIMIT ?"),
                      binds, QStringLiteral("list operations"));
    auto out = QueryRows::all(std::move(q), readOperationWithExtras);
    if (out && backward)
        std::reverse(out.value().begin(), out.value().end());
    return out;
}

StoreResult<qint64> OperationStore::countOperations(const Query& query)
{
    if (auto valid = validateFilters(query.rows); !valid)
        return valid.error();
    QVariantList binds;
    const QString where = whereFor(query, &binds, /*forCount=*/true);
    auto q = m_db.run(QStringLiteral("SELECT count(*) FROM refund_ops o") + where, binds, QStringLiteral("count operations"));
    if (!q)
        return q.error();
    q.value().next();
    return q.value().value(0).toLongLong();
}

StoreResult<QList<OperationStore::IdAndCreation>> OperationStore::idsInState(OperationStatus status)
{
    auto q = m_db.run(QStringLiteral("SELECT operation_id, created_at FROM refund_ops WHERE status = ? "
                                     "ORDER BY created_at, operation_id"),
                      {statusName(status)}, QStringLiteral("list operations by state"));
    return QueryRows::all(std::move(q), [](const QSqlQuery& r) {
        return IdAndCreation{r.value(0).toString(), r.value(1).toLongLong()};
    });
}

StoreResult<OperationStore::StateCounts> OperationStore::stateCounts(qint64 nowMs, qint64 expiringWithinMs)
{
    const qint64 now = nowMs ? nowMs : m_clock.nowMs();
    StateCounts c;
    auto q = m_db.run(QStringLiteral("SELECT status, count(*) FROM refund_ops GROUP BY status"), {},
                      QStringLiteral("count by state"));
    if (!q)
        return q.error();
    while (q.value().next()) {
        const qint64 n = q.value().value(1).toLongLong();
        c.all += n;
        switch (operationStatusFromString(q.value().value(0).toString()).value_or(OperationStatus::Unknown)) {
        case OperationStatus::Open: c.open += n; break;
        case OperationStatus::Unknown: c.unknown += n; break;
        case OperationStatus::Refunded: c.refunded += n; break;
        case OperationStatus::Failed: c.failed += n; break;
        case OperationStatus::Reversed: c.reversed += n; break;
        }
    }
    auto e = m_db.run(QStringLiteral("SELECT count(*) FROM refund_ops WHERE status IN ('open', 'unknown') "
                                     "AND key_expires_at > ? AND key_expires_at <= ?"),
                      {now, now + expiringWithinMs}, QStringLiteral("count expiring keys"));
    if (!e)
        return e.error();
    e.value().next();
    c.keyExpiringSoon = e.value().value(0).toLongLong();
    return c;
}

StoreResult<QList<AttemptRecord>> OperationStore::attempts(const QString& operationId)
{
    auto q = m_db.run(QStringLiteral("SELECT id, operation_id, tool_call_id, attempt_no, idempotency_key, started_at, "
                                     "finished_at, outcome, http_status, provider_request_id, replayed, error_code, "
                                     "error_message, deadline_at FROM refund_attempts WHERE operation_id = ? ORDER BY attempt_no"),
                      {operationId}, QStringLiteral("read attempts"));
    return QueryRows::all(std::move(q), readAttempt);
}

StoreResult<QList<ToolCallRecord>> OperationStore::toolCalls(const QString& operationId)
{
    auto q = m_db.run(QStringLiteral("SELECT id, tool_call_id, order_id, amount_cents, operation_id, created_operation, "
                                     "lost_insert_race, result_status, result_reason, started_at, finished_at, "
                                     "request_ref, answered_from_refunded "
                                     "FROM tool_calls WHERE operation_id = ? ORDER BY started_at, id"),
                      {operationId}, QStringLiteral("read tool calls"));
    return QueryRows::all(std::move(q), readToolCall);
}

StoreResult<QList<AuditEntry>> OperationStore::auditEntries(const QString& operationId)
{
    auto q = m_db.run(QStringLiteral("SELECT id, at, actor, role, action, operation_id, details FROM audit_log "
                                     "WHERE operation_id = ? ORDER BY at, id"),
                      {operationId}, QStringLiteral("read audit"));
    return QueryRows::all(std::move(q), readAuditEntry);
}

StoreResult<OperationStore::Detail> OperationStore::detail(const QString& operationId)
{
    Detail d;
    auto op = operation(operationId);
    if (!op)
        return op.error();
    d.operation = std::move(op).value();
    auto attempts = this->attempts(operationId);
    if (!attempts)
        return attempts.error();
    d.attempts = std::move(attempts).value();
    auto calls = toolCalls(operationId);
    if (!calls)
        return calls.error();
    d.toolCalls = std::move(calls).value();
    auto audit = auditEntries(operationId);
    if (!audit)
        return audit.error();
    d.audit = std::move(audit).value();
    return d;
}

StoreResult<qint64> OperationStore::appendAudit(const AuditEntry& entry)
{
    auto q = m_db.run(QStringLiteral("INSERT INTO audit_log (at, actor, role, action, operation_id, details) "
                                     "VALUES (?, ?, ?, ?, ?, ?)"),
                      {entry.at ? entry.at : m_clock.nowMs(), entry.actor, entry.role, entry.action,
                       nullableText(entry.operationId),
                       QString::fromUtf8(QJsonDocument(entry.details).toJson(QJsonDocument::Compact))},
                      QStringLiteral("write audit"));
    if (!q)
        return q.error();
    return q.value().lastInsertId().toLongLong();
}
