// Randomised schedules of faults, concurrent tool calls and "try again" calls against the real
// sandbox, checking the system's promises after each one (R3, R4, R6, R10, R11, R14).
//
// Replay one schedule: REFUND_CHAOS_SEED=<seed> ./tst_refundchaos
// Run more:           REFUND_CHAOS_SCHEDULES=1000 ./tst_refundchaos
#include "RefundToolFixture.h"

#include <QRandomGenerator>
#include <QThread>
#include <QtTest>

namespace {
constexpr qint64 kHourMs = 3600LL * 1000;

struct ScheduleStats
{
    int toolCalls = 0;
    QMap<QString, int> results;
};
} // namespace

class TestRefundChaos : public QObject
{
    Q_OBJECT

private slots:
    void chaos_invariantsHoldOnEverySchedule();

private:
    bool runSchedule(RefundToolFixture& f, quint32 seed, qint64& clockOffsetMs, ScheduleStats& stats, QString* why);
    bool checkInvariants(RefundToolFixture& f, QString* why);
};

bool TestRefundChaos::runSchedule(RefundToolFixture& f, quint32 seed, qint64& clockOffsetMs, ScheduleStats& stats,
                                  QString* why)
{
    QRandomGenerator rng(seed);
    const QString orderId = QStringLiteral("chaos-%1").arg(seed);
    const qint64 total = 1000 + rng.bounded(8000);
    if (!f.addOrder(orderId, total)) {
        *why = QStringLiteral("could not add order: ") + f.error;
        return false;
    }
    f.sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"));

    static const QStringList kFaults{QStringLiteral("drop_after_commit"), QStringLiteral("status_500"),
                                     QStringLiteral("rate_limit_429"), QStringLiteral("lock_timeout_429"),
                                     QStringLiteral("delay")};
    const int faultCount = int(rng.bounded(5));
    for (int i = 0; i < faultCount; ++i) {
        const QString fault = kFaults[int(rng.bounded(kFaults.size()))];
        const int count = 1 + int(rng.bounded(3));
        // Longer than the tool's 300 ms timeout half the time: the request then executes after the tool gave up.
        const int delayMs = fault == QLatin1String("delay") ? 50 + int(rng.bounded(500)) : 0;
        f.sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), fault, count, delayMs);
    }
    if (rng.bounded(10) == 0) {
        // Someone refunds the payment in full from the dashboard: the tool must be refused, not pay twice.
        RefundCreateParams outside;
        outside.paymentIntent = f.store->order(orderId).value().paymentIntent;
        outside.amountCents = total;
        outside.currency = QStringLiteral("usd");
        f.provider->createRefund(outside, QStringLiteral("dashboard-%1").arg(seed));
    }

    const int waves = 1 + int(rng.bounded(4));
    qint64 amount = rng.bounded(3) == 0 ? 1 + rng.bounded(total) : total;
    for (int w = 0; w < waves; ++w) {
        if (rng.bounded(8) == 0) {
            // The run pauses for a day (R10): both clocks move past the key retention.
            f.sandbox.advanceClock(25 * 3600);
            clockOffsetMs += 25 * kHourMs;
        }
        if (rng.bounded(5) == 0)
            amount = 1 + rng.bounded(total);   // the agent asks for another amount ("try again" differently)
        const int concurrent = 1 + int(rng.bounded(3));
        std::vector<QThread*> threads;
        std::mutex mutex;
        for (int c = 0; c < concurrent; ++c) {
            const QString toolCall = QStringLiteral("toolu_%1_%2_%3").arg(seed).arg(w).arg(c);
            threads.push_back(QThread::create([&, toolCall, amount] {
                auto db = f.testDb.open();
                if (!db)
                    return;
                ManualClock clock(QDateTime::currentMSecsSinceEpoch() + clockOffsetMs);
                auto provider = f.makeProvider(300);
                RefundTool tool(*db, *provider, clock);
                tool.setSleeper([](int) {});
                auto r = tool.call({toolCall, orderId, amount});
                std::lock_guard lock(mutex);
                ++stats.toolCalls;
                stats.results[r ? r.value().statusName() : QStringLiteral("error:") + r.error().message]++;
            }));
            threads.back()->start();
        }
        for (QThread* t : threads) {
            t->wait();
            delete t;
        }
    }
    return checkInvariants(f, why);
}

bool TestRefundChaos::checkInvariants(RefundToolFixture& f, QString* why)
{
    // At most one refund executed per operation: one key per operation, one execution per key.
    const QJsonObject byKey = f.sandbox.stats().value(QStringLiteral("refunds_by_idempotency_key")).toObject();
    for (auto it = byKey.begin(); it != byKey.end(); ++it) {
        if (it.value().toInt() > 1) {
            *why = QStringLiteral("key %1 executed %2 refunds").arg(it.key()).arg(it.value().toInt());
            return false;
        }
    }
    // Never two open-or-unknown rows for one (order, amount) (R3).
    const qint64 dup = f.scalar(QStringLiteral("SELECT count(*) FROM (SELECT order_id, amount_cents FROM refund_ops WHERE "
                                               "status IN ('open', 'unknown') GROUP BY order_id, amount_cents "
                                               "HAVING count(*) > 1) d"));
    if (dup != 0) {
        *why = QStringLiteral("%1 (order, amount) pairs have two open/unknown rows").arg(dup);
        return false;
    }
    // Attempts never over the per-operation budget (R6).
    const qint64 maxAttempts = f.scalar(QStringLiteral("SELECT COALESCE(max(attempts), 0) FROM refund_ops"));
    if (maxAttempts > 6) {
        *why = QStringLiteral("an operation made %1 attempts").arg(maxAttempts);
        return false;
    }
    // Every refunded row matches a refund object at the provider (R11).
    auto q = f.db->run(QStringLiteral("SELECT operation_id, amount_cents, provider_refund_id, idempotency_key FROM refund_ops "
                                      "WHERE status = 'refunded'"));
    if (!q) {
        *why = q.error().message;
        return false;
    }
    while (q.value().next()) {
        const QString op = q.value().value(0).toString();
        const qint64 amount = q.value().value(1).toLongLong();
        const QString refundId = q.value().value(2).toString();
        auto refund = f.provider->retrieveRefund(refundId);
        if (!refund.ok() || !refund.value) {
            *why = QStringLiteral("refunded operation %1 names refund %2, which the provider does not have").arg(op, refundId);
            return false;
        }
        if (refund.value->metadata.value(QStringLiteral("operation_id")) != op || refund.value->amountCents != amount) {
            *why = QStringLiteral("refund %1 does not match operation %2").arg(refundId, op);
            return false;
        }
        if (byKey.value(q.value().value(3).toString()).toInt() != 1) {
            *why = QStringLiteral("refunded operation %1: its key did not execute exactly one refund").arg(op);
            return false;
        }
    }
    return true;
}

void TestRefundChaos::chaos_invariantsHoldOnEverySchedule()
{
    REFUND_FIXTURE_OR_FAIL(f);
    const bool single = !qEnvironmentVariableIsEmpty("REFUND_CHAOS_SEED");
    const quint32 firstSeed = single ? quint32(qEnvironmentVariableIntValue("REFUND_CHAOS_SEED")) : 1000;
    const int schedules = single ? 1 : qMax(200, qEnvironmentVariableIntValue("REFUND_CHAOS_SCHEDULES"));
    qint64 clockOffsetMs = 0;
    ScheduleStats stats;
    for (int i = 0; i < schedules; ++i) {
        const quint32 seed = firstSeed + quint32(i);
        QString why;
        const bool ok = runSchedule(f, seed, clockOffsetMs, stats, &why);
        QVERIFY2(ok, qPrintable(QStringLiteral("schedule seed %1 broke an invariant: %2 "
                                               "(replay: REFUND_CHAOS_SEED=%1 tst_refundchaos)")
                                    .arg(seed)
                                    .arg(why)));
    }
    QStringList results;
    for (auto it = stats.results.cbegin(); it != stats.results.cend(); ++it)
        results << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    const QJsonObject s = f.sandbox.stats();
    qInfo("chaos (%s): %d schedules, %d tool calls (%s), %lld attempts, %d refunds executed, %d replays, %d 409s",
          qPrintable(TestDatabase::currentEngine()), schedules, stats.toolCalls, qPrintable(results.join(QStringLiteral(", "))),
          f.scalar(QStringLiteral("SELECT count(*) FROM refund_attempts")), s.value(QStringLiteral("refunds_executed_total")).toInt(),
          s.value(QStringLiteral("replays_total")).toInt(), s.value(QStringLiteral("conflicts_409_total")).toInt());
    for (auto it = stats.results.cbegin(); it != stats.results.cend(); ++it)
        QVERIFY2(!it.key().startsWith(QLatin1String("error:")), qPrintable(it.key()));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestRefundChaos)
#include "TestRefundChaos.moc"
