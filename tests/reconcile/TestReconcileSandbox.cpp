// Issue 14 end to end (R24, R25, R4, R5a, C15): the real sandbox-provider delivers signed events to
// a real `refund-tool webhook` process, or `refund-tool reconcile --watch` pulls them; the refund
// tool runs in-process against the same sandbox. Refunds and deliveries are counted at the
// sandbox, never only in our tables. SQLite (the webhook and reconcile processes share the file).
#include "../tool/RefundToolFixture.h"

#include "reconcile/WebhookSignature.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QProcess>
#include <QTcpServer>
#include <QtTest>

#include <csignal>

namespace {

quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

struct Post
{
    int status = 0;
    QJsonObject body;
};

Post postTo(const QUrl& url, const QByteArray& body, const QByteArray& signature)
{
    QNetworkAccessManager nam;
    QNetworkRequest req(url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (!signature.isNull())
        req.setRawHeader("Stripe-Signature", signature);
    QNetworkReply* reply = nam.post(req, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    loop.exec();
    Post p;
    p.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    p.body = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return p;
}

} // namespace

class TestReconcileSandbox : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { TestDatabase::setCurrentEngine(QStringLiteral("sqlite")); }
    void init();
    void cleanup();
    void r24_webhookSettlesUnknownThenLateFailureReversesAndTryAgainOpensOne();
    void r25_webhookRefusesForgedStaleOversizedAndIgnoresReplays();
    void r24_duplicatedAndReorderedDeliveriesEndInOneState();
    void r24_c15_webhookRacesTheToolsOwnClose();
    void r24_reconcileWatchResumesAfterKillWithoutMissingOrRepeating();

private:
    bool startWebhook();
    QProcess* startReconcile(const QStringList& extra);
    QString statusOf(const QString& op)
    {
        auto q = m_f->db->run(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = ?"), {op});
        return q && q.value().next() ? q.value().value(0).toString() : QString();
    }
    qint64 audits(const QString& op)
    {
        return m_f->scalar(
            QStringLiteral(
                "SELECT count(*) FROM audit_log WHERE operation_id = ? AND action IN ('resolve', 'reverse')"),
            {op});
    }
    int refundsAtSandbox(const QString& paymentIntent)
    {
        return m_f->sandbox.stats()
            .value(QStringLiteral("refunds_by_payment_intent"))
            .toObject()
            .value(paymentIntent)
            .toInt();
    }
    QString paymentOf(const QString& order) { return m_f->store->order(order).value().paymentIntent; }
    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("PROVIDER_API_KEY"), m_f->sandbox.readKey());
        e.insert(QStringLiteral("PROVIDER_URL"), m_f->sandbox.baseUrl().toString());
        e.insert(QStringLiteral("STRIPE_WEBHOOK_SECRET"), m_secret);
        e.insert(QStringLiteral("REFUND_LOG_FILE"), m_logDir.filePath(QStringLiteral("refund-tool.log")));
        return e;
    }
    /** One attempt per operation, and that attempt's answer dropped after the refund executed: unknown. */
    QString unknownOperationWithExecutedRefund(const QString& order, qint64 amount, const QString& toolCall)
    {
        if (!m_f->sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                   QStringLiteral("drop_after_commit")))
            return {};
        const RefundToolResult r = m_f->call(toolCall, order, amount);
        return r.status == RefundToolResult::Status::Checking ? r.operationId : QString();
    }

    std::unique_ptr<RefundToolFixture> m_f;
    std::unique_ptr<QProcess> m_webhook;
    quint16 m_webhookPort = 0;
    QString m_secret;
    QTemporaryDir m_logDir;
};

void TestReconcileSandbox::init()
{
    SandboxProcess::Options options;
    options.extraArgs = {QStringLiteral("--webhook-retry-base-ms"), QStringLiteral("200")};
    m_f = std::make_unique<RefundToolFixture>(options);
    QVERIFY2(m_f->start(), qPrintable(m_f->error));
    SettingsStore settings(*m_f->db, m_f->clock);
    QVERIFY(settings.setMany({{QStringLiteral("max_attempts_per_call"), QStringLiteral("1")},
                              {QStringLiteral("max_attempts_per_operation"), QStringLiteral("1")}},
                             QStringLiteral("test"), QStringLiteral("admin")));
    m_secret.clear();
}

void TestReconcileSandbox::cleanup()
{
    if (m_webhook) {
        m_webhook->terminate();
        m_webhook->waitForFinished(5000);
        m_webhook.reset();
    }
    m_f.reset();
}

bool TestReconcileSandbox::startWebhook()
{
    m_webhookPort = freePort();
    int status = 0;
    const QJsonObject endpoint = m_f->sandbox.control(
        "POST", QStringLiteral("/_sandbox/webhook_endpoints"),
        QJsonObject{
            {QStringLiteral("url"), QStringLiteral("http://127.0.0.1:%1/stripe/webhook").arg(m_webhookPort)}},
        &status);
    m_secret = endpoint.value(QStringLiteral("secret")).toString();
    if (m_secret.isEmpty()) {
        qWarning("webhook endpoint not registered (HTTP %d)", status);
        return false;
    }
    m_webhook = std::make_unique<QProcess>();
    m_webhook->setProcessEnvironment(env());
    m_webhook->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_webhook->start(QStringLiteral(REFUND_TOOL_BIN),
                     {QStringLiteral("webhook"), QStringLiteral("--db"), m_f->testDb.url(),
                      QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(m_webhookPort)});
    if (!m_webhook->waitForStarted(10000))
        return false;
    QElapsedTimer t;
    t.start();
    QByteArray line;
    while (t.elapsed() < 15000 && !line.contains("listening on")) {
        m_webhook->waitForReadyRead(200);
        line += m_webhook->readAllStandardOutput();
    }
    return line.contains("listening on");
}

QProcess* TestReconcileSandbox::startReconcile(const QStringList& extra)
{
    auto* p = new QProcess(this);
    p->setProcessEnvironment(env());
    p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p->start(QStringLiteral(REFUND_TOOL_BIN),
             QStringList{QStringLiteral("reconcile"), QStringLiteral("--db"), m_f->testDb.url(),
                         QStringLiteral("--provider-url"), m_f->sandbox.baseUrl().toString()} +
                 extra);
    p->waitForStarted(10000);
    return p;
}

void TestReconcileSandbox::r24_webhookSettlesUnknownThenLateFailureReversesAndTryAgainOpensOne()
{
    QVERIFY(startWebhook());
    QVERIFY(m_f->addOrder(QStringLiteral("4417"), 10000));
    const QString pi = paymentOf(QStringLiteral("4417"));
    const QString op =
        unknownOperationWithExecutedRefund(QStringLiteral("4417"), 3800, QStringLiteral("toolu_01"));
    QVERIFY(!op.isEmpty());
    QCOMPARE(refundsAtSandbox(pi), 1); // the dropped answer's refund did execute
    // Settles by itself within seconds of the event, with the reconciler as actor and evidence.
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(op), QStringLiteral("refunded"), 20000);
    const auto entries = m_f->store->auditEntries(op).value();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.first().actor, QStringLiteral("reconciler"));
    QCOMPARE(entries.first().details.value(QStringLiteral("auto_resolved")).toBool(), true);
    const QJsonObject evidence = entries.first().details.value(QStringLiteral("evidence")).toObject();
    QCOMPARE(evidence.value(QStringLiteral("refund")).toObject().value(QStringLiteral("id")).toString(),
             m_f->store->operation(op).value().providerRefundId);
    QVERIFY(
        !evidence.value(QStringLiteral("event")).toObject().value(QStringLiteral("id")).toString().isEmpty());

    // The refund fails later at the provider: the webhook moves the row to reversed.
    const QString refundId = m_f->store->operation(op).value().providerRefundId;
    int status = 0;
    m_f->sandbox.control(
        "POST", QStringLiteral("/_sandbox/refunds/%1/fail").arg(refundId),
        QJsonObject{{QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card")}}, &status);
    QCOMPARE(status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(op), QStringLiteral("reversed"), 20000);
    QCOMPARE(m_f->store->operation(op).value().failureCode, QStringLiteral("expired_or_canceled_card"));
    QCOMPARE(audits(op), qint64(2)); // one resolve, one reverse

    // "Try again": a new operation, a new key, exactly one new refund at the sandbox.
    m_f->sandbox.control("DELETE", QStringLiteral("/_sandbox/faults"));
    const RefundToolResult again = m_f->call(QStringLiteral("toolu_02"), QStringLiteral("4417"), 3800);
    QCOMPARE(again.status, RefundToolResult::Status::Refunded);
    QVERIFY(again.operationId != op);
    QCOMPARE(refundsAtSandbox(pi), 2);
    // And a repeat of that call is answered from the new refund: still 2 at the sandbox.
    const RefundToolResult repeat = m_f->call(QStringLiteral("toolu_03"), QStringLiteral("4417"), 3800);
    QCOMPARE(repeat.status, RefundToolResult::Status::Refunded);
    QCOMPARE(repeat.operationId, again.operationId);
    QCOMPARE(refundsAtSandbox(pi), 2);
}

void TestReconcileSandbox::r25_webhookRefusesForgedStaleOversizedAndIgnoresReplays()
{
    QVERIFY(startWebhook());
    const QUrl url(QStringLiteral("http://127.0.0.1:%1/stripe/webhook").arg(m_webhookPort));
    const QByteArray body =
        R"({"id":"evt_forged","object":"event","type":"refund.created","created":1780000000,)"
        R"("data":{"object":{"id":"re_forged","object":"refund","amount":3800,"currency":"usd","created":1780000000}}})";
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    auto stored = [this] { return m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events")); };
    QCOMPARE(postTo(url, body, WebhookSignature::sign(body, "whsec_wrong", now)).status, 400);
    QByteArray altered = body;
    altered.replace("3800", "9999");
    QCOMPARE(postTo(url, altered, WebhookSignature::sign(body, m_secret.toUtf8(), now)).status, 400);
    QCOMPARE(postTo(url, body, WebhookSignature::sign(body, m_secret.toUtf8(), now - 400)).status, 400);
    QCOMPARE(postTo(url, body, QByteArray()).status, 400);
    const QByteArray big = QByteArray(300 * 1024, ' ') + body;
    QCOMPARE(postTo(url, big, WebhookSignature::sign(big, m_secret.toUtf8(), now)).status, 400);
    const QByteArray notJson = "{not json";
    QCOMPARE(postTo(url, notJson, WebhookSignature::sign(notJson, m_secret.toUtf8(), now)).status, 400);
    QCOMPARE(stored(), qint64(0));
    // Valid: stored once; the same delivery replayed is answered 200 and ignored.
    const QByteArray sig = WebhookSignature::sign(body, m_secret.toUtf8(), now);
    const Post first = postTo(url, body, sig);
    QCOMPARE(first.status, 200);
    QVERIFY(!first.body.value(QStringLiteral("duplicate")).toBool());
    const Post replay = postTo(url, body, sig);
    QCOMPARE(replay.status, 200);
    QCOMPARE(replay.body.value(QStringLiteral("duplicate")).toBool(), true);
    QCOMPARE(stored(), qint64(1));
    // A refund no operation knows: recorded and shown, never acted on (the provider has no such refund
    // either).
    QTRY_VERIFY_WITH_TIMEOUT(
        m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events WHERE action <> 'pending'")) == 1,
        10000);
}

void TestReconcileSandbox::r24_duplicatedAndReorderedDeliveriesEndInOneState()
{
    QVERIFY(startWebhook());
    QVERIFY(m_f->addOrder(QStringLiteral("5001"), 10000));
    QVERIFY(m_f->addOrder(QStringLiteral("5002"), 10000));
    const QString pi1 = paymentOf(QStringLiteral("5001"));
    // Every event of the next refunds delivered twice, and reordered.
    QVERIFY(m_f->sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                  QStringLiteral("webhook_duplicate"), 10));
    QVERIFY(m_f->sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                  QStringLiteral("webhook_reorder"), 10, 1500));
    const QString op1 =
        unknownOperationWithExecutedRefund(QStringLiteral("5001"), 2500, QStringLiteral("toolu_a"));
    QVERIFY(!op1.isEmpty());
    const RefundToolResult ok = m_f->call(QStringLiteral("toolu_b"), QStringLiteral("5002"), 1500);
    QCOMPARE(ok.status, RefundToolResult::Status::Refunded);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(op1), QStringLiteral("refunded"), 20000);
    // Fail the first refund later.
    m_f->sandbox.control(
        "POST",
        QStringLiteral("/_sandbox/refunds/%1/fail").arg(m_f->store->operation(op1).value().providerRefundId),
        QJsonObject{{QStringLiteral("failure_reason"), QStringLiteral("lost_or_stolen_card")}});
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(op1), QStringLiteral("reversed"), 20000);
    // Let the remaining duplicate deliveries arrive.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const QJsonArray d = m_f->sandbox.control("GET", QStringLiteral("/_sandbox/webhook_deliveries"))
                                     .value(QStringLiteral("data"))
                                     .toArray();
            for (const QJsonValue& v : d) {
                if (v.toObject().value(QStringLiteral("state")).toString() == QLatin1String("pending"))
                    return false;
            }
            return !d.isEmpty();
        }(),
        20000);
    const QJsonArray deliveries = m_f->sandbox.control("GET", QStringLiteral("/_sandbox/webhook_deliveries"))
                                      .value(QStringLiteral("data"))
                                      .toArray();
    QSet<QString> distinct;
    for (const QJsonValue& v : deliveries)
        distinct.insert(v.toObject().value(QStringLiteral("event")).toString() +
                        v.toObject().value(QStringLiteral("event_id")).toString());
    QVERIFY2(deliveries.size() > distinct.size(), "the duplicate fault delivered nothing twice");
    QCOMPARE(m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events")), qint64(distinct.size()));
    QCOMPARE(audits(op1), qint64(2));            // one resolve, one reverse
    QCOMPARE(audits(ok.operationId), qint64(0)); // the tool closed it itself
    QCOMPARE(statusOf(ok.operationId), QStringLiteral("refunded"));
    QCOMPARE(refundsAtSandbox(pi1), 1);
    QCOMPARE(refundsAtSandbox(paymentOf(QStringLiteral("5002"))), 1);
}

void TestReconcileSandbox::r24_c15_webhookRacesTheToolsOwnClose()
{
    QVERIFY(startWebhook());
    SettingsStore settings(*m_f->db, m_f->clock);
    QVERIFY(settings.setMany({{QStringLiteral("max_attempts_per_operation"), QStringLiteral("3")},
                              {QStringLiteral("max_attempts_per_call"), QStringLiteral("3")}},
                             QStringLiteral("test"), QStringLiteral("admin")));
    // The first answer is lost (the refund executed); the webhook's event and the tool's retry (same
    // key, replayed answer) reach the row at about the same time. 8 orders in a row.
    QList<QPair<QString, QString>> ops;
    for (int i = 0; i < 8; ++i) {
        const QString order = QStringLiteral("66%1").arg(i);
        QVERIFY(m_f->addOrder(order, 5000));
        QVERIFY(m_f->sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                      QStringLiteral("drop_after_commit")));
        const RefundToolResult r = m_f->call(QStringLiteral("toolu_c%1").arg(i), order, 5000);
        QCOMPARE(r.status, RefundToolResult::Status::Refunded);
        ops.append({r.operationId, order});
    }
    QTRY_VERIFY_WITH_TIMEOUT(
        m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events WHERE action = 'pending'")) == 0 &&
            m_f->scalar(
                QStringLiteral("SELECT count(*) FROM provider_events WHERE type = 'refund.created'")) == 8,
        20000);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events WHERE action = 'left_open'")) == 0,
        20000);
    for (const auto& [op, order] : ops) {
        QCOMPARE(statusOf(op), QStringLiteral("refunded"));
        QCOMPARE(audits(op), qint64(0)); // the tool's own close; the webhook found nothing to do
        QCOMPARE(refundsAtSandbox(paymentOf(order)), 1);
        QCOMPARE(m_f->scalar(QStringLiteral("SELECT count(*) FROM refund_ops WHERE order_id = ?"), {order}),
                 qint64(1));
    }
}

void TestReconcileSandbox::r24_reconcileWatchResumesAfterKillWithoutMissingOrRepeating()
{
    // No webhook: `reconcile --watch` is the only feed. Refunds made before, between and after kills.
    auto makeRefunds = [this](int from, int n) {
        for (int i = from; i < from + n; ++i) {
            const QString order = QStringLiteral("77%1").arg(i, 3, 10, QLatin1Char('0'));
            if (!m_f->addOrder(order, 1000))
                return false;
            if (m_f->call(QStringLiteral("toolu_w%1").arg(i), order, 400).status !=
                RefundToolResult::Status::Refunded)
                return false;
        }
        return true;
    };
    // One unknown operation, so the pass has something to resolve.
    QVERIFY(m_f->addOrder(QStringLiteral("7799"), 10000));
    const QString unknown =
        unknownOperationWithExecutedRefund(QStringLiteral("7799"), 900, QStringLiteral("toolu_u"));
    QVERIFY(!unknown.isEmpty());
    QVERIFY(makeRefunds(0, 12));
    const QStringList args{QStringLiteral("--watch"), QStringLiteral("--interval-ms"), QStringLiteral("100"),
                           QStringLiteral("--page-limit"), QStringLiteral("3")};
    for (int round = 0; round < 3; ++round) {
        QProcess* p = startReconcile(args);
        // SIGKILL at some moment of its work: mid-page, mid-apply or idle.
        QTest::qWait(150 + round * 170);
        ::kill(pid_t(p->processId()), SIGKILL);
        p->waitForFinished(5000);
        delete p;
        QVERIFY(makeRefunds(100 + round * 10, 4));
    }
    QProcess* p = startReconcile(args);
    // Every event of the sandbox, exactly once, with the cursor on the newest.
    ProviderConfig readConfig;
    readConfig.baseUrl = m_f->sandbox.baseUrl();
    readConfig.apiKey = m_f->sandbox.readKey();
    ProviderClient reader(readConfig);
    const EventListResult list = reader.listEvents({}, 0);
    QVERIFY2(list.ok(), qPrintable(list.describe()));
    QVERIFY(list.value.size() > 40);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events")) == list.value.size(), 30000);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(unknown), QStringLiteral("refunded"), 20000);
    p->terminate(); // SIGTERM: a clean stop
    QVERIFY(p->waitForFinished(10000));
    QCOMPARE(p->exitStatus(), QProcess::NormalExit);
    QCOMPARE(p->exitCode(), 0);
    delete p;
    QSet<QString> atSandbox;
    for (const ProviderEvent& e : list.value)
        atSandbox.insert(e.id);
    QSet<QString> stored;
    auto q = m_f->db->run(QStringLiteral("SELECT event_id, source FROM provider_events"));
    QVERIFY(q);
    while (q.value().next()) {
        stored.insert(q.value().value(0).toString());
        QCOMPARE(q.value().value(1).toString(), QStringLiteral("poll"));
    }
    QCOMPARE(stored, atSandbox);
    QCOMPARE(m_f->scalar(QStringLiteral("SELECT count(*) FROM provider_events WHERE action = 'pending'")),
             qint64(0));
    const QString newest = list.value.first().id;
    auto c = m_f->db->run(QStringLiteral("SELECT event_id FROM reconcile_cursor WHERE name = 'events'"));
    QVERIFY(c && c.value().next());
    QCOMPARE(c.value().value(0).toString(), newest);
    QCOMPARE(audits(unknown), qint64(1));
    // A further pass finds nothing new.
    QProcess once;
    once.setProcessEnvironment(env());
    once.start(QStringLiteral(REFUND_TOOL_BIN),
               {QStringLiteral("reconcile"), QStringLiteral("--db"), m_f->testDb.url(),
                QStringLiteral("--provider-url"), m_f->sandbox.baseUrl().toString()});
    QVERIFY(once.waitForFinished(20000));
    const QJsonObject line = QJsonDocument::fromJson(once.readAllStandardOutput().trimmed()).object();
    QCOMPARE(line.value(QStringLiteral("new_events")).toInt(), 0);
    QCOMPARE(line.value(QStringLiteral("duplicates")).toInt(), 0);
}

QTEST_GUILESS_MAIN(TestReconcileSandbox)
#include "TestReconcileSandbox.moc"
