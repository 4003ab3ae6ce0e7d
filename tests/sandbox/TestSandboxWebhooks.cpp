// The sandbox provider's webhooks and late refund failures (SPEC R24, R25, R14 faults), against
// the real executable: a receiver in this process registers itself with
// POST /_sandbox/webhook_endpoints and checks every delivery the way Stripe's libraries do.
#include "SandboxProcess.h"
#include "sandbox/HttpConnection.h"
#include "sandbox/WebhookSigner.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <QFile>

#include <unistd.h>

#include <memory>

namespace {

/** One webhook POST as the receiver saw it. */
struct Delivery
{
    QByteArray signature; ///< Stripe-Signature header
    QByteArray body;
    QJsonObject event;
    qint64 receivedMs = 0;
    QString type() const { return event.value(QStringLiteral("type")).toString(); }
    QString id() const { return event.value(QStringLiteral("id")).toString(); }
};

/**
 * A loopback webhook receiver: answers each POST with the next status of its script (then
 * `defaultStatus`), optionally after answerDelayMs, and records what arrived.
 */
class Receiver : public QObject
{
public:
    QList<int> script;
    int defaultStatus = 200;
    QString scriptedType; ///< when set, the script applies only to events of this type
    int answerDelayMs = 0;
    QList<Delivery> received;

    bool listen()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                auto* connection = new HttpConnection(socket, this);
                QPointer<HttpConnection> guard(connection);
                connect(connection, &HttpConnection::requestReady, this,
                        [this, guard](const HttpRequest& request) {
                            Delivery d;
                            d.signature = request.header("stripe-signature");
                            d.body = request.body;
                            d.event = QJsonDocument::fromJson(request.body).object();
                            d.receivedMs = QDateTime::currentMSecsSinceEpoch();
                            received.append(d);
                            const bool scripted = scriptedType.isEmpty() || d.type() == scriptedType;
                            const int status =
                                scripted && !script.isEmpty() ? script.takeFirst() : defaultStatus;
                            auto answer = [guard, status] {
                                if (guard)
                                    guard->respond(HttpResponse::json(
                                        status, QJsonObject{{QStringLiteral("ok"), status < 300}}));
                            };
                            if (answerDelayMs > 0)
                                QTimer::singleShot(answerDelayMs, this, answer);
                            else
                                answer();
                        });
            }
        });
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    QString url() const
    {
        return QStringLiteral("http://127.0.0.1:%1/stripe/webhook").arg(m_server.serverPort());
    }
    QStringList types() const
    {
        QStringList out;
        for (const Delivery& d : received)
            out.append(d.type());
        return out;
    }

private:
    QTcpServer m_server;
};

/** Checks a Stripe-Signature header against body and secret like stripe-node: "" when valid. */
QString verify(const QByteArray& header, const QByteArray& body, const QString& secret)
{
    static const QRegularExpression re(QStringLiteral("^t=(\\d+),v1=([0-9a-f]{64})$"));
    const auto m = re.match(QString::fromLatin1(header));
    if (!m.hasMatch())
        return QStringLiteral("header not t=<digits>,v1=<64 hex>: ") + QString::fromLatin1(header);
    const QByteArray expected = QMessageAuthenticationCode::hash(m.captured(1).toLatin1() + '.' + body,
                                                                 secret.toUtf8(), QCryptographicHash::Sha256)
                                    .toHex();
    if (expected != m.captured(2).toLatin1())
        return QStringLiteral("v1 does not match HMAC-SHA256(secret, t.body)");
    const qint64 t = m.captured(1).toLongLong();
    if (qAbs(QDateTime::currentSecsSinceEpoch() - t) > 300)
        return QStringLiteral("timestamp outside 300 s");
    return {};
}

/** CPU time (user + system) a process has used, ms, from /proc/PID/stat; -1 if unreadable. */
qint64 cpuMs(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // Fields after the ")" that ends the command name: state is field 3, utime 14, stime 15.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    const qint64 ticks = fields.value(11).toLongLong() + fields.value(12).toLongLong();
    return ticks * 1000 / sysconf(_SC_CLK_TCK);
}

QByteArray formBody(const QList<QPair<QString, QString>>& params)
{
    QUrlQuery q;
    for (const auto& p : params)
        q.addQueryItem(p.first, p.second);
    return q.toString(QUrl::FullyEncoded).replace(QLatin1Char('+'), QLatin1String("%2B")).toUtf8();
}

} // namespace

class TestSandboxWebhooks : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SandboxProcess> m_sandbox;
    std::unique_ptr<Receiver> m_receiver;
    QString m_secret;
    QString m_endpointId;

    /** Starts a sandbox with fast retries and a receiver registered with it. */
    bool start(QStringList extraArgs = {QStringLiteral("--webhook-retry-base-ms"), QStringLiteral("200")})
    {
        SandboxProcess::Options options;
        options.extraArgs = extraArgs;
        m_sandbox = std::make_unique<SandboxProcess>(options);
        if (!m_sandbox->start()) {
            qWarning("%s", qPrintable(m_sandbox->errorString()));
            return false;
        }
        m_receiver = std::make_unique<Receiver>();
        if (!m_receiver->listen())
            return false;
        return registerEndpoint(m_receiver->url());
    }

    bool registerEndpoint(const QString& url)
    {
        int status = 0;
        const QJsonObject endpoint = m_sandbox->control("POST", QStringLiteral("/_sandbox/webhook_endpoints"),
                                                        {{QStringLiteral("url"), url}}, &status);
        m_secret = endpoint.value(QStringLiteral("secret")).toString();
        m_endpointId = endpoint.value(QStringLiteral("id")).toString();
        return status == 200 && m_secret.startsWith(QLatin1String("whsec_")) &&
               m_endpointId.startsWith(QLatin1String("we_"));
    }

    /** POST /v1/refunds with the secret key; the refund JSON (empty on failure). */
    QJsonObject refund(const QString& pi, qint64 amount, const QByteArray& key, qint64* elapsedMs = nullptr)
    {
        QNetworkAccessManager network;
        QNetworkRequest request(m_sandbox->url(QStringLiteral("/v1/refunds")));
        request.setRawHeader("Authorization", "Bearer " + m_sandbox->secretKey().toUtf8());
        request.setRawHeader("Idempotency-Key", key);
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/x-www-form-urlencoded"));
        request.setTransferTimeout(20000);
        QElapsedTimer timer;
        timer.start();
        QNetworkReply* reply =
            network.post(request, formBody({{QStringLiteral("payment_intent"), pi},
                                            {QStringLiteral("amount"), QString::number(amount)},
                                            {QStringLiteral("metadata[operation_id]"),
                                             QStringLiteral("op_") + QString::fromLatin1(key)}}));
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        if (elapsedMs)
            *elapsedMs = timer.elapsed();
        const QJsonObject json = QJsonDocument::fromJson(reply->readAll()).object();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        reply->deleteLater();
        return status == 200 ? json : QJsonObject();
    }

    QJsonArray deliveries()
    {
        return m_sandbox->control("GET", QStringLiteral("/_sandbox/webhook_deliveries"))
            .value(QStringLiteral("data"))
            .toArray();
    }

    /** The newest delivery of an event type. */
    QJsonObject deliveryOf(const QString& eventType)
    {
        const QJsonArray all = deliveries();
        for (qsizetype i = all.size() - 1; i >= 0; --i) {
            if (all.at(i).toObject().value(QStringLiteral("event_type")).toString() == eventType)
                return all.at(i).toObject();
        }
        return {};
    }

private slots:
    void cleanup()
    {
        m_receiver.reset();
        m_sandbox.reset();
    }

    // R25: the signing function itself, against a vector computed independently
    // (python3 hmac.new(b"whsec_test_secret", b'1700000000.{"id":"evt_1"}', sha256)).
    void r25_signatureKnownAnswer()
    {
        const QByteArray body = R"({"id":"evt_1"})";
        QCOMPARE(WebhookSigner::signature(QStringLiteral("whsec_test_secret"), 1700000000, body),
                 QByteArray("248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a"));
        QCOMPARE(
            WebhookSigner::header(QStringLiteral("whsec_test_secret"), 1700000000, body),
            QByteArray("t=1700000000,v1=248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a"));
        QVERIFY(WebhookSigner::newSecret().startsWith(QLatin1String("whsec_")));
        QVERIFY(WebhookSigner::newSecret() != WebhookSigner::newSecret());
    }

    // R25, R24: every event is POSTed to the endpoint, signed like Stripe, as a Stripe event
    // envelope whose data.object is the refund; the API answer never waits for the receiver.
    void r25_eventsDeliveredSignedLikeStripe()
    {
        QVERIFY(start());
        m_receiver->answerDelayMs = 3000; // a slow receiver must not slow the API down
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        qint64 elapsed = 0;
        const QJsonObject r = refund(pi, 1000, "wh-sign", &elapsed);
        QVERIFY(!r.isEmpty());
        QVERIFY2(elapsed < 2500, qPrintable(QStringLiteral("the API answer took %1 ms").arg(elapsed)));

        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 2, 15000);
        QCOMPARE(m_receiver->types(),
                 (QStringList{QStringLiteral("refund.created"), QStringLiteral("charge.refunded")}));
        for (const Delivery& d : std::as_const(m_receiver->received)) {
            const QString problem = verify(d.signature, d.body, m_secret);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            QVERIFY(
                verify(d.signature, d.body, QStringLiteral("whsec_other")).contains(QLatin1String("HMAC")));
            QVERIFY(d.id().startsWith(QLatin1String("evt_")));
            QCOMPARE(d.event.value(QStringLiteral("object")).toString(), QStringLiteral("event"));
            QCOMPARE(d.event.value(QStringLiteral("api_version")).toString(), QStringLiteral("2023-08-16"));
            QCOMPARE(d.event.value(QStringLiteral("livemode")).toBool(true), false);
            QVERIFY(d.event.value(QStringLiteral("created")).isDouble());
            QVERIFY(d.event.value(QStringLiteral("pending_webhooks")).isDouble());
            QCOMPARE(d.event.value(QStringLiteral("request"))
                         .toObject()
                         .value(QStringLiteral("idempotency_key"))
                         .toString(),
                     QStringLiteral("wh-sign"));
        }
        const QJsonObject object = m_receiver->received.at(0)
                                       .event.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("object"))
                                       .toObject();
        QCOMPARE(object.value(QStringLiteral("id")).toString(), r.value(QStringLiteral("id")).toString());
        QCOMPARE(object.value(QStringLiteral("object")).toString(), QStringLiteral("refund"));
        // The same event ids as GET /v1/events: a receiver and a poller see one history.
        QTRY_COMPARE_WITH_TIMEOUT(
            deliveryOf(QStringLiteral("charge.refunded")).value(QStringLiteral("state")).toString(),
            QStringLiteral("delivered"), 15000);
        const QJsonObject first = deliveries().at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("event_id")).toString(), m_receiver->received.at(0).id());
        QCOMPARE(first.value(QStringLiteral("endpoint_id")).toString(), m_endpointId);
        QCOMPARE(first.value(QStringLiteral("attempts")).toInt(), 1);
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("webhook_delivered_total")).toInteger(), 2);
    }

    // R24: a non-2xx answer is retried with exponential backoff until a 2xx; each attempt recorded.
    void r24_retriedWithBackoffOnNon2xx()
    {
        QVERIFY(start());
        m_receiver->script = {500, 503, 200}; // refund.created fails twice, then is accepted
        m_receiver->scriptedType = QStringLiteral("refund.created");
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!refund(pi, 1000, "wh-retry").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(
            deliveryOf(QStringLiteral("refund.created")).value(QStringLiteral("state")).toString(),
            QStringLiteral("delivered"), 20000);
        const QJsonObject d = deliveryOf(QStringLiteral("refund.created"));
        QCOMPARE(d.value(QStringLiteral("attempts")).toInt(), 3);
        const QJsonArray log = d.value(QStringLiteral("attempt_log")).toArray();
        QCOMPARE(log.size(), 3);
        QCOMPARE(log.at(0).toObject().value(QStringLiteral("status")).toInt(), 500);
        QCOMPARE(log.at(1).toObject().value(QStringLiteral("status")).toInt(), 503);
        QCOMPARE(log.at(2).toObject().value(QStringLiteral("status")).toInt(), 200);
        // Backoff base 200 ms, doubling: >= 200 ms, then >= 400 ms between attempts.
        const qint64 gap1 = log.at(1).toObject().value(QStringLiteral("at_ms")).toInteger() -
                            log.at(0).toObject().value(QStringLiteral("at_ms")).toInteger();
        const qint64 gap2 = log.at(2).toObject().value(QStringLiteral("at_ms")).toInteger() -
                            log.at(1).toObject().value(QStringLiteral("at_ms")).toInteger();
        QVERIFY2(gap1 >= 200, qPrintable(QString::number(gap1)));
        QVERIFY2(gap2 >= 400, qPrintable(QString::number(gap2)));
        // The receiver saw three POSTs of refund.created, each with a valid signature of its own time.
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 4, 15000);
        int created = 0;
        for (const Delivery& r : std::as_const(m_receiver->received)) {
            QVERIFY(verify(r.signature, r.body, m_secret).isEmpty());
            created += r.type() == QLatin1String("refund.created") ? 1 : 0;
        }
        QCOMPARE(created, 3);
    }

    // R24: retries are bounded: after --webhook-max-attempts the delivery is given up (failed),
    // also for connection errors (nothing listening), and no further attempt is made.
    void r24_retriesBounded()
    {
        QVERIFY(start({QStringLiteral("--webhook-retry-base-ms"), QStringLiteral("100"),
                       QStringLiteral("--webhook-max-attempts"), QStringLiteral("3")}));
        m_receiver->defaultStatus = 500;
        // A second endpoint where nothing listens: connection refused on every attempt.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 deadPort = closed.serverPort();
        closed.close();
        QVERIFY(registerEndpoint(QStringLiteral("http://127.0.0.1:%1/hook").arg(deadPort)));
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!refund(pi, 1000, "wh-bounded").isEmpty());
        const auto allFailed = [this] {
            const QJsonArray all = deliveries();
            if (all.size() != 4) // 2 events x 2 endpoints
                return false;
            for (const QJsonValue& v : all) {
                if (v.toObject().value(QStringLiteral("state")).toString() != QLatin1String("failed"))
                    return false;
            }
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(allFailed(), 20000);
        const QJsonArray all = deliveries();
        for (const QJsonValue& v : all) {
            const QJsonObject d = v.toObject();
            QCOMPARE(d.value(QStringLiteral("attempts")).toInt(), 3);
            const QJsonObject last = d.value(QStringLiteral("attempt_log")).toArray().last().toObject();
            if (d.value(QStringLiteral("endpoint_id")).toString() == m_endpointId) // the dead one
                QVERIFY(last.value(QStringLiteral("status")).toInt() == 0 &&
                        !last.value(QStringLiteral("error")).isNull());
            else
                QCOMPARE(last.value(QStringLiteral("status")).toInt(), 500);
        }
        QTest::qWait(1000); // well past the next backoff: nothing more arrives
        QCOMPARE(m_receiver->received.size(), 6);
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("webhook_failed_total")).toInteger(), 4);
    }

    // R24: retries are bounded by age too: none is scheduled past --webhook-max-age-seconds.
    void r24_retriesBoundedByAge()
    {
        QVERIFY(start({QStringLiteral("--webhook-retry-base-ms"), QStringLiteral("200"),
                       QStringLiteral("--webhook-max-attempts"), QStringLiteral("100"),
                       QStringLiteral("--webhook-max-age-seconds"), QStringLiteral("1")}));
        m_receiver->defaultStatus = 500;
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!refund(pi, 1000, "wh-age").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(
            deliveryOf(QStringLiteral("refund.created")).value(QStringLiteral("state")).toString(),
            QStringLiteral("failed"), 20000);
        const QJsonObject d = deliveryOf(QStringLiteral("refund.created"));
        const int attempts = d.value(QStringLiteral("attempts")).toInt();
        // 200 ms, 400 ms, 800 ms apart: the attempt after ~1.4 s would be past the age.
        QVERIFY2(attempts >= 2 && attempts <= 4, qPrintable(QString::number(attempts)));
        const qint64 lastAt = d.value(QStringLiteral("attempt_log"))
                                  .toArray()
                                  .last()
                                  .toObject()
                                  .value(QStringLiteral("at_ms"))
                                  .toInteger();
        QVERIFY(lastAt - d.value(QStringLiteral("created_ms")).toInteger() < 1000 + 500);
        const qsizetype seen = m_receiver->received.size();
        QTest::qWait(1500);
        QCOMPARE(m_receiver->received.size(), seen);
    }

    // R14 fault webhook_duplicate: the same event (same id) arrives twice; the others once.
    void r24_duplicateFault()
    {
        QVERIFY(start());
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                    QStringLiteral("webhook_duplicate"), 1));
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!refund(pi, 1000, "wh-dup").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 3, 15000);
        QTest::qWait(500);
        QCOMPARE(m_receiver->received.size(), 3);
        QCOMPARE(m_receiver->types(),
                 (QStringList{QStringLiteral("refund.created"), QStringLiteral("refund.created"),
                              QStringLiteral("charge.refunded")}));
        QCOMPARE(m_receiver->received.at(0).id(), m_receiver->received.at(1).id());
        for (const Delivery& d : std::as_const(m_receiver->received))
            QVERIFY(verify(d.signature, d.body, m_secret).isEmpty());
        // The fault was consumed: the next refund's events arrive once each.
        QVERIFY(!refund(pi, 500, "wh-dup-2").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 5, 15000);
        QTest::qWait(500);
        QCOMPARE(m_receiver->received.size(), 5);
    }

    // R14 fault webhook_reorder: a later event is delivered before an earlier one.
    void r24_reorderFault()
    {
        QVERIFY(start());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        // Without the fault: creation order.
        QVERIFY(!refund(pi, 1000, "wh-order").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 2, 15000);
        QCOMPARE(m_receiver->types(),
                 (QStringList{QStringLiteral("refund.created"), QStringLiteral("charge.refunded")}));
        m_receiver->received.clear();

        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                    QStringLiteral("webhook_reorder"), 1));
        QVERIFY(!refund(pi, 500, "wh-reorder").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 2, 15000);
        QCOMPARE(m_receiver->types(),
                 (QStringList{QStringLiteral("charge.refunded"), QStringLiteral("refund.created")}));
        const QJsonObject held = deliveryOf(QStringLiteral("refund.created"));
        QVERIFY(held.value(QStringLiteral("faults")).toArray().contains(QStringLiteral("webhook_reorder")));
    }

    // R14 fault webhook_delay: deliveries wait delay_ms; the API answer does not.
    void r24_delayFault()
    {
        QVERIFY(start());
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                    QStringLiteral("webhook_delay"), 2, 3000));
        const QString pi = m_sandbox->createPaymentIntent(3800);
        qint64 elapsed = 0;
        const qint64 sentMs = QDateTime::currentMSecsSinceEpoch();
        QVERIFY(!refund(pi, 1000, "wh-delay", &elapsed).isEmpty());
        QVERIFY2(elapsed < 2500, qPrintable(QString::number(elapsed)));
        QTest::qWait(1000);
        if (QDateTime::currentMSecsSinceEpoch() - sentMs < 2800) // unless this machine is very slow
            QCOMPARE(m_receiver->received.size(), 0);            // still held
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 2, 15000);
        for (const Delivery& d : std::as_const(m_receiver->received))
            QVERIFY2(d.receivedMs - sentMs >= 3000, qPrintable(QString::number(d.receivedMs - sentMs)));
        int status = 0;
        m_sandbox->control("POST", QStringLiteral("/_sandbox/faults"),
                           {{QStringLiteral("method"), QStringLiteral("POST")},
                            {QStringLiteral("path"), QStringLiteral("/v1/refunds")},
                            {QStringLiteral("fault"), QStringLiteral("webhook_delay")}},
                           &status);
        QCOMPARE(status, 400); // webhook_delay needs delay_ms
    }

    // R24: a refund fails later (pending -> failed at Stripe): status failed, failure_reason,
    // events refund.failed and refund.updated (no request: Stripe did it), delivered and listed;
    // its amount is refundable again; state and endpoint survive a restart.
    void r24_refundFailsLater()
    {
        QVERIFY(start());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        const QJsonObject r = refund(pi, 3800, "wh-fail");
        const QString id = r.value(QStringLiteral("id")).toString();
        QVERIFY(!id.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 2, 15000);

        int status = 0;
        const QJsonObject failed = m_sandbox->control(
            "POST", QStringLiteral("/_sandbox/refunds/%1/fail").arg(id),
            {{QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card")}}, &status);
        QCOMPARE(status, 200);
        QCOMPARE(failed.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(failed.value(QStringLiteral("failure_reason")).toString(),
                 QStringLiteral("expired_or_canceled_card"));
        QVERIFY(failed.value(QStringLiteral("failure_balance_transaction"))
                    .toString()
                    .startsWith(QLatin1String("txn_")));

        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 4, 15000);
        QCOMPARE(m_receiver->types().mid(2),
                 (QStringList{QStringLiteral("refund.failed"), QStringLiteral("refund.updated")}));
        for (const Delivery& d : m_receiver->received.mid(2)) {
            QVERIFY(verify(d.signature, d.body, m_secret).isEmpty());
            const QJsonObject data = d.event.value(QStringLiteral("data")).toObject();
            const QJsonObject object = data.value(QStringLiteral("object")).toObject();
            QCOMPARE(object.value(QStringLiteral("id")).toString(), id);
            QCOMPARE(object.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            QCOMPARE(object.value(QStringLiteral("failure_reason")).toString(),
                     QStringLiteral("expired_or_canceled_card"));
            QCOMPARE(data.value(QStringLiteral("previous_attributes"))
                         .toObject()
                         .value(QStringLiteral("status"))
                         .toString(),
                     QStringLiteral("succeeded"));
            QVERIFY(d.event.value(QStringLiteral("request")).toObject().value(QStringLiteral("id")).isNull());
        }

        // Refusals: already failed (400), unknown refund (404), bad failure_reason (400); nothing changes.
        const auto fail = [&](const QString& refundId, const QJsonObject& body) {
            const QJsonObject e = m_sandbox->control(
                "POST", QStringLiteral("/_sandbox/refunds/%1/fail").arg(refundId), body, &status);
            return e.value(QStringLiteral("error")).toObject();
        };
        const QJsonObject reason{{QStringLiteral("failure_reason"), QStringLiteral("declined")}};
        QJsonObject e = fail(id, reason);
        QCOMPARE(status, 400);
        QCOMPARE(e.value(QStringLiteral("type")).toString(), QStringLiteral("invalid_request_error"));
        QVERIFY(e.value(QStringLiteral("message")).toString().contains(QLatin1String("failed")));
        e = fail(QStringLiteral("re_unknown"), reason);
        QCOMPARE(status, 404);
        QCOMPARE(e.value(QStringLiteral("code")).toString(), QStringLiteral("resource_missing"));
        const QString other = refund(m_sandbox->createPaymentIntent(500), 500, "wh-fail-2")
                                  .value(QStringLiteral("id"))
                                  .toString();
        e = fail(other, {{QStringLiteral("failure_reason"), QStringLiteral("card_on_fire")}});
        QCOMPARE(status, 400);
        QCOMPARE(e.value(QStringLiteral("param")).toString(), QStringLiteral("failure_reason"));
        e = fail(other, {});
        QCOMPARE(status, 400);
        QCOMPARE(e.value(QStringLiteral("param")).toString(), QStringLiteral("failure_reason"));

        // The money came back: the full amount is refundable again.
        QVERIFY(!refund(pi, 3800, "wh-fail-again").isEmpty());

        // Restart: the failure and the endpoint persist; new events still reach the receiver.
        QVERIFY(m_sandbox->restart());
        QNetworkAccessManager network;
        QNetworkRequest get(m_sandbox->url(QStringLiteral("/v1/refunds/") + id));
        get.setRawHeader("Authorization", "Bearer " + m_sandbox->readKey().toUtf8());
        QNetworkReply* reply = network.get(get);
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 15000);
        const QJsonObject after = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        QCOMPARE(after.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(after.value(QStringLiteral("failure_reason")).toString(),
                 QStringLiteral("expired_or_canceled_card"));
        const qsizetype before = m_receiver->received.size();
        QVERIFY(!refund(m_sandbox->createPaymentIntent(700), 700, "wh-after-restart").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), before + 2, 15000);
        QVERIFY(verify(m_receiver->received.last().signature, m_receiver->received.last().body, m_secret)
                    .isEmpty());
    }

    // R24: a receiver that takes its time costs the sandbox no CPU while it waits (the other
    // deliveries of that endpoint wait for its answer instead of being polled for).
    void r24_slowReceiverCostsNoCpu()
    {
        QVERIFY(start());
        m_receiver->answerDelayMs = 3000;
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!refund(pi, 1000, "wh-slow").isEmpty()); // two events: the second waits for the first
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 1, 15000);
        const qint64 before = cpuMs(m_sandbox->processId());
        QVERIFY(before >= 0);
        QTest::qWait(2500);
        const qint64 used = cpuMs(m_sandbox->processId()) - before;
        qInfo("sandbox CPU while waiting: %lld ms", used);
        QVERIFY2(used < 200, qPrintable(QStringLiteral("the sandbox used %1 ms of CPU waiting").arg(used)));
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver->received.size(), 2, 15000);
    }

    // R24: deliveries are stored with their event: one still pending at a restart is sent
    // afterwards (at least once).
    void r24_pendingDeliveryResumesAfterRestart()
    {
        QVERIFY(start({QStringLiteral("--webhook-retry-base-ms"), QStringLiteral("300")}));
        m_receiver->defaultStatus = 500;
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!refund(pi, 1000, "wh-restart").isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(m_receiver->received.size() >= 2, 15000);
        QVERIFY(m_sandbox->restart());
        m_receiver->defaultStatus = 200;
        const auto delivered = [this] {
            const QJsonArray all = deliveries();
            for (const QJsonValue& v : all) {
                if (v.toObject().value(QStringLiteral("state")).toString() != QLatin1String("delivered"))
                    return false;
            }
            return all.size() == 2;
        };
        QTRY_VERIFY_WITH_TIMEOUT(delivered(), 20000);
        for (const Delivery& d : std::as_const(m_receiver->received))
            QVERIFY(verify(d.signature, d.body, m_secret).isEmpty());
        QCOMPARE(m_receiver->received.last()
                     .event.value(QStringLiteral("request"))
                     .toObject()
                     .value(QStringLiteral("idempotency_key"))
                     .toString(),
                 QStringLiteral("wh-restart"));
    }

    // R24: endpoint registration refuses anything but a loopback http URL with a port.
    void r24_endpointUrlValidated()
    {
        QVERIFY(start());
        for (const QString& url :
             {QStringLiteral("https://127.0.0.1:443/x"), QStringLiteral("http://10.0.0.1:80/x"),
              QStringLiteral("http://example.com:80/x"), QStringLiteral("not a url"), QString()}) {
            int status = 0;
            const QJsonObject e = m_sandbox->control("POST", QStringLiteral("/_sandbox/webhook_endpoints"),
                                                     {{QStringLiteral("url"), url}}, &status);
            QCOMPARE(status, 400);
            QCOMPARE(e.value(QStringLiteral("error")).toObject().value(QStringLiteral("param")).toString(),
                     QStringLiteral("url"));
        }
        const QJsonArray endpoints = m_sandbox->control("GET", QStringLiteral("/_sandbox/webhook_endpoints"))
                                         .value(QStringLiteral("data"))
                                         .toArray();
        QCOMPARE(endpoints.size(), 1);
        QVERIFY(!endpoints.at(0).toObject().contains(QStringLiteral("secret")));
    }
};

QTEST_GUILESS_MAIN(TestSandboxWebhooks)
#include "TestSandboxWebhooks.moc"
