// The sandbox provider on its own (SPEC R14, with R7, R11, R13, R15, R22), against the real
// executable started by SandboxProcess, with plain QNetworkAccessManager requests.
#include "SandboxProcess.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <memory>
#include <optional>

namespace {

constexpr int kTransferTimeoutMs = 20000;

using Params = QList<QPair<QString, QString>>;

struct Reply
{
    int status = 0; ///< 0 when no HTTP response arrived
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QJsonObject json;
    QByteArray header(const QByteArray& name) const { return headers.value(name.toLower()); }
    bool replayed() const { return header("Idempotent-Replayed") == "true"; }
    QString errorCode() const { return json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(); }
    QString errorType() const { return json.value(QStringLiteral("error")).toObject().value(QStringLiteral("type")).toString(); }
    QMap<QByteArray, QByteArray> headers;
};

QByteArray formBody(const Params& params)
{
    QUrlQuery q;
    for (const auto& p : params)
        q.addQueryItem(p.first, p.second);
    // QUrlQuery leaves '+' alone, but in a form body it means space.
    return q.toString(QUrl::FullyEncoded).replace(QLatin1Char('+'), QLatin1String("%2B")).toUtf8();
}

Reply collect(QNetworkReply* reply)
{
    if (!reply->isFinished()) {
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    Reply r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.error = reply->error();
    r.body = reply->readAll();
    r.json = QJsonDocument::fromJson(r.body).object();
    for (const auto& h : reply->rawHeaderPairs())
        r.headers.insert(h.first.toLower(), h.second);
    reply->deleteLater();
    return r;
}

QStringList ids(const QJsonObject& list)
{
    QStringList out;
    const QJsonArray data = list.value(QStringLiteral("data")).toArray();
    for (const QJsonValue& v : data)
        out.append(v.toObject().value(QStringLiteral("id")).toString());
    return out;
}

QJsonObject readFixture(const QString& name)
{
    QFile f(QStringLiteral(REFUND_TEST_DATA_DIR "/stripe/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/** Every fixture field is present; where both values are non-null they have the same JSON type. */
QString shapeMismatch(const QJsonObject& fixture, const QJsonObject& actual, const QString& where)
{
    for (auto it = fixture.begin(); it != fixture.end(); ++it) {
        if (!actual.contains(it.key()))
            return where + QLatin1Char('.') + it.key() + QStringLiteral(" missing");
        const QJsonValue a = actual.value(it.key());
        if (it.value().isNull() || a.isNull())
            continue;
        if (it.value().type() != a.type())
            return where + QLatin1Char('.') + it.key() + QStringLiteral(" has another type");
    }
    return {};
}

} // namespace

class TestSandboxProvider : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SandboxProcess> m_sandbox;
    std::unique_ptr<QNetworkAccessManager> m_network;

    bool startSandbox(SandboxProcess::Options options = {})
    {
        m_network = std::make_unique<QNetworkAccessManager>();
        m_sandbox = std::make_unique<SandboxProcess>(std::move(options));
        if (!m_sandbox->start()) {
            qWarning("%s", qPrintable(m_sandbox->errorString()));
            return false;
        }
        return true;
    }

    QNetworkReply* sendAsync(const QByteArray& method, const QString& path, const Params& params = {},
                             std::optional<QByteArray> idempotencyKey = std::nullopt,
                             std::optional<QString> apiKey = std::nullopt)
    {
        QNetworkRequest request(m_sandbox->url(path));
        request.setTransferTimeout(kTransferTimeoutMs);
        const QString key = apiKey.value_or(m_sandbox->secretKey());
        if (!key.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
        if (idempotencyKey)
            request.setRawHeader("Idempotency-Key", *idempotencyKey);
        if (method == "POST") {
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
            return m_network->post(request, formBody(params));
        }
        return m_network->sendCustomRequest(request, method);
    }

    Reply send(const QByteArray& method, const QString& path, const Params& params = {},
               std::optional<QByteArray> idempotencyKey = std::nullopt, std::optional<QString> apiKey = std::nullopt)
    {
        return collect(sendAsync(method, path, params, idempotencyKey, apiKey));
    }

    Reply refund(const QString& pi, qint64 amount, std::optional<QByteArray> key = std::nullopt,
                 const QString& operationId = QStringLiteral("op_1"))
    {
        return send("POST", QStringLiteral("/v1/refunds"),
                    {{QStringLiteral("payment_intent"), pi},
                     {QStringLiteral("amount"), QString::number(amount)},
                     {QStringLiteral("metadata[operation_id]"), operationId},
                     {QStringLiteral("metadata[order_id]"), QStringLiteral("4417")}},
                    key);
    }

    QStringList refundIds(const QString& pi)
    {
        const Reply r = send("GET", QStringLiteral("/v1/refunds?limit=100&payment_intent=") + pi);
        return ids(r.json);
    }

private slots:
    void cleanup()
    {
        m_network.reset();
        m_sandbox.reset();
    }

    // R14: the second request with the same key replays the stored status and body.
    void r14_replayWithHeader()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800, QStringLiteral("usd"),
                                                          {{QStringLiteral("order_id"), QStringLiteral("4417")}});
        QVERIFY2(!pi.isEmpty(), qPrintable(m_sandbox->errorString()));

        const Reply first = refund(pi, 3800, "key-replay-1");
        QCOMPARE(first.status, 200);
        QVERIFY(!first.replayed());
        QVERIFY(first.header("Request-Id").startsWith("req_"));
        const QString id = first.json.value(QStringLiteral("id")).toString();
        QVERIFY(id.startsWith(QLatin1String("re_")));
        QCOMPARE(first.json.value(QStringLiteral("status")).toString(), QStringLiteral("succeeded"));
        // R11: the posted metadata is on the refund.
        QCOMPARE(first.json.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("operation_id")).toString(),
                 QStringLiteral("op_1"));

        const Reply second = refund(pi, 3800, "key-replay-1");
        QCOMPARE(second.status, 200);
        QVERIFY(second.replayed());
        QCOMPARE(second.body, first.body);
        QVERIFY(second.header("Request-Id").startsWith("req_"));
        QVERIFY(second.header("Request-Id") != first.header("Request-Id"));

        QCOMPARE(refundIds(pi), QStringList{id});
        const QJsonObject stats = m_sandbox->stats();
        QCOMPARE(stats.value(QStringLiteral("refunds_executed_total")).toInteger(), 1);
        QCOMPARE(stats.value(QStringLiteral("replays_total")).toInteger(), 1);
        QCOMPARE(stats.value(QStringLiteral("refunds_by_idempotency_key")).toObject().value(QStringLiteral("key-replay-1")).toInteger(), 1);
    }

    // R14: same key while the first request still runs -> 409, nothing saved for it.
    void r14_conflictWhileInProgress()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        // The delay only has to outlast one local round trip after the claim is observed.
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("delay"), 1, 8000));

        QNetworkReply* slow = sendAsync("POST", QStringLiteral("/v1/refunds"),
                                        {{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("500")}},
                                        QByteArray("key-busy"));
        // Wait until the first request has claimed the key (no sleeps: poll the sandbox).
        QTRY_COMPARE_WITH_TIMEOUT(m_sandbox->stats().value(QStringLiteral("in_progress_keys")).toInteger(), 1, 15000);

        const Reply busy = send("POST", QStringLiteral("/v1/refunds"),
                                {{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("500")}},
                                QByteArray("key-busy"));
        QCOMPARE(busy.status, 409);
        QCOMPARE(busy.errorCode(), QStringLiteral("idempotency_key_in_use"));
        QVERIFY(!busy.replayed());
        QVERIFY(busy.header("Request-Id").startsWith("req_"));
        QVERIFY(!slow->isFinished()); // the 409 was not produced by a finished first request

        const Reply first = collect(slow);
        QCOMPARE(first.status, 200);
        QVERIFY(!first.replayed());

        // The 409 stored nothing: a retry now replays the first request's refund.
        const Reply retry = send("POST", QStringLiteral("/v1/refunds"),
                                 {{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("500")}},
                                 QByteArray("key-busy"));
        QCOMPARE(retry.status, 200);
        QVERIFY(retry.replayed());
        QCOMPARE(retry.body, first.body);
        QCOMPARE(refundIds(pi).size(), 1);
        const QJsonObject stats = m_sandbox->stats();
        QCOMPARE(stats.value(QStringLiteral("conflicts_409_total")).toInteger(), 1);
        QCOMPARE(stats.value(QStringLiteral("in_progress_keys")).toInteger(), 0);
    }

    // R14: same key, other parameters -> refused in both profiles, nothing executed.
    void r14_mismatchRefused_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("status");
        QTest::newRow("stripe") << QStringLiteral("stripe") << 400;
        QTest::newRow("ietf") << QStringLiteral("ietf") << 422;
    }
    void r14_mismatchRefused()
    {
        QFETCH(QString, profile);
        QFETCH(int, status);
        SandboxProcess::Options options;
        options.profile = profile;
        QVERIFY(startSandbox(options));
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());

        const Reply first = refund(pi, 1000, "key-mismatch");
        QCOMPARE(first.status, 200);
        const Reply other = refund(pi, 1100, "key-mismatch");
        QCOMPARE(other.status, status);
        QVERIFY(!other.replayed());
        if (profile == QLatin1String("stripe")) {
            QCOMPARE(other.errorType(), QStringLiteral("idempotency_error"));
            QVERIFY(other.header("Content-Type").startsWith("application/json"));
        } else {
            QVERIFY(other.header("Content-Type").startsWith("application/problem+json"));
            QCOMPARE(other.json.value(QStringLiteral("status")).toInt(), 422);
            QVERIFY(!other.json.value(QStringLiteral("title")).toString().isEmpty());
        }
        // Same key on another endpoint is a mismatch too.
        const QString refundId = first.json.value(QStringLiteral("id")).toString();
        const Reply otherEndpoint = send("POST", QStringLiteral("/v1/refunds/") + refundId,
                                         {{QStringLiteral("metadata[note]"), QStringLiteral("x")}}, QByteArray("key-mismatch"));
        QCOMPARE(otherEndpoint.status, status);

        QCOMPARE(refundIds(pi), QStringList{refundId});
        const Reply got = send("GET", QStringLiteral("/v1/refunds/") + refundId);
        QVERIFY(!got.json.value(QStringLiteral("metadata")).toObject().contains(QStringLiteral("note")));
        // The original is still replayable after the refusals.
        const Reply replay = refund(pi, 1000, "key-mismatch");
        QVERIFY(replay.replayed());
        QCOMPARE(replay.body, first.body);
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("idempotency_mismatch_total")).toInteger(), 2);
    }

    // R14: an empty key or one longer than 255 characters is refused before anything runs.
    void r14_invalidKeysRefused()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());

        const QByteArray tooLong(256, 'k');
        for (int attempt = 0; attempt < 2; ++attempt) {
            const Reply r = refund(pi, 100, tooLong);
            QCOMPARE(r.status, 400);
            QVERIFY(!r.replayed());
        }
        const Reply empty = refund(pi, 100, QByteArray(""));
        QCOMPARE(empty.status, 400);
        const Reply blank = refund(pi, 100, QByteArray("   "));
        QCOMPARE(blank.status, 400);
        QVERIFY(refundIds(pi).isEmpty());

        const Reply longest = refund(pi, 100, QByteArray(255, 'k'));
        QCOMPARE(longest.status, 200);
        QCOMPARE(refundIds(pi).size(), 1);
    }

    // R14: keys, refunds and events survive a restart (own SQLite file).
    void r14_restartKeepsState()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        const Reply first = refund(pi, 1200, "key-restart");
        QCOMPARE(first.status, 200);
        const QString id = first.json.value(QStringLiteral("id")).toString();

        QVERIFY2(m_sandbox->restart(), qPrintable(m_sandbox->errorString()));
        m_network = std::make_unique<QNetworkAccessManager>();

        const Reply got = send("GET", QStringLiteral("/v1/refunds/") + id);
        QCOMPARE(got.status, 200);
        QCOMPARE(got.json.value(QStringLiteral("amount")).toInteger(), 1200);
        const Reply replay = refund(pi, 1200, "key-restart");
        QCOMPARE(replay.status, 200);
        QVERIFY(replay.replayed());
        QCOMPARE(replay.body, first.body);
        const Reply events = send("GET", QStringLiteral("/v1/events?type=refund.created"));
        QCOMPARE(events.status, 200);
        const QJsonArray data = events.json.value(QStringLiteral("data")).toArray();
        QCOMPARE(data.size(), 1);
        QCOMPARE(data.at(0).toObject().value(QStringLiteral("request")).toObject().value(QStringLiteral("idempotency_key")).toString(),
                 QStringLiteral("key-restart"));
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("refunds_executed_total")).toInteger(), 1);
    }

    // R13: the restricted key reads but cannot write; a wrong or missing key gets 401. R14: neither stores.
    void r13_readOnlyKeyAndAuth()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        const Params params{{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("100")}};

        const Reply readOnly = send("POST", QStringLiteral("/v1/refunds"), params, QByteArray("key-auth"), m_sandbox->readKey());
        QCOMPARE(readOnly.status, 403);
        QCOMPARE(readOnly.errorCode(), QStringLiteral("permission_error"));
        const Reply wrong = send("POST", QStringLiteral("/v1/refunds"), params, QByteArray("key-auth"), QStringLiteral("sk_test_wrong"));
        QCOMPARE(wrong.status, 401);
        QVERIFY(wrong.header("Request-Id").startsWith("req_"));
        const Reply missing = send("GET", QStringLiteral("/v1/refunds"), {}, std::nullopt, QString());
        QCOMPARE(missing.status, 401);
        const Reply wrongGet = send("GET", QStringLiteral("/v1/payment_intents/") + pi, {}, std::nullopt, QStringLiteral("rk_test_other"));
        QCOMPARE(wrongGet.status, 401);

        const Reply readList = send("GET", QStringLiteral("/v1/refunds?payment_intent=") + pi, {}, std::nullopt, m_sandbox->readKey());
        QCOMPARE(readList.status, 200);
        QVERIFY(ids(readList.json).isEmpty());
        const Reply readPi = send("GET", QStringLiteral("/v1/payment_intents/") + pi, {}, std::nullopt, m_sandbox->readKey());
        QCOMPARE(readPi.status, 200);
        QCOMPARE(readPi.json.value(QStringLiteral("status")).toString(), QStringLiteral("succeeded"));

        // Nothing was stored for the refused requests: the same key now executes.
        const Reply ok = send("POST", QStringLiteral("/v1/refunds"), params, QByteArray("key-auth"));
        QCOMPARE(ok.status, 200);
        QVERIFY(!ok.replayed());
    }

    // R14 / R7: a stored 500 ("saved unknown outcome") is replayed for the key; nothing executed.
    void r14_stored500Replayed()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("status_500")));

        const Reply first = refund(pi, 1000, "key-500");
        QCOMPARE(first.status, 500);
        QCOMPARE(first.errorType(), QStringLiteral("api_error"));
        QVERIFY(!first.replayed());
        const Reply again = refund(pi, 1000, "key-500");
        QCOMPARE(again.status, 500);
        QVERIFY(again.replayed());
        QCOMPARE(again.body, first.body);
        QVERIFY(refundIds(pi).isEmpty());

        const Reply fresh = refund(pi, 1000, "key-500-new");
        QCOMPARE(fresh.status, 200);
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("stored_500_total")).toInteger(), 1);
    }

    // R14 / R7: 429s come from the rate limiter before the idempotency layer and store nothing.
    void r14_rateLimit429StoresNothing_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("code");
        QTest::newRow("rate_limit") << QStringLiteral("rate_limit_429") << QStringLiteral("rate_limit");
        QTest::newRow("lock_timeout") << QStringLiteral("lock_timeout_429") << QStringLiteral("lock_timeout");
    }
    void r14_rateLimit429StoresNothing()
    {
        QFETCH(QString, fault);
        QFETCH(QString, code);
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), fault, 2));

        for (int i = 0; i < 2; ++i) {
            const Reply limited = refund(pi, 700, "key-429");
            QCOMPARE(limited.status, 429);
            QCOMPARE(limited.errorCode(), code);
            QVERIFY(!limited.replayed());
        }
        QVERIFY(refundIds(pi).isEmpty());
        const Reply retry = refund(pi, 700, "key-429");
        QCOMPARE(retry.status, 200);
        QVERIFY(!retry.replayed());
        QCOMPARE(refundIds(pi).size(), 1);
        const QJsonObject stats = m_sandbox->stats();
        QCOMPARE(stats.value(QStringLiteral("rate_limited_429_total")).toInteger(), 2);
        QCOMPARE(stats.value(QStringLiteral("replays_total")).toInteger(), 0);
    }

    // R14 / R7: drop_after_commit -> no response, but the refund exists and a retry replays it.
    void r14_dropAfterCommit()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());

        // 1. On the wire: a raw client sees the connection closed with zero response bytes.
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("drop_after_commit")));
        const QByteArray form = formBody({{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("1000")}});
        QTcpSocket raw;
        raw.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(m_sandbox->baseUrl().port()));
        QVERIFY(raw.waitForConnected(kTransferTimeoutMs));
        raw.write("POST /v1/refunds HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_sandbox->secretKey().toUtf8()
                  + "\r\nIdempotency-Key: key-drop-raw\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                  + "Content-Length: " + QByteArray::number(form.size()) + "\r\n\r\n" + form);
        QSignalSpy closed(&raw, &QTcpSocket::disconnected);
        QVERIFY(closed.wait(kTransferTimeoutMs));
        QVERIFY(raw.readAll().isEmpty());
        QStringList existing = refundIds(pi);
        QCOMPARE(existing.size(), 1); // committed before the drop

        // The retry with the same key replays the committed refund.
        const Reply retryRaw = send("POST", QStringLiteral("/v1/refunds"),
                                    {{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("1000")}},
                                    QByteArray("key-drop-raw"));
        QCOMPARE(retryRaw.status, 200);
        QVERIFY(retryRaw.replayed());
        QCOMPARE(retryRaw.json.value(QStringLiteral("id")).toString(), existing.first());

        // 2. Through QNetworkAccessManager. Note: QNAM silently resends a request whose
        // connection closed before any response byte (up to twice); with the same key those
        // resends are replays, and the drop fault applies to them too, so arm enough drops.
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("drop_after_commit"), 5));
        const Reply dropped = refund(pi, 2800, "key-drop");
        QCOMPARE(dropped.status, 0);
        QVERIFY(dropped.error != QNetworkReply::NoError);
        QVERIFY(dropped.body.isEmpty());
        int status = 0;
        m_sandbox->control("DELETE", QStringLiteral("/_sandbox/faults"), {}, &status);
        QCOMPARE(status, 200);

        existing = refundIds(pi);
        QCOMPARE(existing.size(), 2);
        const QJsonObject stats = m_sandbox->stats();
        const qint64 drops = stats.value(QStringLiteral("dropped_total")).toInteger();
        QVERIFY2(drops >= 2 && drops <= 5, qPrintable(QString::number(drops)));
        qInfo("drop_after_commit applied %lld times (1 raw + QNAM original and its silent resends)", drops);
        // Every silent resend was a replay of the one refund, never a second execution.
        QCOMPARE(stats.value(QStringLiteral("replays_total")).toInteger(), 1 + (drops - 2));
        QCOMPARE(stats.value(QStringLiteral("refunds_by_idempotency_key")).toObject().value(QStringLiteral("key-drop")).toInteger(), 1);

        const Reply retry = refund(pi, 2800, "key-drop");
        QCOMPARE(retry.status, 200);
        QVERIFY(retry.replayed());
        QCOMPARE(retry.json.value(QStringLiteral("id")).toString(), existing.first());
        QCOMPARE(refundIds(pi).size(), 2);
    }

    // R14 / R10: after the retention the same key is a new request (sandbox clock, no sleeping).
    void r14_keyRetentionExpiry()
    {
        SandboxProcess::Options options;
        options.retentionHours = 24;
        QVERIFY(startSandbox(options));
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());

        const Reply first = refund(pi, 1000, "key-retention");
        QCOMPARE(first.status, 200);
        QVERIFY(m_sandbox->advanceClock(23 * 3600));
        const Reply within = refund(pi, 1000, "key-retention");
        QVERIFY(within.replayed());
        QCOMPARE(within.body, first.body);

        QVERIFY(m_sandbox->advanceClock(3600));
        const Reply after = refund(pi, 1000, "key-retention");
        QCOMPARE(after.status, 200);
        QVERIFY(!after.replayed());
        QVERIFY(after.json.value(QStringLiteral("id")) != first.json.value(QStringLiteral("id")));
        // `created` follows the sandbox clock.
        QVERIFY(after.json.value(QStringLiteral("created")).toInteger()
                >= first.json.value(QStringLiteral("created")).toInteger() + 24 * 3600);
        QCOMPARE(refundIds(pi).size(), 2);
    }

    // R7: definite refusals amount_too_large and charge_already_refunded; a stored 4xx is replayed.
    void r7_amountTooLargeAndAlreadyRefunded()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());

        QCOMPARE(refund(pi, 3000, "key-a").status, 200);
        const Reply tooLarge = refund(pi, 1000, "key-b");
        QCOMPARE(tooLarge.status, 400);
        QCOMPARE(tooLarge.errorCode(), QStringLiteral("amount_too_large"));
        QCOMPARE(tooLarge.errorType(), QStringLiteral("invalid_request_error"));
        const Reply tooLargeAgain = refund(pi, 1000, "key-b");
        QCOMPARE(tooLargeAgain.status, 400);
        QVERIFY(tooLargeAgain.replayed());

        QCOMPARE(refund(pi, 800, "key-c").status, 200);
        const Reply already = refund(pi, 1, "key-d");
        QCOMPARE(already.status, 400);
        QCOMPARE(already.errorCode(), QStringLiteral("charge_already_refunded"));

        const Reply missing = send("GET", QStringLiteral("/v1/refunds/re_doesnotexist"));
        QCOMPARE(missing.status, 404);
        QCOMPARE(missing.errorCode(), QStringLiteral("resource_missing"));
        // A validation error (no payment) stores nothing: the key stays free.
        const Reply invalid = send("POST", QStringLiteral("/v1/refunds"), {{QStringLiteral("amount"), QStringLiteral("5")}},
                                   QByteArray("key-e"));
        QCOMPARE(invalid.status, 400);
        QCOMPARE(invalid.errorCode(), QStringLiteral("parameter_missing"));
        const Reply afterInvalid = send("POST", QStringLiteral("/v1/refunds"), {{QStringLiteral("payment_intent"), pi}},
                                        QByteArray("key-e"));
        QCOMPARE(afterInvalid.status, 400);
        QVERIFY(!afterInvalid.replayed());
        QCOMPARE(afterInvalid.errorCode(), QStringLiteral("charge_already_refunded"));
        QCOMPARE(refundIds(pi).size(), 2);
    }

    // R15: list shape, newest first, cursor paging both ways, filters, limit bounds.
    void r15_listPagingNewestFirst()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(10000);
        const QString chargeId = m_sandbox->lastPaymentIntent().value(QStringLiteral("latest_charge")).toString();
        const QString otherPi = m_sandbox->createPaymentIntent(10000);
        QVERIFY(!pi.isEmpty() && !otherPi.isEmpty());
        QVERIFY(chargeId.startsWith(QLatin1String("ch_")));
        QStringList created;
        for (int i = 0; i < 5; ++i) {
            const Reply r = refund(pi, 100, QByteArray("key-page-") + QByteArray::number(i));
            QCOMPARE(r.status, 200);
            created.prepend(r.json.value(QStringLiteral("id")).toString()); // newest first
            QCOMPARE(refund(otherPi, 100).status, 200);
        }
        const QString base = QStringLiteral("/v1/refunds?payment_intent=") + pi;
        const Reply page1 = send("GET", base + QStringLiteral("&limit=2"));
        QCOMPARE(page1.status, 200);
        QCOMPARE(page1.json.value(QStringLiteral("object")).toString(), QStringLiteral("list"));
        QCOMPARE(page1.json.value(QStringLiteral("url")).toString(), QStringLiteral("/v1/refunds"));
        QCOMPARE(ids(page1.json), (QStringList{created[0], created[1]}));
        QVERIFY(page1.json.value(QStringLiteral("has_more")).toBool());
        const Reply page2 = send("GET", base + QStringLiteral("&limit=2&starting_after=") + created[1]);
        QCOMPARE(ids(page2.json), (QStringList{created[2], created[3]}));
        QVERIFY(page2.json.value(QStringLiteral("has_more")).toBool());
        const Reply page3 = send("GET", base + QStringLiteral("&limit=2&starting_after=") + created[3]);
        QCOMPARE(ids(page3.json), QStringList{created[4]});
        QVERIFY(!page3.json.value(QStringLiteral("has_more")).toBool());
        const Reply back = send("GET", base + QStringLiteral("&limit=2&ending_before=") + created[4]);
        QCOMPARE(ids(back.json), (QStringList{created[2], created[3]}));
        QVERIFY(back.json.value(QStringLiteral("has_more")).toBool());
        const Reply backTop = send("GET", base + QStringLiteral("&limit=2&ending_before=") + created[2]);
        QCOMPARE(ids(backTop.json), (QStringList{created[0], created[1]}));
        QVERIFY(!backTop.json.value(QStringLiteral("has_more")).toBool());

        const Reply byCharge = send("GET", QStringLiteral("/v1/refunds?charge=") + chargeId);
        QCOMPARE(ids(byCharge.json), created);
        const Reply all = send("GET", QStringLiteral("/v1/refunds"));
        QCOMPARE(ids(all.json).size(), 10); // default limit 10
        QCOMPARE(send("GET", QStringLiteral("/v1/refunds?limit=0")).status, 400);
        QCOMPARE(send("GET", QStringLiteral("/v1/refunds?limit=101")).status, 400);
        QCOMPARE(send("GET", QStringLiteral("/v1/refunds?limit=100")).status, 200);
    }

    // R14 / R15: refund events carry request.id and request.idempotency_key; list paging and filters.
    void r15_eventsCarryIdempotencyKey()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        const Reply created = refund(pi, 1500, "key-event");
        QCOMPARE(created.status, 200);
        const QString refundId = created.json.value(QStringLiteral("id")).toString();
        const Reply updated = send("POST", QStringLiteral("/v1/refunds/") + refundId,
                                   {{QStringLiteral("metadata[reviewed]"), QStringLiteral("yes")}}, QByteArray("key-event-upd"));
        QCOMPARE(updated.status, 200);

        const Reply events = send("GET", QStringLiteral("/v1/events?type=refund.created"));
        QCOMPARE(events.status, 200);
        QCOMPARE(events.json.value(QStringLiteral("object")).toString(), QStringLiteral("list"));
        const QJsonArray data = events.json.value(QStringLiteral("data")).toArray();
        QCOMPARE(data.size(), 1);
        const QJsonObject event = data.at(0).toObject();
        QCOMPARE(event.value(QStringLiteral("type")).toString(), QStringLiteral("refund.created"));
        const QJsonObject request = event.value(QStringLiteral("request")).toObject();
        QCOMPARE(request.value(QStringLiteral("idempotency_key")).toString(), QStringLiteral("key-event"));
        QCOMPARE(request.value(QStringLiteral("id")).toString(), QString::fromLatin1(created.header("Request-Id")));
        const QJsonObject object = event.value(QStringLiteral("data")).toObject().value(QStringLiteral("object")).toObject();
        QCOMPARE(object.value(QStringLiteral("id")).toString(), refundId);
        QCOMPARE(object.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("operation_id")).toString(),
                 QStringLiteral("op_1"));

        const Reply updates = send("GET", QStringLiteral("/v1/events?type=refund.updated"));
        const QJsonArray updateData = updates.json.value(QStringLiteral("data")).toArray();
        QCOMPARE(updateData.size(), 1);
        QCOMPARE(updateData.at(0).toObject().value(QStringLiteral("request")).toObject().value(QStringLiteral("idempotency_key")).toString(),
                 QStringLiteral("key-event-upd"));

        const qint64 createdAt = event.value(QStringLiteral("created")).toInteger();
        const Reply future = send("GET", QStringLiteral("/v1/events?created[gte]=%1").arg(createdAt + 3600));
        QCOMPARE(future.status, 200);
        QVERIFY(ids(future.json).isEmpty());
        const Reply since = send("GET", QStringLiteral("/v1/events?type=refund.created&created[gte]=%1").arg(createdAt));
        QCOMPARE(ids(since.json).size(), 1);
        // refund.created, charge.refunded, refund.updated: newest first, paged.
        const Reply first = send("GET", QStringLiteral("/v1/events?limit=1"));
        QVERIFY(first.json.value(QStringLiteral("has_more")).toBool());
        QCOMPARE(first.json.value(QStringLiteral("data")).toArray().at(0).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("refund.updated"));
        const Reply rest = send("GET", QStringLiteral("/v1/events?limit=10&starting_after=") + ids(first.json).first());
        QCOMPARE(ids(rest.json).size(), 2);
        QVERIFY(!rest.json.value(QStringLiteral("has_more")).toBool());
    }

    // R15: payment intent search by metadata order_id (search_result shape).
    void r15_searchPaymentIntentByOrderId()
    {
        QVERIFY(startSandbox());
        const QString wanted = m_sandbox->createPaymentIntent(3800, QStringLiteral("usd"),
                                                              {{QStringLiteral("order_id"), QStringLiteral("4417")}});
        QVERIFY(!m_sandbox->createPaymentIntent(1200, QStringLiteral("usd"),
                                                {{QStringLiteral("order_id"), QStringLiteral("5000")}}).isEmpty());
        QVERIFY(!wanted.isEmpty());

        QUrlQuery query;
        query.addQueryItem(QStringLiteral("query"), QStringLiteral("metadata['order_id']:'4417'"));
        const Reply found = send("GET", QStringLiteral("/v1/payment_intents/search?") + query.toString(QUrl::FullyEncoded));
        QCOMPARE(found.status, 200);
        QCOMPARE(found.json.value(QStringLiteral("object")).toString(), QStringLiteral("search_result"));
        QCOMPARE(ids(found.json), QStringList{wanted});
        QVERIFY(found.json.contains(QStringLiteral("next_page")));
        QCOMPARE(found.json.value(QStringLiteral("url")).toString(), QStringLiteral("/v1/payment_intents/search"));

        QUrlQuery both;
        both.addQueryItem(QStringLiteral("query"), QStringLiteral("status:'succeeded' AND metadata['order_id']:'5000'"));
        const Reply other = send("GET", QStringLiteral("/v1/payment_intents/search?") + both.toString(QUrl::FullyEncoded));
        QCOMPARE(other.status, 200);
        QCOMPARE(ids(other.json).size(), 1);
        QVERIFY(ids(other.json).first() != wanted);

        QUrlQuery none;
        none.addQueryItem(QStringLiteral("query"), QStringLiteral("metadata['order_id']:'9999'"));
        QVERIFY(ids(send("GET", QStringLiteral("/v1/payment_intents/search?") + none.toString(QUrl::FullyEncoded)).json).isEmpty());
        QCOMPARE(send("GET", QStringLiteral("/v1/payment_intents/search")).status, 400);
    }

    // R14: stats count requests, executions per payment intent and per key, replays, 409s, 429s.
    void r14_statsCounts()
    {
        QVERIFY(startSandbox());
        const QString a = m_sandbox->createPaymentIntent(3800);
        const QString b = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("requests_total")).toInteger(), 0);
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("rate_limit_429")));
        QCOMPARE(refund(a, 100, "s-1").status, 429);
        QCOMPARE(refund(a, 100, "s-1").status, 200);
        QCOMPARE(refund(a, 100, "s-1").status, 200);
        QCOMPARE(refund(a, 100, "s-2").status, 200);
        QCOMPARE(refund(b, 100, "s-3").status, 200);
        QCOMPARE(refund(b, 100).status, 200); // no key

        const QJsonObject stats = m_sandbox->stats();
        QCOMPARE(stats.value(QStringLiteral("requests_total")).toInteger(), 6);
        QCOMPARE(stats.value(QStringLiteral("refunds_executed_total")).toInteger(), 4);
        QCOMPARE(stats.value(QStringLiteral("replays_total")).toInteger(), 1);
        QCOMPARE(stats.value(QStringLiteral("rate_limited_429_total")).toInteger(), 1);
        QCOMPARE(stats.value(QStringLiteral("conflicts_409_total")).toInteger(), 0);
        const QJsonObject byPi = stats.value(QStringLiteral("refunds_by_payment_intent")).toObject();
        QCOMPARE(byPi.value(a).toInteger(), 2);
        QCOMPARE(byPi.value(b).toInteger(), 2);
        const QJsonObject byKey = stats.value(QStringLiteral("refunds_by_idempotency_key")).toObject();
        QCOMPARE(byKey.value(QStringLiteral("s-1")).toInteger(), 1);
        QCOMPARE(byKey.value(QStringLiteral("s-2")).toInteger(), 1);
        QCOMPARE(byKey.size(), 3);
    }

    // R12: refund_posts_* count every POST /v1/refunds as it arrives (what left a client), also
    // the ones refused before any work (401, 429, validation) and the replays; nothing else.
    void r12_refundPostsCountedOnArrival()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800);
        QVERIFY(!pi.isEmpty());
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("refund_posts_total")).toInteger(), 0);
        QVERIFY(
            m_sandbox->stats().value(QStringLiteral("refund_posts_by_idempotency_key")).toObject().isEmpty());

        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                    QStringLiteral("rate_limit_429")));
        QCOMPARE(refund(pi, 100, "p-1").status, 429); // rate limiter: before idempotency
        QCOMPARE(refund(pi, 100, "p-1").status, 200);
        QCOMPARE(refund(pi, 100, "p-1").status, 200); // replay
        QVERIFY(m_sandbox->addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"),
                                    QStringLiteral("status_500")));
        QCOMPARE(refund(pi, 200, "p-2").status, 500);
        QCOMPARE(
            send("POST", QStringLiteral("/v1/refunds"),
                 {{QStringLiteral("payment_intent"), pi}, {QStringLiteral("amount"), QStringLiteral("100")}},
                 QByteArray("p-3"), QStringLiteral("sk_test_wrong"))
                .status,
            401);
        QCOMPARE(send("POST", QStringLiteral("/v1/refunds"),
                      {{QStringLiteral("amount"), QStringLiteral("100")}}, QByteArray("p-4"))
                     .status,
                 400);                         // no payment: refused before any work
        QCOMPARE(refund(pi, 300).status, 200); // no key: counted under ""
        // Not refund POSTs: not counted.
        QCOMPARE(send("GET", QStringLiteral("/v1/refunds?payment_intent=") + pi).status, 200);
        QVERIFY(send("POST", QStringLiteral("/v1/payment_intents"), {}, QByteArray("p-5")).status >= 400);

        const QJsonObject stats = m_sandbox->stats();
        QCOMPARE(stats.value(QStringLiteral("refund_posts_total")).toInteger(), 7);
        const QJsonObject byKey = stats.value(QStringLiteral("refund_posts_by_idempotency_key")).toObject();
        QCOMPARE(byKey.value(QStringLiteral("p-1")).toInteger(), 3);
        QCOMPARE(byKey.value(QStringLiteral("p-2")).toInteger(), 1);
        QCOMPARE(byKey.value(QStringLiteral("p-3")).toInteger(), 1);
        QCOMPARE(byKey.value(QStringLiteral("p-4")).toInteger(), 1);
        QCOMPARE(byKey.value(QString()).toInteger(), 1);
        QCOMPARE(byKey.size(), 5);
        // The existing fields are still there.
        QCOMPARE(stats.value(QStringLiteral("refunds_executed_total")).toInteger(), 2);
        QCOMPARE(stats.value(QStringLiteral("requests_total")).toInteger(), 9);

        // Kept across a restart, like every counter (R14).
        QVERIFY(m_sandbox->restart());
        m_network = std::make_unique<QNetworkAccessManager>();
        QCOMPARE(m_sandbox->stats().value(QStringLiteral("refund_posts_total")).toInteger(), 7);
    }

    // R11 / R14: objects have the fields and JSON types of Stripe's fixtures.
    void r14_objectsMatchFixtureShapes()
    {
        QVERIFY(startSandbox());
        const QString pi = m_sandbox->createPaymentIntent(3800, QStringLiteral("usd"),
                                                          {{QStringLiteral("order_id"), QStringLiteral("4417")}});
        QVERIFY(!pi.isEmpty());
        const QString chargeId = m_sandbox->lastPaymentIntent().value(QStringLiteral("latest_charge")).toString();
        const Reply r = refund(pi, 500, "key-shape");
        QCOMPARE(r.status, 200);

        const QJsonObject refundFixture = readFixture(QStringLiteral("refund.json"));
        QVERIFY(!refundFixture.isEmpty());
        QCOMPARE(shapeMismatch(refundFixture, r.json, QStringLiteral("refund")), QString());
        const Reply piReply = send("GET", QStringLiteral("/v1/payment_intents/") + pi);
        QCOMPARE(shapeMismatch(readFixture(QStringLiteral("payment_intent.json")), piReply.json, QStringLiteral("payment_intent")),
                 QString());
        const Reply charge = send("GET", QStringLiteral("/v1/charges/") + chargeId);
        QCOMPARE(charge.status, 200);
        QCOMPARE(shapeMismatch(readFixture(QStringLiteral("charge.json")), charge.json, QStringLiteral("charge")), QString());
        QCOMPARE(charge.json.value(QStringLiteral("amount_refunded")).toInteger(), 500);
        const Reply events = send("GET", QStringLiteral("/v1/events?limit=1&type=refund.created"));
        const QJsonObject event = events.json.value(QStringLiteral("data")).toArray().at(0).toObject();
        QCOMPARE(shapeMismatch(readFixture(QStringLiteral("event.json")), event, QStringLiteral("event")), QString());
        QCOMPARE(r.json.value(QStringLiteral("object")).toString(), QStringLiteral("refund"));
        QCOMPARE(r.json.value(QStringLiteral("currency")).toString(), QStringLiteral("usd"));
        QCOMPARE(r.json.value(QStringLiteral("payment_intent")).toString(), pi);
        QCOMPARE(r.json.value(QStringLiteral("charge")).toString(), chargeId);
    }

    // CLI contract: non-loopback listen refused with exit code 2; R22: keys never reach the log.
    void cli_refusesNonLoopbackAndNeverLogsKeys()
    {
        QProcess refused;
        refused.start(QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN),
                      {QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"), QStringLiteral("--db"),
                       QDir::temp().filePath(QStringLiteral("never-created.sqlite"))});
        QVERIFY(refused.waitForFinished(15000));
        QCOMPARE(refused.exitStatus(), QProcess::NormalExit);
        QCOMPARE(refused.exitCode(), 2);
        QVERIFY(refused.readAllStandardOutput().isEmpty());
        QVERIFY(refused.readAllStandardError().contains("loopback"));

        QTemporaryDir dir;
        QProcess server;
        server.start(QStringLiteral(REFUND_SANDBOX_PROVIDER_BIN),
                     {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--db"),
                      dir.filePath(QStringLiteral("s.sqlite")), QStringLiteral("--secret-key"),
                      QStringLiteral("sk_test_secretvalue123"), QStringLiteral("--log-level"), QStringLiteral("debug")});
        QVERIFY(server.waitForStarted(15000));
        QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 15000);
        const QString line = QString::fromUtf8(server.readLine()).trimmed();
        QVERIFY2(line.startsWith(QLatin1String("listening on http://127.0.0.1:")), qPrintable(line));
        const QUrl base(line.mid(13));
        QVERIFY(base.port() > 0);

        QNetworkAccessManager network;
        for (const QByteArray& key : {QByteArray("sk_test_secretvalue123"), QByteArray("sk_test_wrongvalue456")}) {
            QNetworkRequest request(base.resolved(QUrl(QStringLiteral("/v1/refunds"))));
            request.setTransferTimeout(kTransferTimeoutMs);
            request.setRawHeader("Authorization", "Bearer " + key);
            const Reply r = collect(network.get(request));
            QVERIFY(r.status == 200 || r.status == 401);
        }
        server.terminate();
        QVERIFY(server.waitForFinished(15000));
        const QByteArray log = server.readAllStandardError();
        QVERIFY(log.contains("GET /v1/refunds")); // debug logging was on and saw the requests
        QVERIFY(!log.contains("secretvalue123"));
        QVERIFY(!log.contains("wrongvalue456"));
    }
};

QTEST_GUILESS_MAIN(TestSandboxProvider)
#include "TestSandboxProvider.moc"
