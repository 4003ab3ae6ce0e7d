// `refund-tool review lookup` and `review resolve` against the real sandbox-provider (R13, R15,
// R16, R17, issue 11): the lookup prints JSON with started_at, and resolve goes through the same
// door as the console, with exit 0 resolved, 2 refused (the rule in the message), 3 someone
// else resolved it first.
#include "../tool/RefundToolFixture.h"
#include "CliRun.h"

#include "cli/RefundToolCli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QString kPost = QStringLiteral("POST");
const QString kRefunds = QStringLiteral("/v1/refunds");

} // namespace

class TestReviewResolveCli : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void r16_lookupThenResolveRefunded_exitCodes();
    void r16_failedNeedsALookupStartedAfterExpiry();
    void r16_failedWaitsForTheLastAttemptsDeadline();
    void r13_lookupRefusesASecretKey();

private:
    QString makeTimedOutUnknown(const QString& orderId, qint64 amount);
    QString makeSaved500Unknown(const QString& orderId, qint64 amount);
    /** Runs `review lookup`, stores its JSON in a file; returns the file (empty on failure). */
    QString lookupToFile(const QString& operationId, QJsonObject* json = nullptr);
    CliRun resolve(const QString& operationId, const QString& as, const QString& evidence);

    std::unique_ptr<RefundToolFixture> m_f;
    QTemporaryDir m_dir;
    int m_calls = 0;
    int m_files = 0;
};

void TestReviewResolveCli::init()
{
    m_f = std::make_unique<RefundToolFixture>();
    QVERIFY2(m_f->start(), qPrintable(m_f->error));
    qputenv("PROVIDER_API_KEY", m_f->sandbox.readKey().toUtf8()); // R13: the read-only key
}

void TestReviewResolveCli::cleanup()
{
    qunsetenv("PROVIDER_API_KEY");
    m_f.reset();
}

QString TestReviewResolveCli::makeTimedOutUnknown(const QString& orderId, qint64 amount)
{
    if (!m_f->addOrder(orderId, amount + 100000))
        return {};
    m_f->sandbox.addFault(kPost, kRefunds, QStringLiteral("drop_after_commit"), 100);
    m_f->call(QStringLiteral("toolu_%1").arg(++m_calls), orderId, amount);
    const RefundToolResult r = m_f->call(QStringLiteral("toolu_%1").arg(++m_calls), orderId, amount);
    m_f->sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"));
    return r.statusName() == QLatin1String("checking") ? r.operationId : QString();
}

QString TestReviewResolveCli::makeSaved500Unknown(const QString& orderId, qint64 amount)
{
    if (!m_f->addOrder(orderId, amount))
        return {};
    m_f->sandbox.addFault(kPost, kRefunds, QStringLiteral("status_500"), 1);
    const RefundToolResult r = m_f->call(QStringLiteral("toolu_%1").arg(++m_calls), orderId, amount);
    return r.statusName() == QLatin1String("checking") ? r.operationId : QString();
}

QString TestReviewResolveCli::lookupToFile(const QString& operationId, QJsonObject* json)
{
    const CliRun r = runCli({QStringLiteral("review"), QStringLiteral("lookup"), QStringLiteral("--db"),
                             m_f->testDb.url(), QStringLiteral("--provider-url"),
                             m_f->sandbox.baseUrl().toString(), QStringLiteral("--operation"), operationId});
    if (r.code != 0) {
        qWarning("review lookup exited %d: %s", r.code, qPrintable(r.err));
        return {};
    }
    const QString path = m_dir.filePath(QStringLiteral("lookup-%1.json").arg(++m_files));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(r.out.toUtf8());
    if (json)
        *json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    return path;
}

CliRun TestReviewResolveCli::resolve(const QString& operationId, const QString& as, const QString& evidence)
{
    return runCli({QStringLiteral("review"), QStringLiteral("resolve"), QStringLiteral("--db"),
                   m_f->testDb.url(), QStringLiteral("--operation"), operationId, QStringLiteral("--as"), as,
                   QStringLiteral("--evidence"), evidence, QStringLiteral("--note"),
                   QStringLiteral("checked with refund-tool review lookup"), QStringLiteral("--actor"),
                   QStringLiteral("ana")});
}

void TestReviewResolveCli::r16_lookupThenResolveRefunded_exitCodes()
{
    const QString opId = makeTimedOutUnknown(QStringLiteral("8101"), 3800);
    QVERIFY(!opId.isEmpty());
    QJsonObject json;
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    const QString file = lookupToFile(opId, &json);
    QVERIFY(!file.isEmpty());
    QCOMPARE(json.value(QStringLiteral("operation_id")).toString(), opId);
    QVERIFY(qint64(json.value(QStringLiteral("started_at")).toDouble()) >= before);
    QCOMPARE(json.value(QStringLiteral("refunds")).toArray().size(), 1);
    QCOMPARE(json.value(QStringLiteral("proposal")).toString(), QStringLiteral("refunded"));

    // "No refund was made" with a succeeded refund in the evidence: refused by R16, exit 2.
    const CliRun asFailed = resolve(opId, QStringLiteral("failed"), file);
    QCOMPARE(asFailed.code, 2);
    QVERIFY2(asFailed.err.contains(QLatin1String("R16")), qPrintable(asFailed.err));
    QCOMPARE(m_f->store->operation(opId).value().status, OperationStatus::Unknown);

    // Evidence of another operation: refused before anything is written.
    const CliRun wrongOp = resolve(QStringLiteral("op_someoneelse"), QStringLiteral("refunded"), file);
    QCOMPARE(wrongOp.code, 2);

    const CliRun ok = resolve(opId, QStringLiteral("refunded"), file);
    QVERIFY2(ok.code == 0, qPrintable(ok.err));
    const Operation op = m_f->store->operation(opId).value();
    QCOMPARE(op.status, OperationStatus::Refunded);
    QCOMPARE(op.providerRefundId, json.value(QStringLiteral("refunds"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("refund"))
                                      .toObject()
                                      .value(QStringLiteral("id"))
                                      .toString());

    // Someone resolved it first (here: us): exit 3, nothing written.
    const CliRun again = resolve(opId, QStringLiteral("refunded"), file);
    QCOMPARE(again.code, 3);
    QVERIFY2(again.err.contains(QLatin1String("already resolved")), qPrintable(again.err));
    const auto audit = m_f->store->auditEntries(opId).value();
    QCOMPARE(audit.size(), 1);
    QVERIFY(audit.first().details.value(QStringLiteral("lookup_started_at")).toDouble() > 0);
}

void TestReviewResolveCli::r16_failedNeedsALookupStartedAfterExpiry()
{
    const QString opId = makeSaved500Unknown(QStringLiteral("8201"), 1200);
    QVERIFY(!opId.isEmpty());
    QJsonObject json;
    const QString early = lookupToFile(opId, &json);
    QVERIFY(!early.isEmpty());
    QCOMPARE(json.value(QStringLiteral("refunds")).toArray().size(), 0);
    // The key is live: the original request could still execute.
    const CliRun live = resolve(opId, QStringLiteral("failed"), early);
    QCOMPARE(live.code, 2);
    QVERIFY2(live.err.contains(QLatin1String("R16")), qPrintable(live.err));

    // The retention is shortened (R10 clamp: the deadline may only move earlier) to just after that
    // lookup started. Now is past the deadline, but the lookup that started before it still
    // cannot show that no refund was made.
    const qint64 started = qint64(json.value(QStringLiteral("started_at")).toDouble());
    QVERIFY(m_f->db->run(QStringLiteral("UPDATE refund_ops SET key_expires_at = ? WHERE operation_id = ?"),
                         {started + 1, opId}));
    QTest::qWait(5);
    const CliRun stale = resolve(opId, QStringLiteral("failed"), early);
    QCOMPARE(stale.code, 2);
    QVERIFY2(stale.err.contains(QLatin1String("started")), qPrintable(stale.err));
    QCOMPARE(m_f->store->operation(opId).value().status, OperationStatus::Unknown);
    QCOMPARE(m_f->store->auditEntries(opId).value().size(), 0);

    // A lookup that starts after the expiry can.
    const QString fresh = lookupToFile(opId);
    QVERIFY(!fresh.isEmpty());
    const CliRun ok = resolve(opId, QStringLiteral("failed"), fresh);
    QVERIFY2(ok.code == 0, qPrintable(ok.err));
    const Operation op = m_f->store->operation(opId).value();
    QCOMPARE(op.status, OperationStatus::Failed);
    QCOMPARE(op.failureCode, QStringLiteral("no_refund_found"));
}

// R16 with the R10 clamp: an attempt sent under a long retention (API v2) can still be on the
// wire when an admin shortens the retention (v1) and the sweep parks the row unknown with its key
// already "expired". A lookup that started before that attempt's deadline cannot prove that no
// refund was made: the request may still execute after the lookup read the provider. (Found by
// the deterministic simulation; before the fix this resolved `failed` and the customer could be
// paid again.)
void TestReviewResolveCli::r16_failedWaitsForTheLastAttemptsDeadline()
{
    const QString opId = makeSaved500Unknown(QStringLiteral("8301"), 1500);
    QVERIFY(!opId.isEmpty());
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // The key expired a minute ago (clamped); the last attempt, still without an answer, has its
    // deadline a minute ahead.
    QVERIFY(m_f->db->run(QStringLiteral("UPDATE refund_ops SET key_expires_at = ? WHERE operation_id = ?"),
                         {now - 60000, opId}));
    QVERIFY(m_f->db->run(QStringLiteral("UPDATE refund_attempts SET deadline_at = ?, outcome = 'in_flight' "
                                        "WHERE operation_id = ? AND "
                                        "attempt_no = (SELECT max(attempt_no) FROM refund_attempts WHERE "
                                        "operation_id = ?)"),
                         {now + 60000, opId, opId}));
    QJsonObject json;
    const QString early = lookupToFile(opId, &json);
    QVERIFY(!early.isEmpty());
    QCOMPARE(json.value(QStringLiteral("refunds")).toArray().size(), 0);
    const CliRun onTheWire = resolve(opId, QStringLiteral("failed"), early);
    QCOMPARE(onTheWire.code, 2);
    QVERIFY2(onTheWire.err.contains(QLatin1String("R16")) && onTheWire.err.contains(QLatin1String("deadline")),
             qPrintable(onTheWire.err));
    QCOMPARE(m_f->store->operation(opId).value().status, OperationStatus::Unknown);
    QCOMPARE(m_f->store->auditEntries(opId).value().size(), 0);

    // Once the deadline has passed, a lookup that starts after it can.
    QVERIFY(m_f->db->run(QStringLiteral("UPDATE refund_attempts SET deadline_at = ? WHERE operation_id = ?"),
                         {QDateTime::currentMSecsSinceEpoch() - 1, opId}));
    const QString fresh = lookupToFile(opId);
    QVERIFY(!fresh.isEmpty());
    const CliRun ok = resolve(opId, QStringLiteral("failed"), fresh);
    QVERIFY2(ok.code == 0, qPrintable(ok.err));
    QCOMPARE(m_f->store->operation(opId).value().status, OperationStatus::Failed);
}

void TestReviewResolveCli::r13_lookupRefusesASecretKey()
{
    qputenv("PROVIDER_API_KEY", m_f->sandbox.secretKey().toUtf8());
    const CliRun r =
        runCli({QStringLiteral("review"), QStringLiteral("lookup"), QStringLiteral("--db"), m_f->testDb.url(),
                QStringLiteral("--provider-url"), m_f->sandbox.baseUrl().toString(),
                QStringLiteral("--operation"), QStringLiteral("op_x")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("R13")), qPrintable(r.err));
}

REFUND_TEST_MAIN_ALL_ENGINES(TestReviewResolveCli)
#include "TestReviewResolveCli.moc"
