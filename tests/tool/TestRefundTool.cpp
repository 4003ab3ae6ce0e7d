// The refund tool against a real sandbox provider on loopback, on both database engines
// (SPEC section 3: R2, R5-R12; section 8: the worked example).
#include "LogicalRefundCheck.h"
#include "Backoff.h"
#include "RefundToolFixture.h"

#include "FakeProviderServer.h"

#include <QtConcurrent>
#include <QtTest>

namespace {
constexpr qint64 kHourMs = 3600LL * 1000;
const QString kRefunds = QStringLiteral("/v1/refunds");
const QString kPost = QStringLiteral("POST");
// R5a: the exact note of a call answered from an earlier refund (issue 10, item 1).
const QString kAlreadyRefundedNote = QStringLiteral("Already refunded; nothing new was sent.");
} // namespace

class TestRefundTool : public QObject
{
    Q_OBJECT

private slots:
    void section8_workedExample();
    void r7_savedServerErrorMarksUnknownAndLaterCallSendsNothing();
    void r7_rateLimitsRetriedWithSameKey();
    void r7_conflictWhileInProgressRetriedWithSameKey();
    void r7_idempotencyMismatchMarksUnknown();
    void r7_definiteRefusalClosesFailed();
    void r10_retentionPassedMarksUnknownAndSendsNothing();
    void r5_rejectedWithoutRow();
    void r8_plainSuccessAndRepeatCall();
    void r6_backoffHasFullJitterWithinSettings();
    void r20_settingsChangeReachesNextCall();
    void r7_fourHundredFromOutsideTheProviderIsNotARefusal();
    void r10_openRowNobodyCallsAgainBecomesUnknown();
    void r10_deadlineRecheckedBeforeSending();
    void section8_r12_sixDroppedAnswersSixRequestsOneRefund();
    void r10_retentionLoweredV2ToV1NextCallSendsNothing();
    void r10_retentionLoweredV2ToV1SweepExpiresIdleRow();
    void r10_retentionLoweredDuringBackoffNextAttemptSendsNothing();
    void r16_processPausedPastAttemptDeadlineSendsNothing();
    void r5a_emptyRequestRefAnswersWithinRepeatWindowThenR5Decides();
    void r5a_setRequestRefAnswersForEverOtherRefIsOwnRefund();
    void r7_misroutedProviderNotFoundAfterADropIsNotARefusal();
};

namespace {
QString postsByKey(RefundToolFixture& f, const QString& key, int* count)
{
    const QJsonObject stats = f.sandbox.stats();
    *count = stats.value(QStringLiteral("refund_posts_by_idempotency_key")).toObject().value(key).toInt();
    return QString::fromUtf8(QJsonDocument(stats).toJson(QJsonDocument::Compact));
}

int refundPosts(RefundToolFixture& f)
{
    return f.sandbox.stats().value(QStringLiteral("refund_posts_total")).toInt();
}
} // namespace

void TestRefundTool::section8_workedExample()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY2(f.addOrder(QStringLiteral("4417"), 3800), qPrintable(f.error));
    // Every request executes (or replays) and then the connection drops: the classic timeout.
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100));

    const RefundToolResult first = f.call(QStringLiteral("toolu_01"), QStringLiteral("4417"), 3800);
    QCOMPARE(first.statusName(), QStringLiteral("unconfirmed"));
    const QString opId = first.operationId;
    QCOMPARE(f.store->operation(opId).value().attempts, 3);
    QCOMPARE(f.store->operation(opId).value().status, OperationStatus::Open);

    // The customer says "try again": a new tool call id finds the open row and sends the same key.
    const RefundToolResult second = f.call(QStringLiteral("toolu_02"), QStringLiteral("4417"), 3800);
    QCOMPARE(second.statusName(), QStringLiteral("checking"));
    QCOMPARE(second.operationId, opId);
    QCOMPARE(second.toJson().value(QStringLiteral("note")).toString(), RefundToolResult::checkingNote());

    const Operation op = f.store->operation(opId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.attempts, 6);
    QCOMPARE(op.unknownReason, QStringLiteral("attempt_budget_exhausted"));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));

    const auto calls = f.store->toolCalls(opId).value();
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls[0].toolCallId, QStringLiteral("toolu_01"));
    QCOMPARE(calls[0].resultStatus, QStringLiteral("unconfirmed"));
    QCOMPARE(calls[1].toolCallId, QStringLiteral("toolu_02"));
    QCOMPARE(calls[1].resultStatus, QStringLiteral("checking"));

    const auto attempts = f.store->attempts(opId).value();
    QCOMPARE(attempts.size(), 6);
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(attempts[i].attemptNo, i + 1);
        QCOMPARE(attempts[i].idempotencyKey, op.idempotencyKey);
        QCOMPARE(attempts[i].outcome, QStringLiteral("no_response"));
        QCOMPARE(attempts[i].toolCallId, i < 3 ? QStringLiteral("toolu_01") : QStringLiteral("toolu_02"));
    }
    // The provider saw one key and executed exactly one refund.
    const QJsonObject stats = f.sandbox.stats();
    QCOMPARE(stats.value(QStringLiteral("refunds_executed_total")).toInt(), 1);
    const QJsonObject byKey = stats.value(QStringLiteral("refunds_by_idempotency_key")).toObject();
    QCOMPARE(byKey.keys(), QStringList{op.idempotencyKey});
    QCOMPARE(byKey.value(op.idempotencyKey).toInt(), 1);

    // A third call sends nothing and still answers checking.
    const int before = f.requestsTotal();
    QCOMPARE(f.call(QStringLiteral("toolu_03"), QStringLiteral("4417"), 3800).statusName(), QStringLiteral("checking"));
    QCOMPARE(f.requestsTotal(), before);
}

void TestRefundTool::r7_savedServerErrorMarksUnknownAndLaterCallSendsNothing()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("500-1"), 1200));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("status_500"), 1));
    const RefundToolResult r = f.call(QStringLiteral("toolu_a"), QStringLiteral("500-1"), 1200);
    QCOMPARE(r.statusName(), QStringLiteral("checking"));
    const Operation op = f.store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.attempts, 1);
    QCOMPARE(op.unknownReason, QStringLiteral("provider_saved_error"));
    QCOMPARE(f.store->attempts(op.operationId).value().at(0).httpStatus, 500);

    const int before = f.requestsTotal();
    QCOMPARE(f.call(QStringLiteral("toolu_b"), QStringLiteral("500-1"), 1200).statusName(), QStringLiteral("checking"));
    QCOMPARE(f.requestsTotal(), before);
    QCOMPARE(f.store->operation(op.operationId).value().attempts, 1);
    QCOMPARE(f.refundsExecuted(), 0);
}

void TestRefundTool::r7_rateLimitsRetriedWithSameKey()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("429-1"), 2500));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("rate_limit_429"), 1));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("lock_timeout_429"), 1));
    const RefundToolResult r = f.call(QStringLiteral("toolu_a"), QStringLiteral("429-1"), 2500);
    QCOMPARE(r.statusName(), QStringLiteral("refunded"));
    QVERIFY(r.refundId.startsWith(QLatin1String("re_")));
    const auto attempts = f.store->attempts(r.operationId).value();
    QCOMPARE(attempts.size(), 3);
    QCOMPARE(attempts[0].outcome, QStringLiteral("rate_limited"));
    QCOMPARE(attempts[1].outcome, QStringLiteral("rate_limited"));
    QCOMPARE(attempts[2].outcome, QStringLiteral("succeeded"));
    QCOMPARE(attempts[0].idempotencyKey, attempts[2].idempotencyKey);
    QVERIFY(!attempts[2].providerRequestId.isEmpty());
    const Operation op = f.store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Refunded);
    QCOMPARE(op.providerRefundId, r.refundId);
    QCOMPARE(op.providerStatus, QStringLiteral("succeeded"));
    QCOMPARE(f.refundsExecuted(), 1);
}

void TestRefundTool::r7_conflictWhileInProgressRetriedWithSameKey()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("409-1"), 4000));
    // Open the operation the way the tool does, then let "another process" send its key and stall.
    auto opened = f.store->openOrJoin(QStringLiteral("409-1"), 4000, QStringLiteral("toolu_other"));
    QVERIFY(opened);
    const Operation op = opened.value().operation;
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("delay"), 1, 1500));

    RefundCreateParams params;
    params.paymentIntent = f.store->order(QStringLiteral("409-1")).value().paymentIntent;
    params.amountCents = 4000;
    params.currency = QStringLiteral("usd");
    params.reason = QStringLiteral("requested_by_customer");
    params.metadata = {{QStringLiteral("operation_id"), op.operationId}, {QStringLiteral("order_id"), QStringLiteral("409-1")}};
    const QUrl base = f.sandbox.baseUrl();
    const QString key = f.sandbox.secretKey();
    QFuture<ProviderResponse> stalled = QtConcurrent::run([base, key, params, op] {
        ProviderClient other(ProviderConfig{base, key, 10000});
        return other.createRefund(params, op.idempotencyKey);
    });
    QTRY_COMPARE_WITH_TIMEOUT(f.sandbox.stats().value(QStringLiteral("in_progress_keys")).toInt(), 1, 10000);

    // The tool's attempts get 409 until the stalled request finishes, then the saved answer is replayed.
    RefundTool tool(*f.db, *f.provider, f.clock);
    tool.setSleeper([&stalled](int) { stalled.waitForFinished(); });
    auto r = tool.call({QStringLiteral("toolu_now"), QStringLiteral("409-1"), 4000});
    QVERIFY(r);
    QCOMPARE(r.value().statusName(), QStringLiteral("refunded"));
    QCOMPARE(r.value().refundId, stalled.result().refund->id);
    const auto attempts = f.store->attempts(op.operationId).value();
    QCOMPARE(attempts.size(), 2);
    QCOMPARE(attempts[0].outcome, QStringLiteral("in_progress"));
    QCOMPARE(attempts[0].httpStatus, 409);
    QCOMPARE(attempts[1].outcome, QStringLiteral("succeeded"));
    QVERIFY(attempts[1].replayed);
    QCOMPARE(f.refundsExecuted(), 1);
}

void TestRefundTool::r7_idempotencyMismatchMarksUnknown()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("mm-1"), 5000));
    auto opened = f.store->openOrJoin(QStringLiteral("mm-1"), 3000, QStringLiteral("toolu_x"));
    QVERIFY(opened);
    // A bug elsewhere used this operation's key for another request (another amount).
    RefundCreateParams other;
    other.paymentIntent = f.store->order(QStringLiteral("mm-1")).value().paymentIntent;
    other.amountCents = 1000;
    other.currency = QStringLiteral("usd");
    QCOMPARE(toString(f.provider->createRefund(other, opened.value().operation.idempotencyKey).outcome), QStringLiteral("succeeded"));

    const RefundToolResult r = f.call(QStringLiteral("toolu_y"), QStringLiteral("mm-1"), 3000);
    QCOMPARE(r.statusName(), QStringLiteral("checking"));
    const Operation op = f.store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("idempotency_mismatch"));
    QCOMPARE(op.attempts, 1);
    QCOMPARE(f.store->attempts(op.operationId).value().at(0).httpStatus, 400);
}

void TestRefundTool::r7_definiteRefusalClosesFailed()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("ref-1"), 2000));
    // The payment was already refunded in full outside this system.
    RefundCreateParams full;
    full.paymentIntent = f.store->order(QStringLiteral("ref-1")).value().paymentIntent;
    full.amountCents = 2000;
    full.currency = QStringLiteral("usd");
    QCOMPARE(toString(f.provider->createRefund(full, QStringLiteral("dashboard-refund-1")).outcome), QStringLiteral("succeeded"));

    const RefundToolResult r = f.call(QStringLiteral("toolu_a"), QStringLiteral("ref-1"), 2000);
    QCOMPARE(r.statusName(), QStringLiteral("failed"));
    QVERIFY2(r.reason.contains(QLatin1String("charge_already_refunded")), qPrintable(r.reason));
    const Operation op = f.store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Failed);
    QCOMPARE(op.failureCode, QStringLiteral("charge_already_refunded"));
    QCOMPARE(op.attempts, 1);
    QCOMPARE(f.refundsExecuted(), 1);   // only the outside one
}

void TestRefundTool::r10_retentionPassedMarksUnknownAndSendsNothing()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("ret-1"), 900));
    // A generous count: Qt's HTTP stack itself resends a POST once when the connection drops
    // (same key, so the provider replays), and each resend consumes a fault.
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100));
    const RefundToolResult first = f.call(QStringLiteral("toolu_a"), QStringLiteral("ret-1"), 900);
    QCOMPARE(first.statusName(), QStringLiteral("unconfirmed"));
    QCOMPARE(f.store->operation(first.operationId).value().keyExpiresAt.value(),
             f.store->operation(first.operationId).value().firstAttemptAt.value() + 24 * kHourMs);

    // A day passes (the run was paused): the key may be gone at the provider, so nothing is sent again.
    QVERIFY(f.sandbox.advanceClock(25 * 3600));
    f.clock.advanceMs(25 * kHourMs);
    const int before = f.requestsTotal();
    const RefundToolResult second = f.call(QStringLiteral("toolu_b"), QStringLiteral("ret-1"), 900);
    QCOMPARE(second.statusName(), QStringLiteral("checking"));
    QCOMPARE(f.requestsTotal(), before);
    const Operation op = f.store->operation(first.operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("key_retention_passed"));
    QCOMPARE(op.attempts, 3);
}

void TestRefundTool::r5_rejectedWithoutRow()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("r5-1"), 1000));
    const RefundToolResult r = f.call(QStringLiteral("toolu_a"), QStringLiteral("r5-1"), 1001);
    QCOMPARE(r.statusName(), QStringLiteral("rejected"));
    QVERIFY(r.reason.contains(QLatin1String("refundable")));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(0));
    QCOMPARE(f.requestsTotal(), 0);
    // An unknown order is a usage error: nothing is written at all.
    RefundTool tool(*f.db, *f.provider, f.clock);
    auto unknown = tool.call({QStringLiteral("toolu_b"), QStringLiteral("no-such-order"), 100});
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().code, StoreError::Code::NotFound);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE order_id = 'no-such-order'")), qint64(0));
}

void TestRefundTool::r8_plainSuccessAndRepeatCall()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("ok-1"), 3100, QStringLiteral("eur")));
    const RefundToolResult r = f.call(QStringLiteral("toolu_a"), QStringLiteral("ok-1"), 3100);
    QCOMPARE(r.statusName(), QStringLiteral("refunded"));
    const QJsonObject json = r.toJson();
    QCOMPARE(json.value(QStringLiteral("refund_id")).toString(), r.refundId);

    // R11: the provider's refund carries the operation and order ids.
    auto refund = f.provider->retrieveRefund(r.refundId);
    QVERIFY(refund.ok());
    QCOMPARE(refund.value->metadata.value(QStringLiteral("operation_id")), r.operationId);
    QCOMPARE(refund.value->metadata.value(QStringLiteral("order_id")), QStringLiteral("ok-1"));
    QCOMPARE(refund.value->amountCents, 3100);
    QCOMPARE(refund.value->currency, QStringLiteral("eur"));

    // "Try again" after success: R5a answers with the same refund and sends nothing; no new row.
    const int requestsBefore = f.requestsTotal();
    const RefundToolResult again = f.call(QStringLiteral("toolu_b"), QStringLiteral("ok-1"), 3100);
    QCOMPARE(again.statusName(), QStringLiteral("refunded"));
    QCOMPARE(again.refundId, r.refundId);
    QCOMPARE(again.operationId, r.operationId);
    QCOMPARE(again.toJson().value(QStringLiteral("note")).toString(), QStringLiteral("Already refunded; nothing new was sent."));
    QCOMPARE(f.refundsExecuted(), 1);
    QCOMPARE(f.requestsTotal(), requestsBefore);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE answered_from_refunded = 1")), qint64(1));
}

void TestRefundTool::r6_backoffHasFullJitterWithinSettings()
{
    REFUND_FIXTURE_OR_FAIL(f);
    SettingsStore settings(*f.db, f.clock);
    QVERIFY(settings.setMany({{QStringLiteral("backoff_base_ms"), QStringLiteral("100")},
                              {QStringLiteral("backoff_cap_ms"), QStringLiteral("150")}},
                             QStringLiteral("test"), QStringLiteral("admin")));
    QVERIFY(f.addOrder(QStringLiteral("bo-1"), 700));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("rate_limit_429"), 3));
    std::vector<int> sleeps;
    QCOMPARE(f.call(QStringLiteral("toolu_a"), QStringLiteral("bo-1"), 700, &sleeps).statusName(), QStringLiteral("unconfirmed"));
    // Three attempts, two pauses between them: the first below base, the second below min(cap, 2 * base).
    QCOMPARE(int(sleeps.size()), 2);
    QVERIFY(sleeps[0] >= 0 && sleeps[0] <= 100);
    QVERIFY(sleeps[1] >= 0 && sleeps[1] <= 150);

    QRandomGenerator rng(7);
    int maxSeen = 0;
    for (int i = 0; i < 2000; ++i) {
        const int d = Backoff::fullJitterDelayMs(10, 250, 4000, rng);
        QVERIFY(d >= 0 && d <= 4000);
        maxSeen = qMax(maxSeen, d);
    }
    QVERIFY(maxSeen > 3000);   // full jitter spreads over the whole capped range
}

void TestRefundTool::r20_settingsChangeReachesNextCall()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("set-1"), 800));
    SettingsStore settings(*f.db, f.clock);
    QVERIFY(settings.set(QStringLiteral("max_attempts_per_call"), QStringLiteral("1"), QStringLiteral("admin"), QStringLiteral("admin")));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100));
    const RefundToolResult r = f.call(QStringLiteral("toolu_a"), QStringLiteral("set-1"), 800);
    QCOMPARE(r.statusName(), QStringLiteral("unconfirmed"));
    QCOMPARE(f.store->operation(r.operationId).value().attempts, 1);
    QVERIFY(settings.set(QStringLiteral("max_attempts_per_call"), QStringLiteral("3"), QStringLiteral("admin"), QStringLiteral("admin")));
    const RefundToolResult r2 = f.call(QStringLiteral("toolu_b"), QStringLiteral("set-1"), 800);
    QCOMPARE(r2.statusName(), QStringLiteral("unconfirmed"));
    QCOMPARE(f.store->operation(r.operationId).value().attempts, 4);
    // The provider is answering again: the next call replays the refund the first attempt made.
    QVERIFY(f.sandbox.control("DELETE", QStringLiteral("/_sandbox/faults")).value(QStringLiteral("cleared")).toBool());
    const RefundToolResult r3 = f.call(QStringLiteral("toolu_c"), QStringLiteral("set-1"), 800);
    QCOMPARE(r3.statusName(), QStringLiteral("refunded"));
    QCOMPARE(f.store->operation(r.operationId).value().attempts, 5);
    QVERIFY(f.store->attempts(r.operationId).value().last().replayed);
    QCOMPARE(f.refundsExecuted(), 1);
}

void TestRefundTool::r7_fourHundredFromOutsideTheProviderIsNotARefusal()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("proxy-1"), 2200));
    // A proxy in front of the provider answers with its own 404 page: no provider error, no Request-Id.
    FakeProviderServer proxy;
    QVERIFY(proxy.start());
    FakeReply page = FakeReply::json(404, QByteArrayLiteral("<html><body>Not Found</body></html>"));
    page.contentType = QByteArrayLiteral("text/html");
    proxy.setReply(page);
    ProviderClient client(ProviderConfig{proxy.baseUrl(), f.sandbox.secretKey(), 2000});
    RefundTool tool(*f.db, client, f.clock);
    tool.setSleeper([](int) {});
    auto r = tool.call({QStringLiteral("toolu_a"), QStringLiteral("proxy-1"), 2200});
    QVERIFY(r);
    // Not `failed`: that would free the amount for a new key while an earlier attempt may have paid.
    QCOMPARE(r.value().statusName(), QStringLiteral("checking"));
    const Operation op = f.store->operation(r.value().operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("unrecognised_answer"));
}

void TestRefundTool::r10_openRowNobodyCallsAgainBecomesUnknown()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("idle-1"), 1300));
    QVERIFY(f.addOrder(QStringLiteral("other-1"), 700));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100));
    const RefundToolResult first = f.call(QStringLiteral("toolu_a"), QStringLiteral("idle-1"), 1300);
    QCOMPARE(first.statusName(), QStringLiteral("unconfirmed"));
    QVERIFY(f.sandbox.control("DELETE", QStringLiteral("/_sandbox/faults")).value(QStringLiteral("cleared")).toBool());
    // The customer never writes again; a day later another order's call sweeps the expired row.
    f.clock.advanceMs(24 * kHourMs);
    QCOMPARE(f.call(QStringLiteral("toolu_b"), QStringLiteral("other-1"), 700).statusName(), QStringLiteral("refunded"));
    const Operation op = f.store->operation(first.operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("key_retention_passed"));
    QCOMPARE(f.store->expireOpenOperations().value(), 0);   // guarded: nothing left to expire
}

void TestRefundTool::r10_deadlineRecheckedBeforeSending()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("late-1"), 1100));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100));
    const RefundToolResult first = f.call(QStringLiteral("toolu_a"), QStringLiteral("late-1"), 1100);
    QCOMPARE(first.statusName(), QStringLiteral("unconfirmed"));
    // Five seconds before the key expires: a claim would still pass, but a 10 s request could
    // reach the provider after it forgot the key. Nothing is sent.
    const qint64 expires = f.store->operation(first.operationId).value().keyExpiresAt.value();
    f.clock.setNowMs(expires - 5000);
    const int before = f.requestsTotal();
    SettingsStore(*f.db, f.clock).set(QStringLiteral("request_timeout_ms"), QStringLiteral("10000"), QStringLiteral("t"), QStringLiteral("admin"));
    const RefundToolResult second = f.call(QStringLiteral("toolu_b"), QStringLiteral("late-1"), 1100);
    QCOMPARE(second.statusName(), QStringLiteral("checking"));
    QCOMPARE(f.requestsTotal(), before);
    const auto attempts = f.store->attempts(first.operationId).value();
    QCOMPARE(attempts.last().outcome, QStringLiteral("not_sent"));
    QCOMPARE(f.store->operation(first.operationId).value().unknownReason, QStringLiteral("key_retention_passed"));
}

// SPEC section 8 exactly as written: six dropped answers, no more. Each attempt must be one
// request at the provider (R12); a client that resends on its own turns six faults into three
// attempts' worth and the seventh request collects the replayed refund, so the example ends
// `refunded` on a call that should have answered `checking`.
void TestRefundTool::section8_r12_sixDroppedAnswersSixRequestsOneRefund()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY2(f.addOrder(QStringLiteral("4417"), 3800), qPrintable(f.error));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 6));

    const RefundToolResult first = f.call(QStringLiteral("toolu_01"), QStringLiteral("4417"), 3800);
    QCOMPARE(first.statusName(), QStringLiteral("unconfirmed"));
    const QString opId = first.operationId;
    const QString key = f.store->operation(opId).value().idempotencyKey;
    QCOMPARE(f.store->operation(opId).value().attempts, 3);
    int posts = 0;
    QString stats = postsByKey(f, key, &posts);
    QVERIFY2(posts == 3,
             qPrintable(
                 QStringLiteral("3 attempts logged, %1 requests at the sandbox: %2").arg(posts).arg(stats)));

    const RefundToolResult second = f.call(QStringLiteral("toolu_02"), QStringLiteral("4417"), 3800);
    QCOMPARE(second.statusName(), QStringLiteral("checking"));
    QCOMPARE(second.operationId, opId);
    const Operation op = f.store->operation(opId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.attempts, 6);
    QCOMPARE(op.unknownReason, QStringLiteral("attempt_budget_exhausted"));
    const auto attempts = f.store->attempts(opId).value();
    QCOMPARE(attempts.size(), 6);
    for (const AttemptRecord& a : attempts)
        QCOMPARE(a.outcome, QStringLiteral("no_response"));

    stats = postsByKey(f, key, &posts);
    QVERIFY2(posts == 6,
             qPrintable(
                 QStringLiteral("6 attempts logged, %1 requests at the sandbox: %2").arg(posts).arg(stats)));
    QCOMPARE(refundPosts(f), 6);
    QCOMPARE(f.sandbox.stats().value(QStringLiteral("dropped_total")).toInt(), 6);
    QCOMPARE(f.refundsExecuted(), 1);
    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    QCOMPARE(check.refundsAtProvider, 1);
    QCOMPARE(check.refundsByOperation.value(opId).size(), 1);
}

namespace {
/**
 * An order whose first call, under stripe_v2 (30-day keys), leaves its row open. The refund is
 * half the order: a resend with a key the provider forgot would execute a second refund, not be
 * refused as "already refunded".
 */
QString openUnderV2(RefundToolFixture& f, const QString& order, qint64 amount)
{
    SettingsStore settings(*f.db, f.clock);
    if (!settings.set(QStringLiteral("provider_api"), QStringLiteral("stripe_v2"), QStringLiteral("test"),
                      QStringLiteral("admin")))
        return {};
    if (!f.addOrder(order, 2 * amount) ||
        !f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100))
        return {};
    const RefundToolResult r = f.call(QStringLiteral("toolu_%1_v2").arg(order), order, amount);
    f.sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"));
    return r.statusName() == QLatin1String("unconfirmed") ? r.operationId : QString();
}
} // namespace

// R10: an admin switches stripe_v2 (30 days) to stripe_v1 (24 h). A row opened under v2 has a
// 30-day deadline; a day later its key may be gone at the provider, so nothing is sent again.
void TestRefundTool::r10_retentionLoweredV2ToV1NextCallSendsNothing()
{
    REFUND_FIXTURE_OR_FAIL(f);
    const QString opId = openUnderV2(f, QStringLiteral("v2-1"), 1400);
    QVERIFY(!opId.isEmpty());
    const Operation before = f.store->operation(opId).value();
    QCOMPARE(before.keyExpiresAt.value(), before.firstAttemptAt.value() + 30 * 24 * kHourMs);

    QVERIFY(SettingsStore(*f.db, f.clock)
                .set(QStringLiteral("provider_api"), QStringLiteral("stripe_v1"), QStringLiteral("test"),
                     QStringLiteral("admin")));
    f.clock.advanceMs(25 * kHourMs);
    QVERIFY(f.sandbox.advanceClock(25 * 3600));
    const int posts = refundPosts(f);
    const RefundToolResult r = f.call(QStringLiteral("toolu_after_switch"), QStringLiteral("v2-1"), 1400);
    QCOMPARE(r.statusName(), QStringLiteral("checking"));
    QCOMPARE(refundPosts(f), posts);
    const Operation op = f.store->operation(opId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("key_retention_passed"));
    QCOMPARE(op.keyExpiresAt.value(), op.firstAttemptAt.value() + 24 * kHourMs);
    QCOMPARE(op.attempts, before.attempts);
    QCOMPARE(f.refundsExecuted(), 1); // the first attempt's; the forgotten key was not resent
}

// R10, the same switch for a row nobody calls again: the sweep uses the retention in force now.
void TestRefundTool::r10_retentionLoweredV2ToV1SweepExpiresIdleRow()
{
    REFUND_FIXTURE_OR_FAIL(f);
    const QString opId = openUnderV2(f, QStringLiteral("v2-idle"), 900);
    QVERIFY(!opId.isEmpty());
    SettingsStore settings(*f.db, f.clock);
    QVERIFY(settings.set(QStringLiteral("provider_api"), QStringLiteral("stripe_v1"), QStringLiteral("test"),
                         QStringLiteral("admin")));
    f.clock.advanceMs(23 * kHourMs);
    QCOMPARE(f.store->expireOpenOperations(settings.load().value().keyRetentionMs()).value(),
             0); // 24 h not passed yet
    f.clock.advanceMs(2 * kHourMs);
    QCOMPARE(f.store->expireOpenOperations(settings.load().value().keyRetentionMs()).value(), 1);
    const Operation op = f.store->operation(opId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("key_retention_passed"));
    QCOMPARE(op.keyExpiresAt.value(), op.firstAttemptAt.value() + 24 * kHourMs);
}

// R10, R20: the switch stripe_v2 -> v1 lands while a call sleeps before its second attempt, and
// the sleep lasts a day (a suspended process). The second claim must use the retention in force
// now, not the one the call read when it started: the provider forgot the key, so a resend
// would be a new refund. (Found by the simulation's api_switch schedules, seed 56; before the
// fix the sandbox executed two refunds here.)
void TestRefundTool::r10_retentionLoweredDuringBackoffNextAttemptSendsNothing()
{
    REFUND_FIXTURE_OR_FAIL(f);
    SettingsStore settings(*f.db, f.clock);
    QVERIFY(settings.setMany({{QStringLiteral("provider_api"), QStringLiteral("stripe_v2")},
                              {QStringLiteral("max_attempts_per_call"), QStringLiteral("2")}},
                             QStringLiteral("test"), QStringLiteral("admin")));
    QVERIFY(f.addOrder(QStringLiteral("v2-sleep"), 2800));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100));
    RefundTool tool(*f.db, *f.provider, f.clock);
    int sleeps = 0;
    bool switched = false;
    tool.setSleeper([&](int) {
        if (sleeps++ > 0)
            return;
        switched = SettingsStore(*f.db, f.clock)
                       .set(QStringLiteral("provider_api"), QStringLiteral("stripe_v1"), QStringLiteral("test"),
                            QStringLiteral("admin"))
                       .ok();
        f.clock.advanceMs(25 * kHourMs);
        f.sandbox.advanceClock(25 * 3600);
    });
    auto r = tool.call({QStringLiteral("toolu_sleep"), QStringLiteral("v2-sleep"), 1400});
    QVERIFY(r);
    QVERIFY(switched);
    QCOMPARE(sleeps, 1);
    QCOMPARE(r.value().statusName(), QStringLiteral("checking"));
    QCOMPARE(refundPosts(f), 1);
    QCOMPARE(f.refundsExecuted(), 1); // the first attempt's; the forgotten key was not resent
    const Operation op = f.store->operation(r.value().operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("key_retention_passed"));
    QCOMPARE(op.keyExpiresAt.value(), op.firstAttemptAt.value() + 24 * kHourMs);
}

// R16: a process that pauses between its attempt's claim and the send for longer than the
// request timeout sends nothing: the attempt's deadline_at has passed, and a reviewer may already
// have judged the row on the provider's evidence. That attempt is logged not_sent (outside the
// budget); the next one claims afresh and sends. (Before the fix the first request left 10 s
// past its deadline.) A shorter pause sends with the client's timeout cut to what is left of the
// deadline, and the client's own timeout is back afterwards.
void TestRefundTool::r16_processPausedPastAttemptDeadlineSendsNothing()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("pause-1"), 1600));
    QVERIFY(f.addOrder(QStringLiteral("pause-2"), 1600));
    const int timeoutMs = SettingsStore(*f.db, f.clock).load().value().requestTimeoutMs;
    const int clientTimeoutMs = f.provider->config().requestTimeoutMs;
    RefundTool tool(*f.db, *f.provider, f.clock);
    tool.setSleeper([](int) {});
    qint64 pauseMs = timeoutMs + 1;
    int claims = 0;
    tool.setCrashHook([&](const char* point) {
        if (qstrcmp(point, "after_claim") == 0 && claims++ == 0)
            f.clock.advanceMs(pauseMs);
    });
    auto r = tool.call({QStringLiteral("toolu_pause"), QStringLiteral("pause-1"), 1600});
    QVERIFY(r);
    QCOMPARE(r.value().statusName(), QStringLiteral("refunded"));
    QCOMPARE(claims, 2);
    QCOMPARE(refundPosts(f), 1);
    QCOMPARE(f.refundsExecuted(), 1);
    const Operation op = f.store->operation(r.value().operationId).value();
    QCOMPARE(op.attempts, 1); // the budget's count: the attempt that never left is given back
    QCOMPARE(op.notSentAttempts, 1);
    const auto attempts = f.store->attempts(op.operationId).value();
    QCOMPARE(attempts.size(), 2);
    QCOMPARE(attempts.at(0).outcome, QStringLiteral("not_sent"));
    QCOMPARE(f.provider->config().requestTimeoutMs, clientTimeoutMs);

    // Paused, but less than the timeout: sent with the 1 s left of the deadline (under the
    // client's own 2 s), and the client's timeout is restored afterwards.
    pauseMs = timeoutMs - 1000;
    claims = 0;
    auto r2 = tool.call({QStringLiteral("toolu_pause2"), QStringLiteral("pause-2"), 1600});
    QVERIFY(r2);
    QCOMPARE(r2.value().statusName(), QStringLiteral("refunded"));
    QCOMPARE(claims, 1);
    QCOMPARE(refundPosts(f), 2);
    QCOMPARE(f.provider->config().requestTimeoutMs, clientTimeoutMs);
}

// R5a: without a request ref, a repeat is answered from the refund for repeat_window_hours;
// after that the call is a new request that R5 judges (room left: a new operation; none: rejected).
void TestRefundTool::r5a_emptyRequestRefAnswersWithinRepeatWindowThenR5Decides()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(SettingsStore(*f.db, f.clock)
                .set(QStringLiteral("repeat_window_hours"), QStringLiteral("1"), QStringLiteral("test"),
                     QStringLiteral("admin")));
    QVERIFY(f.addOrder(QStringLiteral("win-1"), 3000));
    QVERIFY(f.addOrder(QStringLiteral("win-full"), 1000));

    const RefundToolResult first = f.call(QStringLiteral("toolu_a"), QStringLiteral("win-1"), 1000);
    QCOMPARE(first.statusName(), QStringLiteral("refunded"));
    const RefundToolResult full = f.call(QStringLiteral("toolu_f1"), QStringLiteral("win-full"), 1000);
    QCOMPARE(full.statusName(), QStringLiteral("refunded"));

    // Inside the window: answered, nothing sent.
    f.clock.advanceMs(30 * 60 * 1000);
    int posts = refundPosts(f);
    const RefundToolResult inside = f.call(QStringLiteral("toolu_b"), QStringLiteral("win-1"), 1000);
    QCOMPARE(inside.statusName(), QStringLiteral("refunded"));
    QCOMPARE(inside.refundId, first.refundId);
    QCOMPARE(inside.operationId, first.operationId);
    QCOMPARE(inside.toJson().value(QStringLiteral("note")).toString(), kAlreadyRefundedNote);
    QCOMPARE(refundPosts(f), posts);

    // Two hours after the close: R5 decides. 2000 of 3000 left: a new operation and refund.
    f.clock.advanceMs(2 * kHourMs);
    const RefundToolResult after = f.call(QStringLiteral("toolu_c"), QStringLiteral("win-1"), 1000);
    QCOMPARE(after.statusName(), QStringLiteral("refunded"));
    QVERIFY(after.operationId != first.operationId);
    QVERIFY(after.refundId != first.refundId);
    QVERIFY(after.toJson().value(QStringLiteral("note")).toString().isEmpty());
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops WHERE order_id = 'win-1'")), qint64(2));

    // Nothing left on the other order: rejected, no row, nothing sent.
    posts = refundPosts(f);
    const RefundToolResult rejected = f.call(QStringLiteral("toolu_f2"), QStringLiteral("win-full"), 1000);
    QCOMPARE(rejected.statusName(), QStringLiteral("rejected"));
    QVERIFY2(rejected.reason.contains(QLatin1String("refundable amount is 0")), qPrintable(rejected.reason));
    QCOMPARE(refundPosts(f), posts);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops WHERE order_id = 'win-full'")),
             qint64(1));

    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    QCOMPARE(check.refundsAtProvider, 3);
}

// R5a: with a request ref the answer holds for ever (past any window, past key retention); a
// different ref for the same order and amount is a different refund, still bounded by R5.
void TestRefundTool::r5a_setRequestRefAnswersForEverOtherRefIsOwnRefund()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(SettingsStore(*f.db, f.clock)
                .set(QStringLiteral("repeat_window_hours"), QStringLiteral("1"), QStringLiteral("test"),
                     QStringLiteral("admin")));
    QVERIFY(f.addOrder(QStringLiteral("ref-ever"), 2000));
    const RefundToolResult first =
        f.call(QStringLiteral("toolu_a"), QStringLiteral("ref-ever"), 1000, nullptr, QStringLiteral("T-1"));
    QCOMPARE(first.statusName(), QStringLiteral("refunded"));

    f.clock.advanceMs(40 * 24 * kHourMs);
    const int posts = refundPosts(f);
    const RefundToolResult again =
        f.call(QStringLiteral("toolu_b"), QStringLiteral("ref-ever"), 1000, nullptr, QStringLiteral("T-1"));
    QCOMPARE(again.statusName(), QStringLiteral("refunded"));
    QCOMPARE(again.refundId, first.refundId);
    QCOMPARE(again.toJson().value(QStringLiteral("note")).toString(), kAlreadyRefundedNote);
    QCOMPARE(refundPosts(f), posts);

    const RefundToolResult other =
        f.call(QStringLiteral("toolu_c"), QStringLiteral("ref-ever"), 1000, nullptr, QStringLiteral("T-2"));
    QCOMPARE(other.statusName(), QStringLiteral("refunded"));
    QVERIFY(other.refundId != first.refundId);
    const RefundToolResult third =
        f.call(QStringLiteral("toolu_d"), QStringLiteral("ref-ever"), 1000, nullptr, QStringLiteral("T-3"));
    QCOMPARE(third.statusName(), QStringLiteral("rejected")); // R5: 2000 of 2000 refunded
    QCOMPARE(
        f.call(QStringLiteral("toolu_e"), QStringLiteral("ref-ever"), 1000, nullptr, QStringLiteral("T-2"))
            .refundId,
        other.refundId);

    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    QCOMPARE(check.refundsAtProvider, 2);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestRefundTool)

// Found by an attack on this work: a retry sent to a wrong base path got the provider's own 404
// "Unrecognized request URL" (with a Request-Id and an error body) and closed the row `failed`
// after the first attempt had executed; the next call opened a new key and paid again.
void TestRefundTool::r7_misroutedProviderNotFoundAfterADropIsNotARefusal()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("route-1"), 3800));
    SettingsStore settings(*f.db, f.clock);
    QVERIFY(settings.set(QStringLiteral("max_attempts_per_call"), QStringLiteral("1"), QStringLiteral("test"),
                         QStringLiteral("admin")));
    QVERIFY(f.sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 1));
    const RefundToolResult first = f.call(QStringLiteral("toolu_1"), QStringLiteral("route-1"), 1000);
    QCOMPARE(first.statusName(), QStringLiteral("unconfirmed"));
    QCOMPARE(f.refundsExecuted(), 1);

    ProviderConfig wrong;
    wrong.baseUrl = QUrl(f.sandbox.baseUrl().toString() + QStringLiteral("/v1"));
    wrong.apiKey = f.sandbox.secretKey();
    wrong.requestTimeoutMs = 2000;
    ProviderClient misrouted(wrong);
    RefundTool tool(*f.db, misrouted, f.clock);
    tool.setSleeper([](int) {});
    auto second = tool.call({QStringLiteral("toolu_2"), QStringLiteral("route-1"), 1000});
    QVERIFY(second);
    QCOMPARE(second.value().statusName(), QStringLiteral("checking"));
    const Operation op = f.store->operation(first.operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("unrecognised_answer"));

    // The right URL again: nothing new opens, nothing new is paid.
    const RefundToolResult third = f.call(QStringLiteral("toolu_3"), QStringLiteral("route-1"), 1000);
    QCOMPARE(third.statusName(), QStringLiteral("checking"));
    QCOMPARE(f.refundsExecuted(), 1);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));
}

#include "TestRefundTool.moc"
