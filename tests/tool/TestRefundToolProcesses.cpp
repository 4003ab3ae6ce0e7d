// refund-tool refund as separate processes, the way an agent runtime runs it: concurrent
// callers (R3), a tool killed mid-call (R2), the CLI contract (R8: one JSON object, exit codes).
#include "LogicalRefundCheck.h"
#include "RefundToolFixture.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

namespace {
struct Run
{
    int exitCode = -1;
    bool crashed = false;
    QString out;
    QString err;
};

QStringList refundArgs(const RefundToolFixture& f, const QString& toolCall, const QString& order, const QString& amount)
{
    return {QStringLiteral("refund"),       QStringLiteral("--db"),     f.testDb.url(),
            QStringLiteral("--provider-url"), f.sandbox.baseUrl().toString(), QStringLiteral("--tool-call-id"),
            toolCall,                       QStringLiteral("--order"),  order,
            QStringLiteral("--amount-cents"), amount};
}

QStringList withRef(QStringList args, const QString& requestRef)
{
    if (!requestRef.isEmpty())
        args << QStringLiteral("--request-ref") << requestRef;
    return args;
}

QProcess* startTool(const QStringList& args, const QString& key, const QString& crashPoint = {})
{
    auto* p = new QProcess;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (key.isNull())
        env.remove(QStringLiteral("PROVIDER_API_KEY"));
    else
        env.insert(QStringLiteral("PROVIDER_API_KEY"), key);
    if (!crashPoint.isEmpty())
        env.insert(QStringLiteral("REFUND_TOOL_CRASH_POINT"), crashPoint);
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(REFUND_TOOL_BIN), args);
    return p;
}

Run finish(QProcess* p)
{
    Run r;
    if (p->waitForFinished(120000)) {
        r.crashed = p->exitStatus() == QProcess::CrashExit;
        r.exitCode = r.crashed ? -1 : p->exitCode();
    }
    r.out = QString::fromUtf8(p->readAllStandardOutput());
    r.err = QString::fromUtf8(p->readAllStandardError());
    delete p;
    return r;
}

Run runTool(const QStringList& args, const QString& key, const QString& crashPoint = {})
{
    return finish(startTool(args, key, crashPoint));
}

QJsonObject onlyJsonObject(const Run& r)
{
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() != 1)
        return {};
    QJsonParseError e{};
    const QJsonDocument doc = QJsonDocument::fromJson(lines.first().toUtf8(), &e);
    return doc.isObject() ? doc.object() : QJsonObject();
}
} // namespace

class TestRefundToolProcesses : public QObject
{
    Q_OBJECT

private slots:
    void r3_eightConcurrentProcessesOneRowOneRefund();
    void r2_killedAfterCommitResendsSameKey_data();
    void r2_killedAfterCommitResendsSameKey();
    void r8_usageAndConfigurationErrorsExit2_data();
    void r8_usageAndConfigurationErrorsExit2();
    void r22_keyNeverPrinted();
    void r23_eightProcessesThreeRoundsOneRefundAtTheProvider();
    void r23_fourSequentialCallsOneRefund();
    void r5a_killedBeforeAnswerRetryAnswersSameRefundSendsNothing_data();
    void r5a_killedBeforeAnswerRetryAnswersSameRefundSendsNothing();
};

namespace {
int refundPosts(RefundToolFixture& f)
{
    return f.sandbox.stats().value(QStringLiteral("refund_posts_total")).toInt();
}
} // namespace

void TestRefundToolProcesses::r3_eightConcurrentProcessesOneRowOneRefund()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("8x"), 3800));
    constexpr int kProcesses = 8;
    // Room for every process's attempts: this test is about one row and one refund, not about
    // 409s from a slow first request using up the operation's budget (which is legal, R6).
    QVERIFY(SettingsStore(*f.db).set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("24"),
                                     QStringLiteral("test"), QStringLiteral("admin")));
    QList<QProcess*> running;
    for (int i = 0; i < kProcesses; ++i)
        running << startTool(refundArgs(f, QStringLiteral("toolu_p%1").arg(i), QStringLiteral("8x"), QStringLiteral("3800")),
                             f.sandbox.secretKey());
    QStringList statuses;
    QSet<QString> refundIds;
    QSet<QString> opIds;
    for (QProcess* p : running) {
        const Run r = finish(p);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject o = onlyJsonObject(r);
        QVERIFY2(!o.isEmpty(), qPrintable(r.out));
        const QString status = o.value(QStringLiteral("status")).toString();
        statuses << status;
        if (status == QLatin1String("refunded"))
            refundIds << o.value(QStringLiteral("refund_id")).toString();
        // Concurrent calls see the refund, are told it is not confirmed yet, or - arriving after the
        // operation closed - are turned away by R5 because nothing is left to refund. Never a second refund.
        if (status == QLatin1String("rejected")) {
            QVERIFY2(o.value(QStringLiteral("reason")).toString().contains(QLatin1String("refundable amount is 0")), qPrintable(r.out));
            continue;
        }
        QVERIFY2(status == QLatin1String("refunded") || status == QLatin1String("unconfirmed")
                     || status == QLatin1String("checking"),
                 qPrintable(r.out));
        opIds << o.value(QStringLiteral("operation_id")).toString();
    }
    QCOMPARE(opIds.size(), 1);
    QVERIFY(statuses.contains(QStringLiteral("refunded")));
    QCOMPARE(refundIds.size(), 1);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls")), qint64(kProcesses));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE created_operation = 1")), qint64(1));
    QCOMPARE(f.refundsExecuted(), 1);
    QVERIFY(f.scalar(QStringLiteral("SELECT max(attempts) FROM refund_ops")) <= 24);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'refunded'")), qint64(1));
}

void TestRefundToolProcesses::r2_killedAfterCommitResendsSameKey_data()
{
    QTest::addColumn<QString>("crashPoint");
    QTest::addColumn<int>("attemptsAfterCrash");
    QTest::newRow("row committed, nothing sent") << "after_open" << 0;
    QTest::newRow("attempt counted, request not sent") << "after_claim" << 1;
}

void TestRefundToolProcesses::r2_killedAfterCommitResendsSameKey()
{
    QFETCH(QString, crashPoint);
    QFETCH(int, attemptsAfterCrash);
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("kill-1"), 1500));
    const Run killed = runTool(refundArgs(f, QStringLiteral("toolu_1"), QStringLiteral("kill-1"), QStringLiteral("1500")),
                               f.sandbox.secretKey(), crashPoint);
    QVERIFY2(killed.crashed, qPrintable(killed.out + killed.err));
    QVERIFY(killed.out.isEmpty());
    QCOMPARE(f.requestsTotal(), 0);
    auto op = f.store->activeOperation(QStringLiteral("kill-1"), 1500).value();
    QVERIFY(op);
    QCOMPARE(op->status, OperationStatus::Open);
    QCOMPARE(op->attempts, attemptsAfterCrash);

    // The agent retries after the crash: the new process reads the key from the row.
    const Run again = runTool(refundArgs(f, QStringLiteral("toolu_2"), QStringLiteral("kill-1"), QStringLiteral("1500")),
                              f.sandbox.secretKey());
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(onlyJsonObject(again).value(QStringLiteral("status")).toString(), QStringLiteral("refunded"));
    const QJsonObject byKey = f.sandbox.stats().value(QStringLiteral("refunds_by_idempotency_key")).toObject();
    QCOMPARE(byKey.keys(), QStringList{op->idempotencyKey});
    QCOMPARE(f.refundsExecuted(), 1);
    const auto attempts = f.store->attempts(op->operationId).value();
    QCOMPARE(attempts.size(), attemptsAfterCrash + 1);
    for (const AttemptRecord& a : attempts)
        QCOMPARE(a.idempotencyKey, op->idempotencyKey);
}

void TestRefundToolProcesses::r8_usageAndConfigurationErrorsExit2_data()
{
    QTest::addColumn<QString>("order");
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("providerUrl");
    QTest::addColumn<bool>("withKey");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown order") << "nope" << "100" << "" << true << "nope";
    QTest::newRow("negative") << "cli-1" << "-5" << "" << true << "amount-cents";
    QTest::newRow("zero") << "cli-1" << "0" << "" << true << "amount-cents";
    QTest::newRow("non-numeric") << "cli-1" << "1,00" << "" << true << "amount-cents";
    QTest::newRow("huge") << "cli-1" << "123456789012345678901" << "" << true << "amount-cents";
    QTest::newRow("provider url") << "cli-1" << "100" << "ftp://x" << true << "provider-url";
    QTest::newRow("no key") << "cli-1" << "100" << "" << false << "PROVIDER_API_KEY";
    QTest::newRow("read-only key") << "cli-1" << "100" << "rk" << true << "read-only";
}

void TestRefundToolProcesses::r8_usageAndConfigurationErrorsExit2()
{
    QFETCH(QString, order);
    QFETCH(QString, amount);
    QFETCH(QString, providerUrl);
    QFETCH(bool, withKey);
    QFETCH(QString, mentions);
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("cli-1"), 1000));
    QStringList args = refundArgs(f, QStringLiteral("toolu_1"), order, amount);
    QString key = withKey ? f.sandbox.secretKey() : QString();
    if (providerUrl == QLatin1String("rk"))
        key = f.sandbox.readKey();   // a read-only key can never create a refund: refused before any row
    else if (!providerUrl.isEmpty())
        args[args.indexOf(QStringLiteral("--provider-url")) + 1] = providerUrl;
    const Run r = runTool(args, key);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
    // Nothing written, nothing sent.
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(0));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls")), qint64(0));
    QCOMPARE(f.requestsTotal(), 0);
}

void TestRefundToolProcesses::r22_keyNeverPrinted()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("key-1"), 1000));
    QVERIFY(f.sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("status_500"), 1));
    QProcessEnvironment env;
    const Run r = runTool(refundArgs(f, QStringLiteral("toolu_1"), QStringLiteral("key-1"), QStringLiteral("1000")),
                          f.sandbox.secretKey());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(onlyJsonObject(r).value(QStringLiteral("status")).toString(), QStringLiteral("checking"));
    QVERIFY(!r.err.isEmpty());   // it did log
    QVERIFY(!r.out.contains(f.sandbox.secretKey()));
    QVERIFY(!r.err.contains(f.sandbox.secretKey()));
    QVERIFY(!r.err.contains(QLatin1String("refund_test_pw")));
}

// Issue 10, item 1: 8 concurrent processes for one logical refund, three rounds, each after
// the previous one closed. Callers that reach the lock after the close must answer from the
// refund (R5a), not open a second operation that R5 still has room for (3800 vs 1000).
void TestRefundToolProcesses::r23_eightProcessesThreeRoundsOneRefundAtTheProvider()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("R1"), 3800));
    constexpr int kProcesses = 8;
    // Room for 409s from overlapping requests (legal, R6): this test is about refunds, not budgets.
    QVERIFY(SettingsStore(*f.db).set(QStringLiteral("max_attempts_per_operation"), QStringLiteral("24"),
                                     QStringLiteral("test"), QStringLiteral("admin")));
    QSet<QString> refundIds;
    QSet<QString> opIds;
    for (int round = 0; round < 3; ++round) {
        QList<QProcess*> running;
        for (int i = 0; i < kProcesses; ++i)
            running << startTool(refundArgs(f, QStringLiteral("toolu_r%1_p%2").arg(round).arg(i),
                                            QStringLiteral("R1"), QStringLiteral("1000")),
                                 f.sandbox.secretKey());
        for (QProcess* p : running) {
            const Run r = finish(p);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const QJsonObject o = onlyJsonObject(r);
            const QString status = o.value(QStringLiteral("status")).toString();
            // No faults: every caller sees the one refund. `unconfirmed`/`checking` only when a
            // concurrent in-flight request made the provider answer 409 (the one fault this test
            // can meet). Never rejected, never a second operation.
            const bool waited = status == QLatin1String("unconfirmed") || status == QLatin1String("checking");
            QVERIFY2(
                status == QLatin1String("refunded") ||
                    (waited && f.sandbox.stats().value(QStringLiteral("conflicts_409_total")).toInt() > 0),
                qPrintable(QStringLiteral("round %1: %2").arg(round).arg(r.out)));
            opIds << o.value(QStringLiteral("operation_id")).toString();
            if (status == QLatin1String("refunded"))
                refundIds << o.value(QStringLiteral("refund_id")).toString();
        }
        QVERIFY2(
            refundIds.size() == 1,
            qPrintable(QStringLiteral("round %1: refund ids %2")
                           .arg(round)
                           .arg(QStringList(refundIds.begin(), refundIds.end()).join(QLatin1Char(' ')))));
        if (round == 0) {
            // Everything after this round is a repeat: the provider must see no new request.
            QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'refunded'")),
                     qint64(1));
        }
    }
    QCOMPARE(opIds.size(), 1);
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(1));
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls")), qint64(3 * kProcesses));
    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    QCOMPARE(check.refundsAtProvider, 1);
    QCOMPARE(f.refundsExecuted(), 1);
}

// Issue 10, item 1: four sequential calls gave three refunds (the fourth rejected only by R5).
void TestRefundToolProcesses::r23_fourSequentialCallsOneRefund()
{
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("R1"), 3800));
    QString refundId;
    QString opId;
    int postsAfterFirst = 0;
    for (int i = 0; i < 4; ++i) {
        const Run r = runTool(
            refundArgs(f, QStringLiteral("toolu_seq%1").arg(i), QStringLiteral("R1"), QStringLiteral("1000")),
            f.sandbox.secretKey());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject o = onlyJsonObject(r);
        QVERIFY2(o.value(QStringLiteral("status")).toString() == QLatin1String("refunded"),
                 qPrintable(r.out));
        if (i == 0) {
            refundId = o.value(QStringLiteral("refund_id")).toString();
            opId = o.value(QStringLiteral("operation_id")).toString();
            postsAfterFirst = refundPosts(f);
            continue;
        }
        QCOMPARE(o.value(QStringLiteral("refund_id")).toString(), refundId);
        QCOMPARE(o.value(QStringLiteral("operation_id")).toString(), opId);
        QCOMPARE(o.value(QStringLiteral("note")).toString(),
                 QStringLiteral("Already refunded; nothing new was sent."));
        QCOMPARE(refundPosts(f), postsAfterFirst);
    }
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM tool_calls WHERE answered_from_refunded = 1")),
             qint64(3));
    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    QCOMPARE(check.refundsAtProvider, 1);
}

void TestRefundToolProcesses::r5a_killedBeforeAnswerRetryAnswersSameRefundSendsNothing_data()
{
    QTest::addColumn<QString>("requestRef");
    QTest::newRow("no request ref") << QString();
    QTest::newRow("request ref T-1") << QStringLiteral("T-1");
}

// Issue 10, item 1: the tool is killed after the row closed `refunded` but before the agent
// heard it; the agent retries with a new tool-call id. The retry must answer with that refund and
// send nothing. A second logical refund (another request ref, same amount) is its own refund.
void TestRefundToolProcesses::r5a_killedBeforeAnswerRetryAnswersSameRefundSendsNothing()
{
    QFETCH(QString, requestRef);
    REFUND_FIXTURE_OR_FAIL(f);
    QVERIFY(f.addOrder(QStringLiteral("R1"), 3800));
    const Run killed = runTool(
        withRef(refundArgs(f, QStringLiteral("toolu_1"), QStringLiteral("R1"), QStringLiteral("1000")),
                requestRef),
        f.sandbox.secretKey(), QStringLiteral("before_answer"));
    QVERIFY2(killed.crashed, qPrintable(killed.out + killed.err));
    QVERIFY(killed.out.isEmpty());
    QCOMPARE(f.scalar(QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'refunded'")),
             qint64(1));
    auto q = f.db->run(QStringLiteral("SELECT operation_id, provider_refund_id FROM refund_ops"));
    QVERIFY(q && q.value().next());
    const QString opId = q.value().value(0).toString();
    const QString refundId = q.value().value(1).toString();
    q.value().finish();
    const int posts = refundPosts(f);
    QCOMPARE(posts, 1);

    const Run again = runTool(
        withRef(refundArgs(f, QStringLiteral("toolu_2"), QStringLiteral("R1"), QStringLiteral("1000")),
                requestRef),
        f.sandbox.secretKey());
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    const QJsonObject o = onlyJsonObject(again);
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("refunded"));
    QCOMPARE(o.value(QStringLiteral("refund_id")).toString(), refundId);
    QCOMPARE(o.value(QStringLiteral("operation_id")).toString(), opId);
    QCOMPARE(o.value(QStringLiteral("note")).toString(),
             QStringLiteral("Already refunded; nothing new was sent."));
    QCOMPARE(refundPosts(f), posts);
    QCOMPARE(f.refundsExecuted(), 1);

    LogicalRefundCheck check;
    QString why;
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    if (requestRef.isEmpty())
        return;

    // Another ticket asks for the same amount: a different logical refund (R5 has room: 3800).
    const Run other = runTool(
        withRef(refundArgs(f, QStringLiteral("toolu_3"), QStringLiteral("R1"), QStringLiteral("1000")),
                QStringLiteral("T-2")),
        f.sandbox.secretKey());
    QVERIFY2(other.exitCode == 0, qPrintable(other.err));
    const QJsonObject o2 = onlyJsonObject(other);
    QCOMPARE(o2.value(QStringLiteral("status")).toString(), QStringLiteral("refunded"));
    QVERIFY(o2.value(QStringLiteral("refund_id")).toString() != refundId);
    QVERIFY(!o2.contains(QStringLiteral("note")) || o2.value(QStringLiteral("note")).toString().isEmpty());
    QVERIFY2(check.check(*f.db, f.sandbox, &why), qPrintable(why));
    QCOMPARE(check.refundsAtProvider, 2);
}

REFUND_TEST_MAIN_ALL_ENGINES(TestRefundToolProcesses)
#include "TestRefundToolProcesses.moc"
