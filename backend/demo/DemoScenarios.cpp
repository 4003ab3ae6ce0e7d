#include "demo/DemoScenarios.h"

#include "Logging.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "demo/SandboxLauncher.h"
#include "provider/ProviderClient.h"
#include "tool/RefundTool.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QMutex>
#include <QThread>
#include <QUuid>

#include <latch>
#include <vector>

namespace {
using Code = StoreError::Code;
constexpr qint64 kMinuteMs = 60LL * 1000;
constexpr qint64 kHourMs = 60 * kMinuteMs;
const QString kPost = QStringLiteral("POST");
const QString kRefunds = QStringLiteral("/v1/refunds");
const QString kActor = QStringLiteral("demo");
const QString kAdmin = QStringLiteral("admin");

/** A refund the tool should make at once: order, total, currency, refund amount, hours ago. */
struct PlainRefund
{
    const char* orderId;
    qint64 totalCents;
    const char* currency;
    qint64 refundCents;
    double hoursAgo;
};

// Different amounts, currencies and times; 4388 is refunded in two parts (two rows, R5).
const PlainRefund kPlainRefunds[] = {
    {"4381", 12900, "usd", 12900, 71.5}, {"4385", 4599, "eur", 4599, 66.0},  {"4388", 2500, "gbp", 1000, 60.0},
    {"4388", 2500, "gbp", 1500, 58.2},   {"4390", 8900, "usd", 8900, 52.0},  {"4392", 15000, "eur", 5000, 47.3},
    {"4395", 3350, "gbp", 3350, 40.1},   {"4399", 990, "usd", 990, 33.0},    {"4402", 21000, "usd", 7000, 27.4},
    {"4405", 6400, "eur", 6400, 20.0},   {"4408", 1750, "gbp", 1750, 14.6},  {"4411", 5200, "usd", 2600, 8.0},
    {"4413", 2999, "eur", 2999, 5.2},    {"4415", 11000, "gbp", 11000, 3.1},
};

QString str(const char* s) { return QString::fromLatin1(s); }
} // namespace

DemoScenarios::DemoScenarios(Database& db, SandboxLauncher& sandbox, ProviderConfig toolProvider,
                             ProviderConfig readProvider, Progress progress)
    : m_db(db)
    , m_sandbox(sandbox)
    , m_toolConfig(std::move(toolProvider))
    , m_readConfig(std::move(readProvider))
    , m_progress(std::move(progress))
    , m_provider(std::make_unique<ProviderClient>(m_toolConfig))
{
}

DemoScenarios::~DemoScenarios() = default;

void DemoScenarios::step(const QString& text)
{
    Logging::info(QStringLiteral("demo: ") + text);
    if (m_progress)
        m_progress(text);
}

QString DemoScenarios::nextToolCallId()
{
    // Shaped like the tool-use ids a model API hands out; only the seed scenario's are fixed.
    static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    QString id = QStringLiteral("toolu_01");
    for (int i = 0; i < 22; ++i)
        id += QLatin1Char(alphabet[m_random.bounded(int(sizeof(alphabet) - 1))]);
    return id;
}

StoreResult<QString> DemoScenarios::run()
{
    SettingsStore settings(m_db);
    auto before = settings.load();
    if (!before)
        return before.error();
    // Quick backoff so the demo takes seconds; the real values come back afterwards, so the
    // console shows them. Both changes are audited, as every settings change is (R20).
    auto fast = settings.setMany({{QStringLiteral("backoff_base_ms"), QStringLiteral("20")},
                                  {QStringLiteral("backoff_cap_ms"), QStringLiteral("100")}},
                                 kActor, kAdmin);
    if (!fast)
        return fast.error();
    auto result = runAll();
    m_clock.setOffsetMs(0);
    if (result && m_startReconciler) {
        if (auto started = m_startReconciler(); !started)
            result = started.error();
        else if (auto live = reconcilerScenarios(); !live)
            result = live.error();
    }
    auto restored = settings.setMany({{QStringLiteral("backoff_base_ms"), QString::number(before.value().backoffBaseMs)},
                                      {QStringLiteral("backoff_cap_ms"), QString::number(before.value().backoffCapMs)}},
                                     kActor, kAdmin);
    if (!result)
        return result;
    if (!restored)
        return restored.error();
    return result;
}

StoreResult<void> DemoScenarios::addOrder(const QString& orderId, qint64 totalCents, const QString& currency,
                                          qint64 hoursAgoMs)
{
    OperationStore store(m_db, m_clock);
    if (store.order(orderId))
        return {};   // a second refund on the same order
    auto pi = m_sandbox.createPaymentIntent(totalCents, currency, QJsonObject{{QStringLiteral("order_id"), orderId}});
    if (!pi)
        return pi.error();
    // The customer paid some hours before asking for the refund.
    const qint64 paidAt = Clock::system().nowMs() - hoursAgoMs - (6 + m_random.bounded(40)) * kHourMs;
    auto added = store.addOrder(Order{orderId, totalCents, currency, pi.value(), paidAt});
    if (!added)
        return added.error();
    return {};
}

StoreResult<RefundToolResult> DemoScenarios::call(const QString& toolCallId, const QString& orderId, qint64 amountCents)
{
    RefundTool tool(m_db, *m_provider, m_clock);
    auto r = tool.call({toolCallId, orderId, amountCents});
    if (!r)
        return r.error();
    Logging::debug(QStringLiteral("demo: %1 order %2 amount %3 -> %4")
                       .arg(toolCallId, orderId)
                       .arg(amountCents)
                       .arg(r.value().statusName()));
    return r;
}

StoreResult<void> DemoScenarios::fault(const QString& kind, int count)
{
    return m_sandbox.addFault(kPost, kRefunds, kind, count);
}

StoreResult<void> DemoScenarios::clearFaults()
{
    return m_sandbox.clearFaults();
}

StoreResult<void> DemoScenarios::concurrentCalls(const QString& orderId, qint64 amountCents, int threads)
{
    std::latch ready(threads);
    QMutex mutex;
    QStringList errors;
    std::vector<std::unique_ptr<QThread>> workers;
    QStringList ids;
    for (int i = 0; i < threads; ++i)
        ids << nextToolCallId();
    for (int i = 0; i < threads; ++i) {
        const QString toolCallId = ids.at(i);
        workers.emplace_back(QThread::create([&, toolCallId] {
            // Qt connections and network managers belong to one thread: each caller brings its own.
            auto db = Database::open(m_db.url());
            ProviderClient provider(m_toolConfig);
            ready.arrive_and_wait();
            QString error;
            if (!db) {
                error = db.error().message;
            } else {
                RefundTool tool(*db.value(), provider, m_clock);
                auto r = tool.call({toolCallId, orderId, amountCents});
                if (!r)
                    error = r.error().message;
            }
            if (!error.isEmpty()) {
                QMutexLocker lock(&mutex);
                errors << error;
            }
        }));
        workers.back()->start();
    }
    for (auto& worker : workers)
        worker->wait();
    if (!errors.isEmpty())
        return StoreError::make(Code::QueryFailed,
                                QStringLiteral("concurrent tool calls for order %1: %2").arg(orderId, errors.join(QStringLiteral("; "))));
    return {};
}

StoreResult<void> DemoScenarios::dashboardRefund(const QString& orderId, qint64 amountCents)
{
    OperationStore store(m_db, m_clock);
    auto order = store.order(orderId);
    if (!order)
        return order.error();
    RefundCreateParams params;
    params.paymentIntent = order.value().paymentIntent;
    params.amountCents = amountCents;
    params.currency = order.value().currency;
    params.reason = QStringLiteral("requested_by_customer");
    const ProviderResponse r = m_provider->createRefund(params, QStringLiteral("dashboard-") + QUuid::createUuid().toString(QUuid::WithoutBraces));
    if (r.outcome != AttemptOutcome::Succeeded)
        return StoreError::make(Code::ConnectionFailed,
                                QStringLiteral("the sandbox refused the outside refund for order %1: %2").arg(orderId, r.summary()),
                                QStringLiteral("sandbox"));
    return {};
}

StoreResult<void> DemoScenarios::resolveFromProvider(const QString& operationId, const QString& reviewer)
{
    OperationStore store(m_db, m_clock);
    auto op = store.operation(operationId);
    if (!op)
        return op.error();
    auto order = store.order(op.value().orderId);
    if (!order)
        return order.error();
    // The reviewer works with the read-only key (R13) and lists the payment's refunds (R15).
    ProviderClient reader(m_readConfig);
    const RefundListResult list = reader.listRefunds(order.value().paymentIntent, {});
    if (!list.ok())
        return StoreError::make(Code::ConnectionFailed,
                                QStringLiteral("listing refunds of %1 failed: %2").arg(order.value().paymentIntent, list.describe()),
                                QStringLiteral("sandbox"));
    for (const ProviderRefund& refund : list.value) {
        if (refund.operationId() != operationId || (refund.status != QLatin1String("succeeded")))
            continue;
        OperationStore::Resolution resolution;
        resolution.status = OperationStatus::Refunded;
        resolution.providerRefundId = refund.id;
        resolution.providerStatus = refund.status;
        resolution.actor = reviewer;
        resolution.role = QStringLiteral("support");
        resolution.note = QStringLiteral("Found %1 (%2 %3, succeeded) with metadata.operation_id = %4 in the payment's refunds.")
                              .arg(refund.id)
                              .arg(refund.amountCents)
                              .arg(refund.currency, operationId);
        resolution.evidence = QJsonObject{{QStringLiteral("refunds"), QJsonArray{refund.raw}}};
        auto resolved = store.resolve(operationId, resolution);
        if (!resolved)
            return resolved.error();
        return {};
    }
    return StoreError::make(Code::NotFound,
                            QStringLiteral("no refund with metadata.operation_id %1 at the sandbox").arg(operationId));
}

StoreResult<QString> DemoScenarios::runAll()
{
#define DEMO_TRY(expr)                                                                                           \
    do {                                                                                                         \
        if (auto r_ = (expr); !r_)                                                                               \
            return r_.error();                                                                                   \
    } while (false)

    auto at = [this](double hoursAgo) { m_clock.setOffsetMs(-qint64(hoursAgo * double(kHourMs))); };

    // ---- an old worked example that a reviewer already resolved (R15, R16) ------------------
    step(QStringLiteral("An old timeout case, resolved by a reviewer from the provider's records"));
    DEMO_TRY(addOrder(QStringLiteral("4383"), 6150, QStringLiteral("eur"), 69 * kHourMs));
    DEMO_TRY(fault(QStringLiteral("drop_after_commit"), 100));
    at(69.0);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4383"), 6150));
    at(68.6);
    auto oldCase = call(nextToolCallId(), QStringLiteral("4383"), 6150);
    if (!oldCase)
        return oldCase.error();
    DEMO_TRY(clearFaults());
    at(66.0);
    DEMO_TRY(resolveFromProvider(oldCase.value().operationId, QStringLiteral("maria.k")));

    // ---- plain successes -----------------------------------------------------------------
    step(QStringLiteral("Plain refunds in usd, eur and gbp over the last three days"));
    for (const PlainRefund& p : kPlainRefunds) {
        DEMO_TRY(addOrder(str(p.orderId), p.totalCents, str(p.currency), qint64(p.hoursAgo * double(kHourMs))));
        at(p.hoursAgo);
        DEMO_TRY(call(nextToolCallId(), str(p.orderId), p.refundCents));
    }
    // "Try again" after a full refund: R5 rejects it and no row is written; the tool call is logged.
    at(51.5);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4390"), 8900));

    // ---- a dropped answer, then the provider's replay -------------------------------------
    step(QStringLiteral("A dropped answer followed by the provider's replay of the same key"));
    DEMO_TRY(addOrder(QStringLiteral("4396"), 7300, QStringLiteral("usd"), 36 * kHourMs));
    // Two faults: Qt resends a POST once on a dropped connection, and the resend takes the second.
    DEMO_TRY(fault(QStringLiteral("drop_after_commit"), 2));
    at(36.0);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4396"), 7300));
    DEMO_TRY(clearFaults());

    // ---- the key retention has passed (R10) --------------------------------------------------
    step(QStringLiteral("An open refund left for a day: its key retention has passed"));
    DEMO_TRY(addOrder(QStringLiteral("4379"), 4700, QStringLiteral("gbp"), 26 * kHourMs));
    DEMO_TRY(fault(QStringLiteral("drop_after_commit"), 100));
    at(26.0);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4379"), 4700));
    DEMO_TRY(clearFaults());
    at(0.3);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4379"), 4700));   // sends nothing: unknown

    // ---- rate limited on every attempt: budget exhausted, never executed (R9) -----------------
    step(QStringLiteral("Rate limited on every attempt until the operation's budget ran out"));
    DEMO_TRY(addOrder(QStringLiteral("4403"), 3990, QStringLiteral("usd"), 30 * kHourMs));
    DEMO_TRY(fault(QStringLiteral("rate_limit_429"), 100));
    at(30.0);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4403"), 3990));
    at(29.5);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4403"), 3990));
    DEMO_TRY(clearFaults());

    // ---- definite refusals (R7) -------------------------------------------------------------
    step(QStringLiteral("Definite refusals: already refunded, amount too large"));
    DEMO_TRY(addOrder(QStringLiteral("4409"), 2400, QStringLiteral("usd"), 10 * kHourMs));
    DEMO_TRY(dashboardRefund(QStringLiteral("4409"), 2400));
    at(10.0);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4409"), 2400));
    DEMO_TRY(addOrder(QStringLiteral("4412"), 9000, QStringLiteral("eur"), 6 * kHourMs));
    DEMO_TRY(dashboardRefund(QStringLiteral("4412"), 6000));
    at(6.0);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4412"), 5000));

    // ---- open rows whose keys expire within the hour ------------------------------------------
    step(QStringLiteral("Open refunds whose keys expire within the hour"));
    struct Expiring { const char* orderId; qint64 total; const char* currency; double hoursAgo; const char* fault; };
    const Expiring expiring[] = {{"4384", 3100, "usd", 23.3, "drop_after_commit"},
                                 {"4386", 5800, "eur", 23.6, "rate_limit_429"},
                                 {"4387", 2200, "gbp", 23.1, "drop_after_commit"}};
    for (const Expiring& e : expiring) {
        DEMO_TRY(addOrder(str(e.orderId), e.total, str(e.currency), qint64(e.hoursAgo * double(kHourMs))));
        DEMO_TRY(fault(str(e.fault), 100));
        at(e.hoursAgo);
        DEMO_TRY(call(nextToolCallId(), str(e.orderId), e.total));
        DEMO_TRY(clearFaults());
    }

    // ---- rate limits, then success (R7) --------------------------------------------------------
    step(QStringLiteral("Rate limits (rate_limit, lock_timeout), then success with the same key"));
    DEMO_TRY(addOrder(QStringLiteral("4419"), 4200, QStringLiteral("eur"), 2.5 * kHourMs));
    DEMO_TRY(fault(QStringLiteral("rate_limit_429"), 1));
    DEMO_TRY(fault(QStringLiteral("lock_timeout_429"), 1));
    at(2.5);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4419"), 4200));
    DEMO_TRY(clearFaults());

    // ---- concurrent tool calls for one refund (R3) -----------------------------------------------
    step(QStringLiteral("Concurrent tool calls for the same refund"));
    DEMO_TRY(addOrder(QStringLiteral("4422"), 6800, QStringLiteral("usd"), 1.5 * kHourMs));
    at(1.5);
    DEMO_TRY(concurrentCalls(QStringLiteral("4422"), 6800, 3));
    DEMO_TRY(addOrder(QStringLiteral("4424"), 2750, QStringLiteral("gbp"), 1.3 * kHourMs));
    at(1.3);
    DEMO_TRY(concurrentCalls(QStringLiteral("4424"), 2750, 4));

    // ---- the provider saved a 500 for the key (R7) -----------------------------------------------
    step(QStringLiteral("A saved provider error (500): unknown at once"));
    DEMO_TRY(addOrder(QStringLiteral("4420"), 5600, QStringLiteral("usd"), 1.2 * kHourMs));
    DEMO_TRY(fault(QStringLiteral("status_500"), 1));
    at(1.2);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4420"), 5600));
    DEMO_TRY(clearFaults());

    // ---- SPEC section 8: the worked example ----------------------------------------------------
    step(QStringLiteral("The worked example (SPEC section 8): order 4417, $38.00"));
    DEMO_TRY(addOrder(QStringLiteral("4417"), 3800, QStringLiteral("usd"), 50 * kMinuteMs));
    // Every attempt executes (or replays) and then the connection drops: the classic timeout.
    // A generous count, because Qt resends a POST once on a dropped connection.
    DEMO_TRY(fault(QStringLiteral("drop_after_commit"), 100));
    at(50.0 / 60);
    auto first = call(QStringLiteral("toolu_01"), QStringLiteral("4417"), 3800);
    if (!first)
        return first.error();
    at(35.0 / 60);
    auto second = call(QStringLiteral("toolu_02"), QStringLiteral("4417"), 3800);
    if (!second)
        return second.error();
    DEMO_TRY(clearFaults());
    if (first.value().operationId != second.value().operationId || second.value().status != RefundToolResult::Status::Checking)
        Logging::warn(QStringLiteral("demo: the worked example ended %1/%2 instead of unconfirmed/checking")
                          .arg(first.value().statusName(), second.value().statusName()));

    // ---- an open row still well within its key retention ------------------------------------------
    step(QStringLiteral("A recent refund still open after a timeout"));
    DEMO_TRY(addOrder(QStringLiteral("4426"), 1900, QStringLiteral("usd"), 15 * kMinuteMs));
    DEMO_TRY(fault(QStringLiteral("drop_after_commit"), 100));
    at(0.25);
    DEMO_TRY(call(nextToolCallId(), QStringLiteral("4426"), 1900));
    DEMO_TRY(clearFaults());

#undef DEMO_TRY
    return second.value().operationId;
}

StoreResult<void> DemoScenarios::reconcilerScenarios()
{
    m_clock.setOffsetMs(0);
    step(QStringLiteral("Every answer lost, then settled by the reconciler from the provider's event"));
    if (auto r = addOrder(QStringLiteral("4460"), 5400, QStringLiteral("usd"), 10 * kMinuteMs); !r)
        return r.error();
    if (auto r = fault(QStringLiteral("drop_after_commit"), 100); !r)
        return r.error();
    auto first = call(nextToolCallId(), QStringLiteral("4460"), 5400);
    if (!first)
        return first.error();
    auto second = call(nextToolCallId(), QStringLiteral("4460"), 5400);
    if (!second)
        return second.error();
    if (auto r = clearFaults(); !r)
        return r.error();
    const QString settled = second.value().operationId;
    QElapsedTimer sinceUnknown;
    sinceUnknown.start();

    step(QStringLiteral("A confirmed refund the provider reports failed later: reversed by the reconciler"));
    if (auto r = addOrder(QStringLiteral("4461"), 2600, QStringLiteral("eur"), 20 * kMinuteMs); !r)
        return r.error();
    auto done = call(nextToolCallId(), QStringLiteral("4461"), 2600);
    if (!done)
        return done.error();
    if (done.value().status != RefundToolResult::Status::Refunded)
        return StoreError::make(Code::ConnectionFailed,
                                QStringLiteral("the demo refund for order 4461 ended %1").arg(done.value().statusName()),
                                QStringLiteral("sandbox"));
    auto failed = m_sandbox.control("POST", QStringLiteral("/_sandbox/refunds/%1/fail").arg(done.value().refundId),
                                    QJsonObject{{QStringLiteral("failure_reason"),
                                                 QStringLiteral("expired_or_canceled_card")}});
    if (!failed)
        return failed.error();

    // The reconciler works on its own thread and connection; wait for both outcomes.
    OperationStore store(m_db, m_clock);
    auto statusOf = [&store](const QString& id) {
        auto op = store.operation(id);
        return op ? op.value().status : OperationStatus::Open;
    };
    QElapsedTimer waited;
    waited.start();
    bool resolved = false, reversed = false;
    qint64 resolvedAfterMs = 0;
    while (waited.elapsed() < 20000 && !(resolved && reversed)) {
        if (!resolved && statusOf(settled) == OperationStatus::Refunded) {
            resolved = true;
            resolvedAfterMs = sinceUnknown.elapsed();
        }
        reversed = reversed || statusOf(done.value().operationId) == OperationStatus::Reversed;
        if (!(resolved && reversed))
            QThread::msleep(50);
    }
    if (resolved)
        Logging::info(QStringLiteral("demo: the reconciler settled %1 as refunded %2 ms after it became unknown")
                          .arg(settled)
                          .arg(resolvedAfterMs));
    else
        Logging::warn(QStringLiteral("demo: the reconciler has not settled %1 after 20 s").arg(settled));
    if (!reversed)
        Logging::warn(QStringLiteral("demo: the reconciler has not reversed %1 after 20 s")
                          .arg(done.value().operationId));
    return {};
}
