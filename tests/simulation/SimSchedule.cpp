#include "SimSchedule.h"

#include "SimProvider.h"
#include "SimScheduler.h"

#include "Clock.h"
#include "db/Database.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "provider/ProviderClient.h"
#include "provider/ProviderRefund.h"
#include "reconcile/ProviderEventStore.h"
#include "reconcile/Reconciler.h"
#include "review/OperationLookup.h"
#include "review/RefundEventLedger.h"
#include "review/ResolutionPolicy.h"
#include "tool/RefundTool.h"

#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QFile>
#include <QHash>
#include <QMap>
#include <QRandomGenerator>
#include <QSet>

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <memory>

QString simFaultName(int bit)
{
    static const char* const names[int(SimFaultCount)] = {
        "drop_before",  "drop_after", "delay",       "duplicate",      "refused_port",   "rate_limit",
        "saved_500",    "foreign_2xx", "kill_before_send", "kill_after_execute", "kill_between",
        "late_failure", "retention_jump", "reviewer", "reconciler", "kill_during_call", "admin",
        "api_switch"};
    return bit >= 0 && bit < int(SimFaultCount) ? QString::fromLatin1(names[bit]) : QStringLiteral("bit%1").arg(bit);
}

namespace {

constexpr qint64 kStartMs = 1'790'000'000'000; // 2026-09-21, UTC
const QString kReviewer = QStringLiteral("sim-reviewer");

/** One logical refund (R5a) the agents of a schedule ask for. */
struct Logical
{
    QString orderId;
    qint64 amountCents = 0;
    QString requestRef;
    QString label() const
    {
        return QStringLiteral("(%1, %2%3)").arg(orderId).arg(amountCents).arg(requestRef.isEmpty() ? QString()
                                                                                                    : QStringLiteral(", ") + requestRef);
    }
};

/** What an agent was told. */
struct Answer
{
    QString status;
    QString operationId;
    QString refundId;
    bool checked = false;
};

/** An agent: a support conversation whose model calls the tool `calls` times for one logical refund. */
struct AgentState
{
    int logical = 0;
    int callsLeft = 0;
    int callNo = 0;
    int incarnation = 0; ///< restarts after kills
    QString name;
    QList<Answer> answers;
    // The mailbox of the request parked at Point::Send.
    QUrl url;
    ProviderClient::PostHeaders headers;
    QByteArray body;
    int timeoutMs = 0;
    QString key;
    CurlPost::Result reply;
    bool replyReady = false;   ///< the fate is decided; the client still waits (a delayed answer)
    qint64 replyAtMs = 0;      ///< when the waiting client gives up
    qint64 sendByMs = 0;       ///< the request leaves before this instant or never (the attempt's deadline)
    bool atCommit = false;     ///< parked at a commit inside a call (Point::Between, value 1)
};

/** A request the provider admitted and will execute later (a delayed delivery). */
struct Deferred
{
    SimProvider::Pending pending;
    qint64 executeAtMs = 0;
};

class Schedule
{
public:
    Schedule(const SimConfig& config, SimWorkspace& workspace)
        : m_config(config)
        , m_rng(quint32(config.seed * 0x9e3779b97f4a7c15ull >> 32) ^ quint32(config.seed))
        , m_clock(kStartMs)
        , m_workspace(workspace)
        , m_sandboxPath(workspace.sandboxDbPath())
        , m_provider(m_clock)
    {
    }
    // Agents' stacks refer to the members below the scheduler (the agents' states, the store):
    // they unwind while those still exist, whatever way run() was left. Then the scheduler's
    // own connection goes back to the workspace, once nothing refers to it.
    ~Schedule()
    {
        m_scheduler.shutdown();
        m_reconciler.reset();
        m_store.reset();
        m_workspace.give(std::move(m_db));
    }
    Schedule(const Schedule&) = delete;
    Schedule& operator=(const Schedule&) = delete;

    SimResult run();

private:
    bool allowed(SimFault f) const { return (m_config.mask & f) != 0; }
    bool chance(int percent) { return int(m_rng.bounded(100)) < percent; }
    int pick(int n) { return int(m_rng.bounded(quint32(n))); }
    /** An index drawn with the given weights (one draw from the seed's stream). */
    int pickWeighted(const std::vector<int>& weights)
    {
        int total = 0;
        for (int w : weights)
            total += w;
        int roll = pick(total);
        for (size_t i = 0; i < weights.size(); ++i) {
            if (roll < weights[i])
                return int(i);
            roll -= weights[i];
        }
        return 0;
    }
    void trace(const QString& line)
    {
        if (m_config.keepTrace)
            m_result.trace << QStringLiteral("[%1 +%2ms] %3").arg(m_result.steps).arg(m_clock.nowMs() - kStartMs).arg(line);
    }
    void violation(const QString& line)
    {
        if (!m_result.violations.contains(line))
            m_result.violations << line;
    }

    bool setUp();
    void spawnAgent(int index);
    void agentBody(int index);
    void advanceTo(qint64 ms);
    void executeDeferred(size_t i);
    void step();
    void handleSend(int agentId, int index);
    void killAgent(int agentId, int index);
    void review();
    void switchToV1();
    void reconcile(bool all);
    void checkAnswers();
    void checkActiveRows();
    void checkFinal();

    SimConfig m_config;
    QRandomGenerator m_rng;
    ManualClock m_clock;
    SimWorkspace& m_workspace;
    QString m_sandboxPath;
    SimProvider m_provider;
    SimScheduler m_scheduler;
    std::unique_ptr<Database> m_db; // the scheduler's own connection (reviewer, reconciler, checks)
    std::unique_ptr<OperationStore> m_store;
    std::unique_ptr<Reconciler> m_reconciler;
    SettingsStore::Values m_settings;
    QHash<QString, QString> m_paymentOfOrder;
    QList<Logical> m_logicals;
    std::vector<AgentState> m_agents;
    std::map<int, int> m_agentOfThread; // scheduler id -> agent index
    std::vector<Deferred> m_deferred;
    QList<ProviderEvent> m_undelivered;
    QHash<QString, int> m_clientSends;       // requests that left a client, per key
    QHash<QString, int> m_killedBeforeSend;  // attempts counted but never sent, per key
    QHash<QString, int> m_killsAtCommit;         // kills right after a commit inside a call, per logical refund
    bool m_jumped = false;
    // R10, issue 10 item 5: keys of rows opened under stripe_v2 (30 days) are forgotten a day
    // after the switch to stripe_v1. While v2 is in force the clock never jumps past the
    // provider's 24 h, so the provider's one retention stands for both APIs.
    bool m_onV2 = false;
    SimResult m_result;
};

bool Schedule::setUp()
{
    QString error;
    if (!m_provider.open(m_sandboxPath, &error)) {
        violation(QStringLiteral("setup: sandbox: ") + error);
        return false;
    }
    try {
        m_db = m_workspace.take();
    } catch (const std::runtime_error& e) {
        violation(QStringLiteral("setup: database: ") + QString::fromStdString(e.what()));
        return false;
    }
    m_store = std::make_unique<OperationStore>(*m_db, m_clock);
    m_reconciler = std::make_unique<Reconciler>(
        *m_db, [this](const QString& id) { return m_provider.fetchRefund(id); }, m_clock);

    // Budgets small enough to run out, a deadline the virtual clock crosses, a repeat window
    // longer than the one clock jump (so a repeat without a request ref is always a repeat).
    const int perOperation = 2 + pick(5);
    const int perCall = 1 + pick(std::min(3, perOperation));
    SettingsStore settings(*m_db, m_clock);
    auto set = settings.setMany({{QStringLiteral("max_attempts_per_call"), QString::number(perCall)},
                                 {QStringLiteral("max_attempts_per_operation"), QString::number(perOperation)},
                                 {QStringLiteral("backoff_base_ms"), QString::number(50 + pick(200))},
                                 {QStringLiteral("backoff_cap_ms"), QString::number(500 + pick(3000))},
                                 {QStringLiteral("request_timeout_ms"), QString::number(1000 + 500 * pick(9))},
                                 {QStringLiteral("repeat_window_hours"), QString::number(48 + pick(25))},
                                 {QStringLiteral("auto_resolve_refunded"), chance(80) ? QStringLiteral("true")
                                                                                      : QStringLiteral("false")}},
                                QStringLiteral("sim"), QStringLiteral("admin"));
    if (!set) {
        violation(QStringLiteral("setup: settings: ") + set.error().message);
        return false;
    }
    m_settings = set.value();
    // Drawn from a generator of its own: schedules that stay on stripe_v1 take the same steps
    // as before this kind existed, so seeds reported earlier still replay.
    QRandomGenerator apiDraw(quint32(m_config.seed * 0xd1b54a32d192ed03ull >> 32) ^ 0xa5a5a5a5u);
    if (allowed(FaultApiSwitch) && apiDraw.bounded(100) < 30) {
        auto v2 = settings.set(QStringLiteral("provider_api"), QStringLiteral("stripe_v2"), QStringLiteral("sim"),
                               QStringLiteral("admin"));
        if (!v2) {
            violation(QStringLiteral("setup: provider_api: ") + v2.error().message);
            return false;
        }
        m_settings = v2.value();
        m_onV2 = true;
        trace(QStringLiteral("provider_api stripe_v2: keys kept 30 days"));
    }

    const int orders = 1 + pick(2);
    for (int i = 0; i < orders; ++i) {
        const QString orderId = QStringLiteral("sim-%1").arg(4400 + i);
        const qint64 amount = 5000;
        const QString pi = m_provider.addPayment(orderId, amount, QStringLiteral("usd"));
        if (pi.isEmpty() || !m_store->addOrder(Order{orderId, amount, QStringLiteral("usd"), pi, m_clock.nowMs()})) {
            violation(QStringLiteral("setup: order %1 could not be created").arg(orderId));
            return false;
        }
        m_paymentOfOrder.insert(orderId, pi);
    }
    // Issue 10 item 6: a second order on a payment intent would let R5 per order refund one
    // payment twice over. The store refuses it (and writes nothing); nothing random is drawn.
    {
        const QString taken = m_paymentOfOrder.value(QStringLiteral("sim-4400"));
        auto shared = m_store->addOrder(Order{QStringLiteral("sim-4499"), 5000, QStringLiteral("usd"), taken, m_clock.nowMs()});
        if (shared || shared.error().field != QLatin1String("payment-intent")) {
            violation(QStringLiteral("a second order on payment intent %1 was %2 (R5 per payment)")
                          .arg(taken, shared ? QStringLiteral("accepted") : QStringLiteral("refused for another reason: ") +
                                                                               shared.error().message));
            return false;
        }
    }
    static const qint64 amounts[] = {1500, 2500, 3800, 5000};
    static const char* const refs[] = {"", "", "TK-1", "TK-2"};
    const int logicals = 1 + pick(3);
    for (int i = 0; i < logicals; ++i) {
        Logical l{QStringLiteral("sim-%1").arg(4400 + pick(orders)), amounts[pick(4)], QString::fromLatin1(refs[pick(4)])};
        m_logicals << l;
    }
    const int agents = 2 + pick(3);
    for (int i = 0; i < agents; ++i) {
        AgentState a;
        a.logical = pick(int(m_logicals.size()));
        a.callsLeft = 1 + pick(3);
        a.name = QStringLiteral("agent%1").arg(i);
        m_agents.push_back(a);
    }
    trace(QStringLiteral("settings: %1 attempts/call, %2/operation, timeout %3 ms; %4 agents on %5")
              .arg(perCall)
              .arg(perOperation)
              .arg(m_settings.requestTimeoutMs)
              .arg(agents)
              .arg([&] {
                  QStringList s;
                  for (const AgentState& a : m_agents)
                      s << QStringLiteral("%1x%2").arg(m_logicals[a.logical].label()).arg(a.callsLeft);
                  return s.join(QStringLiteral(" "));
              }()));
    for (int i = 0; i < agents; ++i)
        spawnAgent(i);
    return true;
}

void Schedule::spawnAgent(int index)
{
    const int id = m_scheduler.spawn([this, index] { agentBody(index); });
    m_agentOfThread[id] = index;
}

// Runs on the agent's own stack: a fresh "process" (connection, provider client, tool) per incarnation.
void Schedule::agentBody(int index)
{
    AgentState& a = m_agents[size_t(index)];
    a.atCommit = false; // a kill inside the commit hook of the last incarnation skipped its reset
    // A process's own connection (see SimWorkspace): handed on when its stack has unwound,
    // after the tool below is gone. No agent parks inside a transaction (SimScheduler).
    std::unique_ptr<Database> db = m_workspace.take();
    struct Release
    {
        SimWorkspace& workspace;
        std::unique_ptr<Database>& db;
        ~Release() { workspace.give(std::move(db)); }
    } release{m_workspace, db};
    ProviderConfig config;
    config.baseUrl = QUrl(QStringLiteral("http://provider.sim.invalid"));
    config.apiKey = QStringLiteral("sk_test_sim");
    config.requestTimeoutMs = m_settings.requestTimeoutMs;
    ProviderClient client(config);
    client.setPostTransport([this, &a](const QUrl& url, const ProviderClient::PostHeaders& headers,
                                       const QByteArray& body, int timeoutMs) {
        a.url = url;
        a.headers = headers;
        a.body = body;
        a.timeoutMs = timeoutMs;
        a.key.clear();
        for (const auto& [name, value] : headers)
            if (name == "Idempotency-Key")
                a.key = QString::fromLatin1(value);
        a.replyReady = false;
        a.sendByMs = m_clock.nowMs() + timeoutMs;
        m_scheduler.park(SimScheduler::Point::Send);
        return a.reply;
    });
    RefundTool tool(*db, client, m_clock);
    tool.setSleeper([this](int ms) { m_scheduler.park(SimScheduler::Point::Sleep, ms); });
    tool.setRandomSeed(quint32(m_config.seed) ^ quint32(index * 7919 + a.incarnation));
    tool.setFollowRequestTimeoutSetting(true);
    // A step boundary inside the call: the process may die right after any commit.
    db->setAfterCommitHook([this, &a] {
        a.atCommit = true;
        m_scheduler.park(SimScheduler::Point::Between, 1);
        a.atCommit = false;
    });
    const Logical& l = m_logicals[a.logical];
    while (a.callsLeft > 0) {
        m_scheduler.park(SimScheduler::Point::Between);
        --a.callsLeft; // a killed call was made: the conversation's "try again" is the next one
        const QString toolCallId = QStringLiteral("%1-i%2-c%3").arg(a.name).arg(a.incarnation).arg(++a.callNo);
        auto r = tool.call(RefundTool::Request(toolCallId, l.orderId, l.amountCents, l.requestRef));
        Answer answer;
        if (r) {
            answer.status = r.value().statusName();
            answer.operationId = r.value().operationId;
            answer.refundId = r.value().refundId;
        } else {
            answer.status = QStringLiteral("error: ") + r.error().message;
        }
        a.answers << answer;
    }
}

void Schedule::executeDeferred(size_t i)
{
    Deferred d = m_deferred[i];
    m_deferred.erase(m_deferred.begin() + qsizetype(i));
    if (d.executeAtMs > m_clock.nowMs())
        m_clock.setNowMs(d.executeAtMs);
    const CurlPost::Result r = m_provider.run(d.pending);
    trace(QStringLiteral("provider executes a delayed request: HTTP %1").arg(r.httpStatus));
}

// Time moves forward only; a delayed request executes before its deadline passes (it was
// in flight within the client's timeout, the window R16 waits for).
void Schedule::advanceTo(qint64 ms)
{
    // Model bound (the one R16 rests on): a request leaves its process before the attempt's
    // deadline or never. A process parked before its send is sent first, at its own time.
    for (bool again = true; again;) {
        again = false;
        for (int id : m_scheduler.live()) {
            const int index = m_agentOfThread[id];
            const AgentState& a = m_agents[size_t(index)];
            if (m_scheduler.point(id) == SimScheduler::Point::Send && !a.replyReady && a.sendByMs <= ms) {
                trace(QStringLiteral("%1 must send before its deadline").arg(a.name));
                handleSend(id, index);
                again = true;
                break;
            }
        }
    }
    for (;;) {
        auto next = std::min_element(m_deferred.begin(), m_deferred.end(),
                                     [](const Deferred& x, const Deferred& y) { return x.executeAtMs < y.executeAtMs; });
        if (next == m_deferred.end() || next->executeAtMs > ms)
            break;
        executeDeferred(size_t(next - m_deferred.begin()));
    }
    if (ms > m_clock.nowMs())
        m_clock.setNowMs(ms);
}

void Schedule::handleSend(int agentId, int index)
{
    AgentState& a = m_agents[size_t(index)];
    if (a.replyReady) { // a delayed answer: the client gives up at its deadline
        advanceTo(a.replyAtMs);
        m_scheduler.resume(agentId);
        return;
    }
    enum class Fate { Normal, DropBefore, DropAfter, Delay, Duplicate, RefusedPort, RateLimit, Saved500, Foreign,
                      KillBeforeSend, KillAfterExecute };
    std::vector<std::pair<Fate, int>> fates{{Fate::Normal, 40}};
    const auto add = [&](SimFault f, Fate fate, int weight) {
        if (allowed(f))
            fates.push_back({fate, weight});
    };
    add(FaultDropBefore, Fate::DropBefore, 6);
    add(FaultDropAfter, Fate::DropAfter, 8);
    add(FaultDelay, Fate::Delay, 8);
    add(FaultDuplicate, Fate::Duplicate, 4);
    add(FaultRefusedPort, Fate::RefusedPort, 3);
    add(FaultRateLimit, Fate::RateLimit, 5);
    add(FaultSaved500, Fate::Saved500, 2);
    add(FaultForeign2xx, Fate::Foreign, 2);
    add(FaultKillBeforeSend, Fate::KillBeforeSend, 3);
    add(FaultKillAfterExecute, Fate::KillAfterExecute, 4);
    std::vector<int> fateWeights;
    for (const auto& f : fates)
        fateWeights.push_back(f.second);
    const Fate fate = fates[size_t(pickWeighted(fateWeights))].first;
    static const char* const fateNames[] = {"delivered", "dropped before the provider", "answer lost after execution",
                                            "delayed past the client's deadline", "delivered twice", "connection refused",
                                            "rate limited", "saved 500", "answered by a foreign 2xx",
                                            "process killed before the send", "process killed after the provider executed"};
    trace(QStringLiteral("%1 sends key %2: %3").arg(a.name, a.key.left(8), QString::fromLatin1(fateNames[int(fate)])));

    const qint64 sentAt = m_clock.nowMs();
    CurlPost::Result reply;
    const auto transportFailure = [&](CurlPost::Failure failure, const char* text) {
        CurlPost::Result r;
        r.failure = failure;
        r.error = QString::fromLatin1(text);
        return r;
    };
    if (fate == Fate::KillBeforeSend) {
        m_killedBeforeSend[a.key] += 1;
        killAgent(agentId, index);
        return;
    }
    if (fate != Fate::RefusedPort) {
        m_clientSends[a.key] += 1;
        ++m_result.requests;
    }
    switch (fate) {
    case Fate::Normal:
    case Fate::KillAfterExecute:
        reply = m_provider.run(m_provider.admit(a.url, a.headers, a.body));
        break;
    case Fate::RateLimit:
        m_provider.faults().add("POST", QStringLiteral("/v1/refunds"), FaultKind::RateLimit429, 1, 0);
        reply = m_provider.run(m_provider.admit(a.url, a.headers, a.body));
        break;
    case Fate::Saved500:
        m_provider.faults().add("POST", QStringLiteral("/v1/refunds"), FaultKind::Status500, 1, 0);
        reply = m_provider.run(m_provider.admit(a.url, a.headers, a.body));
        break;
    case Fate::DropBefore:
        reply = transportFailure(CurlPost::Failure::Transport, "connection reset by peer");
        break;
    case Fate::DropAfter:
        m_provider.run(m_provider.admit(a.url, a.headers, a.body));
        reply = transportFailure(CurlPost::Failure::Transport, "connection closed before the answer");
        break;
    case Fate::Duplicate:
        m_provider.run(m_provider.admit(a.url, a.headers, a.body));
        reply = m_provider.run(m_provider.admit(a.url, a.headers, a.body));
        break;
    case Fate::RefusedPort:
        reply = transportFailure(CurlPost::Failure::NotSent, "connection refused");
        break;
    case Fate::Foreign:
        reply = SimProvider::foreignRefund(a.body);
        break;
    case Fate::Delay: {
        // Admitted now (the key is in progress: a concurrent attempt gets 409), executed at
        // some instant before the client's deadline, answered never.
        Deferred d{m_provider.admit(a.url, a.headers, a.body), sentAt + 1 + pick(std::max(1, a.timeoutMs - 1))};
        if (d.pending.admission.answer)
            m_provider.run(d.pending); // refused at admission: nothing to execute later
        else
            m_deferred.push_back(d);
        a.reply = transportFailure(CurlPost::Failure::TimedOut, "operation timed out");
        a.replyReady = true;
        a.replyAtMs = sentAt + a.timeoutMs;
        return; // the client waits; other agents run meanwhile
    }
    case Fate::KillBeforeSend:
        break;
    }
    m_provider.faults().clear(); // a fault the request did not reach (a replay, a 409) must not hit the next one
    a.reply = reply;
    // The answer is decided: nothing may send this request again while the round trip's time
    // passes through advanceTo (which keeps every other deadline).
    a.replyReady = true;
    a.replyAtMs = m_clock.nowMs();
    advanceTo(m_clock.nowMs() + 5 + pick(120));
    if (fate == Fate::KillAfterExecute) {
        killAgent(agentId, index);
        return;
    }
    m_scheduler.resume(agentId);
}

void Schedule::killAgent(int agentId, int index)
{
    m_scheduler.kill(agentId);
    AgentState& a = m_agents[size_t(index)];
    if (a.callsLeft > 0) { // the conversation goes on: the next "try again" reaches a new process
        ++a.incarnation;
        spawnAgent(index);
    }
}

void Schedule::review()
{
    OperationStore::Query q;
    q.filter = OperationStore::StateFilter::Unknown;
    q.limit = 100;
    auto unknown = m_store->operations(q);
    if (!unknown)
        return;
    const QList<StoredRefund> all = m_provider.refunds();
    for (const Operation& op : unknown.value()) {
        auto order = m_store->order(op.orderId);
        if (!order)
            continue;
        QList<ProviderRefund> listed;
        for (const StoredRefund& r : all)
            if (r.paymentIntent == order.value().paymentIntent)
                if (auto refund = m_provider.providerRefund(r))
                    listed << *refund;
        LookupResult lookup;
        lookup.operationId = op.operationId;
        lookup.refunds = OperationLookup::merge(OperationLookup::Target::from(op, order.value()), listed, RefundEventLedger());
        lookup.complete = true;
        lookup.startedAtMs = m_clock.nowMs();
        lookup.listedRefunds = int(listed.size());
        const ResolutionPolicy::Proposal p = ResolutionPolicy::propose(op, lookup, m_clock.nowMs());
        std::optional<OperationStore::Resolution> res;
        if (p.kind == ResolutionPolicy::Proposal::Kind::Refunded) {
            const FoundRefund* found = lookup.find(p.refundId);
            if (found && ResolutionPolicy::canResolveAsRefunded(op, lookup, *found).allowed)
                res = ResolutionPolicy::refundedResolution(*found, lookup, kReviewer, QStringLiteral("support"),
                                                           QStringLiteral("found at the provider"));
        } else if (p.kind == ResolutionPolicy::Proposal::Kind::Failed) {
            if (ResolutionPolicy::canResolveAsFailed(op, lookup, m_clock.nowMs()).allowed)
                res = ResolutionPolicy::failedResolution(lookup, kReviewer, QStringLiteral("support"),
                                                         QStringLiteral("nothing at the provider"));
        }
        if (!res) {
            trace(QStringLiteral("reviewer leaves %1: %2").arg(op.operationId.left(12), ResolutionPolicy::kindName(p.kind)));
            continue;
        }
        auto done = m_store->resolve(op.operationId, *res);
        trace(QStringLiteral("reviewer resolves %1 as %2: %3")
                  .arg(op.operationId.left(12), ResolutionPolicy::kindName(p.kind),
                       done ? QStringLiteral("done") : done.error().message));
    }
}

void Schedule::reconcile(bool all)
{
    m_undelivered += m_provider.takeEvents();
    if (m_undelivered.isEmpty() && !all)
        return;
    // Webhooks arrive late, out of order and more than once.
    int n = all ? int(m_undelivered.size()) : 1 + pick(int(m_undelivered.size()));
    ProviderEventStore events(*m_db, m_clock);
    while (n-- > 0 && !m_undelivered.isEmpty()) {
        const int i = all ? 0 : pick(int(m_undelivered.size()));
        const ProviderEvent event = m_undelivered[i];
        if (all || !chance(20))
            m_undelivered.removeAt(i);
        events.insert(event, ProviderEventStore::Source::Webhook);
    }
    auto applied = m_reconciler->applyWaiting();
    trace(QStringLiteral("reconciler applies %1 event(s)").arg(applied ? applied.value() : -1));
}

void Schedule::step()
{
    ++m_result.steps;
    struct Choice
    {
        int kind; // 0 resume, 1 kill, 2 delayed execution, 3 review, 4 reconcile, 5 late failure, 6 jump, 7 admin
        int id;
        int weight;
    };
    std::vector<Choice> choices;
    for (int id : m_scheduler.live()) {
        choices.push_back({0, id, 12});
        const SimScheduler::Point point = m_scheduler.point(id);
        const bool atCommit = point == SimScheduler::Point::Between && m_scheduler.pointValue(id) == 1;
        if ((allowed(FaultKillBetween) && (point == SimScheduler::Point::Sleep ||
                                           (point == SimScheduler::Point::Between && !atCommit))) ||
            (allowed(FaultKillDuringCall) && atCommit))
            choices.push_back({1, id, 1});
    }
    if (!m_deferred.empty())
        choices.push_back({2, 0, 4});
    if (allowed(ActorReviewer))
        choices.push_back({3, 0, 2});
    if (allowed(ActorReconciler))
        choices.push_back({4, 0, 2});
    if (allowed(FaultLateFailure))
        choices.push_back({5, 0, 1});
    if (allowed(FaultRetentionJump) && !m_jumped)
        choices.push_back({6, 0, 1});
    if (allowed(ActorAdmin))
        choices.push_back({7, 0, 1});
    std::vector<int> weights;
    for (const Choice& c : choices)
        weights.push_back(c.weight);
    const Choice chosen = choices[size_t(pickWeighted(weights))];
    switch (chosen.kind) {
    case 0: {
        const int index = m_agentOfThread[chosen.id];
        switch (m_scheduler.point(chosen.id)) {
        case SimScheduler::Point::Send:
            handleSend(chosen.id, index);
            break;
        case SimScheduler::Point::Sleep:
            advanceTo(m_clock.nowMs() + m_scheduler.pointValue(chosen.id));
            m_scheduler.resume(chosen.id);
            break;
        case SimScheduler::Point::Start:
        case SimScheduler::Point::Between:
            if (m_scheduler.pointValue(chosen.id) == 0)
                advanceTo(m_clock.nowMs() + pick(3000)); // the customer writes "try again"
            m_scheduler.resume(chosen.id);
            break;
        }
        break;
    }
    case 1: {
        const int index = m_agentOfThread[chosen.id];
        AgentState& a = m_agents[size_t(index)];
        trace(QStringLiteral("%1 is killed (%2)").arg(a.name, a.atCommit ? QStringLiteral("after a commit")
                                                                         : QStringLiteral("between steps")));
        if (a.atCommit)
            m_killsAtCommit[m_logicals[a.logical].label()] += 1;
        killAgent(chosen.id, index);
        break;
    }
    case 2:
        executeDeferred(size_t(pick(int(m_deferred.size()))));
        break;
    case 3:
        review();
        break;
    case 4:
        reconcile(false);
        break;
    case 5: {
        QList<StoredRefund> succeeded;
        for (const StoredRefund& r : m_provider.refunds())
            if (r.status == QLatin1String("succeeded"))
                succeeded << r;
        if (!succeeded.isEmpty()) {
            const StoredRefund& r = succeeded[pick(int(succeeded.size()))];
            trace(QStringLiteral("provider fails refund %1 later").arg(r.id));
            m_provider.failRefundLater(r.id);
        }
        break;
    }
    case 7: {
        if (m_onV2 && chance(30)) { // only v2 schedules draw here
            switchToV1();
            break;
        }
        // R20: every call reads the settings it runs with; a change lands between two calls
        // or two attempts of one call.
        const int perOperation = 1 + pick(6);
        const int perCall = 1 + pick(std::min(3, perOperation));
        SettingsStore settings(*m_db, m_clock);
        auto set = settings.setMany({{QStringLiteral("max_attempts_per_call"), QString::number(perCall)},
                                     {QStringLiteral("max_attempts_per_operation"), QString::number(perOperation)},
                                     {QStringLiteral("request_timeout_ms"), QString::number(1000 + 500 * pick(9))}},
                                    QStringLiteral("sim-admin"), QStringLiteral("admin"));
        trace(QStringLiteral("admin sets %1 attempts/call, %2/operation: %3")
                  .arg(perCall)
                  .arg(perOperation)
                  .arg(set ? QStringLiteral("saved") : set.error().message));
        break;
    }
    case 6:
        if (m_onV2)
            switchToV1(); // a day past the switch, the provider has forgotten the v2 rows' keys
        m_jumped = true;
        trace(QStringLiteral("clock jumps 25 h: the provider forgets keys"));
        advanceTo(m_clock.nowMs() + 25LL * 3600 * 1000);
        break;
    }
    checkAnswers();
    checkActiveRows();
}

void Schedule::switchToV1()
{
    SettingsStore settings(*m_db, m_clock);
    auto set = settings.set(QStringLiteral("provider_api"), QStringLiteral("stripe_v1"), QStringLiteral("sim-admin"),
                            QStringLiteral("admin"));
    if (!set) {
        // Staying on v2 across the jump would break the model (the provider keeps keys 24 h).
        violation(QStringLiteral("admin could not switch provider_api to stripe_v1: ") + set.error().message);
        return;
    }
    m_onV2 = false;
    trace(QStringLiteral("admin switches provider_api stripe_v2 -> stripe_v1 (24 h keys)"));
}

// R5: never two open/unknown rows of one logical refund, at any step (not only at the end).
void Schedule::checkActiveRows()
{
    auto q = m_db->run(QStringLiteral("SELECT order_id, amount_cents, request_ref, COUNT(*) FROM refund_ops "
                                      "WHERE status IN ('open', 'unknown') GROUP BY order_id, amount_cents, request_ref "
                                      "HAVING COUNT(*) > 1"),
                       {}, QStringLiteral("active rows"));
    if (!q) {
        violation(QStringLiteral("active rows could not be read: ") + q.error().message);
        return;
    }
    while (q.value().next())
        violation(QStringLiteral("logical refund (%1, %2, %3) has %4 open/unknown rows at step %5")
                      .arg(q.value().value(0).toString())
                      .arg(q.value().value(1).toLongLong())
                      .arg(q.value().value(2).toString())
                      .arg(q.value().value(3).toInt())
                      .arg(m_result.steps));
}

// R8: what an agent was told must be true at the moment it was told.
void Schedule::checkAnswers()
{
    QList<StoredRefund> refunds;
    bool loaded = false;
    for (AgentState& a : m_agents) {
        for (Answer& answer : a.answers) {
            if (answer.checked)
                continue;
            answer.checked = true;
            ++m_result.toolCalls;
            if (!loaded) {
                refunds = m_provider.refunds();
                loaded = true;
            }
            trace(QStringLiteral("%1 is told %2 (%3)").arg(a.name, answer.status, answer.operationId.left(12)));
            if (answer.status.startsWith(QLatin1String("error")))
                violation(QStringLiteral("%1 got an error: %2").arg(a.name, answer.status));
            if (answer.status == QLatin1String("refunded")) {
                const auto it = std::find_if(refunds.begin(), refunds.end(),
                                             [&](const StoredRefund& r) { return r.id == answer.refundId; });
                if (it == refunds.end())
                    violation(QStringLiteral("%1 was told refunded with %2, which the provider does not hold")
                                  .arg(a.name, answer.refundId));
                else if (it->metadata.value(QStringLiteral("operation_id")).toString() != answer.operationId)
                    violation(QStringLiteral("%1 was told refunded with %2, a refund of another operation (%3)")
                                  .arg(a.name, answer.refundId,
                                       it->metadata.value(QStringLiteral("operation_id")).toString()));
                else if (it->amount != m_logicals[a.logical].amountCents)
                    violation(QStringLiteral("%1 was told refunded with %2 of %3 cents, it asked for %4")
                                  .arg(a.name, answer.refundId)
                                  .arg(it->amount)
                                  .arg(m_logicals[a.logical].amountCents));
                // (a refund that failed later is legitimate: the row is reversed then, checked at the end)
            }
            if (answer.status == QLatin1String("failed")) {
                for (const StoredRefund& r : refunds)
                    if (r.metadata.value(QStringLiteral("operation_id")).toString() == answer.operationId &&
                        (r.status == QLatin1String("succeeded") || r.status == QLatin1String("pending")))
                        violation(QStringLiteral("%1 was told failed for %2 while the provider holds refund %3 (%4)")
                                      .arg(a.name, answer.operationId, r.id, r.status));
            }
        }
    }
}

void Schedule::checkFinal()
{
    OperationStore::Query q;
    q.limit = 1000;
    auto ops = m_store->operations(q);
    if (!ops) {
        violation(QStringLiteral("operations could not be read: ") + ops.error().message);
        return;
    }
    QHash<QString, Operation> byId;
    for (const Operation& op : ops.value())
        byId.insert(op.operationId, op);
    const QList<StoredRefund> refunds = m_provider.refunds();
    m_result.refunds = int(refunds.size());

    // Per logical refund, at the provider (R5a, R11, R23).
    QMap<QString, QStringList> effectiveByLogical;
    for (const StoredRefund& r : refunds) {
        const QString opId = r.metadata.value(QStringLiteral("operation_id")).toString();
        if (!byId.contains(opId)) {
            violation(QStringLiteral("refund %1 at the provider names no operation row (%2)").arg(r.id, opId));
            continue;
        }
        const Operation& op = byId[opId];
        if (r.status == QLatin1String("succeeded") || r.status == QLatin1String("pending"))
            effectiveByLogical[Logical{op.orderId, op.amountCents, op.requestRef}.label()] << r.id;
    }
    for (auto it = effectiveByLogical.cbegin(); it != effectiveByLogical.cend(); ++it)
        if (it.value().size() > 1)
            violation(QStringLiteral("logical refund %1 was paid %2 times at the provider: %3")
                          .arg(it.key())
                          .arg(it.value().size())
                          .arg(it.value().join(QStringLiteral(", "))));

    QHash<QString, int> activePerLogical;
    for (const Operation& op : ops.value()) {
        QList<StoredRefund> mine;
        for (const StoredRefund& r : refunds)
            if (r.metadata.value(QStringLiteral("operation_id")).toString() == op.operationId)
                mine << r;
        const auto effective = std::count_if(mine.begin(), mine.end(), [](const StoredRefund& r) {
            return r.status == QLatin1String("succeeded") || r.status == QLatin1String("pending");
        });
        switch (op.status) {
        case OperationStatus::Refunded: {
            const auto it = std::find_if(mine.begin(), mine.end(),
                                         [&](const StoredRefund& r) { return r.id == op.providerRefundId; });
            if (it == mine.end())
                violation(QStringLiteral("row %1 is refunded with %2, not a refund of this row at the provider")
                              .arg(op.operationId, op.providerRefundId));
            else if (it->amount != op.amountCents)
                violation(QStringLiteral("row %1 is refunded with %2 of %3 cents, the row says %4")
                              .arg(op.operationId, it->id)
                              .arg(it->amount)
                              .arg(op.amountCents));
            else if (it->status == QLatin1String("failed") && allowed(ActorReconciler))
                violation(QStringLiteral("row %1 is still refunded after the reconciler saw its refund fail")
                              .arg(op.operationId));
            break;
        }
        case OperationStatus::Failed:
            if (effective > 0)
                violation(QStringLiteral("row %1 is failed while the provider holds an effective refund of it")
                              .arg(op.operationId));
            break;
        case OperationStatus::Reversed:
            if (effective > 0)
                violation(QStringLiteral("row %1 is reversed while its refund is effective").arg(op.operationId));
            break;
        case OperationStatus::Open:
        case OperationStatus::Unknown:
            activePerLogical[Logical{op.orderId, op.amountCents, op.requestRef}.label()] += 1;
            break;
        }

        // R6, R12: every request that left a client was counted first; every answer logged was sent.
        auto attempts = m_store->attempts(op.operationId);
        if (attempts) {
            int counted = 0, answered = 0;
            for (const AttemptRecord& at : attempts.value()) {
                if (at.outcome == QLatin1String("not_sent"))
                    continue;
                ++counted;
                if (at.outcome != QLatin1String("in_flight"))
                    ++answered;
            }
            const int sent = m_clientSends.value(op.idempotencyKey);
            const int unsentAllowed = m_killedBeforeSend.value(op.idempotencyKey) +
                                      m_killsAtCommit.value(Logical{op.orderId, op.amountCents, op.requestRef}.label());
            if (sent > counted || answered > sent || counted > sent + unsentAllowed)
                violation(QStringLiteral("row %1: %2 attempt(s) counted, %3 answered, %4 request(s) sent, "
                                         "%5 kill(s) before a send")
                              .arg(op.operationId)
                              .arg(counted)
                              .arg(answered)
                              .arg(sent)
                              .arg(unsentAllowed));
        }

        // R17, R24: the resolve/reverse entries are one chain of transitions ending in the row's status.
        auto audit = m_store->auditEntries(op.operationId);
        if (audit) {
            QString at;
            for (const AuditEntry& e : audit.value()) {
                if (e.action != QLatin1String("resolve") && e.action != QLatin1String("reverse"))
                    continue;
                const QString from = e.details.value(QStringLiteral("from")).toString();
                const QString to = e.details.value(QStringLiteral("to")).toString();
                if (e.action == QLatin1String("resolve") && from != QLatin1String("unknown"))
                    violation(QStringLiteral("row %1: a resolve entry from %2").arg(op.operationId, from));
                if (!at.isEmpty() && !from.isEmpty() && from != at)
                    violation(QStringLiteral("row %1: audit goes %2 then from %3").arg(op.operationId, at, from));
                at = to.isEmpty() ? (e.action == QLatin1String("reverse") ? QStringLiteral("reversed") : at) : to;
            }
            if (!at.isEmpty() && at != statusName(op.status))
                violation(QStringLiteral("row %1 is %2 but its audit ends at %3").arg(op.operationId, statusName(op.status), at));
            if (op.resolvedAt && at.isEmpty() && !op.resolvedBy.isEmpty() && op.resolvedBy != QLatin1String("refund-tool"))
                violation(QStringLiteral("row %1 was resolved by %2 without an audit entry").arg(op.operationId, op.resolvedBy));
        }
    }
    for (auto it = activePerLogical.cbegin(); it != activePerLogical.cend(); ++it)
        if (it.value() > 1)
            violation(QStringLiteral("logical refund %1 has %2 open/unknown rows").arg(it.key()).arg(it.value()));
}

SimResult Schedule::run()
{
    QElapsedTimer phase;
    phase.start();
    const bool profile = qEnvironmentVariableIsSet("SIM_PROFILE");
    if (!setUp()) {
        m_scheduler.shutdown();
        return m_result;
    }
    const qint64 setupNs = phase.nsecsElapsed();
    constexpr int kMaxSteps = 4000;
    while (!m_scheduler.live().empty() && m_result.steps < kMaxSteps)
        step();
    const qint64 loopNs = phase.nsecsElapsed();
    if (!m_scheduler.live().empty())
        violation(QStringLiteral("the schedule did not end within %1 steps").arg(kMaxSteps));
    m_scheduler.shutdown();
    for (const QString& e : m_scheduler.agentErrors())
        violation(e);
    // Whatever is still in flight lands; the events reach the reconciler.
    while (!m_deferred.empty())
        executeDeferred(0);
    if (allowed(ActorReconciler))
        reconcile(true);
    checkAnswers();
    checkFinal();
    if (profile)
        qInfo("setup %.2f ms, steps %.2f ms (%d), end %.2f ms", setupNs / 1e6, (loopNs - setupNs) / 1e6, m_result.steps,
              (phase.nsecsElapsed() - loopNs) / 1e6);
    return m_result;
}

} // namespace

SimWorkspace::SimWorkspace(QString dir, QString opDbTemplate, QString sandboxTemplate)
    : m_dir(std::move(dir))
    , m_opDbTemplate(std::move(opDbTemplate))
    , m_sandboxTemplate(std::move(sandboxTemplate))
{
}

SimWorkspace::~SimWorkspace()
{
    dropConnections();
}

QString SimWorkspace::opDbPath() const
{
    return m_dir + QStringLiteral("/ops.db");
}

QString SimWorkspace::sandboxDbPath() const
{
    return m_dir + QStringLiteral("/sandbox.db");
}

bool SimWorkspace::copyInPlace(const QString& path, const QString& from, QString* error)
{
    for (const char* suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QLatin1String(suffix));
    if (!QFile::copy(from, path)) {
        *error = QStringLiteral("could not copy %1 into %2").arg(from, m_dir);
        return false;
    }
    return true;
}

bool SimWorkspace::openRestorer(QString* error)
{
    auto fail = [&](const char* what) {
        *error = QStringLiteral("restoring connection: %1: %2")
                     .arg(QLatin1String(what), m_restorer ? QString::fromUtf8(sqlite3_errmsg(m_restorer)) : QString());
        if (m_restorer)
            sqlite3_close(m_restorer);
        m_restorer = nullptr;
        return false;
    };
    if (sqlite3_open_v2(opDbPath().toUtf8().constData(), &m_restorer, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
        return fail("open");
    // Every worker's restorer reads the template (WAL): wait out another's brief lock.
    sqlite3_busy_timeout(m_restorer, 5000);
    // Its own statements only: the guard's triggers (which refuse every DELETE, R21) and the
    // rollup triggers would undo the point, and foreign keys would order the tables.
    int enabled = 1;
    if (sqlite3_db_config(m_restorer, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &enabled) != SQLITE_OK || enabled != 0)
        return fail("disable triggers");
    if (sqlite3_exec(m_restorer, "PRAGMA foreign_keys=OFF", nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail("foreign keys off");
    const QByteArray attach = "ATTACH DATABASE '" + m_opDbTemplate.toUtf8().replace('\'', "''") + "' AS tmpl";
    if (sqlite3_exec(m_restorer, attach.constData(), nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail("attach the template");
    // Every ordinary table the template has, FTS5's shadow tables and sqlite_sequence included
    // (the virtual table itself holds nothing of its own).
    sqlite3_stmt* tables = nullptr;
    if (sqlite3_prepare_v2(m_restorer,
                           "SELECT name FROM tmpl.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' "
                           "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
                           -1, &tables, nullptr) != SQLITE_OK)
        return fail("list the tables");
    // Deferred: IMMEDIATE would take the write lock of the template too, which every worker's
    // restorer attaches (it is only read).
    QByteArray script = "BEGIN;";
    int count = 0;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(tables)) == SQLITE_ROW) {
        const QByteArray name =
            '"' + QByteArray(reinterpret_cast<const char*>(sqlite3_column_text(tables, 0))).replace('"', "\"\"") + '"';
        script += "DELETE FROM main." + name + ";INSERT INTO main." + name + " SELECT * FROM tmpl." + name + ";";
        ++count;
    }
    sqlite3_finalize(tables);
    if (rc != SQLITE_DONE || count == 0)
        return fail("list the tables");
    m_restoreScript = script + "COMMIT;";
    return true;
}

void SimWorkspace::dropConnections()
{
    m_idle.clear();
    if (m_restorer)
        sqlite3_close(m_restorer);
    m_restorer = nullptr;
}

bool SimWorkspace::reset(QString* error)
{
    // The sandbox's connection closed with the last schedule: a fresh copy.
    if (!copyInPlace(sandboxDbPath(), m_sandboxTemplate, error))
        return false;
    if (!m_restorer) {
        m_idle.clear();
        return copyInPlace(opDbPath(), m_opDbTemplate, error) && openRestorer(error);
    }
    // Every kept connection must be idle (no transaction, no statement mid-step): one that held
    // a read snapshot would go on reading the last schedule's rows, and a schedule would depend
    // on the one before it. Then the restore is one commit they see as another connection's,
    // and the schema they parsed stays theirs.
    for (const auto& db : m_idle) {
        auto* handle = *static_cast<sqlite3* const*>(db->connection().driver()->handle().constData());
        bool busy = !handle || !sqlite3_get_autocommit(handle);
        for (sqlite3_stmt* st = handle ? sqlite3_next_stmt(handle, nullptr) : nullptr; st && !busy;
             st = sqlite3_next_stmt(handle, st))
            busy = sqlite3_stmt_busy(st) != 0;
        if (busy) {
            *error = QStringLiteral("a kept connection to %1 is not idle (an open transaction or a statement "
                                    "not reset): the schedule would not start from the template")
                         .arg(opDbPath());
            dropConnections();
            return false;
        }
    }
    char* message = nullptr;
    if (sqlite3_exec(m_restorer, m_restoreScript.constData(), nullptr, nullptr, &message) != SQLITE_OK) {
        *error = QStringLiteral("could not restore %1 from its template: %2").arg(opDbPath(), QString::fromUtf8(message));
        sqlite3_free(message);
        sqlite3_exec(m_restorer, "ROLLBACK", nullptr, nullptr, nullptr);
        dropConnections(); // the next reset() copies the file and opens afresh
        return false;
    }
    return true;
}

std::unique_ptr<Database> SimWorkspace::take()
{
    if (!m_idle.empty()) {
        std::unique_ptr<Database> db = std::move(m_idle.back());
        m_idle.pop_back();
        return db;
    }
    auto opened = Database::open(QStringLiteral("sqlite:") + opDbPath());
    if (!opened)
        throw std::runtime_error(opened.error().message.toStdString());
    return std::move(opened.value());
}

void SimWorkspace::give(std::unique_ptr<Database> db)
{
    if (!db)
        return;
    db->setAfterCommitHook({});
    if (db->inTransaction()) // never (no agent parks in one); a dead process's transaction rolls back
        db->rollback();
    db->resetPrepared();
    m_idle.push_back(std::move(db));
}

SimResult runSchedule(const SimConfig& config, SimWorkspace& workspace)
{
    QString error;
    if (!workspace.reset(&error)) {
        SimResult r;
        r.violations << QStringLiteral("setup: ") + error;
        return r;
    }
    Schedule schedule(config, workspace);
    return schedule.run();
}
