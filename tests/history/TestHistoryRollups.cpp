// Schema v6 (issue 12 item 4): the per-day history rollups equal a full recomputation from the
// rows after random histories written by raw SQL (commits and rollbacks, every kind of row
// change the guard allows), after writer processes killed with SIGKILL at random points (the
// bulk generator, `refund-tool refund` at its crash points), and HistoryStats over ranges with
// partial days equals a brute-force computation (R12). Both engines.
#include "RefundToolFixture.h"
#include "RollupOracle.h"
#include "TestDatabase.h"

#include "db/SchemaMigrator.h"
#include "history/HistoryStats.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>

#include <csignal>
#include <thread>
#include <vector>

namespace {
constexpr qint64 kHour = 3600LL * 1000;
constexpr qint64 kDay = 24 * kHour;
constexpr qint64 kDay0 = 1'795'478'400'000LL; // 2026-11-24T00:00:00Z

qint64 scalar(Database& db, const QString& sql)
{
    auto q = db.run(sql);
    if (!q || !q.value().next())
        return -1;
    return q.value().value(0).toLongLong();
}

QString pick(Database& db, const QString& sql)
{
    auto q = db.run(sql);
    if (!q || !q.value().next())
        return {};
    return q.value().value(0).toString();
}

/** Random row changes of the kinds the v4 guard allows, by the schema owner's raw SQL. */
class RandomWriter
{
public:
    RandomWriter(Database& db, quint32 seed, const QString& idPrefix = QStringLiteral("r"))
        : m_db(db)
        , m_random(seed)
        , m_prefix(idPrefix)
    {
    }

    // created_at: spread over a week around kDay0, often exactly on or next to a midnight.
    qint64 createdAt()
    {
        const qint64 day = kDay0 + (qint64(m_random.bounded(7)) - 2) * kDay;
        switch (m_random.bounded(4)) {
        case 0:
            return day;
        case 1:
            return day - 1;
        default:
            return day + qint64(m_random.bounded(int(kDay / 1000))) * 1000 + m_random.bounded(1000);
        }
    }

    bool step()
    {
        const qint64 now = kDay0 + 10 * kDay + m_counter;
        switch (m_random.bounded(11)) {
        case 0:
        case 1: { // a new operation and the tool call that opened it
            const QString n = m_prefix + QString::number(++m_counter);
            const QString order = QStringLiteral("o") + n, op = QStringLiteral("op_r") + n;
            const QString currency = m_random.bounded(3) == 0 ? QStringLiteral("eur") : QStringLiteral("usd");
            const qint64 at = createdAt();
            const qint64 amount = 100 + m_random.bounded(9000);
            return m_db.run(QStringLiteral("INSERT INTO orders (order_id, amount_cents, currency, "
                                           "payment_intent, created_at) "
                                           "VALUES (?, ?, ?, ?, ?)"),
                            {order, amount, currency, QStringLiteral("pi_") + n, at})
                       .ok() &&
                   m_db.run(QStringLiteral(
                                "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                                "idempotency_key, status, attempts, created_at, updated_at) "
                                "VALUES (?, ?, ?, ?, ?, 'open', 0, ?, ?)"),
                            {op, order, amount, currency, QStringLiteral("key-") + n, at, at})
                       .ok() &&
                   call(op, true);
        }
        case 2: { // another tool call joins (a retry, a lost race, answered from a refunded row)
            const QString op =
                pick(m_db, QStringLiteral("SELECT operation_id FROM refund_ops ORDER BY random() LIMIT 1"));
            return op.isEmpty() || call(op, false);
        }
        case 3: { // an attempt: the counter and its row, sometimes a provider replay
            const QString op =
                pick(m_db, QStringLiteral("SELECT operation_id FROM refund_ops WHERE status = 'open' "
                                          "AND attempts < 6 ORDER BY random() LIMIT 1"));
            if (op.isEmpty())
                return true;
            return m_db.run(QStringLiteral(
                                "UPDATE refund_ops SET attempts = attempts + 1, first_attempt_at = "
                                "COALESCE(first_attempt_at, ?), last_attempt_at = ?, updated_at = ? "
                                "WHERE operation_id = ?"),
                            {now, now, now, op})
                       .ok() &&
                   m_db.run(QStringLiteral(
                                "INSERT INTO refund_attempts (operation_id, tool_call_id, attempt_no, "
                                "idempotency_key, started_at, outcome, replayed) SELECT operation_id, "
                                "'toolu_r', attempts, idempotency_key, ?, 'succeeded', ? FROM refund_ops "
                                "WHERE operation_id = ?"),
                            {now, m_random.bounded(3) == 0 ? 1 : 0, op})
                       .ok();
        }
        case 4: // an attempt's answer recorded later: replayed flips
            return m_db
                .run(QStringLiteral("UPDATE refund_attempts SET replayed = 1 - replayed WHERE id = "
                                    "(SELECT id FROM refund_attempts ORDER BY random() LIMIT 1)"))
                .ok();
        case 5: // a tool call's result recorded later
            return m_db
                .run(QStringLiteral(
                    "UPDATE tool_calls SET answered_from_refunded = 1 - answered_from_refunded WHERE id = "
                    "(SELECT id FROM tool_calls ORDER BY random() LIMIT 1)"))
                .ok();
        case 6: { // an open row closes: refunded, failed or unknown
            const QString op = pick(
                m_db,
                QStringLiteral(
                    "SELECT operation_id FROM refund_ops WHERE status = 'open' ORDER BY random() LIMIT 1"));
            if (op.isEmpty())
                return true;
            const int how = m_random.bounded(3);
            const QString sql =
                how == 0 ? QStringLiteral("UPDATE refund_ops SET status = 'refunded', provider_refund_id = "
                                          "'re_' || operation_id, "
                                          "provider_status = 'succeeded', closed_at = ?, updated_at = ? "
                                          "WHERE operation_id = ?")
                : how == 1
                    ? QStringLiteral(
                          "UPDATE refund_ops SET status = 'failed', failure_code = 'amount_too_large', "
                          "closed_at = ?, updated_at = ? WHERE operation_id = ?")
                    : QStringLiteral(
                          "UPDATE refund_ops SET status = 'unknown', unknown_reason = 'no_response', "
                          "last_attempt_at = ?, updated_at = ? WHERE operation_id = ?");
            return m_db.run(sql, {now, now, op}).ok();
        }
        case 7: { // a reviewer resolves an unknown row (time to resolve: minutes to days)
            const QString op = pick(m_db, QStringLiteral("SELECT operation_id FROM refund_ops WHERE status = "
                                                         "'unknown' ORDER BY random() LIMIT 1"));
            if (op.isEmpty())
                return true;
            const qint64 after = qint64(m_random.bounded(200)) * 20 * 60 * 1000 + m_random.bounded(1000);
            const QString sql =
                m_random.bounded(2) == 0
                    ? QStringLiteral(
                          "UPDATE refund_ops SET status = 'refunded', provider_refund_id = 're_' || "
                          "operation_id, "
                          "resolved_by = 'alice', resolved_at = created_at + ?, closed_at = created_at + ?, "
                          "updated_at = ? WHERE operation_id = ?")
                    : QStringLiteral(
                          "UPDATE refund_ops SET status = 'failed', failure_code = 'no_refund_found', "
                          "resolved_by = 'bob', resolved_at = created_at + ?, closed_at = created_at + ?, "
                          "updated_at = ? WHERE operation_id = ?");
            return m_db.run(sql, {after, after, now, op}).ok();
        }
        case 8: // a tool call row removed by hand
            return m_db
                .run(QStringLiteral("DELETE FROM tool_calls WHERE id = (SELECT id FROM tool_calls ORDER BY "
                                    "random() LIMIT 1)"))
                .ok();
        case 9: { // a tool call moved onto another operation by hand
            const QString op =
                pick(m_db, QStringLiteral("SELECT operation_id FROM refund_ops ORDER BY random() LIMIT 1"));
            return op.isEmpty() ||
                   m_db.run(QStringLiteral("UPDATE tool_calls SET operation_id = ? WHERE id = "
                                           "(SELECT id FROM tool_calls ORDER BY random() LIMIT 1)"),
                            {op})
                       .ok();
        }
        default: // a rejected call: no operation, not part of any figure
            return m_db
                .run(QStringLiteral(
                         "INSERT INTO tool_calls (tool_call_id, order_id, amount_cents, operation_id, "
                         "started_at) VALUES ('toolu_rej', 'none', 1, NULL, ?)"),
                     {now})
                .ok();
        }
    }

private:
    bool call(const QString& op, bool created)
    {
        return m_db
            .run(QStringLiteral(
                     "INSERT INTO tool_calls (tool_call_id, order_id, amount_cents, operation_id, "
                     "created_operation, lost_insert_race, answered_from_refunded, started_at) "
                     "SELECT ?, order_id, amount_cents, operation_id, ?, ?, ?, created_at FROM refund_ops "
                     "WHERE operation_id = ?"),
                 {QStringLiteral("toolu_%1%2").arg(m_prefix).arg(++m_counter), created ? 1 : 0,
                  !created && m_random.bounded(4) == 0 ? 1 : 0, !created && m_random.bounded(4) == 0 ? 1 : 0,
                  op})
            .ok();
    }

    Database& m_db;
    QRandomGenerator m_random;
    QString m_prefix;
    qint64 m_counter = 0;
};

} // namespace

class TestHistoryRollups : public QObject
{
    Q_OBJECT

private slots:
    void r12_rollupsEqualRecomputationAfterRandomHistory();
    void r12_statsOverPartialDaysEqualBruteForce();
    void r12_backfillOfExistingRowsEqualsRecomputation();
    void r12_concurrentWritersOnTheSameDaysKeepRollupsExact();
    void r12_rollupsSurviveKilledGenerator();
    void r12_rollupsSurviveKilledRefundTool();

private:
    /** Writes a random history of `transactions` transactions (about 1 in 5 rolled back). */
    void writeRandomHistory(Database& db, quint32 seed, int transactions,
                            const QString& idPrefix = QStringLiteral("r"), bool quiet = false);
};

void TestHistoryRollups::writeRandomHistory(Database& db, quint32 seed, int transactions,
                                            const QString& idPrefix, bool quiet)
{
    RandomWriter writer(db, seed, idPrefix);
    QRandomGenerator coin(seed ^ 0x5bd1e995u);
    int committed = 0, rolledBack = 0;
    for (int t = 0; t < transactions; ++t) {
        WriteTransaction tx(db);
        if (!tx.begin()) { // SQLite: the busy timeout passed under another writer; nothing was written
            ++rolledBack;
            continue;
        }
        bool ok = true;
        const int steps = 1 + coin.bounded(6);
        for (int s = 0; s < steps && ok; ++s)
            ok = writer.step();
        if (ok && coin.bounded(5) != 0 && tx.commit()) {
            ++committed;
        } else {
            tx.rollback(); // a refused change (the guard) or a writer that gives up: nothing of it stays
            ++rolledBack;
        }
    }
    if (!quiet)
        qInfo("seed %u: %d transactions committed, %d rolled back", seed, committed, rolledBack);
}

void TestHistoryRollups::r12_rollupsEqualRecomputationAfterRandomHistory()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    const quint32 seed = QRandomGenerator::global()->generate();
    for (int round = 0; round < 4; ++round) {
        writeRandomHistory(*db, seed + round, 150);
        const QString diff = RollupOracle::compare(*db);
        QVERIFY2(diff.isEmpty(),
                 qPrintable(QStringLiteral("seed %1 round %2:\n%3").arg(seed).arg(round).arg(diff)));
    }
    QVERIFY(RollupOracle::compare(*db).isEmpty());
}

void TestHistoryRollups::r12_statsOverPartialDaysEqualBruteForce()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    const quint32 seed = QRandomGenerator::global()->generate();
    writeRandomHistory(*db, seed, 400);
    QRandomGenerator random(seed);
    const QList<std::optional<OperationStatus>> statuses = {
        std::nullopt, OperationStatus::Open, OperationStatus::Unknown, OperationStatus::Refunded,
        OperationStatus::Failed};
    for (int i = 0; i < 60; ++i) {
        // Bounds on a midnight, a millisecond next to one, or anywhere in the week.
        auto bound = [&] {
            const qint64 day = kDay0 + (qint64(random.bounded(9)) - 3) * kDay;
            const int how = random.bounded(4);
            return how == 0   ? day
                   : how == 1 ? day - 1
                   : how == 2 ? day + 1
                              : day + random.bounded(int(kDay / 1000)) * 1000LL;
        };
        qint64 from = bound(), to = bound();
        if (from == to)
            to += 1;
        if (from > to)
            std::swap(from, to);
        const HistoryFilter filter{from, to, statuses.at(random.bounded(int(statuses.size())))};
        const QString diff = RollupOracle::compareStats(*db, filter);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(diff)));
    }
}

void TestHistoryRollups::r12_backfillOfExistingRowsEqualsRecomputation()
{
    // A database with history written before v6: drop what v6 made, write rows without
    // triggers, then run the v6 step again (the backfill) and compare.
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    const QStringList drop = db->isSqlite() ? QStringList{QStringLiteral("history_ops_insert"),
                                                          QStringLiteral("history_ops_update"),
                                                          QStringLiteral("history_ops_delete"),
                                                          QStringLiteral("history_calls_insert"),
                                                          QStringLiteral("history_calls_update"),
                                                          QStringLiteral("history_calls_delete"),
                                                          QStringLiteral("history_attempts_insert"),
                                                          QStringLiteral("history_attempts_update"),
                                                          QStringLiteral("history_attempts_delete")}
                                            : QStringList{};
    for (const QString& trigger : drop)
        QVERIFY(db->runScript(QStringLiteral("DROP TRIGGER ") + trigger));
    if (db->isPostgres()) {
        for (const char* fn : {"history_rollup_operation", "history_rollup_tool_call",
                               "history_rollup_attempt", "history_rollup_truncate"})
            QVERIFY(db->runScript(QStringLiteral("DROP FUNCTION %1() CASCADE").arg(QLatin1String(fn))));
    }
    QVERIFY(db->runScript(QStringLiteral("DROP TABLE history_day_ops")));
    QVERIFY(db->runScript(QStringLiteral("DROP TABLE history_day_resolves")));
    QVERIFY(db->run(QStringLiteral("DELETE FROM schema_migrations WHERE version = 6")));
    QCOMPARE(SchemaMigrator::check(*db).error().code, StoreError::Code::SchemaOutdated);
    writeRandomHistory(*db, QRandomGenerator::global()->generate(), 200);
    auto v = SchemaMigrator::migrate(*db);
    QVERIFY2(v, qPrintable(v ? QString() : v.error().message));
    QVERIFY(SchemaMigrator::check(*db).ok());
    const QString diff = RollupOracle::compare(*db);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    // And the triggers are back: more history keeps them equal.
    writeRandomHistory(*db, QRandomGenerator::global()->generate(), 100);
    QVERIFY(RollupOracle::compare(*db).isEmpty());
}

void TestHistoryRollups::r12_concurrentWritersOnTheSameDaysKeepRollupsExact()
{
    // Four connections write random histories at once over the same week, so their transactions
    // add to the same day's rollup rows concurrently (PostgreSQL: INSERT ... ON CONFLICT DO
    // UPDATE under row locks; a transaction PostgreSQL aborts, e.g. as a deadlock victim over
    // the operations themselves, rolls back whole). Afterwards the rollups equal a recomputation.
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    const quint32 seed = QRandomGenerator::global()->generate();
    std::vector<std::thread> writers;
    for (int w = 0; w < 4; ++w) {
        writers.emplace_back([&, w] {
            auto conn = t.open();
            if (!conn)
                return;
            writeRandomHistory(*conn, seed + w, 120, QStringLiteral("w%1x").arg(w), /*quiet=*/true);
            conn.reset();
        });
    }
    for (std::thread& th : writers)
        th.join();
    QVERIFY(scalar(*db, QStringLiteral("SELECT count(*) FROM refund_ops")) > 50);
    const QString diff = RollupOracle::compare(*db);
    QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("seed %1:\n%2").arg(seed).arg(diff)));
}

void TestHistoryRollups::r12_rollupsSurviveKilledGenerator()
{
    TestDatabase t;
    REFUND_OPEN_OR_FAIL(db, t);
    // Not a fresh database, so the generator keeps its indexes (it defers them only when empty).
    writeRandomHistory(*db, 1, 20);
    QRandomGenerator random(QRandomGenerator::global()->generate());
    for (int round = 0; round < 3; ++round) {
        QProcess p;
        p.start(QStringLiteral(REFUND_TOOL_BIN),
                {QStringLiteral("db"), QStringLiteral("generate"), QStringLiteral("--db"), t.url(),
                 QStringLiteral("--ops"), QStringLiteral("200000"), QStringLiteral("--seed"),
                 QString::number(100 + round)});
        QVERIFY(p.waitForStarted());
        // SIGKILL at a random moment: round 0 inside the first bulk transaction (50,000 operations),
        // later rounds after at least one committed, anywhere in the next one.
        QElapsedTimer sinceStart;
        sinceStart.start();
        QByteArray err;
        if (round > 0) {
            while (!err.contains("generated") && p.state() != QProcess::NotRunning &&
                   sinceStart.elapsed() < 300000) {
                p.waitForReadyRead(1000);
                err += p.readAllStandardError();
            }
        }
        const int waitMs = 300 + random.bounded(3000);
        p.waitForFinished(waitMs);
        if (p.state() != QProcess::NotRunning) {
            ::kill(pid_t(p.processId()), SIGKILL);
            QVERIFY(p.waitForFinished(30000));
        }
        err += p.readAllStandardError();
        qInfo("round %d: generator killed %d ms after %s (%lld ms in all)", round, waitMs,
              err.contains("generated") ? "a commit" : "its start", qint64(sinceStart.elapsed()));
        auto reopened = t.open(); // a new connection, as after a crash (SQLite: WAL recovery)
        QVERIFY(reopened);
        const QString diff = RollupOracle::compare(*reopened);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("round %1:\n%2").arg(round).arg(diff)));
    }
}

void TestHistoryRollups::r12_rollupsSurviveKilledRefundTool()
{
    RefundToolFixture f;
    QVERIFY2(f.start(), qPrintable(f.error));
    QRandomGenerator random(QRandomGenerator::global()->generate());
    const QStringList points = {QString(), QStringLiteral("after_open"), QStringLiteral("after_claim"),
                                QStringLiteral("before_answer")};
    for (int i = 0; i < 6; ++i)
        QVERIFY2(f.addOrder(QStringLiteral("k%1").arg(i), 5000), qPrintable(f.error));
    for (int round = 0; round < 3; ++round) {
        QList<QProcess*> running;
        for (int i = 0; i < 6; ++i) {
            auto* p = new QProcess;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("PROVIDER_API_KEY"), f.sandbox.secretKey());
            const QString point = points.at(random.bounded(int(points.size())));
            if (!point.isEmpty())
                env.insert(QStringLiteral("REFUND_TOOL_CRASH_POINT"), point);
            p->setProcessEnvironment(env);
            p->start(QStringLiteral(REFUND_TOOL_BIN),
                     {QStringLiteral("refund"), QStringLiteral("--db"), f.testDb.url(),
                      QStringLiteral("--provider-url"), f.sandbox.baseUrl().toString(),
                      QStringLiteral("--tool-call-id"), QStringLiteral("toolu_k%1_%2").arg(i).arg(round),
                      QStringLiteral("--order"), QStringLiteral("k%1").arg(i),
                      QStringLiteral("--amount-cents"), QString::number(1000 + 100 * (i % 2))});
            running << p;
        }
        // Some are killed from outside at a random moment as well.
        QTest::qWait(random.bounded(400));
        for (QProcess* p : std::as_const(running)) {
            if (random.bounded(3) == 0 && p->state() != QProcess::NotRunning)
                ::kill(pid_t(p->processId()), SIGKILL);
        }
        for (QProcess* p : std::as_const(running)) {
            if (p->state() != QProcess::NotRunning)
                QVERIFY(p->waitForFinished(120000));
            delete p;
        }
        auto reopened = f.testDb.open();
        QVERIFY(reopened);
        const QString diff = RollupOracle::compare(*reopened);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("round %1:\n%2").arg(round).arg(diff)));
    }
    // The tool wrote something the rollups count.
    auto all = HistoryStats::compute(*f.db, HistoryFilter{0, 4'000'000'000'000LL, std::nullopt});
    QVERIFY(all);
    QVERIFY(all.value().operations > 0);
    QVERIFY(all.value().toolCalls > all.value().operations);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestHistoryRollups)
#include "TestHistoryRollups.moc"
