// ProviderClient against an in-test fake HTTP server: the R7 classification end to end,
// the wire format (Idempotency-Key on POST only, exact form body, Request-Id,
// Idempotent-Replayed), read calls (R13, R15) with pagination and 429 backoff,
// cancellation, and the API key never reaching error text (R22).

#include "FakeProviderServer.h"
#include "Backoff.h"

#include "provider/ProviderClient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>

namespace {

const QString kApiKey = QStringLiteral("sk_test_51TopSecretKeyValue");

QByteArray readFixture(const char* name)
{
    QFile file(QStringLiteral(REFUND_TEST_DATA_DIR "/stripe/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture %s", name);
    return file.readAll();
}

QJsonObject refundObject(const QString& id, qint64 amount = 3800,
                         const QString& operationId = QStringLiteral("op_1"))
{
    QJsonObject refund = QJsonDocument::fromJson(readFixture("refund.json")).object();
    refund.insert(QStringLiteral("id"), id);
    refund.insert(QStringLiteral("amount"), amount);
    refund.insert(QStringLiteral("payment_intent"), QStringLiteral("pi_1"));
    refund.insert(QStringLiteral("metadata"),
                  QJsonObject{{QStringLiteral("operation_id"), operationId},
                              {QStringLiteral("order_id"), QStringLiteral("4417")}});
    return refund;
}

QByteArray toJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray stripeError(const char* type, const char* code, const char* message)
{
    QJsonObject error{{QStringLiteral("type"), QLatin1String(type)},
                      {QStringLiteral("message"), QLatin1String(message)}};
    if (code)
        error.insert(QStringLiteral("code"), QLatin1String(code));
    return toJson(QJsonObject{{QStringLiteral("error"), error}});
}

QByteArray listPage(const QJsonArray& data, bool hasMore, const QString& url = QStringLiteral("/v1/refunds"))
{
    return toJson(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                              {QStringLiteral("data"), data},
                              {QStringLiteral("has_more"), hasMore},
                              {QStringLiteral("url"), url}});
}

// The answer to sampleParams(): same amount, currency, payment and operation (R7).
QJsonObject ourRefund(const QString& id)
{
    return refundObject(id, 3800, QStringLiteral("op_5521"));
}

RefundCreateParams sampleParams()
{
    RefundCreateParams p;
    p.paymentIntent = QStringLiteral("pi_1");
    p.amountCents = 3800;
    p.currency = QStringLiteral("usd"); // checked in the answer, not sent
    p.reason = QStringLiteral("requested_by_customer");
    p.metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_5521"));
    p.metadata.insert(QStringLiteral("order_id"), QStringLiteral("4417"));
    return p;
}

} // namespace

Q_DECLARE_METATYPE(AttemptOutcome)
Q_DECLARE_METATYPE(ReadFailure)

class TestProviderClient : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void r7_classifyAnswer_data();
    void r7_classifyAnswer();
    void r7_timeoutIsNoResponse();
    void r7_connectionClosedWithoutAnswerIsNoResponse();
    void r7_connectionRefusedIsNotSent();
    void r7_invalidParamsAreRefusedWithoutSending_data();
    void r7_invalidParamsAreRefusedWithoutSending();
    void r12_requestIdAndReplayedParsed();
    void r12_providerErrorTextIsCheckedAndCut();
    void r2_postSendsIdempotencyKeyAndExactFormBody();
    void r11_specialCharactersSurviveTheWire();
    void r13_getSendsNoIdempotencyKey();
    void r13_readClassification_data();
    void r13_readClassification();
    void r13_read429RetriedWithBackoffThenSucceeds();
    void r13_read429RetriesAreBounded();
    void r15_listRefundsFollowsPaginationToTheEnd();
    void r15_listRefundsFixtureListIsEmpty();
    void r15_listRefundsBadItemFailsTheWholeList();
    void r15_searchPaymentIntentsFollowsNextPage();
    void r15_listEventsFollowsPaginationAndFilters();
    void r15_emptyPageClaimingMoreIsMalformed();
    void cancelBeforeCallSendsNothing();
    void cancelFromAnotherThreadAbortsInFlightRead();
    void cancelInterruptsBackoffSleep();
    void cancelDoesNotAbortRefundCreation();
    void r22_keyNeverInErrorText();

private:
    std::unique_ptr<ProviderClient> makeClient(int timeoutMs = 3000);

    std::unique_ptr<FakeProviderServer> m_server;
};

void TestProviderClient::init()
{
    m_server = std::make_unique<FakeProviderServer>();
    QVERIFY(m_server->start());
}

void TestProviderClient::cleanup()
{
    m_server.reset();
}

std::unique_ptr<ProviderClient> TestProviderClient::makeClient(int timeoutMs)
{
    ProviderConfig config;
    config.baseUrl = m_server->baseUrl();
    config.apiKey = kApiKey;
    config.requestTimeoutMs = timeoutMs;
    auto client = std::make_unique<ProviderClient>(config);
    // Read retries must never really sleep in tests unless a test asks for it.
    client->setSleeper([](int) {});
    return client;
}

void TestProviderClient::r7_classifyAnswer_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<AttemptOutcome>("expected");
    QTest::addColumn<QString>("expectedCode");

    const QByteArray json = "application/json";
    QTest::newRow("200 refund") << 200 << toJson(ourRefund(QStringLiteral("re_ok"))) << json
                                << AttemptOutcome::Succeeded << QString();
    QTest::newRow("409 in progress") << 409
                                     << stripeError("idempotency_error", "idempotency_key_in_use", "in use")
                                     << json << AttemptOutcome::InProgress << "idempotency_key_in_use";
    QTest::newRow("429 rate_limit") << 429 << stripeError("invalid_request_error", "rate_limit", "slow down")
                                    << json << AttemptOutcome::RateLimited << "rate_limit";
    QTest::newRow("429 lock_timeout") << 429 << stripeError("invalid_request_error", "lock_timeout", "lock")
                                      << json << AttemptOutcome::RateLimited << "lock_timeout";
    QTest::newRow("500 saved") << 500 << stripeError("api_error", nullptr, "Something went wrong") << json
                               << AttemptOutcome::ServerSavedError << QString();
    QTest::newRow("503 no body") << 503 << QByteArray() << json << AttemptOutcome::ServerSavedError
                                 << QString();
    QTest::newRow("400 idempotency_error")
        << 400
        << stripeError("idempotency_error", nullptr,
                       "Keys for idempotent requests can only be used with the "
                       "same parameters")
        << json << AttemptOutcome::IdempotencyMismatch << QString();
    QTest::newRow("422 problem+json")
        << 422
        << QByteArray(
               R"({"type":"https://example.com/idempotency","title":"Idempotency-Key is already used",)"
               R"("detail":"different payload","status":422})")
        << QByteArray("application/problem+json") << AttemptOutcome::IdempotencyMismatch << QString();
    QTest::newRow("400 charge_already_refunded")
        << 400 << stripeError("invalid_request_error", "charge_already_refunded", "already refunded") << json
        << AttemptOutcome::Refused << "charge_already_refunded";
    QTest::newRow("400 amount_too_large")
        << 400 << stripeError("invalid_request_error", "amount_too_large", "too large") << json
        << AttemptOutcome::Refused << "amount_too_large";
    QTest::newRow("404 resource_missing")
        << 404 << stripeError("invalid_request_error", "resource_missing", "No such") << json
        << AttemptOutcome::Refused << "resource_missing";
    QTest::newRow("401") << 401 << stripeError("invalid_request_error", nullptr, "Invalid API Key provided")
                         << json << AttemptOutcome::AuthFailed << QString();
    QTest::newRow("403") << 403
                         << stripeError("invalid_request_error", "secret_key_required", "restricted key")
                         << json << AttemptOutcome::AuthFailed << "secret_key_required";
    // R7: a 2xx that is not our refund is not believed (it was invalid_response before).
    QTest::newRow("200 garbage") << 200 << QByteArray("<html>ok</html>") << QByteArray("text/html")
                                 << AttemptOutcome::ResponseMismatch << QString();
    QTest::newRow("200 not a refund")
        << 200 << readFixture("charge.json") << json << AttemptOutcome::ResponseMismatch << QString();
    QTest::newRow("200 someone else's refund") << 200 << toJson(refundObject(QStringLiteral("re_other")))
                                               << json << AttemptOutcome::ResponseMismatch << QString();
    QTest::newRow("200 refund missing id")
        << 200
        << toJson(QJsonObject{{QStringLiteral("object"), QStringLiteral("refund")},
                              {QStringLiteral("amount"), 1}})
        << json << AttemptOutcome::ResponseMismatch << QString();
    QTest::newRow("302 redirect") << 302 << QByteArray() << json << AttemptOutcome::InvalidResponse
                                  << QString();
}

void TestProviderClient::r7_classifyAnswer()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, contentType);
    QFETCH(AttemptOutcome, expected);
    QFETCH(QString, expectedCode);

    FakeReply reply = FakeReply::json(status, body, {{"Request-Id", "req_classify"}});
    if (status == 302)
        reply.headers.append(qMakePair(QByteArray("Location"), QByteArray("http://127.0.0.1:1/elsewhere")));
    reply.contentType = contentType;
    m_server->setReply(reply);
    auto client = makeClient();

    const ProviderResponse response = client->createRefund(sampleParams(), QStringLiteral("key-1"));
    QCOMPARE(toString(response.outcome), toString(expected));
    QCOMPARE(response.httpStatus, status);
    QCOMPARE(response.requestId, QStringLiteral("req_classify"));
    QCOMPARE(m_server->requests.size(), 1); // exactly one attempt, no hidden retries
    QCOMPARE(response.refund.has_value(), expected == AttemptOutcome::Succeeded);
    if (expected == AttemptOutcome::Succeeded) {
        QCOMPARE(response.refund->id, QStringLiteral("re_ok"));
        QCOMPARE(response.refund->operationId(), QStringLiteral("op_5521"));
        QVERIFY(response.error.isEmpty());
    } else if (expected == AttemptOutcome::ResponseMismatch) {
        QVERIFY(!response.mismatch.isEmpty());
    } else if (expected == AttemptOutcome::InvalidResponse) {
        QVERIFY(!response.networkError.isEmpty());
    } else {
        QCOMPARE(response.error.httpStatus, status);
        QCOMPARE(response.error.code, expectedCode);
        QCOMPARE(response.error.requestId, QStringLiteral("req_classify"));
    }
    if (status == 422)
        QVERIFY(response.error.problemJson);
}

void TestProviderClient::r7_timeoutIsNoResponse()
{
    m_server->setReply(FakeReply::silent());
    auto client = makeClient(300);
    const ProviderResponse response = client->createRefund(sampleParams(), QStringLiteral("key-timeout"));
    // Past the deadline of the whole exchange: "maybe done".
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::NoResponse));
    QCOMPARE(response.httpStatus, 0);
    QVERIFY2(response.networkError.contains(QStringLiteral("within 300 ms")),
             qPrintable(response.networkError));
    QCOMPARE(m_server->requests.size(), 1);
    QVERIFY(response.error.isEmpty());
}

void TestProviderClient::r7_connectionClosedWithoutAnswerIsNoResponse()
{
    m_server->setReply(FakeReply::close());
    auto client = makeClient();
    const ProviderResponse response = client->createRefund(sampleParams(), QStringLiteral("key-closed"));
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::NoResponse));
    QCOMPARE(response.httpStatus, 0);
    QVERIFY(!response.networkError.isEmpty());
    QVERIFY(!response.networkError.contains(QStringLiteral("timeout")));
    // R12: one attempt, one request (Qt used to resend on a closed connection).
    QTest::qWait(200);
    QCOMPARE(m_server->requests.size(), 1);
    QCOMPARE(m_server->requests.first().header("Idempotency-Key"), QByteArray("key-closed"));
}

void TestProviderClient::r7_connectionRefusedIsNotSent()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close(); // nothing listens there now
    ProviderConfig config;
    config.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
    config.apiKey = kApiKey;
    config.requestTimeoutMs = 3000;
    ProviderClient client(config);
    const ProviderResponse response = client.createRefund(sampleParams(), QStringLiteral("key-refused"));
    // Nothing left the process (it was no_response before).
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::NotSent));
    QCOMPARE(response.httpStatus, 0);
    QVERIFY(!response.networkError.isEmpty());

    const RefundReadResult read = client.retrieveRefund(QStringLiteral("re_1"));
    QCOMPARE(toString(read.failure), toString(ReadFailure::Unreachable));
    QVERIFY(read.describe().startsWith(QStringLiteral("unreachable")));
}

void TestProviderClient::r7_invalidParamsAreRefusedWithoutSending_data()
{
    QTest::addColumn<RefundCreateParams>("params");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("param");
    RefundCreateParams zero = sampleParams();
    zero.amountCents = 0;
    RefundCreateParams noTarget = sampleParams();
    noTarget.paymentIntent.clear();
    QTest::newRow("amount 0 would refund everything") << zero << "k"
                                                      << "amount";
    QTest::newRow("no payment") << noTarget << "k"
                                << "payment_intent";
    QTest::newRow("empty key") << sampleParams() << QString() << "Idempotency-Key";
    QTest::newRow("key too long") << sampleParams() << QString(256, QLatin1Char('k')) << "Idempotency-Key";
    QTest::newRow("key with a newline")
        << sampleParams() << QStringLiteral("k\r\nX-Evil: 1") << "Idempotency-Key";
    RefundCreateParams noCurrency = sampleParams();
    noCurrency.currency.clear();
    RefundCreateParams upperCurrency = sampleParams();
    upperCurrency.currency = QStringLiteral("USD");
    QTest::newRow("no expected currency") << noCurrency << "k"
                                          << "currency";
    QTest::newRow("upper-case currency") << upperCurrency << "k"
                                         << "currency";
}

void TestProviderClient::r7_invalidParamsAreRefusedWithoutSending()
{
    QFETCH(RefundCreateParams, params);
    QFETCH(QString, key);
    QFETCH(QString, param);
    m_server->setReply(FakeReply::json(200, toJson(refundObject(QStringLiteral("re_x")))));
    auto client = makeClient();
    const ProviderResponse response = client->createRefund(params, key);
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::Refused));
    QCOMPARE(response.httpStatus, 0);
    QCOMPARE(response.error.code, QStringLiteral("client_validation"));
    QCOMPARE(response.error.param, param);
    QCOMPARE(m_server->connections, 0);
}

void TestProviderClient::r12_requestIdAndReplayedParsed()
{
    m_server->setReply(
        FakeReply::json(200, toJson(ourRefund(QStringLiteral("re_1"))),
                        {{"Request-Id", "req_8TQcInGq1yeQ9A"}, {"Idempotent-Replayed", "true"}}));
    auto client = makeClient();
    ProviderResponse response = client->createRefund(sampleParams(), QStringLiteral("key-replay"));
    QCOMPARE(response.requestId, QStringLiteral("req_8TQcInGq1yeQ9A"));
    QVERIFY(response.replayed);
    QVERIFY(response.summary().contains(QStringLiteral("replayed")));

    // A replayed 500 is still a saved unknown outcome, and says it was replayed.
    m_server->setReply(FakeReply::json(500, stripeError("api_error", nullptr, "boom"),
                                       {{"request-id", "req_2"}, {"idempotent-replayed", "TRUE"}}));
    response = client->createRefund(sampleParams(), QStringLiteral("key-replay"));
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::ServerSavedError));
    QCOMPARE(response.requestId, QStringLiteral("req_2"));
    QVERIFY(response.replayed);

    m_server->setReply(
        FakeReply::json(200, toJson(ourRefund(QStringLiteral("re_1"))), {{"Request-Id", "req_3"}}));
    response = client->createRefund(sampleParams(), QStringLiteral("key-fresh"));
    QVERIFY(!response.replayed);
    m_server->setReply(
        FakeReply::json(200, toJson(ourRefund(QStringLiteral("re_1"))), {{"Idempotent-Replayed", "false"}}));
    response = client->createRefund(sampleParams(), QStringLiteral("key-fresh"));
    QVERIFY(!response.replayed);
    QVERIFY(response.requestId.isEmpty());
}

void TestProviderClient::r12_providerErrorTextIsCheckedAndCut()
{
    // A provider (or something in between) sending junk where the attempt log stores tokens.
    const QString longMessage = QStringLiteral("\u001b[31mred\u0000") + QString(5000, QLatin1Char('m'));
    const QJsonObject error{{QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                            {QStringLiteral("code"), QStringLiteral("bad\u0001code")},
                            {QStringLiteral("message"), longMessage}};
    m_server->setReply(FakeReply::json(400, toJson(QJsonObject{{QStringLiteral("error"), error}}),
                                       {{"Request-Id", "req_ok"}}));
    auto client = makeClient();
    const ProviderResponse response = client->createRefund(sampleParams(), QStringLiteral("key-junk"));
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::Refused));
    QCOMPARE(response.error.type, QStringLiteral("invalid_request_error"));
    QVERIFY(response.error.code.isEmpty()); // withheld, not stored
    QVERIFY2(response.error.message.contains(QStringLiteral("code withheld")),
             qPrintable(response.error.message));
    QVERIFY2(response.error.message.size() < 600, qPrintable(QString::number(response.error.message.size())));
    for (const QChar c : response.error.message)
        QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7F, "control character kept");
}

void TestProviderClient::r2_postSendsIdempotencyKeyAndExactFormBody()
{
    m_server->setReply(FakeReply::json(200, toJson(ourRefund(QStringLiteral("re_1")))));
    auto client = makeClient();
    const QString key = QStringLiteral("8e03978e-40d5-43e8-bc93-6894a57f9324");
    QCOMPARE(toString(client->createRefund(sampleParams(), key).outcome),
             toString(AttemptOutcome::Succeeded));
    QCOMPARE(m_server->requests.size(), 1);
    const RecordedRequest& request = m_server->requests.first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.target, QByteArray("/v1/refunds"));
    QCOMPARE(request.header("Idempotency-Key"), key.toLatin1());
    QCOMPARE(request.header("Authorization"), QByteArray("Bearer ") + kApiKey.toLatin1());
    QCOMPARE(request.header("Content-Type"), QByteArray("application/x-www-form-urlencoded"));
    QCOMPARE(request.header("Accept"), QByteArray("application/json"));
    QVERIFY(request.header("User-Agent").startsWith("RefundOps/"));
    QVERIFY(!request.hasHeader("Expect")); // no 100-continue round trip
    QCOMPARE(request.body, QByteArray("payment_intent=pi_1&amount=3800&reason=requested_by_customer"
                                      "&metadata[operation_id]=op_5521&metadata[order_id]=4417"));
}

void TestProviderClient::r11_specialCharactersSurviveTheWire()
{
    m_server->setReply(FakeReply::json(200, toJson(ourRefund(QStringLiteral("re_1")))));
    auto client = makeClient();
    RefundCreateParams p = sampleParams();
    const QString note = QStringLiteral("1+1=2 & more, Grüße €");
    p.metadata.insert(QStringLiteral("note"), note);
    client->createRefund(p, QStringLiteral("k"));
    QCOMPARE(m_server->requests.size(), 1);
    // Decode the body as a form (the fake server's query decoder treats '+' as space).
    RecordedRequest asQuery = m_server->requests.first();
    asQuery.target = "/?" + asQuery.body;
    QCOMPARE(asQuery.query().queryItemValue(QStringLiteral("metadata[note]"), QUrl::FullyDecoded), note);
    QCOMPARE(asQuery.query().queryItemValue(QStringLiteral("metadata[operation_id]")),
             QStringLiteral("op_5521"));
}

void TestProviderClient::r13_getSendsNoIdempotencyKey()
{
    m_server->setReply(FakeReply::json(200, toJson(refundObject(QStringLiteral("re_7")))));
    auto client = makeClient();
    const RefundReadResult result = client->retrieveRefund(QStringLiteral("re_7"));
    QVERIFY2(result.ok(), qPrintable(result.describe()));
    QCOMPARE(result.value->id, QStringLiteral("re_7"));
    QCOMPARE(m_server->requests.size(), 1);
    const RecordedRequest& request = m_server->requests.first();
    QCOMPARE(request.method, QByteArray("GET"));
    QCOMPARE(request.target, QByteArray("/v1/refunds/re_7"));
    QVERIFY(!request.hasHeader("Idempotency-Key"));
    QCOMPARE(request.header("Authorization"), QByteArray("Bearer ") + kApiKey.toLatin1());

    m_server->setReply(FakeReply::json(200, readFixture("payment_intent.json")));
    const PaymentIntentReadResult pi =
        client->retrievePaymentIntent(QStringLiteral("pi_1PgafyB7WZ01zgkWSjxsAJo3"));
    QVERIFY2(pi.ok(), qPrintable(pi.describe()));
    QCOMPARE(pi.value->amountCents, 1099);
    QCOMPARE(m_server->requests.last().target, QByteArray("/v1/payment_intents/pi_1PgafyB7WZ01zgkWSjxsAJo3"));
    QVERIFY(!m_server->requests.last().hasHeader("Idempotency-Key"));
}

void TestProviderClient::r13_readClassification_data()
{
    QTest::addColumn<FakeReply>("reply");
    QTest::addColumn<ReadFailure>("expected");
    QTest::addColumn<QString>("describePrefix");
    QTest::newRow("401") << FakeReply::json(401,
                                            stripeError("invalid_request_error", nullptr, "Invalid API Key"))
                         << ReadFailure::WrongKey << "wrong key (401)";
    QTest::newRow("403") << FakeReply::json(
                                403, stripeError("invalid_request_error", nullptr, "lacks rak_refund_read"))
                         << ReadFailure::NoReadRights << "key without read rights (403)";
    QTest::newRow("404") << FakeReply::json(404, stripeError("invalid_request_error", "resource_missing",
                                                             "No such refund"))
                         << ReadFailure::NotFound << "not found (404)";
    QTest::newRow("500") << FakeReply::json(500, stripeError("api_error", nullptr, "oops"))
                         << ReadFailure::ServerError << "provider error (HTTP 500)";
    QTest::newRow("400") << FakeReply::json(400,
                                            stripeError("invalid_request_error", "parameter_unknown", "bad"))
                         << ReadFailure::Refused << "refused by the provider (HTTP 400)";
    QTest::newRow("garbage") << FakeReply::json(200, "{not json") << ReadFailure::MalformedResponse
                             << "malformed response";
    QTest::newRow("wrong object") << FakeReply::json(200, readFixture("charge.json"))
                                  << ReadFailure::MalformedResponse << "malformed response: refund.object";
    QTest::newRow("silent") << FakeReply::silent() << ReadFailure::TimedOut << "timed out";
    QTest::newRow("closed") << FakeReply::close() << ReadFailure::Unreachable << "unreachable";
}

void TestProviderClient::r13_readClassification()
{
    QFETCH(FakeReply, reply);
    QFETCH(ReadFailure, expected);
    QFETCH(QString, describePrefix);
    m_server->setReply(reply);
    auto client = makeClient(300);
    const RefundReadResult result = client->retrieveRefund(QStringLiteral("re_1"));
    QCOMPARE(toString(result.failure), toString(expected));
    QVERIFY(!result.ok());
    QVERIFY(!result.value);
    QVERIFY2(result.describe().startsWith(describePrefix), qPrintable(result.describe()));
}

void TestProviderClient::r13_read429RetriedWithBackoffThenSucceeds()
{
    int calls = 0;
    m_server->setHandler([&calls](const RecordedRequest&) {
        ++calls;
        if (calls <= 2)
            return FakeReply::json(429,
                                   stripeError("invalid_request_error", "rate_limit", "Too many requests"));
        return FakeReply::json(200, listPage(QJsonArray{refundObject(QStringLiteral("re_1"))}, false));
    });
    auto client = makeClient();
    QList<int> delays;
    client->setSleeper([&delays](int ms) { delays.append(ms); });
    const RefundListResult result = client->listRefunds(QStringLiteral("pi_1"), QString());
    QVERIFY2(result.ok(), qPrintable(result.describe()));
    QCOMPARE(result.value.size(), 1);
    QCOMPARE(result.requests, 3);
    QCOMPARE(result.rateLimitRetries, 2);
    QCOMPARE(delays.size(), 2);
    QVERIFY(delays[0] >= 0 && delays[0] <= 500);  // base 500 ms, retry 0
    QVERIFY(delays[1] >= 0 && delays[1] <= 1000); // doubled, retry 1
    // The same page was asked for again, not skipped.
    QCOMPARE(m_server->requests[0].target, m_server->requests[2].target);
}

void TestProviderClient::r13_read429RetriesAreBounded()
{
    m_server->setReply(FakeReply::json(429, stripeError("invalid_request_error", "lock_timeout", "locked")));
    auto client = makeClient();
    int sleeps = 0;
    client->setSleeper([&sleeps](int) { ++sleeps; });
    const RefundReadResult result = client->retrieveRefund(QStringLiteral("re_1"));
    QCOMPARE(toString(result.failure), toString(ReadFailure::RateLimited));
    QCOMPARE(result.requests, client->config().readRetryMax + 1);
    QCOMPARE(m_server->requests.size(), 4); // default budget: 3 retries
    QCOMPARE(sleeps, 3);
    QCOMPARE(result.error.code, QStringLiteral("lock_timeout"));
    QVERIFY(result.describe().startsWith(QStringLiteral("rate limited (429)")));
}

void TestProviderClient::r15_listRefundsFollowsPaginationToTheEnd()
{
    m_server->setHandler([](const RecordedRequest& request) {
        const QString after = request.query().queryItemValue(QStringLiteral("starting_after"));
        if (after.isEmpty())
            return FakeReply::json(
                200,
                listPage({refundObject(QStringLiteral("re_1")), refundObject(QStringLiteral("re_2"))}, true));
        if (after == QLatin1String("re_2"))
            return FakeReply::json(200, listPage({refundObject(QStringLiteral("re_3"))}, true));
        if (after == QLatin1String("re_3"))
            return FakeReply::json(
                200, listPage({refundObject(QStringLiteral("re_4"), 100, QStringLiteral("op_9"))}, false));
        return FakeReply::json(400, stripeError("invalid_request_error", "resource_missing", "bad cursor"));
    });
    auto client = makeClient();
    const RefundListResult result = client->listRefunds(QStringLiteral("pi_1"), QStringLiteral("ch_1"));
    QVERIFY2(result.ok(), qPrintable(result.describe()));
    QCOMPARE(result.requests, 3);
    QCOMPARE(m_server->requests.size(), 3);
    QStringList ids;
    for (const ProviderRefund& refund : result.value)
        ids << refund.id;
    QCOMPARE(ids, QStringList({QStringLiteral("re_1"), QStringLiteral("re_2"), QStringLiteral("re_3"), QStringLiteral("re_4")}));
    QCOMPARE(result.value.last().operationId(), QStringLiteral("op_9"));
    for (const RecordedRequest& request : std::as_const(m_server->requests)) {
        QCOMPARE(request.method, QByteArray("GET"));
        QCOMPARE(request.path(), QStringLiteral("/v1/refunds"));
        QCOMPARE(request.query().queryItemValue(QStringLiteral("payment_intent")), QStringLiteral("pi_1"));
        QCOMPARE(request.query().queryItemValue(QStringLiteral("charge")), QStringLiteral("ch_1"));
        QCOMPARE(request.query().queryItemValue(QStringLiteral("limit")), QStringLiteral("100"));
        QVERIFY(!request.hasHeader("Idempotency-Key"));
    }
}

void TestProviderClient::r15_listRefundsFixtureListIsEmpty()
{
    m_server->setReply(FakeReply::json(200, readFixture("refund_list.json")));
    auto client = makeClient();
    const RefundListResult result =
        client->listRefunds(QString(), QStringLiteral("ch_1PgafuB7WZ01zgkWXYmPNZs8"));
    QVERIFY2(result.ok(), qPrintable(result.describe()));
    QVERIFY(result.value.isEmpty());
    QVERIFY(!m_server->requests.first().query().hasQueryItem(QStringLiteral("payment_intent")));
}

void TestProviderClient::r15_listRefundsBadItemFailsTheWholeList()
{
    QJsonObject bad = refundObject(QStringLiteral("re_2"));
    bad.insert(QStringLiteral("amount"), QStringLiteral("38.00"));
    m_server->setReply(FakeReply::json(200, listPage({refundObject(QStringLiteral("re_1")), bad}, false)));
    auto client = makeClient();
    const RefundListResult result = client->listRefunds(QStringLiteral("pi_1"), QString());
    QCOMPARE(toString(result.failure), toString(ReadFailure::MalformedResponse));
    QVERIFY2(result.describe().contains(QStringLiteral("data[1]: refund.amount: expected an integer")),
             qPrintable(result.describe()));
}

void TestProviderClient::r15_searchPaymentIntentsFollowsNextPage()
{
    const QJsonObject pi = QJsonDocument::fromJson(readFixture("payment_intent.json")).object();
    m_server->setHandler([pi](const RecordedRequest& request) {
        const QString page = request.query().queryItemValue(QStringLiteral("page"));
        QJsonObject second = pi;
        second.insert(QStringLiteral("id"), QStringLiteral("pi_second"));
        QJsonObject body{{QStringLiteral("object"), QStringLiteral("search_result")},
                         {QStringLiteral("url"), QStringLiteral("/v1/payment_intents/search")},
                         {QStringLiteral("total_count"), 2}};
        if (page.isEmpty()) {
            body.insert(QStringLiteral("data"), QJsonArray{pi});
            body.insert(QStringLiteral("has_more"), true);
            body.insert(QStringLiteral("next_page"), QStringLiteral("cur+sor/2=="));
        } else if (page == QLatin1String("cur+sor/2==")) {
            body.insert(QStringLiteral("data"), QJsonArray{second});
            body.insert(QStringLiteral("has_more"), false);
            body.insert(QStringLiteral("next_page"), QJsonValue());
        } else {
            return FakeReply::json(400, stripeError("invalid_request_error", nullptr, "bad page"));
        }
        return FakeReply::json(200, toJson(body));
    });
    auto client = makeClient();
    const QString query = QStringLiteral("metadata['order_id']:'4417'");
    const PaymentIntentListResult result = client->searchPaymentIntents(query);
    QVERIFY2(result.ok(), qPrintable(result.describe()));
    QCOMPARE(result.value.size(), 2);
    QCOMPARE(result.value[1].id, QStringLiteral("pi_second"));
    QCOMPARE(m_server->requests.size(), 2);
    QCOMPARE(m_server->requests[0].path(), QStringLiteral("/v1/payment_intents/search"));
    QCOMPARE(m_server->requests[0].query().queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded),
             query);
}

void TestProviderClient::r15_listEventsFollowsPaginationAndFilters()
{
    QJsonObject event = QJsonDocument::fromJson(readFixture("event.json")).object();
    event.insert(QStringLiteral("type"), QStringLiteral("refund.created"));
    event.insert(QStringLiteral("data"),
                 QJsonObject{{QStringLiteral("object"), refundObject(QStringLiteral("re_1"))}});
    event.insert(QStringLiteral("request"),
                 QJsonObject{{QStringLiteral("id"), QStringLiteral("req_1")},
                             {QStringLiteral("idempotency_key"), QStringLiteral("key-A")}});
    QJsonObject second = event;
    second.insert(QStringLiteral("id"), QStringLiteral("evt_2"));
    m_server->setHandler([event, second](const RecordedRequest& request) {
        const QString after = request.query().queryItemValue(QStringLiteral("starting_after"));
        if (after.isEmpty())
            return FakeReply::json(200, listPage({event}, true, QStringLiteral("/v1/events")));
        return FakeReply::json(200, listPage({second}, false, QStringLiteral("/v1/events")));
    });
    auto client = makeClient();
    const EventListResult result = client->listEvents(QStringLiteral("refund.created"), 1700000000);
    QVERIFY2(result.ok(), qPrintable(result.describe()));
    QCOMPARE(result.value.size(), 2);
    QCOMPARE(result.value[0].requestIdempotencyKey, QStringLiteral("key-A"));
    QVERIFY(result.value[0].refund());
    QCOMPARE(result.value[0].refund()->operationId(), QStringLiteral("op_1"));
    QCOMPARE(m_server->requests.size(), 2);
    const QUrlQuery first = m_server->requests[0].query();
    QCOMPARE(m_server->requests[0].path(), QStringLiteral("/v1/events"));
    QCOMPARE(first.queryItemValue(QStringLiteral("type")), QStringLiteral("refund.created"));
    QCOMPARE(first.queryItemValue(QStringLiteral("created[gte]")), QStringLiteral("1700000000"));
    QCOMPARE(m_server->requests[1].query().queryItemValue(QStringLiteral("starting_after")),
             QStringLiteral("evt_1Pgc76B7WZ01zgkWwyRHS12y"));
}

void TestProviderClient::r15_emptyPageClaimingMoreIsMalformed()
{
    m_server->setReply(FakeReply::json(200, listPage({}, true)));
    auto client = makeClient();
    const RefundListResult result = client->listRefunds(QStringLiteral("pi_1"), QString());
    QCOMPARE(toString(result.failure), toString(ReadFailure::MalformedResponse));
    QCOMPARE(m_server->requests.size(), 1); // did not loop on the same cursor
}

void TestProviderClient::cancelBeforeCallSendsNothing()
{
    m_server->setReply(FakeReply::json(200, toJson(refundObject(QStringLiteral("re_1")))));
    auto client = makeClient();
    client->cancel();
    QVERIFY(client->isCanceled());
    const RefundReadResult result = client->retrieveRefund(QStringLiteral("re_1"));
    QCOMPARE(toString(result.failure), toString(ReadFailure::Canceled));
    QCOMPARE(m_server->connections, 0);
    client->resetCancel();
    QVERIFY(client->retrieveRefund(QStringLiteral("re_1")).ok());
}

void TestProviderClient::cancelFromAnotherThreadAbortsInFlightRead()
{
    // The server (this thread) never answers; the timeout is far away, so only cancel()
    // can end the call early.
    m_server->setReply(FakeReply::silent());
    ProviderConfig config;
    config.baseUrl = m_server->baseUrl();
    config.apiKey = kApiKey;
    config.requestTimeoutMs = 60000;
    ProviderClient* client = nullptr;
    RefundListResult result;
    QThread* worker = QThread::create([&] {
        ProviderClient local(config);
        client = &local;
        result = local.listRefunds(QStringLiteral("pi_1"), QString());
        client = nullptr;
    });
    QSignalSpy received(m_server.get(), &FakeProviderServer::requestReceived);
    worker->start();
    QVERIFY(received.wait(10000)); // the GET is in flight now
    QElapsedTimer timer;
    timer.start();
    client->cancel();
    // Spin this thread's loop (the fake server lives here) until the worker is done.
    QTRY_VERIFY_WITH_TIMEOUT(worker->isFinished(), 30000);
    worker->wait();
    delete worker;
    QCOMPARE(toString(result.failure), toString(ReadFailure::Canceled));
    QCOMPARE(result.describe(), QStringLiteral("canceled: canceled"));
    QVERIFY(timer.elapsed() < 50000); // not the 60 s transfer timeout
}

void TestProviderClient::cancelInterruptsBackoffSleep()
{
    // Always 429, one retry allowed, a backoff ceiling of 120 s and a seed whose first
    // delay is known to be long: without interruption the worker would sleep > 30 s.
    const quint32 seed = 7;
    QRandomGenerator probe(seed);
    const int firstDelay = Backoff::fullJitterDelayMs(0, 120000, 120000, probe);
    QVERIFY2(firstDelay > 30000, qPrintable(QString::number(firstDelay)));

    m_server->setReply(FakeReply::json(429, stripeError("invalid_request_error", "rate_limit", "slow")));
    ProviderConfig config;
    config.baseUrl = m_server->baseUrl();
    config.apiKey = kApiKey;
    config.requestTimeoutMs = 5000;
    config.readRetryMax = 1;
    config.readBackoffBaseMs = 120000;
    config.readBackoffCapMs = 120000;
    std::atomic<ProviderClient*> client{nullptr};
    std::atomic<int> scheduledDelay{-1};
    RefundReadResult result;
    QThread* worker = QThread::create([&] {
        ProviderClient local(config);
        local.setRandomSeed(seed); // default (interruptible) sleeper
        connect(
            &local, &ProviderClient::readRetryScheduled, &local,
            [&scheduledDelay](int, int delayMs) { scheduledDelay = delayMs; }, Qt::DirectConnection);
        client = &local;
        result = local.retrieveRefund(QStringLiteral("re_1"));
        client = nullptr;
    });
    worker->start();
    // The worker is about to sleep (or sleeping) once it announced the retry.
    QTRY_VERIFY_WITH_TIMEOUT(scheduledDelay.load() >= 0, 10000);
    QCOMPARE(scheduledDelay.load(), firstDelay);
    client.load()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(worker->isFinished(), 25000);
    worker->wait();
    delete worker;
    QCOMPARE(toString(result.failure), toString(ReadFailure::Canceled));
    QCOMPARE(result.rateLimitRetries, 1);
    QCOMPARE(m_server->requests.size(), 1); // the retry was never sent
}

void TestProviderClient::cancelDoesNotAbortRefundCreation()
{
    // Aborting a POST in flight turns a possible answer into an unknown outcome, so the
    // cancel flag (meant for console lookups) does not stop createRefund.
    m_server->setReply(FakeReply::json(200, toJson(ourRefund(QStringLiteral("re_1")))));
    auto client = makeClient();
    client->cancel();
    const ProviderResponse response = client->createRefund(sampleParams(), QStringLiteral("k"));
    QCOMPARE(toString(response.outcome), toString(AttemptOutcome::Succeeded));
    QCOMPARE(m_server->requests.size(), 1);
}

void TestProviderClient::r22_keyNeverInErrorText()
{
    // A careless provider echoing the key everywhere it can.
    const QList<QString> keys{kApiKey, QStringLiteral("sandbox-plain-secret-777")};
    for (const QString& key : keys) {
        const QByteArray echoed = key.toUtf8();
        m_server->setHandler([echoed](const RecordedRequest& request) {
            if (request.path().endsWith(QLatin1String("/re_obj")))
                return FakeReply::json(200, "{\"object\":\"" + echoed + "\",\"id\":\"re_1\"}");
            return FakeReply::json(
                401,
                "{\"error\":{\"type\":\"invalid_request_error\",\"message\":\"Invalid API Key "
                "provided: " +
                    echoed + " (" + request.header("Authorization") + ")\",\"param\":\"x\"}}",
                {{"Request-Id", "req_" + echoed}});
        });
        ProviderConfig config;
        config.baseUrl = m_server->baseUrl();
        config.apiKey = key;
        config.requestTimeoutMs = 3000;
        ProviderClient client(config);

        const ProviderResponse create = client.createRefund(sampleParams(), QStringLiteral("k"));
        QCOMPARE(toString(create.outcome), toString(AttemptOutcome::AuthFailed));
        const RefundReadResult read = client.retrieveRefund(QStringLiteral("re_1"));
        QCOMPARE(toString(read.failure), toString(ReadFailure::WrongKey));
        const RefundReadResult wrongObject = client.retrieveRefund(QStringLiteral("re_obj"));
        QCOMPARE(toString(wrongObject.failure), toString(ReadFailure::MalformedResponse));

        const QStringList texts{create.error.message,    create.error.toString(), create.summary(),
                                create.requestId,        create.networkError,     read.describe(),
                                read.error.message,      read.networkError,       wrongObject.describe(),
                                wrongObject.networkError};
        // The echo really happened, so the masking is what keeps the key out.
        QVERIFY(create.error.message.contains(QStringLiteral("Invalid API Key provided")));
        QVERIFY(wrongObject.describe().contains(QStringLiteral("refund.object")));
        for (const QString& text : texts)
            QVERIFY2(!text.contains(key), qPrintable(QStringLiteral("key leaked in: ") + text));
    }
}

QTEST_GUILESS_MAIN(TestProviderClient)
#include "TestProviderClient.moc"
