#pragma once

#include <QMetaType>

#include "Clock.h"
#include "db/AttemptRecord.h"
#include "db/AuditEntry.h"
#include "db/Database.h"
#include "db/Operation.h"
#include "db/Order.h"
#include "db/ToolCallRecord.h"

#include <QList>
#include <QStringList>

#include <optional>

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
     * with other values it fails with AlreadyExists. A payment intent belongs to one order
     * (the unique index orders_one_per_payment_intent): R5's refundable check per order is then
     * also the check per payment, whose amount this database does not know; a second order on
     * the same payment intent fails with AlreadyExists naming both. Validation errors name the field.
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
        /** R5a: the logical refund is already refunded; `operation` is that refunded row and
            nothing may be sent for this call. */
        bool answeredFromRefunded = false;
    };

    /** Longest request ref (R5a): printable ASCII, at most this many characters. */
    static constexpr int kMaxRequestRefLength = 255;
    /** Why ref is not a valid request ref (InvalidArgument naming "request-ref"), or nullopt. */
    static std::optional<StoreError> requestRefError(const QString& ref);

    /**
     * Maps a tool call onto its logical refund (R5a: order, amount, request ref): beginToolCall()
     * without the first attempt's claim, so there is one mapping and this is the tool's.
     *
     * 1. An open/unknown operation of that identity: joined (R3).
     * 2. Else, under the write lock that serialises openers of the order: a `refunded`
     *    operation of that identity (any time when requestRef is set, closed within
     *    repeatWindowMs when it is empty) answers the call: answeredFromRefunded, nothing new
     *    opens. A call racing the close therefore joins or answers, never opens.
     * 3. Else the refundable check (R5: order total minus refunded rows minus open/unknown rows
     *    of other identities must cover amountCents; NotRefundable otherwise, nothing written)
     *    and a new row with a fresh UUID v4 key, committed before any attempt (R2). Concurrent
     *    creators are settled by the unique index one_open_refund (R3): the loser reads the
     *    winner's row.
     * The tool call is logged with the operation, its request ref and how it was mapped (R12).
     * Errors: InvalidArgument (amount <= 0, empty ids, request ref not printable ASCII or over
     * 255 characters), NotFound (unknown order), NotRefundable.
     */
    StoreResult<OpenResult> openOrJoin(const QString& orderId, qint64 amountCents, const QString& toolCallId,
                                       const QString& requestRef = {}, qint64 repeatWindowMs = 72 * 3600 * 1000LL);

    /** Logs a tool call that was rejected before any operation was mapped (R8 `rejected`). */
    StoreResult<qint64> recordRejectedToolCall(const QString& toolCallId, const QString& orderId, qint64 amountCents,
                                               const QString& reason);
    /**
     * Logs a finished tool call that could not be mapped to an operation row (R12), with its
     * R8 status: e.g. "unconfirmed" while another session holds the row past lock_timeout, so
     * the log cannot wait on that row's lock (the history rollups take it for mapped calls).
     */
    StoreResult<qint64> recordUnmappedToolCall(const QString& toolCallId, const QString& orderId, qint64 amountCents,
                                               const QString& resultStatus, const QString& reason);
    /** Stores the R8 status a tool call returned. */
    StoreResult<void> finishToolCall(qint64 toolCallRowId, const QString& resultStatus, const QString& reason = {});

    struct AttemptResult
    {
        QString outcome;              ///< AttemptOutcome string
        int httpStatus = 0;
        QString providerRequestId;
        bool replayed = false;
        QString errorCode;
        QString errorMessage;
    };
    struct AttemptClaim
    {
        int attemptNo = 0;            ///< this attempt's number (1-based, counts not_sent ones too)
        int budgetUsed = 0;           ///< attempts that count toward the budget, this one included (R6)
        qint64 attemptRowId = 0;
        QString idempotencyKey;       ///< read from the row (R2)
        qint64 keyExpiresAt = 0;      ///< UTC epoch ms (R10)
        /** UTC epoch ms: claim time + requestTimeoutMs, the attempt's deadline_at (R16). */
        qint64 deadlineAt = 0;
    };

    /**
     * R6: counts one attempt with a committed, guarded increment before the request is sent,
     * and logs it as in flight (R12) with its deadline (now + requestTimeoutMs). The first
     * attempt fixes key_expires_at = now + keyRetentionMs (R10); a later claim under a shorter
     * retention moves it earlier, to first_attempt_at + keyRetentionMs (never later).
     * Concurrent claimers never push the budget count (attempts - not_sent_attempts) past
     * maxAttemptsPerOperation.
     * Errors: NotFound, NotOpen (status is not open), KeyRetentionPassed (now >= the deadline),
     * BudgetExhausted (budget used).
     */
    StoreResult<AttemptClaim> claimAttempt(const QString& operationId, const QString& toolCallId,
                                           int maxAttemptsPerOperation, qint64 keyRetentionMs,
                                           int requestTimeoutMs = 10000);

    /** What a claim needs besides the operation: the budgets and deadlines in force (R6, R10, R20). */
    struct ClaimLimits
    {
        int maxAttemptsPerOperation = 6;
        qint64 keyRetentionMs = 24 * 3600 * 1000LL;
        int requestTimeoutMs = 10000;
    };

    /** beginToolCall()'s answer. */
    struct BeginResult
    {
        OpenResult open;
        QString paymentIntent; ///< the order's payment intent (R7: the answer must name it)
        QString currency;      ///< the order's currency
        /** The first attempt, counted and committed with the row (R2, R6): send it. */
        std::optional<AttemptClaim> claim;
        /** Why no attempt was counted for an open row (BudgetExhausted, KeyRetentionPassed, NotOpen). */
        std::optional<StoreError> claimRefused;
    };

    /**
     * The tool call's first write transaction, committed before anything is sent: open-or-join
     * (as openOrJoin: R2, R3, R5, R5a) and, when the row is open and `claim` is given, the
     * first attempt's claim (as claimAttempt: R6, R10, R12) — one commit instead of two.
     *
     * Everything is decided under the order's lock (PostgreSQL: SELECT ... FOR UPDATE on the
     * order, then a fresh statement; SQLite: BEGIN IMMEDIATE): the open/unknown row of the
     * logical refund is joined, a refunded one answers (R5a), otherwise R5 is checked and the
     * row is inserted (the unique index one_open_refund still refuses a second open row, R3).
     * A refused claim is not an error: the tool call is logged and committed and claimRefused
     * says why. Errors as openOrJoin; nothing is written then.
     */
    StoreResult<BeginResult> beginToolCall(const QString& orderId, qint64 amountCents,
                                           const QString& toolCallId, const QString& requestRef,
                                           qint64 repeatWindowMs, const ClaimLimits* claim);

    /** How finishWithAnswer() closes the row. */
    enum class Close { Refunded, Failed };

    /**
     * The tool call's last write transaction (R7, R12): logs the attempt's answer, closes the
     * row (Refunded: open or unknown -> refunded with refundId and providerStatus; Failed:
     * open -> failed with failureCode) and stores the tool call's R8 status — one commit (on
     * PostgreSQL one statement). Returns true when the row closed; false when it was no longer
     * open (then the attempt is logged and the tool call left for finishToolCall()).
     */
    struct Answer
    {
        qint64 attemptRowId = 0;
        AttemptResult attempt;
        Close close = Close::Refunded;
        QString refundId;
        QString providerStatus;
        QString failureCode;
        qint64 toolCallRowId = 0;
        QString resultStatus;
        QString resultReason;
    };
    StoreResult<bool> finishWithAnswer(const QString& operationId, const Answer& answer);

    /**
     * R7: the claimed attempt's request never left the process (connection refused, host not
     * found, or the deadline check before sending): logs it `not_sent` and gives the attempt
     * back to the budget (not_sent_attempts + 1 while the row is open).
     */
    StoreResult<void> recordNotSent(const QString& operationId, qint64 attemptRowId, const AttemptResult& result);

    StoreResult<void> finishAttempt(qint64 attemptRowId, const AttemptResult& result);

    /**
     * R7: true when an attempt of the operation other than exceptAttemptRowId may have executed
     * without us learning its answer (no response, an unreadable answer, or still in flight /
     * no answer recorded). A later refusal then may not speak for that attempt.
     */
    StoreResult<bool> hasUnansweredAttempt(const QString& operationId, qint64 exceptAttemptRowId);

    /** open → unknown with a reason (R7, R9, R10). Already unknown: returns the row unchanged. Closed: NotOpen. */
    StoreResult<Operation> markUnknown(const QString& operationId, const QString& reason);
    /**
     * R10 for rows nobody calls again: every `open` row whose key retention has passed (now >=
     * key_expires_at, or now >= first_attempt_at + keyRetentionMs, the retention in force now,
     * when that is shorter) becomes `unknown` (reason key_retention_passed), so a person checks
     * it. keyRetentionMs <= 0: only key_expires_at counts. Returns how many rows changed.
     * Guarded statements; safe to run from any process.
     */
    StoreResult<int> expireOpenOperations(qint64 keyRetentionMs = 0);

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
        /** R24: the reconciler resolves (SQLite: actor and role `reconciler`); the audit entry then
            carries "auto_resolved": true and the event id (evidence.event.id). On PostgreSQL the
            function adds both for the reconciler's login. */
        bool automatic = false;
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

    struct Reversal
    {
        QString actor;                ///< SQLite only (`reconciler`); on PostgreSQL session_user
        QString role;                 ///< SQLite only (`reconciler`)
        QString note;                 ///< required
        /** evidence.refund: the provider's refund object (the row's refund id, metadata naming the
            row, same amount and currency, status failed); evidence.event: the event that told us. */
        QJsonObject evidence;
    };

    /**
     * R4 amended, R24: refunded → reversed when the provider reports the row's refund failed.
     * Compare-and-set on status = 'refunded' with an audit entry (action `reverse`, role
     * `reconciler`, the failure reason, event id and evidence) in the same transaction; the
     * failure reason goes to failure_code. On PostgreSQL this is reverse_operation() (only a
     * login holding refund_reconciler may call it). Errors: InvalidArgument (no note, evidence
     * without refund or event), NotFound, AlreadyResolved (already reversed: nothing written),
     * NotAllowed (not refunded; or the evidence is not this row's failed refund, message "R24:").
     */
    StoreResult<Operation> reverse(const QString& operationId, const Reversal& reversal);

    // ---- reads --------------------------------------------------------------------------

    StoreResult<Operation> operation(const QString& operationId);
    /** The open/unknown operation of the logical refund (order, amount, request ref), if any. */
    StoreResult<std::optional<Operation>> activeOperation(const QString& orderId, qint64 amountCents,
                                                          const QString& requestRef = {});

    /**
     * The operation a status question about (order, amount, request ref) means: the open/unknown
     * one if any, else the one created last. nullopt when there is none.
     */
    StoreResult<std::optional<Operation>> latestOperation(const QString& orderId, qint64 amountCents,
                                                          const QString& requestRef = {});

    enum class StateFilter { All, Open, Unknown, Refunded, Failed, KeyExpiringSoon, Reversed };
    enum class SortKey { CreatedAt, OperationId, OrderId, Amount, Status, Attempts, KeyExpiresAt, LastAttemptAt, ProviderRefundId };

    /**
     * A row's place in a sort order (keyset paging): its sort value and operation id. A page
     * that starts after a cursor neither skips nor repeats a row when rows before it leave the
     * filter or new ones arrive, which offsets do (issue 12).
     */
    struct Cursor
    {
        QVariant value;        ///< the sort column's value; null where the column is NULL
        QString currency;      ///< SortKey::Amount only: amounts compare within a currency
        QString operationId;
    };
    /** The cursor of op in the order of sort (op as operations() reads it). */
    static Cursor cursorOf(const Operation& op, SortKey sort);

    /**
     * Row filters beside the state (issue 15), all optional and combined with AND. One value
     * type for the store, the console's model and its filter bar (kept per view).
     */
    struct RowFilters
    {
        std::optional<qint64> createdFromMs; ///< created at or after this UTC instant, ms
        std::optional<qint64> createdToMs;   ///< created before this UTC instant, ms (exclusive)
        QString currency;                    ///< ISO 4217 code, any case; empty = every currency
        /** Amount range in the currency's minor units (cents), inclusive. Needs currency: an
            amount means nothing across currencies (500 jpy is not 5.00 usd). */
        std::optional<qint64> minAmountCents;
        std::optional<qint64> maxAmountCents;

        /** Whether any filter is set (then totals are counted, not taken from the state counts). */
        bool any() const { return createdFromMs || createdToMs || !currency.isEmpty() || minAmountCents || maxAmountCents; }
        bool operator==(const RowFilters&) const = default;
    };

    struct Query
    {
        StateFilter filter = StateFilter::All;
        /** Substring of order id, operation id, key or refund id (OperationSearch; ASCII case ignored). */
        QString search;
        SortKey sort = SortKey::CreatedAt;
        bool descending = true;
        int limit = 100;              ///< 1..1000
        /** Rows after this one in the order (with afterInclusive, this one too if it still matches). */
        std::optional<Cursor> after;
        bool afterInclusive = false;
        /** The limit rows just before this one (paging backwards), still returned in the order. */
        std::optional<Cursor> before;
        /** The last limit rows of the result (before, if set, bounds them), in the order. */
        bool fromEnd = false;
        qint64 nowMs = 0;             ///< for KeyExpiringSoon; 0 = the store's clock
        qint64 expiringWithinMs = 3600 * 1000;
        RowFilters rows;              ///< created range, currency, amount range
    };

    /**
     * Checks row filters. InvalidArgument naming the field: "created-to" before or at
     * "created-from", "currency" not three letters, "amount" range without a currency, "min-amount"
     * above "max-amount", a negative amount. operations() and countOperations() refuse such a
     * query with the same error and read nothing.
     */
    static StoreResult<void> validateFilters(const RowFilters& filters);

    /**
     * One page, ordered by the sort key then operation_id (a total order, so keyset pages are
     * exact), with tool-call counts and last outcome. NULL sort values come last in both
     * directions; amounts sort within their currency, currencies by code. Where an index
     * covers the order (created_at, or status then created_at) a page starts at its cursor
     * without reading the rows before it; other sort keys sort the filtered rows per page.
     */
    StoreResult<QList<Operation>> operations(const Query& query);
    StoreResult<qint64> countOperations(const Query& query);

    /** One operation's id and creation time (UTC ms), as idsInState() lists them. */
    struct IdAndCreation
    {
        QString operationId;
        qint64 createdAt = 0;
    };
    /**
     * Every operation now in status, oldest first (created_at, then operation_id): only the
     * two columns of the (status, created_at, operation_id) index, which covers the read. For
     * a whole-state pass such as Check all: 97,552 unknown of 1,000,000 on SQLite, where
     * operations() pages of full rows took 2.2 s (bench_console_stall). Held in memory whole.
     */
    StoreResult<QList<IdAndCreation>> idsInState(OperationStatus status);

    struct StateCounts
    {
        qint64 all = 0, open = 0, unknown = 0, refunded = 0, failed = 0, keyExpiringSoon = 0, reversed = 0;
    };
    StoreResult<StateCounts> stateCounts(qint64 nowMs = 0, qint64 expiringWithinMs = 3600 * 1000);

    StoreResult<QList<AttemptRecord>> attempts(const QString& operationId);
    StoreResult<QList<ToolCallRecord>> toolCalls(const QString& operationId);
    StoreResult<QList<AuditEntry>> auditEntries(const QString& operationId);

    /** Everything the console's detail panel shows of one operation (R12, R3, R17). */
    struct Detail
    {
        Operation operation;
        QList<AttemptRecord> attempts;   ///< by attempt number
        QList<ToolCallRecord> toolCalls; ///< oldest first
        QList<AuditEntry> audit;         ///< oldest first
        /** When the provider paid this operation's logical refund more than once (R5a, R24):
            the live refund ids, sorted, and the logical refund's operations, oldest first.
            detail() leaves both empty; ConsoleDataService fills them from the provider's
            evidence (RefundsPerLogicalRefund::paidTwice). */
        QStringList paidTwiceRefundIds;
        QStringList paidTwiceOperationIds;
        /** Why that check could not be made (empty when it was, or was not asked for): the
            detail is still shown, and says it does not know. */
        QString paidTwiceError;
    };
    /** The operation with its attempts, tool calls and audit entries; NotFound if there is no such row. */
    StoreResult<Detail> detail(const QString& operationId);
    StoreResult<qint64> appendAudit(const AuditEntry& entry);
    /** A person's or the reconciler's transition, after its compare-and-set UPDATE: one row
        changed, the audit entry written, the transaction committed, the row read back. */
    StoreResult<Operation> commitTransition(WriteTransaction& tx, const QSqlQuery& update, const AuditEntry& audit,
                                            const QString& what);

    Database& database() { return m_db; }
    const Clock& clock() const { return m_clock; }

private:
    /** The row as a claim reads it (status, counters, deadline, key). */
    struct ClaimState
    {
        QString status;
        int attempts = 0;
        int notSent = 0;
        std::optional<qint64> firstAt;
        std::optional<qint64> expires;
        QString key;
    };
    /** claimAttempt's work inside the caller's write transaction; known = the row as the caller just wrote
     * it. */
    StoreResult<AttemptClaim> claimInTransaction(const QString& operationId, const QString& toolCallId,
                                                 const ClaimLimits& limits, const ClaimState* known,
                                                 bool* keepCommit);
    /** Runs insertSql (an INSERT) kept prepared, with RETURNING id; the new row's id. */
    StoreResult<qint64> insertReturningId(const QString& insertSql, const QVariantList& binds, const QString& context);
    StoreResult<qint64> insertToolCall(const QString& toolCallId, const QString& orderId, qint64 amountCents,
                                       const QString& operationId, bool created, bool lostRace,
                                       const QString& requestRef, bool answered, qint64 now);
    StoreResult<Operation> transition(const QString& operationId, const QString& setSql,
                                      const QVariantList& binds, const QString& context,
                                      bool fromUnknownToo = false);
    /** forCount: the search's plan for counting every match rather than reading one page (OperationSearch). */
    QString whereFor(const Query& query, QVariantList* binds, bool forCount = false) const;

    Database& m_db;
    const Clock& m_clock;
};

Q_DECLARE_METATYPE(OperationStore::Detail)
