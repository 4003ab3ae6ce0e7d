// Randomised schedules of faults, concurrent tool calls and "try again" calls against the real
// sandbox, checking the system's promises after each one (R3, R4, R5a, R6, R10, R11, R12, R14),
// above all R23: exactly-once per logical refund, counted at the sandbox (LogicalRefundCheck).
//
// Schedule kinds, by seed % 5: random faults and waves; 8 callers racing a close; sequential
// repeats after success; callers with different request refs; one fault kind at a time with
// requests == attempts.
//
// Replay one schedule: REFUND_CHAOS_SEED=<seed> ./tst_refundchaos
// Run more:           REFUND_CHAOS_SCHEDULES=1000 ./tst_refundchaos
#include "LogicalRefundCheck.h"
#include "RefundToolFixture.h"

#include <QDeadlineTimer>
#include <QRandomGenerator>
#include <QThread>
#include <QtTest>

#include <mutex>

namespace {
constexpr qint64 kHourMs = 3600LL * 1000;
constexpr int kToolTimeoutMs = 300;
const QString kRefunds = QStringLiteral("/v1/refunds");
const QString kPost = QStringLiteral("POST");
// R5a: the exact note of a call answered from an earlier refund (issue 10, item 1).
const QString kAlreadyRefundedNote = QStringLiteral("Already refunded; nothing new was sent.");

struct ScheduleStats
{
    int toolCalls = 0;
    QMap<QString, int> results;
    QMap<QString, int> kinds;
};

struct Caller
{
    QString toolCallId;
    QString requestRef;
    int startDelayMs = 0; ///< staggers callers, so some reach the lock after an earlier one closed
};

/** A call's answer, or "error:..." when the tool returned a StoreError. */
struct Answer
{
    QString status;
    QString operationId;
    QString refundId;
    QString note;
    QString reason;
};
} // namespace

class TestRefundChaos : public QObject
{
    Q_OBJECT

private slots:
    void r23_chaos_invariantsHoldPerLogicalRefundOnEverySchedule();

private:
    bool runSchedule(RefundToolFixture& f, quint32 seed, qint64& clockOffsetMs, ScheduleStats& stats, QString* why);
    bool randomSchedule(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng, qint64& clockOffsetMs,
                        ScheduleStats& stats, QString* why);
    bool racingClose(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng, qint64 clockOffsetMs,
                     ScheduleStats& stats, QString* why);
    bool sequentialRepeats(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng, qint64 clockOffsetMs,
                           ScheduleStats& stats, QString* why);
    bool differentRefs(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng, qint64 clockOffsetMs,
                       ScheduleStats& stats, QString* why);
    bool oneFaultKind(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng, qint64 clockOffsetMs,
                      ScheduleStats& stats, QString* why);

    QList<Answer> callConcurrently(RefundToolFixture& f, const QString& orderId, qint64 amount,
                                   const QList<Caller>& callers, qint64 clockOffsetMs, ScheduleStats& stats);
    bool checkInvariants(RefundToolFixture& f, const QString& orderId, QString* why);
    static bool waitIdle(RefundToolFixture& f);

    // Refunds and refund POSTs made outside the tool, over the whole run (for the final check).
    QSet<QString> m_outsideRefundIds;
    QHash<QString, int> m_outsidePostsByKey;
};

QList<Answer> TestRefundChaos::callConcurrently(RefundToolFixture& f, const QString& orderId, qint64 amount,
                                                const QList<Caller>& callers, qint64 clockOffsetMs,
                                                ScheduleStats& stats)
{
    QList<Answer> answers(callers.size());
    std::vector<QThread*> threads;
    std::mutex mutex;
    for (int i = 0; i < callers.size(); ++i) {
        const Caller c = callers[i];
        threads.push_back(QThread::create([&, c, i] {
            // One connection per caller, like separate tool processes.
            auto db = f.testDb.open();
            if (!db) {
                answers[i].status = QStringLiteral("error:no database connection");
                return;
            }
            if (c.startDelayMs > 0)
                QThread::msleep(ulong(c.startDelayMs));
            ManualClock clock(QDateTime::currentMSecsSinceEpoch() + clockOffsetMs);
            auto provider = f.makeProvider(kToolTimeoutMs);
            RefundTool tool(*db, *provider, clock);
            tool.setSleeper([](int) {});
            auto r = tool.call({c.toolCallId, orderId, amount, c.requestRef});
            Answer a;
            if (r) {
                a.status = r.value().statusName();
                a.operationId = r.value().operationId;
                a.refundId = r.value().refundId;
                a.note = r.value().toJson().value(QStringLiteral("note")).toString();
                a.reason = r.value().reason;
            } else {
                a.status = QStringLiteral("error:") + r.error().message;
            }
            std::lock_guard lock(mutex);
            answers[i] = a;
            ++stats.toolCalls;
            stats.results[a.status]++;
        }));
        threads.back()->start();
    }
    for (QThread* t : threads) {
        t->wait();
        delete t;
    }
    return answers;
}

bool TestRefundChaos::waitIdle(RefundToolFixture& f)
{
    // A request delayed past the tool's deadline still executes; let it land before counting.
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        const QJsonObject s = f.sandbox.stats();
        if (!s.isEmpty() && s.value(QStringLiteral("in_progress_keys")).toInt() == 0)
            return true;
        QThread::msleep(20);
    }
    return false;
}

bool TestRefundChaos::runSchedule(RefundToolFixture& f, quint32 seed, qint64& clockOffsetMs, ScheduleStats& stats,
                                  QString* why)
{
    QRandomGenerator rng(seed);
    f.sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"));
    bool ok = false;
    switch (seed % 5) {
    case 0:
        ok = randomSchedule(f, seed, rng, clockOffsetMs, stats, why);
        break;
    case 1:
        ok = racingClose(f, seed, rng, clockOffsetMs, stats, why);
        break;
    case 2:
        ok = sequentialRepeats(f, seed, rng, clockOffsetMs, stats, why);
        break;
    case 3:
        ok = differentRefs(f, seed, rng, clockOffsetMs, stats, why);
        break;
    default:
        ok = oneFaultKind(f, seed, rng, clockOffsetMs, stats, why);
        break;
    }
    if (!ok)
        return false;
    return checkInvariants(f, QStringLiteral("chaos-%1").arg(seed), why);
}

bool TestRefundChaos::randomSchedule(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng,
                                     qint64& clockOffsetMs, ScheduleStats& stats, QString* why)
{
    stats.kinds[QStringLiteral("random")]++;
    const QString orderId = QStringLiteral("chaos-%1").arg(seed);
    const qint64 total = 1000 + rng.bounded(8000);
    if (!f.addOrder(orderId, total)) {
        *why = QStringLiteral("could not add order: ") + f.error;
        return false;
    }
    if (rng.bounded(10) == 0) {
        // Someone refunds the payment in full from the dashboard: the tool must be refused, not
        // pay twice. Before the faults are set, so the faults hit only the tool's requests.
        RefundCreateParams outside;
        outside.paymentIntent = f.store->order(orderId).value().paymentIntent;
        outside.amountCents = total;
        outside.currency = QStringLiteral("usd");
        const QString key = QStringLiteral("dashboard-%1").arg(seed);
        const ProviderResponse r = f.provider->createRefund(outside, key);
        if (!r.refund) {
            *why = QStringLiteral("dashboard refund failed: ") + r.summary();
            return false;
        }
        m_outsideRefundIds.insert(r.refund->id);
        m_outsidePostsByKey[key] += 1;
    }

    static const QStringList kFaults{QStringLiteral("drop_after_commit"), QStringLiteral("status_500"),
                                     QStringLiteral("rate_limit_429"), QStringLiteral("lock_timeout_429"),
                                     QStringLiteral("delay")};
    const int faultCount = int(rng.bounded(5));
    for (int i = 0; i < faultCount; ++i) {
        const QString fault = kFaults[int(rng.bounded(kFaults.size()))];
        const int count = 1 + int(rng.bounded(3));
        // Longer than the tool's 300 ms timeout half the time: the request then executes after the tool gave up.
        const int delayMs = fault == QLatin1String("delay") ? 50 + int(rng.bounded(500)) : 0;
        f.sandbox.addFault(kPost, kRefunds, fault, count, delayMs);
    }

    const int waves = 1 + int(rng.bounded(4));
    qint64 amount = rng.bounded(3) == 0 ? 1 + rng.bounded(total) : total;
    for (int w = 0; w < waves; ++w) {
        if (rng.bounded(8) == 0) {
            // The run pauses for a day (R10): both clocks move past the key retention.
            waitIdle(f);
            f.sandbox.advanceClock(25 * 3600);
            clockOffsetMs += 25 * kHourMs;
        }
        if (rng.bounded(5) == 0)
            amount = 1 + rng.bounded(total);   // the agent asks for another amount ("try again" differently)
        const int concurrent = 1 + int(rng.bounded(3));
        QList<Caller> callers;
        for (int c = 0; c < concurrent; ++c)
            callers << Caller{QStringLiteral("toolu_%1_%2_%3").arg(seed).arg(w).arg(c), {}, 0};
        callConcurrently(f, orderId, amount, callers, clockOffsetMs, stats);
    }
    return true;
}

bool TestRefundChaos::racingClose(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng,
                                  qint64 clockOffsetMs, ScheduleStats& stats, QString* why)
{
    stats.kinds[QStringLiteral("8 racing a close")]++;
    const QString orderId = QStringLiteral("chaos-%1").arg(seed);
    const qint64 total = 3800 + rng.bounded(4000);
    // R5 leaves room for three more of these: only R5a stands between a late caller and a second refund.
    const qint64 amount = total / 4;
    if (!f.addOrder(orderId, total)) {
        *why = QStringLiteral("could not add order: ") + f.error;
        return false;
    }
    if (rng.bounded(2) == 0) // the first request is slow (but inside the deadline): the open window is wider
        f.sandbox.addFault(kPost, kRefunds, QStringLiteral("delay"), 1, 20 + int(rng.bounded(150)));
    QList<Caller> callers;
    const int stagger = 1 + int(rng.bounded(20));
    for (int c = 0; c < 8; ++c)
        callers << Caller{QStringLiteral("toolu_%1_race_%2").arg(seed).arg(c), {}, c * stagger};
    const QList<Answer> answers = callConcurrently(f, orderId, amount, callers, clockOffsetMs, stats);
    QSet<QString> refundIds, opIds;
    for (const Answer& a : answers) {
        // A call racing the close joins or answers; it is never turned away (nor does it open).
        if (a.status != QLatin1String("refunded") && a.status != QLatin1String("unconfirmed") &&
            a.status != QLatin1String("checking")) {
            *why = QStringLiteral("a caller racing the close answered %1 %2").arg(a.status, a.reason);
            return false;
        }
        opIds << a.operationId;
        if (a.status == QLatin1String("refunded"))
            refundIds << a.refundId;
    }
    if (refundIds.size() > 1 || opIds.size() != 1) {
        *why = QStringLiteral("8 callers of one logical refund got %1 refund ids and %2 operations")
                   .arg(refundIds.size())
                   .arg(opIds.size());
        return false;
    }
    return true;
}

bool TestRefundChaos::sequentialRepeats(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng,
                                        qint64 clockOffsetMs, ScheduleStats& stats, QString* why)
{
    stats.kinds[QStringLiteral("sequential repeats")]++;
    const QString orderId = QStringLiteral("chaos-%1").arg(seed);
    const qint64 total = 2000 + rng.bounded(6000);
    const qint64 amount = total / (2 + rng.bounded(3)); // R5 would allow another one
    const QString ref = rng.bounded(2) == 0 ? QString() : QStringLiteral("T-%1").arg(seed);
    if (!f.addOrder(orderId, total)) {
        *why = QStringLiteral("could not add order: ") + f.error;
        return false;
    }
    const Answer first =
        callConcurrently(f, orderId, amount, {Caller{QStringLiteral("toolu_%1_first").arg(seed), ref, 0}},
                         clockOffsetMs, stats)
            .first();
    if (first.status != QLatin1String("refunded")) {
        *why = QStringLiteral("the first call without faults answered %1 %2").arg(first.status, first.reason);
        return false;
    }
    const int postsBefore = f.sandbox.stats().value(QStringLiteral("refund_posts_total")).toInt();
    const int repeats = 2 + int(rng.bounded(3));
    for (int i = 0; i < repeats; ++i) {
        const Answer again =
            callConcurrently(f, orderId, amount,
                             {Caller{QStringLiteral("toolu_%1_again_%2").arg(seed).arg(i), ref, 0}},
                             clockOffsetMs, stats)
                .first();
        if (again.status != QLatin1String("refunded") || again.refundId != first.refundId ||
            again.operationId != first.operationId || again.note != kAlreadyRefundedNote) {
            *why = QStringLiteral("repeat %1 after success answered %2 refund %3 operation %4 note '%5' %6 "
                                  "(wanted refunded %7 %8 with the already-refunded note, R5a)")
                       .arg(i)
                       .arg(again.status, again.refundId, again.operationId, again.note, again.reason,
                            first.refundId, first.operationId);
            return false;
        }
    }
    const int postsAfter = f.sandbox.stats().value(QStringLiteral("refund_posts_total")).toInt();
    if (postsAfter != postsBefore) {
        *why = QStringLiteral("repeats after success sent %1 refund requests (R5a: nothing is sent)")
                   .arg(postsAfter - postsBefore);
        return false;
    }
    return true;
}

bool TestRefundChaos::differentRefs(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng,
                                    qint64 clockOffsetMs, ScheduleStats& stats, QString* why)
{
    stats.kinds[QStringLiteral("different request refs")]++;
    const QString orderId = QStringLiteral("chaos-%1").arg(seed);
    const qint64 total = 2000 + rng.bounded(6000);
    const int refs = 2 + int(rng.bounded(3));
    // Sometimes every ref fits, sometimes R5 turns the last ones away.
    const qint64 amount = total / (refs - int(rng.bounded(2)));
    if (!f.addOrder(orderId, total)) {
        *why = QStringLiteral("could not add order: ") + f.error;
        return false;
    }
    QList<Caller> callers;
    for (int r = 0; r < refs; ++r)
        callers << Caller{QStringLiteral("toolu_%1_ref_%2").arg(seed).arg(r),
                          QStringLiteral("T-%1-%2").arg(seed).arg(r), 0};
    const QList<Answer> answers = callConcurrently(f, orderId, amount, callers, clockOffsetMs, stats);
    QHash<QString, QString> refundOfRef;
    for (int r = 0; r < refs; ++r) {
        const Answer& a = answers[r];
        if (a.status == QLatin1String("refunded")) {
            refundOfRef.insert(callers[r].requestRef, a.refundId);
        } else if (a.status != QLatin1String("rejected") || !a.reason.contains(QLatin1String("refundable"))) {
            *why = QStringLiteral("ref %1 answered %2 %3 (wanted refunded, or rejected by R5)")
                       .arg(callers[r].requestRef, a.status, a.reason);
            return false;
        }
    }
    // Each ref is its own refund; together never more than the order holds (R5).
    const QList<QString> ids = refundOfRef.values();
    if (QSet<QString>(ids.begin(), ids.end()).size() != ids.size() || qint64(ids.size()) * amount > total ||
        (ids.size() < refs && qint64(ids.size() + 1) * amount <= total)) {
        *why = QStringLiteral("%1 refs of %2 on an order of %3: %4 refunds (%5)")
                   .arg(refs)
                   .arg(amount)
                   .arg(total)
                   .arg(ids.size())
                   .arg(ids.join(QStringLiteral(", ")));
        return false;
    }
    // Each refunded ref, asked again, answers with its own refund and sends nothing (for ever: ref set).
    const int postsBefore = f.sandbox.stats().value(QStringLiteral("refund_posts_total")).toInt();
    for (auto it = refundOfRef.cbegin(); it != refundOfRef.cend(); ++it) {
        const Answer again =
            callConcurrently(
                f, orderId, amount,
                {Caller{QStringLiteral("toolu_%1_%2_again").arg(seed).arg(it.key()), it.key(), 0}},
                clockOffsetMs, stats)
                .first();
        if (again.status != QLatin1String("refunded") || again.refundId != it.value()) {
            *why = QStringLiteral("ref %1 asked again answered %2 %3 (wanted refunded %4)")
                       .arg(it.key(), again.status, again.refundId, it.value());
            return false;
        }
    }
    if (f.sandbox.stats().value(QStringLiteral("refund_posts_total")).toInt() != postsBefore) {
        *why = QStringLiteral("repeating refunded refs sent refund requests");
        return false;
    }
    return true;
}

bool TestRefundChaos::oneFaultKind(RefundToolFixture& f, quint32 seed, QRandomGenerator& rng,
                                   qint64 clockOffsetMs, ScheduleStats& stats, QString* why)
{
    static const QStringList kKinds{QStringLiteral("drop_after_commit"), QStringLiteral("delay"),
                                    QStringLiteral("conflict_409"),      QStringLiteral("rate_limit_429"),
                                    QStringLiteral("lock_timeout_429"),  QStringLiteral("status_500")};
    const QString kind = kKinds[int((seed / 5) % kKinds.size())];
    stats.kinds[QStringLiteral("fault ") + kind]++;
    const QString orderId = QStringLiteral("chaos-%1").arg(seed);
    const qint64 total = 1000 + rng.bounded(8000);
    if (!f.addOrder(orderId, total)) {
        *why = QStringLiteral("could not add order: ") + f.error;
        return false;
    }
    const int count = 1 + int(rng.bounded(4));
    std::unique_ptr<QThread> stalled;
    if (kind == QLatin1String("conflict_409")) {
        // Another process's request with the same key is still running at the provider.
        auto opened = f.store->openOrJoin(orderId, total, QStringLiteral("toolu_%1_other").arg(seed));
        if (!opened) {
            *why = opened.error().message;
            return false;
        }
        const Operation op = opened.value().operation;
        f.sandbox.addFault(kPost, kRefunds, QStringLiteral("delay"), 1, 400 + int(rng.bounded(400)));
        RefundCreateParams params;
        params.paymentIntent = f.store->order(orderId).value().paymentIntent;
        params.amountCents = total;
        params.currency = QStringLiteral("usd");
        params.reason = QStringLiteral("requested_by_customer");
        params.metadata = {{QStringLiteral("operation_id"), op.operationId},
                           {QStringLiteral("order_id"), orderId}};
        const QUrl base = f.sandbox.baseUrl();
        const QString key = f.sandbox.secretKey();
        stalled.reset(QThread::create([base, key, params, op] {
            ProviderClient other(ProviderConfig{base, key, 10000});
            other.createRefund(params, op.idempotencyKey);
        }));
        stalled->start();
        m_outsidePostsByKey[op.idempotencyKey] += 1;
        const QDeadlineTimer deadline(10000);
        while (f.sandbox.stats().value(QStringLiteral("in_progress_keys")).toInt() != 1 &&
               !deadline.hasExpired())
            QThread::msleep(5);
    } else {
        // "delay" past the tool's deadline: the request executes after the tool stopped waiting.
        const int delayMs = kind == QLatin1String("delay") ? kToolTimeoutMs + 100 + int(rng.bounded(300)) : 0;
        f.sandbox.addFault(kPost, kRefunds, kind, count, delayMs);
    }
    // Two calls, like an agent's "try again", then the fault is gone and a third call settles it.
    for (int i = 0; i < 3; ++i) {
        if (i == 2) {
            if (stalled)
                stalled->wait();
            waitIdle(f);
        }
        callConcurrently(f, orderId, total,
                         {Caller{QStringLiteral("toolu_%1_fault_%2").arg(seed).arg(i), {}, 0}}, clockOffsetMs,
                         stats);
    }
    if (stalled)
        stalled->wait();
    return true;
}

bool TestRefundChaos::checkInvariants(RefundToolFixture& f, const QString& orderId, QString* why)
{
    if (!waitIdle(f)) {
        *why = QStringLiteral("the sandbox still has a request in progress after 10 s");
        return false;
    }
    // R23, R12, R11: per logical refund, at the provider.
    LogicalRefundCheck check;
    check.outsideRefundIds = m_outsideRefundIds;
    check.outsidePostsByKey = m_outsidePostsByKey;
    if (!orderId.isEmpty())
        check.onlyOrders = {orderId};
    if (!check.check(*f.db, f.sandbox, why))
        return false;
    // Never two open-or-unknown rows for one logical refund (R3).
    const qint64 dup = f.scalar(
        QStringLiteral("SELECT count(*) FROM (SELECT order_id, amount_cents, request_ref FROM refund_ops "
                       "WHERE status IN ('open', 'unknown') GROUP BY order_id, amount_cents, request_ref "
                       "HAVING count(*) > 1) d"));
    if (dup != 0) {
        *why = QStringLiteral("%1 logical refunds have two open/unknown rows").arg(dup);
        return false;
    }
    // Attempts never over the per-operation budget (R6).
    const qint64 maxAttempts =
        f.scalar(QStringLiteral("SELECT COALESCE(max(attempts - not_sent_attempts), 0) FROM refund_ops"));
    if (maxAttempts > 6) {
        *why = QStringLiteral("an operation made %1 attempts").arg(maxAttempts);
        return false;
    }
    return true;
}

void TestRefundChaos::r23_chaos_invariantsHoldPerLogicalRefundOnEverySchedule()
{
    REFUND_FIXTURE_OR_FAIL(f);
    const bool single = !qEnvironmentVariableIsEmpty("REFUND_CHAOS_SEED");
    const quint32 firstSeed = single ? quint32(qEnvironmentVariableIntValue("REFUND_CHAOS_SEED")) : 1000;
    // Default: 200 schedules (40 of each kind) per engine, about a minute for both engines on 2 cores.
    const int schedules = single ? 1
                                 : (qEnvironmentVariableIsEmpty("REFUND_CHAOS_SCHEDULES")
                                        ? 200
                                        : qMax(1, qEnvironmentVariableIntValue("REFUND_CHAOS_SCHEDULES")));
    qint64 clockOffsetMs = 0;
    ScheduleStats stats;
    // Every schedule runs (each has its own order), and every broken one is reported: which
    // kinds break says more than the first seed that did.
    QStringList broken;
    for (int i = 0; i < schedules; ++i) {
        const quint32 seed = firstSeed + quint32(i);
        QString why;
        if (!runSchedule(f, seed, clockOffsetMs, stats, &why))
            broken << QStringLiteral("seed %1: %2").arg(seed).arg(why);
    }
    // The whole run once more, every order and every request together.
    QString why;
    if (broken.isEmpty() && !checkInvariants(f, {}, &why))
        broken << QStringLiteral("after all schedules: ") + why;
    for (const QString& b : std::as_const(broken))
        qWarning("broken schedule: %s", qPrintable(b));
    QStringList kinds;
    for (auto it = stats.kinds.cbegin(); it != stats.kinds.cend(); ++it)
        kinds << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    qInfo("chaos (%s) schedule kinds: %s", qPrintable(TestDatabase::currentEngine()),
          qPrintable(kinds.join(QStringLiteral(", "))));
    QStringList results;
    for (auto it = stats.results.cbegin(); it != stats.results.cend(); ++it)
        results << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    const QJsonObject s = f.sandbox.stats();
    qInfo("chaos (%s): %d schedules, %d tool calls (%s), %lld attempts, %d refund requests, %d refunds "
          "executed, %d replays, "
          "%d 409s",
          qPrintable(TestDatabase::currentEngine()), schedules, stats.toolCalls,
          qPrintable(results.join(QStringLiteral(", "))),
          f.scalar(QStringLiteral("SELECT count(*) FROM refund_attempts")),
          s.value(QStringLiteral("refund_posts_total")).toInt(),
          s.value(QStringLiteral("refunds_executed_total")).toInt(),
          s.value(QStringLiteral("replays_total")).toInt(),
          s.value(QStringLiteral("conflicts_409_total")).toInt());
    QVERIFY2(broken.isEmpty(),
             qPrintable(QStringLiteral("%1 of %2 schedules broke an invariant (replay one: "
                                       "REFUND_CHAOS_SEED=<seed> tst_refundchaos); first: %3")
                            .arg(broken.size())
                            .arg(schedules)
                            .arg(broken.value(0))));
    for (auto it = stats.results.cbegin(); it != stats.results.cend(); ++it)
        QVERIFY2(!it.key().startsWith(QLatin1String("error:")), qPrintable(it.key()));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestRefundChaos)
#include "TestRefundChaos.moc"
