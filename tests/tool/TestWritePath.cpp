// The write path near its floor (issue 13, item 2): a successful tool call commits twice (the
// open with its first counted attempt before the send, R2/R6; the answer with the close and the
// tool call's result after it, R7/R12), and on PostgreSQL its statements stay prepared on the
// connection instead of being prepared and deallocated for every query.
#include "LogicalRefundCheck.h"
#include "RefundToolFixture.h"

#include <QSqlDriver>
#include <QTest>

#include <sqlite3.h>

class TestWritePath : public QObject
{
    Q_OBJECT

private slots:
    void r6_successfulCallIsTwoCommits();
    void r2_failedSendLeavesRowAndCountedAttemptCommitted();
    void r12_writePathStatementsStayPreparedPerConnection();
    void r21_rowLockedPastLockTimeoutAnswersBusyAndSendsNothing();
    void r8_unknownRowLockedPastLockTimeoutAnswersChecking();
};

namespace {
// A person's session holding the row as its UPDATE would (FOR NO KEY UPDATE) in a transaction
// left open; the tool's connection gets a short lock_timeout. Null when the lock was not taken.
std::unique_ptr<Database> holdRow(RefundToolFixture& f, const QString& operationId)
{
    auto person = Database::open(f.testDb.url());
    if (!person || !person.value()->beginWrite())
        return nullptr;
    auto held = person.value()->run(
        QStringLiteral("SELECT 1 FROM refund_ops WHERE operation_id = ? FOR NO KEY UPDATE"), {operationId});
    if (!held || !f.db->runScript(QStringLiteral("SET lock_timeout = '300ms'")))
        return nullptr;
    held.value().finish();
    return std::move(person).value();
}

int countCommit(void* counter)
{
    ++*static_cast<int*>(counter);
    return 0; // 0: let the commit happen
}
} // namespace

void TestWritePath::r6_successfulCallIsTwoCommits()
{
    if (TestDatabase::currentEngine() != QLatin1String("sqlite"))
        QSKIP("commits are counted with SQLite's commit hook; PostgreSQL is counted by the benchmark");
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("w-1"), 3800));
    QVERIFY(f.addOrder(QStringLiteral("w-2"), 3800));
    const QVariant handle = f.db->connection().driver()->handle();
    QVERIFY(handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0);
    sqlite3* h = *static_cast<sqlite3* const*>(handle.data());
    QVERIFY(h);
    RefundTool tool(*f.db, *f.provider, f.clock);
    int commits = 0;
    sqlite3_commit_hook(h, countCommit, &commits);
    auto r = tool.call({QStringLiteral("toolu_1"), QStringLiteral("w-1"), 1000});
    QVERIFY(r);
    QCOMPARE(r.value().status, RefundToolResult::Status::Refunded);
    QCOMPARE(commits, 2);
    // A call that finds the refund already done (R5a) sends nothing and commits its tool call.
    commits = 0;
    auto again = tool.call({QStringLiteral("toolu_2"), QStringLiteral("w-1"), 1000});
    QVERIFY(again);
    QCOMPARE(again.value().note, RefundToolResult::alreadyRefundedNote());
    QCOMPARE(commits, 2); // the tool call's row, then its result
    commits = 0;
    auto other = tool.call({QStringLiteral("toolu_3"), QStringLiteral("w-2"), 1000});
    QVERIFY(other);
    QCOMPARE(other.value().status, RefundToolResult::Status::Refunded);
    QCOMPARE(commits, 2);
    sqlite3_commit_hook(h, nullptr, nullptr);
    QCOMPARE(f.refundsExecuted(), 2);
    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
}

void TestWritePath::r2_failedSendLeavesRowAndCountedAttemptCommitted()
{
    // The first commit holds the row, its key and the counted attempt before anything is sent:
    // with the provider unreachable the attempt is given back (not_sent), and the row, its key
    // and the tool call stay for the next call, which sends that key.
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("w-3"), 3800));
    ProviderConfig nowhere;
    nowhere.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
    nowhere.apiKey = f.sandbox.secretKey();
    nowhere.requestTimeoutMs = 2000;
    ProviderClient down(nowhere);
    RefundTool offline(*f.db, down, f.clock);
    offline.setSleeper([](int) {});
    auto first = offline.call({QStringLiteral("toolu_1"), QStringLiteral("w-3"), 1000});
    QVERIFY(first);
    QCOMPARE(first.value().status, RefundToolResult::Status::Unconfirmed);
    auto op = f.store->activeOperation(QStringLiteral("w-3"), 1000).value();
    QVERIFY(op);
    QCOMPARE(op->notSentAttempts, 1);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_attempts WHERE outcome = 'not_sent'")),
             qint64(1));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE result_status = 'unconfirmed'")),
             qint64(1));
    const auto again = f.call(QStringLiteral("toolu_2"), QStringLiteral("w-3"), 1000);
    QCOMPARE(again.status, RefundToolResult::Status::Refunded);
    const QJsonObject byKey =
        f.sandbox.stats().value(QStringLiteral("refunds_by_idempotency_key")).toObject();
    QCOMPARE(byKey.keys(), QStringList{op->idempotencyKey});
}

void TestWritePath::r12_writePathStatementsStayPreparedPerConnection()
{
    if (TestDatabase::currentEngine() != QLatin1String("postgresql"))
        QSKIP("SQLite prepares in process; the cache is for PostgreSQL");
    REFUND_FIXTURE_OR_FAIL(f);
    for (int i = 0; i < 6; ++i)
        QVERIFY(f.addOrder(QStringLiteral("p-%1").arg(i), 2000));
    RefundTool tool(*f.db, *f.provider, f.clock);
    // The names of the statements prepared on this connection (Qt numbers each PREPARE anew),
    // the query asking excluded.
    const auto prepared = [&f] {
        auto q =
            f.db->run(QStringLiteral("SELECT name FROM pg_prepared_statements "
                                     "WHERE statement NOT LIKE '%pg_prepared_statements%' ORDER BY name"));
        QStringList names;
        while (q && q.value().next())
            names << q.value().value(0).toString();
        return names;
    };
    for (int i = 0; i < 2; ++i)
        QVERIFY(tool.call({QStringLiteral("toolu_w%1").arg(i), QStringLiteral("p-%1").arg(i), 1000}));
    const QStringList warm = prepared();
    // The hot statements of a call (settings, sweep, order lock, logical-refund look, insert,
    // tool call, claim, attempt, answer) live on the connection; a fresh QSqlQuery per
    // statement would have deallocated them all.
    QVERIFY2(warm.size() >= 9, qPrintable(warm.join(QLatin1Char(' '))));
    QCOMPARE(warm.size(), f.db->preparedCount());
    for (int i = 2; i < 6; ++i) {
        auto r = tool.call({QStringLiteral("toolu_w%1").arg(i), QStringLiteral("p-%1").arg(i), 1000});
        QVERIFY(r);
        QCOMPARE(r.value().status, RefundToolResult::Status::Refunded);
    }
    QCOMPARE(prepared(), warm); // the same statements, reused: none prepared again
    QCOMPARE(f.refundsExecuted(), 6);
}

void TestWritePath::r21_rowLockedPastLockTimeoutAnswersBusyAndSendsNothing()
{
    if (TestDatabase::currentEngine() != QLatin1String("postgresql"))
        QSKIP("row locks and lock_timeout are PostgreSQL's");
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("b-1"), 3800));
    auto opened = f.store->openOrJoin(QStringLiteral("b-1"), 1000, QStringLiteral("toolu_0"));
    QVERIFY(opened);
    const QString opId = opened.value().operation.operationId;
    // A person's session holds the row past the tool's lock_timeout.
    auto person = holdRow(f, opId);
    QVERIFY(person);
    RefundTool tool(*f.db, *f.provider, f.clock);
    auto busy = tool.call({QStringLiteral("toolu_1"), QStringLiteral("b-1"), 1000});
    QVERIFY2(busy, qPrintable(busy ? QString() : busy.error().message));
    QCOMPARE(busy.value().status, RefundToolResult::Status::Unconfirmed);
    QCOMPARE(busy.value().operationId, opId);
    QCOMPARE(busy.value().reason, QStringLiteral("operation database busy"));
    QCOMPARE(f.requestsTotal(), 0);
    person->rollback();
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE result_status = 'unconfirmed'")),
             qint64(1));
    QCOMPARE(f.scalar(QStringLiteral("SELECT attempts FROM refund_ops WHERE operation_id = ?"), {opId}),
             qint64(0));
    // Once the person lets go, the next call sends the row's key.
    auto done = tool.call({QStringLiteral("toolu_2"), QStringLiteral("b-1"), 1000});
    QVERIFY(done);
    QCOMPARE(done.value().status, RefundToolResult::Status::Refunded);
    QCOMPARE(f.refundsExecuted(), 1);
}

// R8 under R21's lock: a call on an unknown row that a person's session holds still answers
// `checking` (not an error), sends nothing, and its call is logged.
void TestWritePath::r8_unknownRowLockedPastLockTimeoutAnswersChecking()
{
    if (TestDatabase::currentEngine() != QLatin1String("postgresql"))
        QSKIP("row locks and lock_timeout are PostgreSQL's");
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("b-2"), 3800));
    auto opened = f.store->openOrJoin(QStringLiteral("b-2"), 1000, QStringLiteral("toolu_0"));
    QVERIFY(opened);
    const QString opId = opened.value().operation.operationId;
    QVERIFY(f.store->claimAttempt(opId, QStringLiteral("toolu_0"), 6, 24 * 3600 * 1000LL));
    QVERIFY(f.store->markUnknown(opId, QStringLiteral("attempt_budget_exhausted")));
    auto person = holdRow(f, opId);
    QVERIFY(person);
    RefundTool tool(*f.db, *f.provider, f.clock);
    auto r = tool.call({QStringLiteral("toolu_1"), QStringLiteral("b-2"), 1000});
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(r.value().status, RefundToolResult::Status::Checking);
    QCOMPARE(r.value().operationId, opId);
    QCOMPARE(f.requestsTotal(), 0);
    person->rollback();
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE result_status = 'checking'")),
             qint64(1));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestWritePath)
#include "TestWritePath.moc"
