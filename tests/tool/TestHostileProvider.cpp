// The refund tool against a hostile provider (tests/provider/HostileProvider.h): a 2xx that
// is not this operation's refund never closes a row `refunded` (R7), a matching refund that
// failed closes it `failed` with the reason, and answers that never complete are retried
// with the same key, one request per logged attempt (R7, R12). SQLite is enough: the point
// is what the tool does with each answer.
#include "HostileProvider.h"
#include "TestDatabase.h"

#include "Clock.h"
#include "db/OperationStore.h"
#include "db/SettingsStore.h"
#include "provider/ProviderClient.h"
#include "tool/RefundTool.h"

#include <QDateTime>
#include <QtTest>

#include <memory>

namespace {
const QString kOrder = QStringLiteral("4417");
constexpr qint64 kAmount = 3800;
} // namespace

Q_DECLARE_METATYPE(HostileProvider::Mode)

class TestHostileProvider : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void r7_answerThatIsNotOursEndsChecking_data();
    void r7_answerThatIsNotOursEndsChecking();
    void r7_matchingRefundThatFailedClosesFailed_data();
    void r7_matchingRefundThatFailedClosesFailed();
    void r7_matchingRefundClosesRefunded();
    void r12_noCompleteAnswerRetriedWithSameKey_data();
    void r12_noCompleteAnswerRetriedWithSameKey();
    void r7_refusedConnectionIsNotSent();

private:
    RefundToolResult call(const QString& toolCallId, const QUrl& baseUrl, int requestTimeoutMs = 600);

    std::unique_ptr<HostileProvider> m_provider;
    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<OperationStore> m_store;
};

void TestHostileProvider::init()
{
    m_provider = std::make_unique<HostileProvider>();
    QVERIFY(m_provider->start());
    m_testDb = std::make_unique<TestDatabase>(QStringLiteral("sqlite"));
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    m_clock = std::make_unique<ManualClock>(QDateTime::currentMSecsSinceEpoch());
    m_store = std::make_unique<OperationStore>(*m_db, *m_clock);
    // Fast backoff: these tests count requests and attempts, not waiting time.
    SettingsStore settings(*m_db, *m_clock);
    QVERIFY(settings.setMany({{QStringLiteral("backoff_base_ms"), QStringLiteral("1")},
                              {QStringLiteral("backoff_cap_ms"), QStringLiteral("2")}},
                             QStringLiteral("test"), QStringLiteral("admin")));
    QVERIFY(
        m_store->addOrder(Order{kOrder, kAmount, QStringLiteral("usd"), QStringLiteral("pi_hostile"), 0}));
}

void TestHostileProvider::cleanup()
{
    m_store.reset();
    m_db.reset();
    m_testDb.reset();
    m_provider.reset();
}

RefundToolResult TestHostileProvider::call(const QString& toolCallId, const QUrl& baseUrl,
                                           int requestTimeoutMs)
{
    ProviderConfig config;
    config.baseUrl = baseUrl;
    config.apiKey = QStringLiteral("sk_test_hostile_tool");
    config.requestTimeoutMs = requestTimeoutMs;
    ProviderClient client(config);
    RefundTool tool(*m_db, client, *m_clock);
    tool.setSleeper([](int) {});
    auto r = tool.call({toolCallId, kOrder, kAmount});
    if (!r)
        return RefundToolResult::rejected(QStringLiteral("ERROR: ") + r.error().message);
    return r.value();
}

void TestHostileProvider::r7_answerThatIsNotOursEndsChecking_data()
{
    using M = HostileProvider::Mode;
    QTest::addColumn<HostileProvider::Mode>("mode");
    QTest::newRow("foreign refund") << M::ForeignRefund;
    QTest::newRow("wrong amount") << M::WrongAmount;
    QTest::newRow("wrong currency") << M::WrongCurrency;
    QTest::newRow("wrong payment_intent") << M::WrongPaymentIntent;
    QTest::newRow("wrong operation_id") << M::WrongOperationId;
    QTest::newRow("status succeded") << M::StatusMisspelled;
    QTest::newRow("status 42") << M::StatusNumber;
    QTest::newRow("NUL in refund id") << M::NulInRefundId;
}

void TestHostileProvider::r7_answerThatIsNotOursEndsChecking()
{
    QFETCH(HostileProvider::Mode, mode);
    m_provider->setMode(mode);
    const RefundToolResult r = call(QStringLiteral("toolu_a"), m_provider->baseUrl());
    QVERIFY2(r.statusName() == QLatin1String("checking"),
             qPrintable(r.statusName() + QLatin1Char(' ') + r.reason));
    const Operation op = m_store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Unknown);
    QCOMPARE(op.unknownReason, QStringLiteral("response_mismatch"));
    QVERIFY(op.providerRefundId.isEmpty());
    // Stopped at once: one attempt, one request, nothing more sent.
    QCOMPARE(op.attempts, 1);
    QCOMPARE(m_provider->requestCount(), 1);
    const QList<AttemptRecord> attempts = m_store->attempts(op.operationId).value();
    QCOMPARE(attempts.size(), 1);
    QCOMPARE(attempts[0].outcome, QStringLiteral("response_mismatch"));

    // A later call on the unknown row sends nothing (R8).
    QCOMPARE(call(QStringLiteral("toolu_b"), m_provider->baseUrl()).statusName(), QStringLiteral("checking"));
    QCOMPARE(m_provider->requestCount(), 1);
}

void TestHostileProvider::r7_matchingRefundThatFailedClosesFailed_data()
{
    QTest::addColumn<HostileProvider::Mode>("mode");
    QTest::newRow("failed") << HostileProvider::Mode::StatusFailed;
    QTest::newRow("canceled") << HostileProvider::Mode::StatusCanceled;
}

void TestHostileProvider::r7_matchingRefundThatFailedClosesFailed()
{
    QFETCH(HostileProvider::Mode, mode);
    m_provider->setMode(mode);
    m_provider->setFailureReason(QStringLiteral("expired_or_canceled_card"));
    const RefundToolResult r = call(QStringLiteral("toolu_a"), m_provider->baseUrl());
    QVERIFY2(r.statusName() == QLatin1String("failed"),
             qPrintable(r.statusName() + QLatin1Char(' ') + r.reason));
    QCOMPARE(r.reason, QStringLiteral("refund_failed: expired_or_canceled_card"));
    const Operation op = m_store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Failed);
    QCOMPARE(op.failureCode, QStringLiteral("refund_failed: expired_or_canceled_card"));
    QCOMPARE(m_provider->requestCount(), 1);
    QCOMPARE(m_store->attempts(op.operationId).value().at(0).outcome, QStringLiteral("refund_failed"));
}

void TestHostileProvider::r7_matchingRefundClosesRefunded()
{
    m_provider->setMode(HostileProvider::Mode::CorrectRefund);
    const RefundToolResult r = call(QStringLiteral("toolu_a"), m_provider->baseUrl());
    QVERIFY2(r.statusName() == QLatin1String("refunded"),
             qPrintable(r.statusName() + QLatin1Char(' ') + r.reason));
    QCOMPARE(r.refundId, QStringLiteral("re_hostile_1"));
    QCOMPARE(m_provider->requestCount(), 1);
    // What was sent is what the answer was checked against (R11).
    const QUrlQuery form = m_provider->requests().first().form();
    QCOMPARE(form.queryItemValue(QStringLiteral("metadata[operation_id]")), r.operationId);
    QVERIFY(!form.hasQueryItem(QStringLiteral("currency"))); // verification only, never sent
}

void TestHostileProvider::r12_noCompleteAnswerRetriedWithSameKey_data()
{
    using M = HostileProvider::Mode;
    QTest::addColumn<HostileProvider::Mode>("mode");
    QTest::newRow("drip past the deadline") << M::Drip;
    QTest::newRow("5 MB body") << M::HugeBody;
    QTest::newRow("close without answer") << M::CloseWithoutAnswer;
}

void TestHostileProvider::r12_noCompleteAnswerRetriedWithSameKey()
{
    QFETCH(HostileProvider::Mode, mode);
    m_provider->setMode(mode);
    m_provider->setDripIntervalMs(200);
    QElapsedTimer timer;
    timer.start();
    const RefundToolResult r = call(QStringLiteral("toolu_a"), m_provider->baseUrl(), 500);
    // Three attempts of at most ~500 ms each, not minutes of dripping.
    QVERIFY2(timer.elapsed() < 6000, qPrintable(QString::number(timer.elapsed())));
    QTest::qWait(300); // a late resend would show up now
    QVERIFY2(r.statusName() == QLatin1String("unconfirmed"),
             qPrintable(r.statusName() + QLatin1Char(' ') + r.reason));
    const Operation op = m_store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Open);
    const QList<AttemptRecord> attempts = m_store->attempts(op.operationId).value();
    // R12: the provider saw exactly the attempts the log shows, every one with the row's key.
    QCOMPARE(m_provider->requestCount(), int(attempts.size()));
    QCOMPARE(op.attempts, int(attempts.size()));
    QVERIFY(attempts.size() >= 2);
    for (const AttemptRecord& attempt : attempts)
        QCOMPARE(attempt.outcome, QStringLiteral("no_response"));
    for (const HostileProvider::Request& request : m_provider->requests())
        QCOMPARE(request.idempotencyKey(), op.idempotencyKey.toLatin1());
}

void TestHostileProvider::r7_refusedConnectionIsNotSent()
{
    const RefundToolResult r = call(QStringLiteral("toolu_a"), HostileProvider::refusedUrl());
    QVERIFY2(r.statusName() == QLatin1String("unconfirmed"),
             qPrintable(r.statusName() + QLatin1Char(' ') + r.reason));
    QVERIFY2(r.reason.startsWith(QStringLiteral("not sent: ")), qPrintable(r.reason));
    QCOMPARE(m_provider->requestCount(), 0);
    const Operation op = m_store->operation(r.operationId).value();
    QCOMPARE(op.status, OperationStatus::Open);
    QCOMPARE(m_store->attempts(op.operationId).value().at(0).outcome, QStringLiteral("not_sent"));
}

QTEST_GUILESS_MAIN(TestHostileProvider)
#include "TestHostileProvider.moc"
