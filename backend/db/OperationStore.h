#pragma once

#include "Clock.h"
#include "db/AttemptRecord.h"
#include "db/AuditEntry.h"
#include "db/Database.h"
#include "db/Operation.h"
#include "db/Order.h"
#include "db/ToolCallRecord.h"

#include <QList>

/**
 * The operation database's rules, on one connection (SPEC section 2 and R6, R12, R17).
 *
 * Every state change is a single guarded statement or a short write transaction, so any
 * number of tool processes and consoles can share the database. Errors are StoreError codes;
 * nothing is half-written when a call fails.
 */
class OperationStore
{
public:
    explicit OperationStore(Database& db, const Clock& clock = Clock::system());

    // ---- orders -------------------------------------------------------------------------

    /**
     * Registers an order. Adding the same order again with the same values is a no-op;
     * with other values it fails with AlreadyExists. Validation errors name the field.
     */
    StoreResult<Order> addOrder(const Order& order);
    StoreResult<Order> order(const QString& orderId);

    // ---- the write path (refund tool) ----------------------------------------------------

    struct OpenResult
    {
        Operation operation;
        qint64 toolCallRowId = 0;
        bool createdOperation = false;   ///< this call committed the row and its key (R2)
        bool lostInsertRace = false;     ///< R3: a concurrent call inserted first; this is its row
    };

    /**
     * Maps a tool call onto the one open/unknown operation of (order, amount), creating it
     * with a fresh UUID v4 key when there is none (R2). Two concurrent creators are resolved
     * by the unique index one_open_refund (R3): the loser reads the winner's row. Before
     * creating, checks the order's refundable amount (R5): NotRefundable when the total minus
     * refunded rows minus open/unknown rows of other amounts does not cover amountCents.
     * The tool call is logged with the operation it mapped to (R12).
     * Errors: InvalidArgument (amount <= 0, empty ids), NotFound (unknown order), NotRefundable.
     */
    StoreResult<OpenResult> openOrJoin(const QString& orderId, qint64 amountCents, const QString& toolCallId);

    /** Logs a tool call that was rejected before any operation was mapped (R8 `rejected`). */
    StoreResult<qint64> recordRejectedToolCall(const QString& toolCallId, const QString& orderId, qint64 amountCents,
                                               const QString& reason);
    /** Stores the R8 status a tool call returned. */
    StoreResult<void> finishToolCall(qint64 toolCallRowId, const QString& resultStatus, const QString& reason = {});

    struct AttemptClaim
    {
        int attemptNo = 0;            ///< the operation's attempts after this claim
        qint64 attemptRowId = 0;
        QString idempotencyKey;       ///< read from the row (R2)
        qint64 keyExpiresAt = 0;      ///< UTC epoch ms (R10)
    };

    /**
     * R6: counts one attempt with a committed, guarded increment before the request is sent,
     * and logs it as in flight (R12). The first attempt fixes key_expires_at = now +
     * keyRetentionMs (R10). Concurrent claimers never push attempts past maxAttemptsPerOperation.
     * Errors: NotFound, NotOpen (status is not open), KeyRetentionPassed (now >= key_expires_at),
     * BudgetExhausted (attempts >= maxAttemptsPerOperation).
     */
    StoreResult<AttemptClaim> claimAttempt(const QString& operationId, const QString& toolCallId,
                                           int maxAttemptsPerOperation, qint64 keyRetentionMs);

    struct AttemptResult
    {
        QString outcome;              ///< AttemptOutcome string
        int httpStatus = 0;
        QString providerRequestId;
        bool replayed = false;
        QString errorCode;
        QString errorMessage;
    };
    StoreResult<void> finishAttempt(qint64 attemptRowId, const AttemptResult& result);

    /** open → unknown with a reason (R7, R9, R10). Already unknown: returns the row unchanged. Closed: NotOpen. */
    StoreResult<Operation> markUnknown(const QString& operationId, const QString& reason);
    /**
     * R10 for rows nobody calls again: every `open` row whose key retention has passed (now >=
     * key_expires_at) becomes `unknown` (reason key_retention_passed), so a person checks it.
     * Returns how many rows changed. One guarded statement; safe to run from any process.
     */
    StoreResult<int> expireOpenOperations();

    /**
     * open or unknown → refunded with the provider's refund id and status (R7). An attempt in
     * flight when concurrent calls used up the budget can still come back with the refund: that
     * answer is the evidence a reviewer would look for, so the tool closes the row with it.
     * Closed rows: NotOpen (R4).
     */
    StoreResult<Operation> closeRefunded(const QString& operationId, const QString& refundId,
                                         const QString& providerStatus);
    /** open → failed with the provider's refusal code (R7). Otherwise NotOpen (R4). */
    StoreResult<Operation> closeFailed(const QString& operationId, const QString& failureCode);

    // ---- reviewers (R16, R17) -------------------------------------------------------------

    struct Resolution
    {
        OperationStatus status = OperationStatus::Refunded;   ///< Refunded or Failed
        QString providerRefundId;     ///< informational: the refund id is taken from the evidence (R16)
        QString providerStatus;       ///< informational, as providerRefundId
        QString failureCode;          ///< informational: no_refund_found / refund_failed follow from the evidence
        QString actor;                ///< SQLite only; on PostgreSQL the actor is session_user
        QString role;                 ///< SQLite only; on PostgreSQL the login's refund role
        QString note;                 ///< required
        QJsonObject evidence;         ///< what the lookup found, see ResolutionRules.h
        /**
         * UTC epoch ms when the lookup behind the evidence started (R16: "no refund was made"
         * needs lookupStartedAt >= key_expires_at). 0 = not known.
         */
        qint64 lookupStartedAt = 0;
    };

    /**
     * The one door for people (R16, R17, R21): resolves an `unknown` operation as refunded or
     * failed when the evidence allows it (ResolutionRules), as a compare-and-set on
     * status = 'unknown', with an audit entry (actor, role, note, evidence, lookup start) in the
     * same transaction. On PostgreSQL this is resolve_operation() (actor = session_user); on
     * SQLite the same checks in one write transaction. Errors: InvalidArgument (no note, bad
     * status, lookup start in the future), NotFound, NotAllowed (R16 refused it: message starts
     * "R16:"; or the operation is open), AlreadyResolved (says who and when; nothing written),
     * QueryFailed "permission denied" (the login may not resolve), Busy.
     */
    StoreResult<Operation> resolve(const QString& operationId, const Resolution& resolution);

    // ---- reads --------------------------------------------------------------------------

    StoreResult<Operation> operation(const QString& operationId);
    /** The open/unknown operation of (order, amount), if any. */
    StoreResult<std::optional<Operation>> activeOperation(const QString& orderId, qint64 amountCents);

    enum class StateFilter { All, Open, Unknown, Refunded, Failed, KeyExpiringSoon };
    enum class SortKey { CreatedAt, OperationId, OrderId, Amount, Status, Attempts, KeyExpiresAt, LastAttemptAt, ProviderRefundId };

    struct Query
    {
        StateFilter filter = StateFilter::All;
        QString search;               ///< order id, refund id (exact), operation id or key prefix
        SortKey sort = SortKey::CreatedAt;
        bool descending = true;
        int offset = 0;
        int limit = 100;              ///< 1..1000
        qint64 nowMs = 0;             ///< for KeyExpiringSoon; 0 = the store's clock
        qint64 expiringWithinMs = 3600 * 1000;
    };

    /** One page, ordered by the sort key then operation_id (stable), with tool-call counts and last outcome. */
    StoreResult<QList<Operation>> operations(const Query& query);
    StoreResult<qint64> countOperations(const Query& query);

    struct StateCounts
    {
        qint64 all = 0, open = 0, unknown = 0, refunded = 0, failed = 0, keyExpiringSoon = 0;
    };
    StoreResult<StateCounts> stateCounts(qint64 nowMs = 0, qint64 expiringWithinMs = 3600 * 1000);

    StoreResult<QList<AttemptRecord>> attempts(const QString& operationId);
    StoreResult<QList<ToolCallRecord>> toolCalls(const QString& operationId);
    StoreResult<QList<AuditEntry>> auditEntries(const QString& operationId);
    StoreResult<qint64> appendAudit(const AuditEntry& entry);

    Database& database() { return m_db; }
    const Clock& clock() const { return m_clock; }

private:
    StoreResult<OpenResult> openOrJoinAttempt(const QString& orderId, qint64 amountCents, const QString& toolCallId,
                                              int raceRetries);
    StoreResult<Operation> transition(const QString& operationId, const QString& setSql, const QVariantList& binds,
                                      const QString& context, bool fromUnknownToo = false);
    QString whereFor(const Query& query, QVariantList* binds) const;

    Database& m_db;
    const Clock& m_clock;
};
