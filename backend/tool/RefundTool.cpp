#include "tool/RefundTool.h"

#include "Backoff.h"

#include "Logging.h"
#include "provider/ProviderClient.h"

#include <QScopeGuard>
#include <QThread>

namespace {
using Code = StoreError::Code;

QString describe(const ProviderResponse& r)
{
    if (!r.error.code.isEmpty())
        return r.error.code;
    if (!r.error.type.isEmpty())
        return r.error.type;
    return r.httpStatus ? QStringLiteral("http_%1").arg(r.httpStatus) : QStringLiteral("no_response");
}
} // namespace

RefundTool::RefundTool(Database& db, ProviderClient& provider, const Clock& clock)
    : m_db(db)
    , m_provider(provider)
    , m_clock(clock)
    , m_store(db, clock)
    , m_settings(db, clock)
    , m_sleeper([](int ms) { QThread::msleep(ulong(ms)); })
    , m_random(QRandomGenerator::securelySeeded())
{
}

StoreResult<RefundToolResult> RefundTool::call(const Request& request)
{
    const QString orderId = request.orderId.trimmed();
    if (request.toolCallId.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("tool-call-id: is empty"), QStringLiteral("tool-call-id"));
    if (orderId.isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("order: is empty"), QStringLiteral("order"));

    // R6, R20: the budgets of this call are whatever the settings say now.
    auto settings = m_settings.load();
    if (!settings)
        return settings.error();
    if (m_followTimeoutSetting)
        m_provider.setRequestTimeoutMs(settings.value().requestTimeoutMs);

    if (request.amountCents <= 0) {
        auto order = m_store.order(orderId);
        if (!order)
            return order.error(); // unknown order: nothing is written
        const QString reason = QStringLiteral("amount must be a positive number of minor units");
        m_store.recordRejectedToolCall(request.toolCallId, orderId, request.amountCents, reason);
        return RefundToolResult::rejected(reason);
    }

    // One commit before the first send: the row and its key (R2), the tool call (R12) and the
    // first attempt's count (R6). With a crash hook installed the row commits first on its
    // own, so "after_open" stays a point where the row exists and nothing is counted yet.
    const OperationStore::ClaimLimits limits{settings.value().maxAttemptsPerOperation,
                                             settings.value().keyRetentionMs(),
                                             settings.value().requestTimeoutMs};
    auto begun = m_store.beginToolCall(orderId, request.amountCents, request.toolCallId, request.requestRef,
                                       settings.value().repeatWindowMs(), m_crashHook ? nullptr : &limits);
    if (!begun && begun.error().code == Code::Busy && !m_crashHook) {
        // The claim waited past lock_timeout on a row someone holds (e.g. a person's open
        // transaction) and everything rolled back: nothing was sent. Logging the call on that
        // row would wait on the same lock (the history rollups take it), so a plain read finds
        // the row and the call is logged unmapped, its reason naming the row (R12, R21).
        auto held = m_store.activeOperation(orderId, request.amountCents, request.requestRef);
        if (held && held.value()) {
            const Operation& row = *held.value();
            Logging::error(QStringLiteral("operation %1: %2").arg(row.operationId, begun.error().message));
            // Open: nothing was sent, call again. Unknown: a person is checking (R8), whoever holds it.
            const RefundToolResult answer =
                row.status == OperationStatus::Unknown
                    ? RefundToolResult::checking(row.operationId)
                    : RefundToolResult::unconfirmed(row.operationId, QStringLiteral("operation database busy"));
            if (auto logged = m_store.recordUnmappedToolCall(
                    request.toolCallId, orderId, request.amountCents, answer.statusName(),
                    QStringLiteral("operation database busy: operation %1 is held by another session")
                        .arg(row.operationId));
                !logged)
                Logging::warn(QStringLiteral("tool call %1: could not be logged: %2")
                                  .arg(request.toolCallId, logged.error().message));
            return answer;
        }
        // No open or unknown row now (refunded meanwhile, or the lock was the order's): begin
        // again; a row found or opened then is claimed by the attempt loop as usual.
        auto logged = m_store.beginToolCall(orderId, request.amountCents, request.toolCallId, request.requestRef,
                                            settings.value().repeatWindowMs(), nullptr);
        if (logged)
            begun = logged;
    }
    if (!begun) {
        if (begun.error().code == Code::NotRefundable) {
            m_store.recordRejectedToolCall(request.toolCallId, orderId, request.amountCents,
                                           begun.error().message);
            return RefundToolResult::rejected(begun.error().message);
        }
        return begun.error();
    }
    const OperationStore::BeginResult& b = begun.value();
    // R10 also for rows that no call touched since their key expired: they are unknown now, so
    // the console shows them as waiting for a person (R5 counts open and unknown rows alike).
    // After the begin, so a call refused for bad input (an unknown order) writes nothing at all.
    if (auto swept = m_store.expireOpenOperations(settings.value().keyRetentionMs()); !swept)
        Logging::warn(QStringLiteral("tool call %1: the sweep of expired keys failed: %2")
                          .arg(request.toolCallId, swept.error().message));
    const OperationStore::OpenResult& open = b.open;
    if (open.lostInsertRace)
        Logging::info(QStringLiteral("tool call %1 lost the insert race and joined %2")
                          .arg(request.toolCallId, open.operation.operationId));
    if (m_crashHook)
        m_crashHook("after_open");

    RefundToolResult result;
    bool toolCallFinished = false;
    if (open.answeredFromRefunded) {
        // R5a: the same logical refund is already refunded: answer with it, send nothing.
        Logging::info(QStringLiteral("tool call %1: order %2, %3 cents%4 was already refunded by %5 (%6); nothing sent")
                          .arg(request.toolCallId, orderId)
                          .arg(request.amountCents)
                          .arg(request.requestRef.isEmpty() ? QString()
                                                            : QStringLiteral(", request ref %1").arg(request.requestRef))
                          .arg(open.operation.operationId, open.operation.providerRefundId));
        result = RefundToolResult::alreadyRefunded(open.operation.operationId, open.operation.providerRefundId);
    } else if (open.operation.status == OperationStatus::Unknown) {
        result = RefundToolResult::checking(open.operation.operationId);   // R8: nothing is sent for an unknown row
    } else {
        result = attemptLoop(open.operation, b, request.toolCallId, settings.value(), &toolCallFinished);
    }
    if (m_crashHook)
        m_crashHook("before_answer"); // the row says what happened; the agent never hears it
    if (!toolCallFinished) {
        if (auto r = m_store.finishToolCall(open.toolCallRowId, result.statusName(), result.reason); !r)
            Logging::error(QStringLiteral("could not record the result of tool call %1: %2")
                               .arg(request.toolCallId, r.error().message));
    }
    return result;
}

RefundToolResult RefundTool::attemptLoop(const Operation& op, const OperationStore::BeginResult& begun,
                                         const QString& toolCallId, const SettingsStore::Values& settings,
                                         bool* toolCallFinished)
{
    RefundCreateParams params;
    params.paymentIntent = begun.paymentIntent;
    params.amountCents = op.amountCents;
    params.currency = begun.currency; // R7: the answer must name it; not sent
    params.reason = QStringLiteral("requested_by_customer");
    // R11: any refund object maps back to its row.
    params.metadata.insert(QStringLiteral("operation_id"), op.operationId);
    params.metadata.insert(QStringLiteral("order_id"), op.orderId);

    // The answer that closes the row, logged with the close and the tool call's result in one
    // commit (R7, R12).
    const auto closeWith = [&](const OperationStore::AttemptResult& logged, qint64 attemptRowId,
                               OperationStore::Close close, const RefundToolResult& answer,
                               const QString& refundId, const QString& providerStatus,
                               const QString& failureCode) -> RefundToolResult {
        OperationStore::Answer a;
        a.attemptRowId = attemptRowId;
        a.attempt = logged;
        a.close = close;
        a.refundId = refundId;
        a.providerStatus = providerStatus;
        a.failureCode = failureCode;
        a.toolCallRowId = begun.open.toolCallRowId;
        a.resultStatus = answer.statusName();
        a.resultReason = answer.reason;
        auto closed = m_store.finishWithAnswer(op.operationId, a);
        if (!closed) {
            Logging::error(
                QStringLiteral("operation %1: the provider answered (%2) but the row could not be closed: %3")
                    .arg(op.operationId, refundId.isEmpty() ? failureCode : refundId,
                         closed.error().message));
            return RefundToolResult::unconfirmed(op.operationId,
                                                 QStringLiteral("operation database unavailable"));
        }
        if (!closed.value())
            return resultForRow(op.operationId); // another call closed or parked it first
        *toolCallFinished = true;
        return answer;
    };

    SettingsStore::Values current = settings; // what this attempt's claim and send go by
    for (int i = 0; i < settings.maxAttemptsPerCall; ++i) {
        if (i > 0) {
            const int delay = Backoff::fullJitterDelayMs(i - 1, settings.backoffBaseMs, settings.backoffCapMs, m_random);
            m_sleeper(delay);
            // The sleep may have lasted far longer than asked (a suspended process): this
            // attempt's claim uses the budget, timeout and key retention in force now (R10, R20:
            // an admin's switch stripe_v2 -> v1 shortens this row's deadline too).
            if (auto fresh = m_settings.load()) {
                current = fresh.value();
                if (m_followTimeoutSetting)
                    m_provider.setRequestTimeoutMs(current.requestTimeoutMs);
            } else
                Logging::warn(QStringLiteral("operation %1: settings could not be read again (%2); the call's own are used")
                                  .arg(op.operationId, fresh.error().message));
        }
        // The first attempt was counted with the row (beginToolCall); each later one commits its own count.
        const auto nextClaim = [&]() -> StoreResult<OperationStore::AttemptClaim> {
            if (i == 0 && begun.claim)
                return *begun.claim;
            if (i == 0 && begun.claimRefused)
                return *begun.claimRefused;
            return m_store.claimAttempt(op.operationId, toolCallId, current.maxAttemptsPerOperation,
                                        current.keyRetentionMs(), current.requestTimeoutMs);
        };
        const StoreResult<OperationStore::AttemptClaim> claim = nextClaim();
        if (!claim) {
            switch (claim.error().code) {
            case Code::BudgetExhausted: return becomeUnknown(op.operationId, QStringLiteral("attempt_budget_exhausted"));
            case Code::KeyRetentionPassed: return becomeUnknown(op.operationId, QStringLiteral("key_retention_passed"));
            case Code::NotOpen: return resultForRow(op.operationId);   // another call closed or parked it
            default:
                Logging::error(QStringLiteral("operation %1: %2").arg(op.operationId, claim.error().message));
                // Nothing was sent; the row stays open for the next call (a lock held past
                // lock_timeout, e.g. by a person's open transaction, is "busy", not "down").
                return RefundToolResult::unconfirmed(op.operationId, claim.error().code == Code::Busy
                                                         ? QStringLiteral("operation database busy")
                                                         : QStringLiteral("operation database unavailable"));
            }
        }
        if (m_crashHook)
            m_crashHook("after_claim");
        // Nothing leaves: the attempt is logged not_sent and given back to the budget (R6, R12).
        const auto giveBack = [&](const QString& why) {
            OperationStore::AttemptResult notSent;
            notSent.outcome = QStringLiteral("not_sent");
            notSent.errorMessage = why;
            if (auto r = m_store.recordNotSent(op.operationId, claim.value().attemptRowId, notSent); !r)
                Logging::error(QStringLiteral("could not log attempt %1 of %2 as not sent: %3")
                                   .arg(claim.value().attemptNo)
                                   .arg(op.operationId, r.error().message));
        };
        // The claim checked the deadline; check it again now, with room for this request to
        // finish, in case the process paused in between (R10: a key the provider may have
        // forgotten would make this a new request).
        const qint64 sendAt = m_clock.nowMs();
        if (sendAt + current.requestTimeoutMs >= claim.value().keyExpiresAt) {
            giveBack(QStringLiteral("key retention would pass before the provider answers"));
            return becomeUnknown(op.operationId, QStringLiteral("key_retention_passed"));
        }
        // R16: the attempt's deadline, logged with its claim, bounds the whole exchange; a
        // reviewer waits for it and then judges the row on the provider's evidence. A process
        // that paused past it since the claim (or too near it for an answer) sends nothing: the
        // row may be resolved by now, and the retention it checked may have been lowered
        // meanwhile (R10, stripe_v2 -> v1). The next attempt claims afresh, with the settings in
        // force then, so it sends, or finds the row closed, or its key's retention passed.
        const qint64 remainingMs = claim.value().deadlineAt - sendAt;
        if (remainingMs < kMinSendWindowMs) {
            giveBack(QStringLiteral("the attempt's deadline passed before it was sent"));
            Logging::warn(QStringLiteral("operation %1 attempt %2: %3 ms left of its deadline when it was to be sent; "
                                         "nothing was sent")
                              .arg(op.operationId)
                              .arg(claim.value().attemptNo)
                              .arg(remainingMs));
            continue;
        }
        // The exchange ends by the deadline: the client's timeout is what is left of it.
        const int clientTimeoutMs = m_provider.config().requestTimeoutMs;
        const auto restoreTimeout = qScopeGuard([&] { m_provider.setRequestTimeoutMs(clientTimeoutMs); });
        if (remainingMs < clientTimeoutMs)
            m_provider.setRequestTimeoutMs(int(remainingMs));

        // R2: the key comes from the committed row, never from this process's memory of it.
        const ProviderResponse response = m_provider.createRefund(params, claim.value().idempotencyKey);
        Logging::info(QStringLiteral("operation %1 attempt %2: %3")
                          .arg(op.operationId)
                          .arg(claim.value().attemptNo)
                          .arg(response.summary()));
        OperationStore::AttemptResult logged;
        logged.outcome = toString(response.outcome);
        logged.httpStatus = response.httpStatus;
        logged.providerRequestId = response.requestId;
        logged.replayed = response.replayed;
        logged.errorCode = response.error.code.isEmpty() ? response.error.type : response.error.code;
        logged.errorMessage =
            response.networkError.isEmpty() ? response.error.message : response.networkError;
        const qint64 attemptRowId = claim.value().attemptRowId;
        const auto logAttempt = [&] {
            // R7: nothing left the process (connection refused, host not found): logged
            // `not_sent` and given back to the budget, so a provider that cannot be reached
            // never turns a row unknown by itself.
            const auto logResult = response.outcome == AttemptOutcome::NotSent
                                       ? m_store.recordNotSent(op.operationId, attemptRowId, logged)
                                       : m_store.finishAttempt(attemptRowId, logged);
            if (auto& r = logResult; !r)
                Logging::error(QStringLiteral("could not log attempt %1 of %2: %3")
                                   .arg(claim.value().attemptNo)
                                   .arg(op.operationId, r.error().message));
        };
        // Answers that close the row are logged with the close (closeWith); all others now.
        if (response.outcome != AttemptOutcome::Succeeded &&
            response.outcome != AttemptOutcome::RefundFailed && response.outcome != AttemptOutcome::Refused)
            logAttempt();

        switch (response.outcome) {
        case AttemptOutcome::Succeeded: {
            const ProviderRefund& refund = *response.refund;
            return closeWith(logged, attemptRowId, OperationStore::Close::Refunded,
                             RefundToolResult::refunded(op.operationId, refund.id), refund.id, refund.status,
                             {});
        }
        case AttemptOutcome::RefundFailed: {
            // R7: our refund, and the provider says it failed or was canceled: not done.
            const QString reason =
                QStringLiteral("refund_failed: ") + (response.refund->failureReason.isEmpty()
                                                         ? response.refund->status
                                                         : response.refund->failureReason);
            return closeWith(logged, attemptRowId, OperationStore::Close::Failed,
                             RefundToolResult::failed(op.operationId, reason), {}, {}, reason);
        }
        case AttemptOutcome::ResponseMismatch:
            // R7: a 2xx that is not this operation's refund. Believing it either way could pay twice.
            Logging::error(QStringLiteral("PROVIDER ANSWER NOT BELIEVED for operation %1: %2; marking unknown")
                               .arg(op.operationId, response.mismatch));
            return becomeUnknown(op.operationId, QStringLiteral("response_mismatch"));
        case AttemptOutcome::NotSent:
            // Retrying at once would meet the same refused port: the next call tries again.
            Logging::warn(QStringLiteral("operation %1: request not sent (%2); the attempt does not count")
                              .arg(op.operationId, response.networkError));
            return RefundToolResult::unconfirmed(op.operationId, QStringLiteral("not sent: ") + response.networkError);
        case AttemptOutcome::ServerSavedError:
            // The provider stored an unknown outcome for this key and will replay it: nothing more to learn by retrying.
            return becomeUnknown(op.operationId, QStringLiteral("provider_saved_error"));
        case AttemptOutcome::IdempotencyMismatch:
            Logging::error(QStringLiteral("BUG: the provider says key of operation %1 names another request (%2); "
                                          "marking unknown")
                               .arg(op.operationId, response.error.toString()));
            return becomeUnknown(op.operationId, QStringLiteral("idempotency_mismatch"));
        case AttemptOutcome::Refused: {
            const QString code = describe(response);
            // Only the provider's own refusal is definite. A 4xx from something in between (a
            // proxy's 404 page, a wrong base path) says nothing about an earlier attempt that
            // may have executed: closing `failed` would free the amount for a second refund.
            const bool fromProvider = response.httpStatus == 0   // refused locally, nothing sent
                || (!response.error.type.isEmpty() && !response.requestId.isEmpty());
            if (!fromProvider) {
                logAttempt();
                Logging::error(
                    QStringLiteral("operation %1: HTTP %2 without a provider error body or Request-Id; "
                                   "not treated as a refusal")
                        .arg(op.operationId)
                        .arg(response.httpStatus));
                return becomeUnknown(op.operationId, QStringLiteral("unrecognised_answer"));
            }
            // A 404/405 names the URL, not the refund: a wrong base path or a misrouted proxy
            // answers it while an earlier attempt may have executed at the right one.
            if (response.httpStatus == 404 || response.httpStatus == 405) {
                logAttempt();
                Logging::error(
                    QStringLiteral("operation %1: HTTP %2 (%3) is not an answer about this refund; "
                                   "check --provider-url")
                        .arg(op.operationId)
                        .arg(response.httpStatus)
                        .arg(code));
                return becomeUnknown(op.operationId, QStringLiteral("unrecognised_answer"));
            }
            // A fresh refusal (not the provider's replay of this key's stored answer) after an
            // attempt whose answer we never learned may be about another request: only the
            // replay would be. Closing `failed` would free the amount for a second refund.
            if (response.httpStatus != 0 && !response.replayed) {
                auto earlier = m_store.hasUnansweredAttempt(op.operationId, attemptRowId);
                if (!earlier || earlier.value()) {
                    logAttempt();
                    Logging::error(
                        QStringLiteral("operation %1: refused (%2) after an attempt without an answer; "
                                       "a person checks")
                            .arg(op.operationId, code));
                    return becomeUnknown(op.operationId, QStringLiteral("refusal_after_unanswered_attempt"));
                }
            }
            const QString reason = response.error.message.isEmpty()
                                       ? code
                                       : QStringLiteral("%1: %2").arg(code, response.error.message);
            return closeWith(logged, attemptRowId, OperationStore::Close::Failed,
                             RefundToolResult::failed(op.operationId, reason), {}, {}, code);
        }
        case AttemptOutcome::AuthFailed:
            // Not executed, and retrying cannot help: the row stays open for a call with working credentials.
            Logging::error(QStringLiteral("the provider refused the API key (HTTP %1): check PROVIDER_API_KEY")
                               .arg(response.httpStatus));
            return RefundToolResult::unconfirmed(
                op.operationId, QStringLiteral("the provider refused the tool's credentials (HTTP %1)").arg(response.httpStatus));
        case AttemptOutcome::NoResponse:
        case AttemptOutcome::InvalidResponse:
        case AttemptOutcome::InProgress:
        case AttemptOutcome::RateLimited:
            break;   // R7: back off and retry with the same key
        }
    }

    // Per-call budget used. If that also used the operation's budget, the row is unknown now (R9).
    auto now = m_store.operation(op.operationId);
    if (now && now.value().status == OperationStatus::Open && now.value().attempts >= current.maxAttemptsPerOperation)
        return becomeUnknown(op.operationId, QStringLiteral("attempt_budget_exhausted"));
    if (now && now.value().status != OperationStatus::Open)
        return resultForRow(op.operationId);
    return RefundToolResult::unconfirmed(op.operationId);
}

RefundToolResult RefundTool::becomeUnknown(const QString& operationId, const QString& reason)
{
    auto r = m_store.markUnknown(operationId, reason);
    if (!r) {
        if (r.error().code == Code::NotOpen)
            return resultForRow(operationId);
        Logging::error(QStringLiteral("operation %1 could not be marked unknown: %2").arg(operationId, r.error().message));
        return RefundToolResult::unconfirmed(operationId, QStringLiteral("operation database unavailable"));
    }
    return RefundToolResult::checking(operationId);
}

RefundToolResult RefundTool::resultForRow(const QString& operationId)
{
    auto op = m_store.operation(operationId);
    if (!op)
        return RefundToolResult::unconfirmed(operationId, QStringLiteral("operation database unavailable"));
    switch (op.value().status) {
    case OperationStatus::Refunded: return RefundToolResult::refunded(operationId, op.value().providerRefundId);
    case OperationStatus::Failed: return RefundToolResult::failed(operationId, op.value().failureCode);
    case OperationStatus::Reversed:
        return RefundToolResult::failed(operationId, QStringLiteral("refund_reversed: ") + op.value().failureCode);
    case OperationStatus::Unknown: return RefundToolResult::checking(operationId);
    case OperationStatus::Open: return RefundToolResult::unconfirmed(operationId);
    }
    return RefundToolResult::unconfirmed(operationId);
}
