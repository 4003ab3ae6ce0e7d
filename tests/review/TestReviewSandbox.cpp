// The reviewer workflow against the real sandbox-provider and a real operation database on
// every engine: a refund found on a later page of the payment's refunds (R15), the unknown
// sweep proposing refunded / keep waiting / failed (before and after key retention, R16),
// bounded concurrency, rate-limit pauses, cancel, and nothing resolved without a person.

#include "../tool/RefundToolFixture.h"

#include "review/OperationLookup.h"
#include "review/ResolutionPolicy.h"
#include "review/SweepResolver.h"
#include "review/UnknownSweep.h"

#include <QJsonObject>

#include <QSignalSpy>
#include <QThread>
#include <QTest>

namespace {
const QString kPost = QStringLiteral("POST");
const QString kRefunds = QStringLiteral("/v1/refunds");
constexpr qint64 kHourMs = 3600LL * 1000;
} // namespace

class TestReviewSandbox : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void refundOnALaterPageOfTheRealSandbox();
    void sweepProposesAndResolvesNothing();
    void sweepPausesOnRateLimitsAndRetries();
    void sweepCancel();
    void sweepKeepsOneProviderConnectionPerWorker_issue12();
    void r15_sweepReadsTheEventsOnceForAllUnknownOperations();
    void r17_batchResolveWritesConfirmedProposalsInTheBackground();
    void r17_batchResolveCancelLeavesTheRestUnknown();

private:
    /** The worked example (SPEC section 8) on order orderId: six dropped attempts, then unknown. */
    QString makeTimedOutUnknown(const QString& orderId, qint64 amount);
    /** A saved 500 on the first attempt: unknown, and no refund exists at the provider. */
    QString makeSaved500Unknown(const QString& orderId, qint64 amount);
    ProviderConfig readConfig() const;
    /** count refunds of 10 cents on order's payment for other operations (op_<prefix>N); false on the first that fails. */
    bool addRefundsElsewhere(const Order& order, int count, const QString& prefix, const QString& orderMetadata = {});
    /** count timed-out unknown operations (orders from firstOrder on) whose refund exists, swept: each proposes Refunded. */
    std::unique_ptr<UnknownSweep> sweepRefundedUnknown(int firstOrder, int count);
    /** Provider requests so far, without the sandbox's own control routes. */
    int providerRequests() const;
    std::unique_ptr<RefundToolFixture> m_f;
    int m_calls = 0;
};

void TestReviewSandbox::init()
{
    m_f = std::make_unique<RefundToolFixture>();
    QVERIFY2(m_f->start(), qPrintable(m_f->error));
}

void TestReviewSandbox::cleanup()
{
    m_f.reset();
}

ProviderConfig TestReviewSandbox::readConfig() const
{
    ProviderConfig c;
    c.baseUrl = m_f->sandbox.baseUrl();
    c.apiKey = m_f->sandbox.readKey(); // R13: the restricted read-only key
    c.requestTimeoutMs = 10000;
    c.readRetryMax = 3;
    c.readBackoffBaseMs = 1;
    c.readBackoffCapMs = 2;
    return c;
}

bool TestReviewSandbox::addRefundsElsewhere(const Order& order, int count, const QString& prefix,
                                            const QString& orderMetadata)
{
    for (int i = 0; i < count; ++i) {
        RefundCreateParams p;
        p.paymentIntent = order.paymentIntent;
        p.amountCents = 10;
        p.currency = order.currency;
        p.metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_%1%2").arg(prefix).arg(i));
        if (!orderMetadata.isEmpty())
            p.metadata.insert(QStringLiteral("order_id"), orderMetadata);
        const ProviderResponse r = m_f->provider->createRefund(p, QStringLiteral("%1-%2").arg(prefix).arg(i));
        if (r.outcome != AttemptOutcome::Succeeded) {
            qWarning("%s", qPrintable(r.summary()));
            return false;
        }
    }
    return true;
}

QString TestReviewSandbox::makeTimedOutUnknown(const QString& orderId, qint64 amount)
{
    if (!m_f->addOrder(orderId, amount + 100000))
        return {};
    m_f->sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100);
    m_f->call(QStringLiteral("toolu_%1").arg(++m_calls), orderId, amount);
    const RefundToolResult r = m_f->call(QStringLiteral("toolu_%1").arg(++m_calls), orderId, amount);
    m_f->sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"));
    return r.statusName() == QLatin1String("checking") ? r.operationId : QString();
}

QString TestReviewSandbox::makeSaved500Unknown(const QString& orderId, qint64 amount)
{
    if (!m_f->addOrder(orderId, amount))
        return {};
    m_f->sandbox.addFault(kPost, kRefunds, QStringLiteral("status_500"), 1);
    const RefundToolResult r = m_f->call(QStringLiteral("toolu_%1").arg(++m_calls), orderId, amount);
    return r.statusName() == QLatin1String("checking") ? r.operationId : QString();
}

void TestReviewSandbox::refundOnALaterPageOfTheRealSandbox()
{
    const QString opId = makeTimedOutUnknown(QStringLiteral("7001"), 3800);
    QVERIFY(!opId.isEmpty());
    const Operation op = m_f->store->operation(opId).value();
    const Order order = m_f->store->order(QStringLiteral("7001")).value();
    // 120 later refunds on the same payment (the dashboard, other operations): the list is
    // newest first, so ours is on page 2.
    QVERIFY(addRefundsElsewhere(order, 120, QStringLiteral("filler"), QStringLiteral("7001")));
    OperationLookup lookup(readConfig(), m_f->clock);
    const LookupResult r = lookup.run(OperationLookup::Target::from(op, order));
    QVERIFY2(r.ok(), qPrintable(r.failureText));
    QCOMPARE(r.listedRefunds, 121);
    QVERIFY(r.requests >= 5); // 3 event reads + 2 pages of refunds
    QCOMPARE(r.refunds.size(), 1);
    const FoundRefund& f = r.refunds.first();
    QCOMPARE(f.refund.operationId(), opId);
    QCOMPARE(f.refund.status, QStringLiteral("succeeded"));
    QCOMPARE(toString(f.source), QStringLiteral("both")); // listed, and its refund.created carries our key
    QVERIFY(!f.hasMismatch());
    const auto proposal = ResolutionPolicy::propose(op, r, m_f->clock.nowMs());
    QCOMPARE(ResolutionPolicy::kindName(proposal.kind), QStringLiteral("refunded"));
    QCOMPARE(proposal.refundId, f.refund.id);
    // Exactly one refund was executed for the operation, however many attempts were sent.
    QCOMPARE(m_f->refundsExecuted(), 121);
}

void TestReviewSandbox::sweepProposesAndResolvesNothing()
{
    const QString timedOut = makeTimedOutUnknown(QStringLiteral("7101"), 3800);
    const QString saved500 = makeSaved500Unknown(QStringLiteral("7102"), 1200);
    QVERIFY(!timedOut.isEmpty());
    QVERIFY(!saved500.isEmpty());
    // A closed operation is not part of the sweep.
    QVERIFY(m_f->addOrder(QStringLiteral("7103"), 500));
    QCOMPARE(m_f->call(QStringLiteral("toolu_ok"), QStringLiteral("7103"), 500).statusName(), QStringLiteral("refunded"));

    const auto runSweep = [this](int concurrency) {
        auto sweep = std::make_unique<UnknownSweep>(m_f->testDb.url(), readConfig(), m_f->clock);
        UnknownSweep::Options options;
        options.concurrency = concurrency;
        sweep->setOptions(options);
        QSignalSpy finished(sweep.get(), &UnknownSweep::finished);
        QSignalSpy progress(sweep.get(), &UnknownSweep::progress);
        sweep->start();
        if (!finished.wait(120000))
            qWarning("sweep did not finish");
        // Items arrive in batches: one progress per batch, the first 0 of n, the last n of n.
        const bool ends = !progress.isEmpty() && progress.first().at(0).toInt() == 0
            && progress.last().at(0).toInt() == progress.last().at(1).toInt();
        return std::make_tuple(std::move(sweep), ends ? int(progress.count()) : -1);
    };

    auto [sweep, progressSignals] = runSweep(2);
    QCOMPARE(sweep->total(), 2);
    QCOMPARE(sweep->done(), 2);
    QCOMPARE(sweep->concurrency(), 2);
    QVERIFY2(progressSignals == 2 || progressSignals == 3, qPrintable(QString::number(progressSignals))); // 0 of 2, (1 of 2,) 2 of 2
    QMap<QString, UnknownSweep::Item> byId;
    for (const auto& item : sweep->items())
        byId.insert(item.operation.operationId, item);
    QCOMPARE(ResolutionPolicy::kindName(byId.value(timedOut).proposal.kind), QStringLiteral("refunded"));
    // The saved 500 executed nothing, but its key is still live: keep waiting, with the time left.
    const auto& waiting = byId.value(saved500);
    QVERIFY(waiting.lookup.ok());
    QVERIFY(waiting.lookup.refunds.isEmpty());
    QCOMPARE(ResolutionPolicy::kindName(waiting.proposal.kind), QStringLiteral("keep_waiting"));
    QVERIFY(waiting.proposal.waitMs > 23 * kHourMs);

    // A day later the key retention has passed: "no refund was made" is now proposed.
    m_f->clock.advanceMs(25 * kHourMs);
    auto [later, ignored] = runSweep(0); // 0: the lookup_concurrency setting (default 4)
    Q_UNUSED(ignored);
    QCOMPARE(later->concurrency(), 4);
    for (const auto& item : later->items()) {
        if (item.operation.operationId == saved500) {
            QCOMPARE(ResolutionPolicy::kindName(item.proposal.kind), QStringLiteral("failed"));
            QCOMPARE(item.proposal.failureCode, QStringLiteral("no_refund_found"));
        }
    }
    // Proposals only: nothing was resolved without a person.
    QCOMPARE(m_f->store->operation(timedOut).value().status, OperationStatus::Unknown);
    QCOMPARE(m_f->store->operation(saved500).value().status, OperationStatus::Unknown);
    QCOMPARE(m_f->store->auditEntries(timedOut).value().size(), 0);
}

void TestReviewSandbox::sweepPausesOnRateLimitsAndRetries()
{
    const QString opId = makeSaved500Unknown(QStringLiteral("7201"), 1200);
    QVERIFY(!opId.isEmpty());
    // 4 answers of 429 exhaust one read (1 + 3 retries); the sweep pauses and looks up again.
    QVERIFY(m_f->sandbox.addFault(QStringLiteral("GET"), QStringLiteral("/v1/events"),
                                  QStringLiteral("rate_limit_429"), 4));
    UnknownSweep sweep(m_f->testDb.url(), readConfig(), m_f->clock);
    UnknownSweep::Options options;
    options.concurrency = 1;
    options.rateLimitPauseMs = 10;
    sweep.setOptions(options);
    QSignalSpy finished(&sweep, &UnknownSweep::finished);
    sweep.start();
    QVERIFY(finished.wait(60000));
    QCOMPARE(sweep.items().size(), 1);
    const auto& item = sweep.items().first();
    QVERIFY2(item.lookup.ok(), qPrintable(item.lookup.failureText));
    QCOMPARE(ResolutionPolicy::kindName(item.proposal.kind), QStringLiteral("keep_waiting"));
    QCOMPARE(m_f->sandbox.stats().value(QStringLiteral("rate_limited_429_total")).toInt(), 4);
}

void TestReviewSandbox::sweepCancel()
{
    QVERIFY(!makeSaved500Unknown(QStringLiteral("7301"), 1200).isEmpty());
    QVERIFY(!makeSaved500Unknown(QStringLiteral("7302"), 1300).isEmpty());
    // Every event read hangs for a minute: the lookups are in flight when cancel comes.
    QVERIFY(m_f->sandbox.addFault(QStringLiteral("GET"), QStringLiteral("/v1/events"), QStringLiteral("delay"), 100,
                                  60000));
    UnknownSweep sweep(m_f->testDb.url(), readConfig(), m_f->clock);
    UnknownSweep::Options options;
    options.concurrency = 1;
    sweep.setOptions(options);
    QSignalSpy started(&sweep, &UnknownSweep::started);
    QSignalSpy finished(&sweep, &UnknownSweep::finished);
    QElapsedTimer timer;
    timer.start();
    sweep.start();
    QSignalSpy itemFinished(&sweep, &UnknownSweep::itemFinished);
    QVERIFY(started.wait(30000));
    sweep.cancel();
    QVERIFY(finished.wait(30000));
    QVERIFY(timer.elapsed() < 50000);
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY(sweep.wasCanceled());
    for (const auto& item : sweep.items())
        QVERIFY(!item.proposal.proposesResolution());
    // Issue 12: nothing was looked up (the shared event read was still hanging), so no row is
    // reported: skipped rows are not posted one by one (87,552 of them froze the window 47 s).
    QCOMPARE(itemFinished.count(), sweep.done());
    QCOMPARE(sweep.done(), 0);
}

// Issue 12: each sweep worker keeps one ProviderClient, so its keep-alive connection serves
// all its lookups; a client per lookup opened a connection (and a network thread) for each
// operation. Counted at the sandbox: accepted connections.
void TestReviewSandbox::sweepKeepsOneProviderConnectionPerWorker_issue12()
{
    for (int i = 0; i < 8; ++i)
        QVERIFY(!makeTimedOutUnknown(QStringLiteral("78%1").arg(i), 2100 + i).isEmpty());
    const auto accepted = [this] {
        return m_f->sandbox.stats().value(QStringLiteral("connections_accepted_total")).toInteger(-1);
    };
    const qint64 before = accepted();
    QVERIFY(before >= 0);
    UnknownSweep sweep(m_f->testDb.url(), readConfig(), m_f->clock);
    UnknownSweep::Options options;
    options.concurrency = 2;
    sweep.setOptions(options);
    QSignalSpy finished(&sweep, &UnknownSweep::finished);
    QSignalSpy itemFinished(&sweep, &UnknownSweep::itemFinished);
    sweep.start();
    QVERIFY(finished.wait(120000));
    QCOMPARE(itemFinished.count(), 8);
    for (const auto& item : sweep.items())
        QVERIFY2(item.lookup.ok(), qPrintable(item.lookup.failureText));
    // Two workers and the shared event read, plus the stats requests around it (one each).
    const qint64 opened = accepted() - before - 1;
    QVERIFY2(opened <= 3, qPrintable(QStringLiteral("%1 connections for 8 lookups").arg(opened)));
}

// Issue 12: one sweep shares one event read, so the provider's event pages are read once, not
// once per unknown operation; the proposals are the same as with a read per lookup. Counted at
// the sandbox (requests_by_path), not in our own figures.
void TestReviewSandbox::r15_sweepReadsTheEventsOnceForAllUnknownOperations()
{
    QStringList timedOut;
    QStringList saved500;
    for (int i = 0; i < 3; ++i)
        timedOut.append(makeTimedOutUnknown(QStringLiteral("75%1").arg(i), 3800 + i));
    for (int i = 0; i < 5; ++i)
        saved500.append(makeSaved500Unknown(QStringLiteral("76%1").arg(i), 1200 + i));
    for (const QString& id : timedOut + saved500)
        QVERIFY(!id.isEmpty());
    // 150 refunds elsewhere on the account: refund.created spans two pages of events.
    QVERIFY(m_f->addOrder(QStringLiteral("7700"), 100000));
    const Order filler = m_f->store->order(QStringLiteral("7700")).value();
    QVERIFY(addRefundsElsewhere(filler, 150, QStringLiteral("elsewhere")));

    const auto requestsTo = [this](const QString& route) {
        return m_f->sandbox.stats().value(QStringLiteral("requests_by_path")).toObject().value(route).toInt();
    };
    const QString events = QStringLiteral("GET /v1/events");
    const QString refunds = QStringLiteral("GET /v1/refunds");
    struct Run
    {
        int eventReads = 0;
        int refundReads = 0;
        bool shared = false;
        int sharedRequests = 0;
        QMap<QString, QString> proposals; // operation id -> kind and refund id
    };
    const auto sweepOnce = [&](bool shareEvents) {
        Run run;
        const int eventsBefore = requestsTo(events);
        const int refundsBefore = requestsTo(refunds);
        UnknownSweep sweep(m_f->testDb.url(), readConfig(), m_f->clock);
        UnknownSweep::Options options;
        options.concurrency = 4;
        options.shareEvents = shareEvents;
        sweep.setOptions(options);
        QSignalSpy finished(&sweep, &UnknownSweep::finished);
        sweep.start();
        if (!finished.wait(120000))
            qWarning("sweep did not finish");
        run.eventReads = requestsTo(events) - eventsBefore;
        run.refundReads = requestsTo(refunds) - refundsBefore;
        run.shared = sweep.eventsShared();
        run.sharedRequests = sweep.sharedEventRequests();
        for (const auto& item : sweep.items()) {
            if (!item.lookup.ok())
                qWarning("%s: %s", qPrintable(item.operation.operationId), qPrintable(item.lookup.failureText));
            run.proposals.insert(item.operation.operationId,
                                 ResolutionPolicy::kindName(item.proposal.kind) + QLatin1Char(' ') + item.proposal.refundId);
        }
        return run;
    };

    const Run perLookup = sweepOnce(false);
    const Run shared = sweepOnce(true);
    QCOMPARE(shared.proposals.size(), 8);
    QCOMPARE(shared.proposals, perLookup.proposals);
    for (const QString& id : timedOut)
        QVERIFY2(shared.proposals.value(id).startsWith(QLatin1String("refunded re_")), qPrintable(shared.proposals.value(id)));
    for (const QString& id : saved500)
        QCOMPARE(shared.proposals.value(id), QStringLiteral("keep_waiting "));

    // Per lookup: 8 operations x (2 pages of refund.created + 1 of updated + 1 of failed).
    QCOMPARE(perLookup.eventReads, 8 * 4);
    QVERIFY(!perLookup.shared);
    // Shared: the same 4 pages once, whatever the number of unknown operations.
    QVERIFY(shared.shared);
    QCOMPARE(shared.eventReads, 4);
    QCOMPARE(shared.sharedRequests, 4);
    // Each operation still reads its own payment's refunds, after the events.
    QCOMPARE(shared.refundReads, 8);
    QCOMPARE(perLookup.refundReads, 8);
}

std::unique_ptr<UnknownSweep> TestReviewSandbox::sweepRefundedUnknown(int firstOrder, int count)
{
    // Refunded, not "failed after key retention": PostgreSQL's guard judges R16 by the
    // server's clock, which a test's manual clock cannot move.
    for (int i = 0; i < count; ++i) {
        if (makeTimedOutUnknown(QString::number(firstOrder + i), 100 + i).isEmpty()) {
            qWarning("operation %d did not end unknown", i);
            return nullptr;
        }
    }
    auto sweep = std::make_unique<UnknownSweep>(m_f->testDb.url(), readConfig(), m_f->clock);
    QSignalSpy finished(sweep.get(), &UnknownSweep::finished);
    sweep->start();
    if (!finished.wait(120000))
        return nullptr;
    return sweep;
}

int TestReviewSandbox::providerRequests() const
{
    int n = 0;
    const QJsonObject byPath = m_f->sandbox.stats().value(QStringLiteral("requests_by_path")).toObject();
    for (auto it = byPath.begin(); it != byPath.end(); ++it) {
        if (!it.key().contains(QStringLiteral("/_sandbox")))
            n += it.value().toInt();
    }
    return n;
}

// Issue 12 item 3, R17: the rows a person confirmed are written off the caller's thread, in
// batches, through confirmedResolution + resolve(); a colleague's earlier resolution wins and
// is reported; the provider is not asked anything (the lookup was the evidence).
void TestReviewSandbox::r17_batchResolveWritesConfirmedProposalsInTheBackground()
{
    constexpr int kCount = 24;
    auto sweep = sweepRefundedUnknown(7300, kCount);
    QVERIFY(sweep);
    QList<SweepResolver::Job> jobs;
    for (int row = 0; row < sweep->items().size(); ++row) {
        const UnknownSweep::Item& item = sweep->items().at(row);
        QCOMPARE(ResolutionPolicy::kindName(item.proposal.kind), QStringLiteral("refunded"));
        jobs << SweepResolver::Job{row, item.operation, item.lookup, item.proposal};
    }
    QCOMPARE(jobs.size(), kCount);
    const QString colleagues = jobs.at(3).operation.operationId;
    const auto byColleague = m_f->store->resolve(colleagues, ResolutionPolicy::refundedResolution(
                                                                 jobs.at(3).lookup.refunds.first(), jobs.at(3).lookup,
                                                                 QStringLiteral("maria.k"), QStringLiteral("finance"),
                                                                 QStringLiteral("checked by hand")));
    QVERIFY2(byColleague, qPrintable(byColleague ? QString() : byColleague.error().message));
    const int requestsBefore = providerRequests();

    SweepResolver resolver(m_f->testDb.url(), m_f->clock);
    resolver.setBatchSize(7);
    QSignalSpy batches(&resolver, &SweepResolver::outcomes);
    QSignalSpy finished(&resolver, &SweepResolver::finished);
    QVERIFY(!resolver.start(jobs, QStringLiteral("ana.reviewer"), QStringLiteral("support"), QStringLiteral("  ")));
    QVERIFY(resolver.start(jobs, QStringLiteral("ana.reviewer"), QStringLiteral("support"), QStringLiteral("Check all")));
    QVERIFY(resolver.isRunning());
    QVERIFY(!resolver.start(jobs, QStringLiteral("ana.reviewer"), QStringLiteral("support"), QStringLiteral("again")));
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QCOMPARE(finished.first().at(1).toString(), QString());
    QMap<int, SweepResolver::Outcome> byRow;
    for (const auto& signal : std::as_const(batches)) {
        const auto batch = signal.at(0).value<QList<SweepResolver::Outcome>>();
        QVERIFY(!batch.isEmpty() && batch.size() <= 7);
        for (const SweepResolver::Outcome& o : batch)
            byRow.insert(o.row, o);
    }
    QCOMPARE(byRow.size(), kCount);
    QVERIFY(batches.size() < kCount / 2);   // batched, not a signal per row
    QCOMPARE(resolver.done(), kCount);
    QCOMPARE(resolver.resolvedCount(), kCount - 1);
    QCOMPARE(int(byRow.value(3).kind), int(SweepResolver::Outcome::Kind::AlreadyResolved));
    // Who resolved first: the actor on SQLite, the database login on PostgreSQL (R21).
    const QString colleague = byColleague.value().resolvedBy;
    QVERIFY2(byRow.value(3).message.contains(colleague), qPrintable(byRow.value(3).message));
    for (int row = 0; row < kCount; ++row) {
        const Operation op = m_f->store->operation(jobs.at(row).operation.operationId).value();
        QCOMPARE(op.status, OperationStatus::Refunded);
        QCOMPARE(op.resolutionNote, row == 3 ? QStringLiteral("checked by hand") : QStringLiteral("Check all"));
        QCOMPARE(m_f->store->auditEntries(op.operationId).value().size(), 1);   // one transition each
    }
    QCOMPARE(providerRequests(), requestsBefore);
}

// Issue 12 item 3: Cancel stops before the next row; rows written stay written and the rest
// stay unknown, and the counts say which.
void TestReviewSandbox::r17_batchResolveCancelLeavesTheRestUnknown()
{
    constexpr int kCount = 40;
    auto sweep = sweepRefundedUnknown(7400, kCount);
    QVERIFY(sweep);
    QList<SweepResolver::Job> jobs;
    for (int row = 0; row < sweep->items().size(); ++row) {
        const UnknownSweep::Item& item = sweep->items().at(row);
        jobs << SweepResolver::Job{row, item.operation, item.lookup, item.proposal};
    }
    // Every clock read on the resolver's thread takes 20 ms, so 40 rows take over a second
    // while the first outcome reaches this thread (and cancel() the resolver) in a few ms.
    class SlowClock final : public Clock
    {
    public:
        explicit SlowClock(const Clock& base) : m_base(base) {}
        qint64 nowMs() const override
        {
            QThread::msleep(20);
            return m_base.nowMs();
        }

    private:
        const Clock& m_base;
    };
    const SlowClock slow(m_f->clock);
    SweepResolver resolver(m_f->testDb.url(), slow);
    resolver.setBatchSize(1);
    QSignalSpy finished(&resolver, &SweepResolver::finished);
    connect(&resolver, &SweepResolver::outcomes, &resolver, [&resolver] { resolver.cancel(); });
    QVERIFY(resolver.start(jobs, QStringLiteral("ana.reviewer"), QStringLiteral("support"), QStringLiteral("Check all")));
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY2(resolver.resolvedCount() >= 1 && resolver.resolvedCount() < kCount,
             qPrintable(QString::number(resolver.resolvedCount())));
    int refunded = 0, unknown = 0;
    for (const SweepResolver::Job& job : std::as_const(jobs)) {
        const OperationStatus status = m_f->store->operation(job.operation.operationId).value().status;
        refunded += status == OperationStatus::Refunded ? 1 : 0;
        unknown += status == OperationStatus::Unknown ? 1 : 0;
    }
    QCOMPARE(refunded, resolver.resolvedCount());
    QCOMPARE(unknown, kCount - refunded);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestReviewSandbox)
#include "TestReviewSandbox.moc"
