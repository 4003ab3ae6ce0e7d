// Every finance history figure and series (R12) on a hand-built history with known answers,
// on both engines; currency minor units.
#include "HandBuiltHistory.h"
#include "TestDatabase.h"

#include "Money.h"
#include "history/HistoryStats.h"

#include <QtTest>

namespace {
using H = HandBuiltHistory;

HistoryFilter range3Days(std::optional<OperationStatus> status = std::nullopt)
{
    return HistoryFilter{H::kDay0, H::kDay0 + 3 * H::kDayMs, status};
}
} // namespace

class TestHistoryStats : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void r12_figuresOverTheRange();
    void r12_seriesPerDayAndHistograms();
    void r12_stateFilter();
    void r12_rangeEdgesAndEmptyRange();
    void invalidRangeIsRefused();
    void definitionsExistForEveryFigure();
    void currencyUnits();

private:
    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    HandBuiltHistory m_history;
};

void TestHistoryStats::initTestCase()
{
    m_testDb = std::make_unique<TestDatabase>();
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    const QString error = m_history.build(m_testDb->url(), *m_db);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    qInfo("F: %d of %d concurrent tool calls lost the insert race", m_history.lostInsertRaces, H::kRacers);
}

void TestHistoryStats::cleanupTestCase()
{
    m_db.reset();
    m_testDb.reset();
}

void TestHistoryStats::r12_figuresOverTheRange()
{
    auto r = HistoryStats::compute(*m_db, range3Days());
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    const HistoryStats::Snapshot& s = r.value();
    QCOMPARE(s.operations, qint64(7));                       // A..G; Z and H are outside
    QCOMPARE(s.toolCalls, qint64(13));                       // 2 + 3 + 1 + 1 + 1 + 4 + 1
    QCOMPARE(s.joinedToolCalls, qint64(3 + H::kRacers - 1)); // A's repeat, B's second and third call, F's losers/joiners
    QCOMPARE(s.answeredFromRefunded, qint64(1));             // A's repeat (R5a)
    QCOMPARE(s.lostInsertRaces, qint64(m_history.lostInsertRaces));
    QVERIFY(s.lostInsertRaces <= s.joinedToolCalls);
    QCOMPARE(s.providerReplays, qint64(2)); // A #2, D #2
    QCOMPARE(s.attemptsBeyondFirst, qint64(1 + 5 + 0 + 1 + 0 + 0));
    QCOMPARE(s.refundedOperations, qint64(2)); // A, D
    QCOMPARE(s.maxRefundsPerLogicalRefund, 1);
    QCOMPARE(s.duplicatesPrevented, qint64(6 + 7));
    QCOMPARE(s.unknownOperations, qint64(1)); // B (D and E were resolved)
    QCOMPARE(s.unknownRate(), 1.0 / 7.0);
    QCOMPARE(s.unknownMoney.size(), 1);
    QCOMPARE(s.unknownMoney.first().currency, QStringLiteral("usd"));
    QCOMPARE(s.unknownMoney.first().minorUnits, qint64(5000));
    QCOMPARE(s.resolvedOperations, qint64(2));
    // Nearest rank over {3 h, 30 h}: median = rank 1, p90 = rank 2.
    QCOMPARE(s.medianResolveMs, std::optional<qint64>(3 * H::kHour));
    QCOMPARE(s.p90ResolveMs, std::optional<qint64>(30 * H::kHour));
}

void TestHistoryStats::r12_seriesPerDayAndHistograms()
{
    auto r = HistoryStats::compute(*m_db, range3Days());
    QVERIFY(r);
    const HistoryStats::Snapshot& s = r.value();
    QCOMPARE(s.days.size(), 3);
    QCOMPARE(s.days[0].startMs, H::kDay0);
    QCOMPARE(s.days[2].startMs, H::kDay0 + 2 * H::kDayMs);
    // day 0: A refunded, B unknown; prevented: A 1 retry + 1 repeat answered from its refund, B 5 retries + 2 joined calls
    QCOMPARE(s.days[0].refunded, qint64(1));
    QCOMPARE(s.days[0].unknown, qint64(1));
    QCOMPARE(s.days[0].failed, qint64(0));
    QCOMPARE(s.days[0].open, qint64(0));
    QCOMPARE(s.days[0].duplicatesPrevented, qint64(9));
    // day 1: C failed, D refunded (resolved); prevented: D 1 retry
    QCOMPARE(s.days[1].refunded, qint64(1));
    QCOMPARE(s.days[1].failed, qint64(1));
    QCOMPARE(s.days[1].duplicatesPrevented, qint64(1));
    // day 2: E failed (resolved), F and G open; prevented: F's joined calls
    QCOMPARE(s.days[2].failed, qint64(1));
    QCOMPARE(s.days[2].open, qint64(2));
    QCOMPARE(s.days[2].unknown, qint64(0));
    QCOMPARE(s.days[2].duplicatesPrevented, qint64(H::kRacers - 1));
    qint64 sum = 0;
    for (const auto& d : s.days)
        sum += d.duplicatesPrevented;
    QCOMPARE(sum, s.duplicatesPrevented);

    // attempts: 1 -> C, E, G; 2 -> A, D; 6 -> B; F has none yet.
    QCOMPARE(s.attemptsHistogram, (QList<qint64>{3, 2, 0, 0, 0, 1}));
    QCOMPARE(s.operationsWithoutAttempts, qint64(1));

    // time to resolve: 3 h in [1 h, 4 h), 30 h in [24 h, 72 h).
    QCOMPARE(s.resolveBuckets.size(), HistoryStats::resolveBucketBounds().size());
    QList<qint64> buckets;
    for (const auto& b : s.resolveBuckets)
        buckets << b.operations;
    QCOMPARE(buckets, (QList<qint64>{0, 1, 0, 1, 0, 0}));
    QCOMPARE(s.resolveBuckets[1].fromMs, H::kHour);
    QCOMPARE(s.resolveBuckets[1].toMs, 4 * H::kHour);
    QCOMPARE(s.resolveBuckets.last().toMs, qint64(0));
}

void TestHistoryStats::r12_stateFilter()
{
    auto unknown = HistoryStats::compute(*m_db, range3Days(OperationStatus::Unknown));
    QVERIFY(unknown);
    QCOMPARE(unknown.value().operations, qint64(1));
    QCOMPARE(unknown.value().toolCalls, qint64(3));
    QCOMPARE(unknown.value().joinedToolCalls, qint64(2));
    QCOMPARE(unknown.value().attemptsBeyondFirst, qint64(5));
    QCOMPARE(unknown.value().unknownRate(), 1.0);
    QCOMPARE(unknown.value().resolvedOperations, qint64(0));
    QVERIFY(!unknown.value().medianResolveMs);
    QCOMPARE(unknown.value().maxRefundsPerLogicalRefund, 0);

    auto refunded = HistoryStats::compute(*m_db, range3Days(OperationStatus::Refunded));
    QVERIFY(refunded);
    QCOMPARE(refunded.value().operations, qint64(2));
    QCOMPARE(refunded.value().providerReplays, qint64(2));
    QCOMPARE(refunded.value().attemptsBeyondFirst, qint64(2));
    QCOMPARE(refunded.value().maxRefundsPerLogicalRefund, 1);
    QCOMPARE(refunded.value().unknownMoney.size(), 0);
    QCOMPARE(refunded.value().medianResolveMs, std::optional<qint64>(3 * H::kHour));
    QCOMPARE(refunded.value().p90ResolveMs, std::optional<qint64>(3 * H::kHour));

    auto open = HistoryStats::compute(*m_db, range3Days(OperationStatus::Open));
    QVERIFY(open);
    QCOMPARE(open.value().operations, qint64(2));
    QCOMPARE(open.value().toolCalls, qint64(H::kRacers + 1));
    QCOMPARE(open.value().lostInsertRaces, qint64(m_history.lostInsertRaces));
}

void TestHistoryStats::r12_rangeEdgesAndEmptyRange()
{
    // One millisecond wider on each side takes in Z (day0 - 1 ms) and H (day3 00:00).
    auto wide =
        HistoryStats::compute(*m_db, HistoryFilter{H::kDay0 - 1, H::kDay0 + 3 * H::kDayMs + 1, std::nullopt});
    QVERIFY(wide);
    QCOMPARE(wide.value().operations, qint64(9));
    QCOMPARE(wide.value().days.size(), 5); // day -1 .. day 3
    QCOMPARE(wide.value().unknownOperations, qint64(3));
    QCOMPARE(wide.value().unknownMoney.first().minorUnits, qint64(5000 + 900 + 100));

    auto empty =
        HistoryStats::compute(*m_db, HistoryFilter{H::kDay0 + 10 * H::kDayMs, H::kDay0 + 13 * H::kDayMs, {}});
    QVERIFY(empty);
    QCOMPARE(empty.value().operations, qint64(0));
    QCOMPARE(empty.value().toolCalls, qint64(0));
    QCOMPARE(empty.value().unknownRate(), 0.0);
    QCOMPARE(empty.value().days.size(), 3);
    QVERIFY(empty.value().attemptsHistogram.isEmpty());
    QVERIFY(!empty.value().medianResolveMs);
    QVERIFY(!empty.value().p90ResolveMs);
}

void TestHistoryStats::invalidRangeIsRefused()
{
    auto r = HistoryStats::compute(*m_db, HistoryFilter{H::kDay0, H::kDay0, std::nullopt});
    QVERIFY(!r);
    QCOMPARE(r.error().code, StoreError::Code::InvalidArgument);
    QCOMPARE(r.error().field, QStringLiteral("to"));
}

void TestHistoryStats::definitionsExistForEveryFigure()
{
    QSet<QString> titles;
    for (auto f : HistoryStats::figures()) {
        QVERIFY(!HistoryStats::title(f).isEmpty());
        QVERIFY(HistoryStats::definition(f).size() > 60);
        titles.insert(HistoryStats::title(f));
    }
    QCOMPARE(titles.size(), HistoryStats::figures().size());
}

void TestHistoryStats::currencyUnits()
{
    QCOMPARE(Money::toMajor(3800, QStringLiteral("usd")), QStringLiteral("38.00"));
    QCOMPARE(Money::toMajor(5, QStringLiteral("eur")), QStringLiteral("0.05"));
    QCOMPARE(Money::toMajor(500, QStringLiteral("jpy")), QStringLiteral("500"));
    QCOMPARE(Money::toMajor(1234, QStringLiteral("KWD")), QStringLiteral("1.234"));
    QCOMPARE(Money::toMajor(1005, QStringLiteral("bhd")), QStringLiteral("1.005"));
    QCOMPARE(Money::toMajor(-250, QStringLiteral("usd")), QStringLiteral("-2.50"));
    QCOMPARE(Money::toMajor(999'999'999'999LL, QStringLiteral("usd")),
             QStringLiteral("9999999999.99"));
    QCOMPARE(Money::decimals(QStringLiteral("krw")), 0);
    QCOMPARE(Money::decimals(QStringLiteral("gbp")), 2);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestHistoryStats)
#include "TestHistoryStats.moc"
