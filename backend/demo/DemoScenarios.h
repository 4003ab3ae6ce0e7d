#pragma once

#include "db/Database.h"
#include "demo/ShiftedClock.h"
#include "provider/ProviderConfig.h"
#include "tool/RefundToolResult.h"

#include <QRandomGenerator>
#include <QString>

#include <functional>
#include <memory>

class ProviderClient;
class SandboxLauncher;

/**
 * The demo's story: registers orders at the sandbox and in the operation database, then
 * drives the real RefundTool (and, for one old case, a reviewer's OperationStore::resolve)
 * through scenarios that leave rows in every state. Scenarios are placed in the past with a
 * ShiftedClock, so the console shows a few days of history, open rows whose key expires
 * within the hour and one whose retention has already passed.
 *
 * Every row comes from RefundTool / OperationStore calls; faults come from the sandbox's
 * control API. Blocking; runs in the calling thread, plus short-lived worker threads (each
 * with its own Database and ProviderClient) for the concurrent tool calls (R3).
 */
class DemoScenarios
{
public:
    using Progress = std::function<void(const QString& step)>;

    /** db: migrated, owned by the caller's thread. toolProvider: secret key; readProvider: read-only key. */
    DemoScenarios(Database& db, SandboxLauncher& sandbox, ProviderConfig toolProvider, ProviderConfig readProvider,
                  Progress progress);
    ~DemoScenarios();

    /**
     * Runs every scenario; returns the worked example's operation id (SPEC section 8).
     * Errors: the sandbox or the database failed (ConnectionFailed, QueryFailed, ...). Settings
     * changed for speed (backoff) are restored to their previous values, also on error.
     */
    StoreResult<QString> run();

    /**
     * Starts the reconciler (issue 14: the webhook receiver the sandbox signs its events to).
     * When set, run() calls it after the seeded scenarios, then runs the live ones: a refund
     * whose every answer was lost goes unknown and is settled by the reconciler from the
     * provider's event; a confirmed refund the provider fails later is reversed. Those wait up
     * to 20 s for the reconciler (a warning in the log, not an error, when it is slower).
     */
    void setStartReconciler(std::function<StoreResult<void>()> start) { m_startReconciler = std::move(start); }

private:
    StoreResult<QString> runAll();
    StoreResult<void> reconcilerScenarios();
    StoreResult<void> addOrder(const QString& orderId, qint64 totalCents, const QString& currency, qint64 hoursAgoMs);
    /** One tool call at the clock's current offset. */
    StoreResult<RefundToolResult> call(const QString& toolCallId, const QString& orderId, qint64 amountCents);
    /** N tool calls for the same (order, amount) at once, each in its own thread with its own connection. */
    StoreResult<void> concurrentCalls(const QString& orderId, qint64 amountCents, int threads);
    /** A refund made outside the tool (the provider's dashboard): no metadata, its own key. */
    StoreResult<void> dashboardRefund(const QString& orderId, qint64 amountCents);
    /** A reviewer finds the operation's refund at the provider by metadata and resolves it (R15, R16). */
    StoreResult<void> resolveFromProvider(const QString& operationId, const QString& reviewer);
    StoreResult<void> fault(const QString& kind, int count);
    StoreResult<void> clearFaults();
    QString nextToolCallId();
    void step(const QString& text);

    Database& m_db;
    SandboxLauncher& m_sandbox;
    ProviderConfig m_toolConfig;
    ProviderConfig m_readConfig;
    Progress m_progress;
    std::function<StoreResult<void>()> m_startReconciler;
    ShiftedClock m_clock;
    std::unique_ptr<ProviderClient> m_provider;
    QRandomGenerator m_random{20240417};
};
