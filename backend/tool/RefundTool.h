#pragma once

#include "Clock.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "tool/RefundToolResult.h"

#include <QRandomGenerator>

#include <functional>

class ProviderClient;

/**
 * The refund tool (SPEC section 3): turns one tool call into at most one provider refund.
 *
 * Per call: maps the logical refund (order, amount, request ref; R5a) onto its one
 * open/unknown operation, creating it with a committed UUID v4 key first (R2, R3, R5); when
 * that logical refund is already refunded (for ever with a request ref, for
 * repeat_window_hours without) sends nothing and answers `refunded` with the same refund; on
 * an `unknown` row sends nothing and answers `checking`; otherwise makes up to max_attempts_per_call attempts, each counted before it is
 * sent (R6) and logged (R12), always with the row's key, with full-jitter backoff between
 * them, and acts on each answer as R7 says. Budgets, backoff and key retention are read from
 * the settings table at every call (R20). A row whose key retention has passed is never sent
 * again (R10); one whose per-operation budget is used becomes unknown (R9).
 *
 * Writes (R2, R6, R12): one commit before the first send (the row or the join, the tool call,
 * the first attempt's count: OperationStore::beginToolCall) and one after the answer that
 * closes the row (the attempt's answer, the close and the tool call's result:
 * OperationStore::finishWithAnswer). Retries count each further attempt with its own commit
 * before it is sent.
 *
 * One RefundTool per thread: it uses the caller's Database connection and ProviderClient.
 */
class RefundTool
{
public:
    /** Sleeps between attempts; tests inject a recorder. Milliseconds. */
    using Sleeper = std::function<void(int delayMs)>;

    /**
     * Test hook, between the steps where a crash matters most: the CLI sets one that kills
     * the process (REFUND_TOOL_CRASH_POINT), so tests can check that a restarted tool sends
     * the same key. Called with "after_open" (row committed, nothing sent), "after_claim"
     * (attempt counted, request not yet sent) and "before_answer" (the row holds the outcome,
     * e.g. closed refunded, and the agent has not been told).
     */
    using CrashHook = std::function<void(const char* point)>;

    struct Request
    {
        Request() = default;
        Request(QString toolCallId_, QString orderId_, qint64 amountCents_, QString requestRef_ = {})
            : toolCallId(std::move(toolCallId_))
            , orderId(std::move(orderId_))
            , amountCents(amountCents_)
            , requestRef(std::move(requestRef_))
        {
        }

        QString toolCallId;
        QString orderId;
        qint64 amountCents = 0;
        /** R5a: the caller's unit of work (ticket, conversation) that asked for this refund;
            empty when there is none. Never the tool-call id, never invented by the model. */
        QString requestRef;
    };

    RefundTool(Database& db, ProviderClient& provider, const Clock& clock = Clock::system());

    /**
     * Runs one tool call. Never throws; database errors after an attempt may have been sent
     * answer `unconfirmed` (the row stays open, so a later call continues with the same key).
     * Returns StoreError only for problems before anything was written: NotFound (unknown
     * order) and database/configuration errors, which the CLI reports as exit 2.
     */
    StoreResult<RefundToolResult> call(const Request& request);

    void setSleeper(Sleeper sleeper) { m_sleeper = std::move(sleeper); }
    void setCrashHook(CrashHook hook) { m_crashHook = std::move(hook); }
    void setRandomSeed(quint32 seed) { m_random.seed(seed); }
    /**
     * A long-running caller (the MCP server) sets this: each call then gives the provider
     * client the request_timeout_ms setting it just read (R20), so a change applies to the
     * next call as it does for a fresh `refund-tool refund` process.
     */
    void setFollowRequestTimeoutSetting(bool follow) { m_followTimeoutSetting = follow; }

    /**
     * R16: an attempt is sent only while at least this much (ms) is left of its deadline
     * (claim + request_timeout_ms); the client's timeout is cut to what is left. Less means the
     * process paused since the claim: the attempt is logged not_sent and the next one claims afresh.
     */
    static constexpr qint64 kMinSendWindowMs = 20;

private:
    RefundToolResult attemptLoop(const Operation& op, const OperationStore::BeginResult& begun,
                                 const QString& toolCallId, const SettingsStore::Values& settings,
                                 bool* toolCallFinished);
    RefundToolResult resultForRow(const QString& operationId);
    RefundToolResult becomeUnknown(const QString& operationId, const QString& reason);

    Database& m_db;
    ProviderClient& m_provider;
    const Clock& m_clock;
    OperationStore m_store;
    SettingsStore m_settings;
    Sleeper m_sleeper;
    CrashHook m_crashHook;
    QRandomGenerator m_random;
    bool m_followTimeoutSetting = false;
};
