// HistoryGenerator on both engines: the state mix, the invariants the real system keeps
// (R3, R4, R6, R7, R10), and the same rows for the same seed.
#include "TestDatabase.h"

#include "db/HistoryGenerator.h"
#include "db/OperationStore.h"

#include <QCryptographicHash>
#include <QSqlRecord>
#include <QtTest>

namespace {
constexpr qint64 kNow = 1'780'000'000'000LL;   // a fixed present, so two runs are identical
constexpr qint64 kHourMs = 3600LL * 1000;
constexpr qint64 kOps = 2000;

qint64 scalar(Database& db, const QString& sql, const QVariantList& binds = {})
{
    auto q = db.run(sql, binds);
    if (!q || !q.value().next())
        return -1;
    return q.value().value(0).toLongLong();
}

/** A digest of every generated row that does not depend on the engine. */
QByteArray fingerprint(Database& db)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const QStringList queries = {
        QStringLiteral("SELECT operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
                       "updated_at, key_expires_at, closed_at, provider_refund_id, unknown_reason, failure_code FROM refund_ops "
                       "ORDER BY operation_id"),
        QStringLiteral("SELECT operation_id, attempt_no, tool_call_id, started_at, outcome, http_status FROM refund_attempts "
                       "ORDER BY operation_id, attempt_no"),
        QStringLiteral("SELECT tool_call_id, operation_id, lost_insert_race, result_status, started_at FROM tool_calls "
                       "ORDER BY tool_call_id"),
        QStringLiteral("SELECT order_id, amount_cents, currency, payment_intent, created_at FROM orders ORDER BY order_id"),
    };
    for (const QString& sql : queries) {
        auto q = db.run(sql);
        if (!q)
            return {};
        while (q.value().next()) {
            for (int i = 0; i < q.value().record().count(); ++i)
                hash.addData(q.value().value(i).toString().toUtf8() + '|');
            hash.addData("\n");
        }
    }
    return hash.result().toHex();
}
} // namespace

class TestHistoryGenerator : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void mixRoughlyMatches();
    void invariantsHold();
    void sameSeedSameRows();
    void sameSeedTwiceIsRefused();
    void otherSeedAddsMore();
    void unknownShareTakesFromOpen();

private:
    std::unique_ptr<TestDatabase> m_testDb;
    std::unique_ptr<Database> m_db;
    HistoryGenerator::Summary m_summary;
};

void TestHistoryGenerator::initTestCase()
{
    m_testDb = std::make_unique<TestDatabase>();
    QVERIFY2(m_testDb->isValid(), qPrintable(m_testDb->error()));
    m_db = m_testDb->openMigrated();
    QVERIFY(m_db);
    HistoryGenerator::Options options;
    options.operations = kOps;
    options.seed = 7;
    options.nowMs = kNow;
    options.operationsPerTransaction = 700;   // several transactions and a remainder
    int progressCalls = 0;
    options.progress = [&](qint64 done, qint64 total) {
        ++progressCalls;
        QCOMPARE(total, kOps);
        QVERIFY(done <= total);
    };
    auto r = HistoryGenerator(*m_db).generate(options);
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    m_summary = r.value();
    QCOMPARE(progressCalls, 3);
}

void TestHistoryGenerator::mixRoughlyMatches()
{
    QCOMPARE(m_summary.operations, kOps);
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops")), kOps);
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_attempts")), m_summary.attempts);
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM tool_calls")), m_summary.toolCalls);
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM orders")), m_summary.orders);
    OperationStore store(*m_db);
    const auto counts = store.stateCounts(kNow).value();
    QCOMPARE(counts.refunded, m_summary.refunded);
    QCOMPARE(counts.open, m_summary.open);
    QCOMPARE(counts.keyExpiringSoon, m_summary.keyExpiringSoon);
    auto share = [](qint64 n) { return double(n) / double(kOps); };
    // 2,000 draws: each share is within a few points of its weight.
    QVERIFY2(qAbs(share(counts.refunded) - 0.70) < 0.05, qPrintable(QString::number(counts.refunded)));
    QVERIFY2(qAbs(share(counts.failed) - 0.10) < 0.03, qPrintable(QString::number(counts.failed)));
    QVERIFY2(qAbs(share(counts.unknown) - 0.08) < 0.03, qPrintable(QString::number(counts.unknown)));
    QVERIFY2(qAbs(share(counts.open) - 0.12) < 0.03, qPrintable(QString::number(counts.open)));
    QVERIFY(counts.keyExpiringSoon >= 20);
    for (const char* currency : {"usd", "eur", "gbp", "try", "rub"})
        QVERIFY(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE currency = ?"), {QString::fromLatin1(currency)}) > 0);
    QVERIFY(scalar(*m_db, QStringLiteral("SELECT count(*) FROM tool_calls WHERE lost_insert_race = 1")) > 0);
    QVERIFY(scalar(*m_db, QStringLiteral("SELECT count(*) FROM tool_calls WHERE created_operation = 0 AND lost_insert_race = 0 "
                                         "AND operation_id IS NOT NULL")) > 0);   // joined calls
    QVERIFY(scalar(*m_db, QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'resolve'")) > 0);
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT min(created_at) >= ? AND max(updated_at) <= ? FROM refund_ops"),
                    {kNow - 100 * 24 * kHourMs, kNow}),
             qint64(1));
}

void TestHistoryGenerator::invariantsHold()
{
    // R3: at most one open/unknown row per (order, amount) (the index would have refused it anyway).
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM (SELECT order_id, amount_cents FROM refund_ops WHERE status IN "
                                          "('open','unknown') GROUP BY order_id, amount_cents HAVING count(*) > 1) x")),
             qint64(0));
    // R5: no order refunds more than its total.
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM orders o WHERE o.amount_cents < (SELECT COALESCE(SUM(r.amount_cents), 0) "
                                          "FROM refund_ops r WHERE r.order_id = o.order_id AND r.status <> 'failed')")),
             qint64(0));
    // R6: attempts within the budget, numbered 1..n, all with the row's key (R2).
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE attempts > 6")), qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops r WHERE attempts <> (SELECT count(*) FROM refund_attempts a "
                                          "WHERE a.operation_id = r.operation_id)")),
             qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_attempts a JOIN refund_ops r ON r.operation_id = a.operation_id "
                                          "WHERE a.idempotency_key <> r.idempotency_key OR a.attempt_no > r.attempts")),
             qint64(0));
    // R7: refunded rows have the refund id, and (unless a reviewer resolved them) a succeeded last attempt.
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'refunded' AND "
                                          "(provider_refund_id IS NULL OR provider_refund_id NOT LIKE 're\\_%' ESCAPE '\\')")),
             qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops r JOIN refund_attempts a ON a.operation_id = r.operation_id "
                                          "AND a.attempt_no = r.attempts WHERE r.status = 'refunded' AND r.resolved_by IS NULL "
                                          "AND a.outcome <> 'succeeded'")),
             qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_attempts WHERE outcome = 'succeeded' AND operation_id NOT IN "
                                          "(SELECT operation_id FROM refund_ops WHERE status = 'refunded')")),
             qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'failed' AND failure_code IS NULL")), qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'unknown' AND unknown_reason IS NULL")), qint64(0));
    // R9: six attempts without a result means unknown (or a reviewer's resolution).
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'open' AND attempts >= 6")), qint64(0));
    // R10: open rows are still within their key retention; retention-passed rows really passed it.
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'open' AND key_expires_at <= ?"), {kNow}),
             qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE key_expires_at <> first_attempt_at + ?"),
                    {24 * kHourMs}),
             qint64(0));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE unknown_reason = 'key_retention_passed' AND "
                                          "key_expires_at > ?"),
                    {kNow}),
             qint64(0));
    // R16: a reviewer resolves failed only after the retention passed.
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'failed' AND resolved_by IS NOT NULL "
                                          "AND resolved_at < key_expires_at")),
             qint64(0));
    // R4: the database still refuses to change a closed row.
    auto closed = m_db->run(QStringLiteral("UPDATE refund_ops SET status = 'open' WHERE operation_id = "
                                           "(SELECT min(operation_id) FROM refund_ops WHERE status = 'refunded')"));
    QVERIFY(!closed);
}

void TestHistoryGenerator::sameSeedSameRows()
{
    TestDatabase other;
    REFUND_OPEN_OR_FAIL(db, other);
    HistoryGenerator::Options options;
    options.operations = kOps;
    options.seed = 7;
    options.nowMs = kNow;   // one transaction this time: batching does not change the rows
    QVERIFY(HistoryGenerator(*db).generate(options));
    const QByteArray a = fingerprint(*m_db);
    QVERIFY(!a.isEmpty());
    QCOMPARE(fingerprint(*db), a);

    TestDatabase third;
    REFUND_OPEN_OR_FAIL(db3, third);
    options.seed = 8;
    QVERIFY(HistoryGenerator(*db3).generate(options));
    QVERIFY(fingerprint(*db3) != a);
}

void TestHistoryGenerator::sameSeedTwiceIsRefused()
{
    HistoryGenerator::Options options;
    options.operations = 10;
    options.seed = 7;
    options.nowMs = kNow;
    auto r = HistoryGenerator(*m_db).generate(options);
    QVERIFY(!r);
    QCOMPARE(r.error().code, StoreError::Code::AlreadyExists);
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops")), kOps);
}

void TestHistoryGenerator::otherSeedAddsMore()
{
    HistoryGenerator::Options options;
    options.operations = 100;
    options.seed = 9;
    options.nowMs = kNow;
    QVERIFY(HistoryGenerator(*m_db).generate(options));
    QCOMPARE(scalar(*m_db, QStringLiteral("SELECT count(*) FROM refund_ops")), kOps + 100);
}

// db generate --unknown-share (the console benchmark's 100,000 unknown of 1,000,000): more
// unknown rows, taken from the open ones; refunded and failed keep their weights.
void TestHistoryGenerator::unknownShareTakesFromOpen()
{
    TestDatabase other;
    REFUND_OPEN_OR_FAIL(db, other);
    HistoryGenerator::Options options;
    options.operations = kOps;
    options.seed = 7;
    options.nowMs = kNow;
    options.unknownShare = 0.18;
    auto r = HistoryGenerator(*db).generate(options);
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    const auto counts = OperationStore(*db).stateCounts(kNow).value();
    auto share = [](qint64 n) { return double(n) / double(kOps); };
    QVERIFY2(qAbs(share(counts.unknown) - 0.18) < 0.03, qPrintable(QString::number(counts.unknown)));
    QVERIFY2(share(counts.open) < 0.05, qPrintable(QString::number(counts.open)));
    QVERIFY2(qAbs(share(counts.refunded) - 0.70) < 0.05, qPrintable(QString::number(counts.refunded)));
    QVERIFY2(qAbs(share(counts.failed) - 0.10) < 0.03, qPrintable(QString::number(counts.failed)));
    QCOMPARE(counts.unknown, r.value().unknown);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestHistoryGenerator)
#include "TestHistoryGenerator.moc"
