// OperationLookup (R15) against a Stripe-shaped fake provider: refunds on a later page, an
// event-only match, both sources merged, mismatches flagged, pending/failed states from
// events in any order, every read failure named with what to do, cancel, and the fact that
// a half-read answer is never complete.

#include "FakeStripe.h"

#include "review/OperationLookup.h"
#include "review/ResolutionPolicy.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <QTest>
#include <QTimer>

namespace {

constexpr qint64 kCreatedMs = 1'760'000'000'000LL; // the operation's created_at
constexpr qint64 kT = kCreatedMs / 1000;           // provider seconds at the same instant
const QString kOp = QStringLiteral("op_4417");
const QString kKey = QStringLiteral("5a0c6f5e-8f5b-4f4e-9d55-1b1c2d3e4f50");

OperationLookup::Target target()
{
    OperationLookup::Target t;
    t.operationId = kOp;
    t.idempotencyKey = kKey;
    t.orderId = QStringLiteral("4417");
    t.paymentIntent = QStringLiteral("pi_4417");
    t.amountCents = 3800;
    t.currency = QStringLiteral("usd");
    t.createdAtMs = kCreatedMs;
    return t;
}

Operation unknownOperation(qint64 keyExpiresAt)
{
    Operation op;
    op.operationId = kOp;
    op.orderId = QStringLiteral("4417");
    op.amountCents = 3800;
    op.currency = QStringLiteral("usd");
    op.idempotencyKey = kKey;
    op.status = OperationStatus::Unknown;
    op.createdAt = kCreatedMs;
    op.firstAttemptAt = kCreatedMs;
    op.keyExpiresAt = keyExpiresAt;
    return op;
}

} // namespace

// QCOMPARE would pick the global toString(enum) -> QString; compare the stable names instead.
#define COMPARE_NAME(actual, expected) QCOMPARE(toString(actual), toString(expected))

class TestOperationLookup : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void refundOnTheThirdPage();
    void eventOnlyMatch();
    void foundBothWaysSaysBoth();
    void amountCurrencyOrderMismatches();
    void pendingThenSucceededEventsInAnyOrder();
    void failedRefundFromEvents();
    void otherOperationsAreIgnored();
    void eventsAskedFromBeforeCreation();
    void readFailuresAreNamed_data();
    void readFailuresAreNamed();
    void failureMidwayKeepsWhatWasFound();
    void cancelFromAnotherThread();

private:
    ProviderConfig config(int timeoutMs = 3000) const;
    std::unique_ptr<FakeStripe> m_fake;
    ManualClock m_clock{kCreatedMs + 3600 * 1000};
};

ProviderConfig TestOperationLookup::config(int timeoutMs) const
{
    ProviderConfig c;
    c.baseUrl = m_fake->baseUrl();
    c.apiKey = QStringLiteral("rk_test_review");
    c.requestTimeoutMs = timeoutMs;
    c.readRetryMax = 2;
    c.readBackoffBaseMs = 1;
    c.readBackoffCapMs = 2;
    return c;
}

void TestOperationLookup::init()
{
    m_fake = std::make_unique<FakeStripe>();
    QVERIFY(m_fake->start());
}

void TestOperationLookup::refundOnTheThirdPage()
{
    // R15 "all pages": 230 refunds on the payment; ours is the oldest, on page 3.
    m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_ours"), 3800, QStringLiteral("succeeded"), kOp,
                                         QStringLiteral("4417"), kT + 1));
    for (int i = 0; i < 229; ++i)
        m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_other%1").arg(i), 100, QStringLiteral("succeeded"),
                                             QStringLiteral("op_other%1").arg(i), QStringLiteral("4417"), kT + 10 + i));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY2(r.ok(), qPrintable(r.failureText));
    QCOMPARE(m_fake->requestsTo(QStringLiteral("/v1/refunds")), 3);
    QCOMPARE(r.listedRefunds, 230);
    QCOMPARE(r.refunds.size(), 1);
    QCOMPARE(r.refunds.first().refund.id, QStringLiteral("re_ours"));
    COMPARE_NAME(r.refunds.first().source, RefundSource::List);
    QVERIFY(!r.refunds.first().hasMismatch());
    const auto proposal = ResolutionPolicy::propose(unknownOperation(kCreatedMs + 86400000), r, m_clock.nowMs());
    QCOMPARE(proposal.kind, ResolutionPolicy::Proposal::Kind::Refunded);
    QCOMPARE(proposal.refundId, QStringLiteral("re_ours"));
}

void TestOperationLookup::eventOnlyMatch()
{
    // The refund is on another payment's list (or the list is not ours to read); only its
    // refund.created event carries our key. No metadata at all on the object.
    const QJsonObject refund = FakeStripe::refund(QStringLiteral("re_evt"), 3800, QStringLiteral("succeeded"), {}, {},
                                                  kT + 5, QStringLiteral("usd"), QStringLiteral("pi_elsewhere"));
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_1"), QStringLiteral("refund.created"), kT + 5, refund, kKey));
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_2"), QStringLiteral("refund.created"), kT + 6,
                                       FakeStripe::refund(QStringLiteral("re_x"), 3800, QStringLiteral("succeeded"), {},
                                                          {}, kT + 6),
                                       QStringLiteral("another-key")));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(r.ok());
    QCOMPARE(r.refunds.size(), 1);
    const FoundRefund& f = r.refunds.first();
    QCOMPARE(f.refund.id, QStringLiteral("re_evt"));
    COMPARE_NAME(f.source, RefundSource::Event);
    QCOMPARE(f.eventIds, QStringList{QStringLiteral("evt_1")});
    // No order in metadata and another payment: flagged, so no automatic proposal.
    QVERIFY(f.hasMismatch(RefundMismatch::Kind::Order));
    QVERIFY(!f.hasMismatch(RefundMismatch::Kind::Amount));
    const auto proposal = ResolutionPolicy::propose(unknownOperation(kCreatedMs + 86400000), r, m_clock.nowMs());
    QCOMPARE(proposal.kind, ResolutionPolicy::Proposal::Kind::NeedsPerson);
}

void TestOperationLookup::foundBothWaysSaysBoth()
{
    const QJsonObject refund = FakeStripe::refund(QStringLiteral("re_both"), 3800, QStringLiteral("succeeded"), kOp,
                                                  QStringLiteral("4417"), kT + 5);
    m_fake->addRefund(refund);
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_b"), QStringLiteral("refund.created"), kT + 5, refund, kKey));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(r.ok());
    QCOMPARE(r.refunds.size(), 1);
    COMPARE_NAME(r.refunds.first().source, RefundSource::Both);
    QCOMPARE(r.eventsInspected, 1);
}

void TestOperationLookup::amountCurrencyOrderMismatches()
{
    m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_amt"), 3000, QStringLiteral("succeeded"), kOp,
                                         QStringLiteral("4417"), kT + 5));
    m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_cur"), 3800, QStringLiteral("succeeded"), kOp,
                                         QStringLiteral("4417"), kT + 6, QStringLiteral("eur")));
    m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_ord"), 3800, QStringLiteral("succeeded"), kOp,
                                         QStringLiteral("9999"), kT + 7));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(r.ok());
    QCOMPARE(r.refunds.size(), 3);
    const FoundRefund* amt = r.find(QStringLiteral("re_amt"));
    const FoundRefund* cur = r.find(QStringLiteral("re_cur"));
    const FoundRefund* ord = r.find(QStringLiteral("re_ord"));
    QVERIFY(amt && cur && ord);
    QCOMPARE(amt->mismatches.size(), 1);
    QVERIFY(amt->hasMismatch(RefundMismatch::Kind::Amount));
    QVERIFY2(amt->mismatches.first().sentence.contains(QStringLiteral("30.00 USD"))
                 && amt->mismatches.first().sentence.contains(QStringLiteral("38.00 USD")),
             qPrintable(amt->mismatches.first().sentence));
    QVERIFY(cur->hasMismatch(RefundMismatch::Kind::Currency));
    QVERIFY(cur->mismatches.first().sentence.contains(QStringLiteral("EUR")));
    QVERIFY(ord->hasMismatch(RefundMismatch::Kind::Order));
    QVERIFY(ord->mismatches.first().sentence.contains(QStringLiteral("9999")));
    // Newest first.
    QCOMPARE(r.refunds.first().refund.id, QStringLiteral("re_ord"));

    const Operation op = unknownOperation(kCreatedMs + 86400000);
    QCOMPARE(ResolutionPolicy::propose(op, r, m_clock.nowMs()).kind, ResolutionPolicy::Proposal::Kind::NeedsPerson);
    QVERIFY(!ResolutionPolicy::canResolveAsRefunded(op, r, *amt).allowed);
    QVERIFY(!ResolutionPolicy::canResolveAsFailed(op, r, m_clock.nowMs()).allowed);
}

void TestOperationLookup::pendingThenSucceededEventsInAnyOrder()
{
    // Only events know this refund: created as pending with our key, then an automatic
    // refund.updated (no request, no key) to succeeded. The update is linked through the
    // refund id and wins because it is newer (arrival order: see tst_review_ledger).
    const QJsonObject pending = FakeStripe::refund(QStringLiteral("re_p"), 3800, QStringLiteral("pending"), kOp,
                                                   QStringLiteral("4417"), kT + 5);
    QJsonObject succeeded = pending;
    succeeded.insert(QStringLiteral("status"), QStringLiteral("succeeded"));
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_c"), QStringLiteral("refund.created"), kT + 5, pending, kKey));
    // Automatic status changes carry no request (no key): linked through the refund id.
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_u"), QStringLiteral("refund.updated"), kT + 90, succeeded, {}));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(r.ok());
    QCOMPARE(r.refunds.size(), 1);
    QCOMPARE(r.refunds.first().refund.status, QStringLiteral("succeeded"));
    QCOMPARE(r.refunds.first().eventIds.size(), 2);
    COMPARE_NAME(r.refunds.first().source, RefundSource::Event);

    // Only the pending state known: still proposes refunded (pending money is on its way).
    m_fake = std::make_unique<FakeStripe>();
    QVERIFY(m_fake->start());
    m_fake->addRefund(pending);
    OperationLookup second(config(), m_clock);
    const LookupResult p = second.run(target());
    QVERIFY(p.ok());
    QCOMPARE(p.refunds.first().refund.status, QStringLiteral("pending"));
    QCOMPARE(ResolutionPolicy::propose(unknownOperation(kCreatedMs + 86400000), p, m_clock.nowMs()).kind,
             ResolutionPolicy::Proposal::Kind::Refunded);
}

void TestOperationLookup::failedRefundFromEvents()
{
    const QJsonObject pending = FakeStripe::refund(QStringLiteral("re_f"), 3800, QStringLiteral("pending"), kOp,
                                                   QStringLiteral("4417"), kT + 5);
    QJsonObject failed = pending;
    failed.insert(QStringLiteral("status"), QStringLiteral("failed"));
    m_fake->addRefund(failed);
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_c"), QStringLiteral("refund.created"), kT + 5, pending, kKey));
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_f"), QStringLiteral("refund.failed"), kT + 60, failed, {}));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(r.ok());
    QCOMPARE(r.refunds.size(), 1);
    QCOMPARE(r.refunds.first().refund.status, QStringLiteral("failed"));
    COMPARE_NAME(r.refunds.first().source, RefundSource::Both);
    // Key still live for a day: a failed refund is still a definite "no money moved".
    const Operation op = unknownOperation(m_clock.nowMs() + 86400000);
    const auto proposal = ResolutionPolicy::propose(op, r, m_clock.nowMs());
    QCOMPARE(proposal.kind, ResolutionPolicy::Proposal::Kind::Failed);
    QCOMPARE(proposal.failureCode, QStringLiteral("refund_failed"));
    QVERIFY(ResolutionPolicy::canResolveAsFailed(op, r, m_clock.nowMs()).allowed);
    QVERIFY(!ResolutionPolicy::canResolveAsRefunded(op, r, r.refunds.first()).allowed);
}

void TestOperationLookup::otherOperationsAreIgnored()
{
    m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_dash"), 3800, QStringLiteral("succeeded"), {}, {}, kT + 5));
    m_fake->addRefund(FakeStripe::refund(QStringLiteral("re_o2"), 3800, QStringLiteral("succeeded"),
                                         QStringLiteral("op_other"), QStringLiteral("4417"), kT + 6));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(r.ok());
    QCOMPARE(r.listedRefunds, 2);
    QVERIFY(r.refunds.isEmpty());
}

void TestOperationLookup::eventsAskedFromBeforeCreation()
{
    OperationLookup::Options options;
    options.eventMarginMs = 10 * 60 * 1000;
    OperationLookup lookup(config(), options, m_clock);
    QVERIFY(lookup.run(target()).ok());
    QStringList types;
    for (const RecordedRequest& req : std::as_const(m_fake->server().requests)) {
        if (req.path() != QLatin1String("/v1/events"))
            continue;
        QCOMPARE(req.query().queryItemValue(QStringLiteral("created[gte]")).toLongLong(), kT - 600);
        types << req.query().queryItemValue(QStringLiteral("type"));
        QVERIFY(!req.hasHeader("Idempotency-Key")); // R13: reads only
        QCOMPARE(req.method, QByteArray("GET"));
    }
    QCOMPARE(types, (QStringList{QStringLiteral("refund.created"), QStringLiteral("refund.updated"),
                                 QStringLiteral("refund.failed")}));
}

void TestOperationLookup::readFailuresAreNamed_data()
{
    QTest::addColumn<int>("mode"); // 0 answer, 1 silent, 2 close, 3 nobody listening
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("failure");
    QTest::addColumn<QString>("described");
    QTest::addColumn<QString>("advice");
    QTest::newRow("401") << 0 << 401 << int(ReadFailure::WrongKey) << QStringLiteral("wrong key (401)")
                         << QStringLiteral("read key");
    QTest::newRow("403") << 0 << 403 << int(ReadFailure::NoReadRights)
                         << QStringLiteral("key without read rights (403)") << QStringLiteral("read access");
    QTest::newRow("429") << 0 << 429 << int(ReadFailure::RateLimited) << QStringLiteral("rate limited (429)")
                         << QStringLiteral("Wait a minute");
    QTest::newRow("500") << 0 << 500 << int(ReadFailure::ServerError) << QStringLiteral("provider error (HTTP 500)")
                         << QStringLiteral("status page");
    QTest::newRow("timeout") << 1 << 0 << int(ReadFailure::TimedOut) << QStringLiteral("timed out")
                             << QStringLiteral("request_timeout_ms");
    QTest::newRow("closed") << 2 << 0 << int(ReadFailure::Unreachable) << QStringLiteral("unreachable")
                            << QStringLiteral("network connection");
    QTest::newRow("refused") << 3 << 0 << int(ReadFailure::Unreachable) << QStringLiteral("unreachable")
                             << QStringLiteral("provider URL");
}

void TestOperationLookup::readFailuresAreNamed()
{
    QFETCH(int, mode);
    QFETCH(int, status);
    QFETCH(int, failure);
    QFETCH(QString, described);
    QFETCH(QString, advice);
    ProviderConfig c = config(300);
    if (mode == 0)
        m_fake->failWith(QStringLiteral("/v1/"),
                         FakeReply::json(status, R"({"error":{"type":"invalid_request_error","message":"nope"}})"));
    else if (mode == 1)
        m_fake->failWith(QStringLiteral("/v1/"), FakeReply::silent());
    else if (mode == 2)
        m_fake->failWith(QStringLiteral("/v1/"), FakeReply::close());
    else
        c.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
    OperationLookup lookup(c, m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(!r.ok());
    QVERIFY(!r.complete);
    COMPARE_NAME(r.failure, ReadFailure(failure));
    QVERIFY2(r.failureText.startsWith(described), qPrintable(r.failureText));
    QVERIFY2(r.advice().contains(advice), qPrintable(r.advice()));
    QVERIFY(r.failedRead.contains(QStringLiteral("refund.created")));
    QVERIFY(!r.failureText.contains(QStringLiteral("rk_test_review")));
    // Never "failed" from a lookup that did not finish (R16).
    const Operation op = unknownOperation(kCreatedMs - 1); // retention long passed
    QCOMPARE(ResolutionPolicy::propose(op, r, m_clock.nowMs()).kind, ResolutionPolicy::Proposal::Kind::Incomplete);
    QVERIFY(!ResolutionPolicy::canResolveAsFailed(op, r, m_clock.nowMs()).allowed);
    if (status == 429)
        QCOMPARE(r.requests, 3); // 1 + readRetryMax retries with backoff
}

void TestOperationLookup::failureMidwayKeepsWhatWasFound()
{
    const QJsonObject refund = FakeStripe::refund(QStringLiteral("re_seen"), 3800, QStringLiteral("succeeded"), kOp,
                                                  QStringLiteral("4417"), kT + 5);
    m_fake->addEvent(FakeStripe::event(QStringLiteral("evt_s"), QStringLiteral("refund.created"), kT + 5, refund, kKey));
    m_fake->failWith(QStringLiteral("/v1/refunds"), FakeReply::json(500, R"({"error":{"type":"api_error","message":"boom"}})"));
    OperationLookup lookup(config(), m_clock);
    const LookupResult r = lookup.run(target());
    QVERIFY(!r.ok());
    COMPARE_NAME(r.failure, ReadFailure::ServerError);
    QVERIFY(r.failedRead.contains(QStringLiteral("pi_4417")));
    QCOMPARE(r.refunds.size(), 1);
    const Operation op = unknownOperation(kCreatedMs - 1);
    QCOMPARE(ResolutionPolicy::propose(op, r, m_clock.nowMs()).kind, ResolutionPolicy::Proposal::Kind::Incomplete);
    // The refund object itself is still evidence for "refunded" (R16).
    QVERIFY(ResolutionPolicy::canResolveAsRefunded(op, r, r.refunds.first()).allowed);
}

void TestOperationLookup::cancelFromAnotherThread()
{
    m_fake->failWith(QStringLiteral("/v1/events"), FakeReply::silent());
    OperationLookup lookup(config(60000), m_clock);
    // The fake server lives in this thread, so the lookup must too; a helper thread cancels
    // once the request has arrived.
    std::unique_ptr<QThread> canceler;
    connect(&m_fake->server(), &FakeProviderServer::requestReceived, this, [&] {
        if (!canceler) {
            canceler.reset(QThread::create([&lookup] { lookup.cancel(); }));
            canceler->start();
        }
    });
    QElapsedTimer timer;
    timer.start();
    const LookupResult r = lookup.run(target());
    canceler->wait();
    COMPARE_NAME(r.failure, ReadFailure::Canceled);
    QVERIFY(r.canceled());
    QVERIFY(!r.ok());
    QVERIFY(timer.elapsed() < 30000);
    QCOMPARE(m_fake->requestsTo(QStringLiteral("/v1/refunds")), 0);
}

QTEST_GUILESS_MAIN(TestOperationLookup)
#include "TestOperationLookup.moc"
