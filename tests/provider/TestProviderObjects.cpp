// Parsing of Stripe objects (SPEC §4, R11, R15) over every fixture in tests/data/stripe
// (unmodified excerpts of stripe/openapi fixtures3.json, see SOURCE.md there), plus
// malformed input, the error model, outcome names and the wire encoding.

#include "provider/AttemptOutcome.h"
#include "Backoff.h"
#include "provider/FormEncoder.h"
#include "provider/ProviderIds.h"
#include "provider/ProviderClient.h"
#include "provider/ProviderError.h"
#include "provider/ProviderEvent.h"
#include "provider/ProviderPaymentIntent.h"
#include "provider/ProviderRefund.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

namespace {
QJsonObject fixture(const char* name)
{
    QFile file(QStringLiteral(REFUND_TEST_DATA_DIR "/stripe/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open fixture %s", name);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("fixture %s is not a JSON object", name);
    return doc.object();
}

QJsonObject withField(QJsonObject object, const QString& key, const QJsonValue& value)
{
    if (value.isUndefined())
        object.remove(key);
    else
        object.insert(key, value);
    return object;
}

/** The generic event fixture turned into a refund.created event like the sandbox sends. */
QJsonObject craftedRefundEvent()
{
    QJsonObject refund = fixture("refund.json");
    refund.insert(QStringLiteral("metadata"),
                  QJsonObject{{QStringLiteral("operation_id"), QStringLiteral("op_5521")},
                              {QStringLiteral("order_id"), QStringLiteral("4417")}});
    refund.insert(QStringLiteral("amount"), 3800);
    QJsonObject event = fixture("event.json");
    event.insert(QStringLiteral("type"), QStringLiteral("refund.created"));
    event.insert(QStringLiteral("data"), QJsonObject{{QStringLiteral("object"), refund}});
    event.insert(QStringLiteral("request"),
                 QJsonObject{{QStringLiteral("id"), QStringLiteral("req_77")},
                             {QStringLiteral("idempotency_key"),
                              QStringLiteral("8e03978e-40d5-43e8-bc93-6894a57f9324")}});
    return event;
}
} // namespace

class TestProviderObjects : public QObject
{
    Q_OBJECT

private slots:
    void providerIdsCurrencyAndPaymentIntent();
    void fixtureRefundParsesAllFields();
    void fixtureRefundListIsNotARefund();
    void fixturePaymentIntentParses();
    void fixtureChargeIsRejectedAsNotARefund();
    void fixtureEventParsesAndIsNotARefundEvent();
    void r15_craftedRefundEventCarriesKeyAndRefund();
    void r11_refundMetadataAndExpandedIds();
    void refundBadInputNamesTheField_data();
    void refundBadInputNamesTheField();
    void paymentIntentBadInputNamesTheField_data();
    void paymentIntentBadInputNamesTheField();
    void eventBadInputNamesTheField_data();
    void eventBadInputNamesTheField();
    void malformedJsonIsAnUnrecognisedError();
    void r14_errorBodiesStripeAndProblemJson();
    void r7_outcomeStringsAreStable();
    void r11_formEncodingIsStripes();
    void r11_formEncodingSurvivesSpecialCharacters();
    void r13_backoffIsFullJitterBelowTheCeiling();
};

void TestProviderObjects::fixtureRefundParsesAllFields()
{
    const QJsonObject json = fixture("refund.json");
    QString error;
    const std::optional<ProviderRefund> refund = ProviderRefund::fromJson(json, &error);
    QVERIFY2(refund, qPrintable(error));
    QCOMPARE(refund->id, QStringLiteral("re_1Pgc72B7WZ01zgkWqPvrRrPE"));
    QCOMPARE(refund->amountCents, 100);
    QCOMPARE(refund->currency, QStringLiteral("usd"));
    QCOMPARE(refund->createdUtcSeconds, 1234567890);
    QCOMPARE(refund->status, QStringLiteral("succeeded"));
    QCOMPARE(refund->charge, QStringLiteral("ch_1PgafuB7WZ01zgkWXYmPNZs8"));
    QVERIFY(refund->paymentIntent.isEmpty()); // null in the fixture
    QVERIFY(refund->reason.isEmpty());        // null
    QVERIFY(refund->failureReason.isEmpty()); // absent
    QVERIFY(refund->metadata.isEmpty());
    QCOMPARE(refund->raw, json); // customer, customer_account, payment_method kept in raw
    QVERIFY(error.isEmpty());
}

void TestProviderObjects::fixtureRefundListIsNotARefund()
{
    // refund_list.json is the list embedded in the charge fixture (empty data).
    const QJsonObject list = fixture("refund_list.json");
    QString error;
    QVERIFY(!ProviderRefund::fromJson(list, &error));
    QCOMPARE(error, QStringLiteral("refund.object: expected \"refund\", got \"list\""));
    QVERIFY(list.value(QStringLiteral("data")).toArray().isEmpty());
    QCOMPARE(list.value(QStringLiteral("has_more")).toBool(true), false);
}

void TestProviderObjects::fixturePaymentIntentParses()
{
    const QJsonObject json = fixture("payment_intent.json");
    QString error;
    const std::optional<ProviderPaymentIntent> pi = ProviderPaymentIntent::fromJson(json, &error);
    QVERIFY2(pi, qPrintable(error));
    QCOMPARE(pi->id, QStringLiteral("pi_1PgafyB7WZ01zgkWSjxsAJo3"));
    QCOMPARE(pi->amountCents, 1099);
    QCOMPARE(pi->amountReceived, 0);
    QCOMPARE(pi->currency, QStringLiteral("usd"));
    QCOMPARE(pi->status, QStringLiteral("requires_payment_method"));
    QVERIFY(pi->latestCharge.isEmpty());
    QCOMPARE(pi->created, 1234567890);
    QCOMPARE(pi->raw, json);

    QVERIFY(!ProviderRefund::fromJson(json, &error));
    QCOMPARE(error, QStringLiteral("refund.object: expected \"refund\", got \"payment_intent\""));
}

void TestProviderObjects::fixtureChargeIsRejectedAsNotARefund()
{
    // A charge has id, amount, currency and created like a refund: only the type tag
    // tells them apart, and a charge answer must never close a row as refunded (R7).
    const QJsonObject charge = fixture("charge.json");
    QString error;
    QVERIFY(!ProviderRefund::fromJson(charge, &error));
    QCOMPARE(error, QStringLiteral("refund.object: expected \"refund\", got \"charge\""));
    QVERIFY(!ProviderPaymentIntent::fromJson(charge, &error));
    QVERIFY(error.startsWith(QStringLiteral("payment_intent.object:")));
    QVERIFY(!ProviderEvent::fromJson(charge, &error));
    QVERIFY(error.startsWith(QStringLiteral("event.object:")));
}

void TestProviderObjects::fixtureEventParsesAndIsNotARefundEvent()
{
    const QJsonObject json = fixture("event.json");
    QString error;
    const std::optional<ProviderEvent> event = ProviderEvent::fromJson(json, &error);
    QVERIFY2(event, qPrintable(error));
    QCOMPARE(event->id, QStringLiteral("evt_1Pgc76B7WZ01zgkWwyRHS12y"));
    QCOMPARE(event->type, QStringLiteral("plan.created"));
    QCOMPARE(event->createdUtcSeconds, 1234567890);
    QVERIFY(event->requestId.isEmpty());             // null in the fixture
    QVERIFY(event->requestIdempotencyKey.isEmpty()); // null in the fixture
    QCOMPARE(event->dataObject.value(QStringLiteral("object")).toString(), QStringLiteral("plan"));
    QCOMPARE(event->raw, json);
    QVERIFY(!event->refund(&error));
    QVERIFY2(error.contains(QStringLiteral("not a refund")), qPrintable(error));
}

void TestProviderObjects::r15_craftedRefundEventCarriesKeyAndRefund()
{
    QString error;
    const std::optional<ProviderEvent> event = ProviderEvent::fromJson(craftedRefundEvent(), &error);
    QVERIFY2(event, qPrintable(error));
    QCOMPARE(event->type, QStringLiteral("refund.created"));
    QCOMPARE(event->requestId, QStringLiteral("req_77"));
    QCOMPARE(event->requestIdempotencyKey, QStringLiteral("8e03978e-40d5-43e8-bc93-6894a57f9324"));
    const std::optional<ProviderRefund> refund = event->refund(&error);
    QVERIFY2(refund, qPrintable(error));
    QCOMPARE(refund->id, QStringLiteral("re_1Pgc72B7WZ01zgkWqPvrRrPE"));
    QCOMPARE(refund->amountCents, 3800);
    QCOMPARE(refund->operationId(), QStringLiteral("op_5521"));
    QCOMPARE(refund->orderId(), QStringLiteral("4417"));

    // Old API versions carry the request id as a bare string.
    QJsonObject old = craftedRefundEvent();
    old.insert(QStringLiteral("request"), QStringLiteral("req_old"));
    const std::optional<ProviderEvent> oldEvent = ProviderEvent::fromJson(old, &error);
    QVERIFY2(oldEvent, qPrintable(error));
    QCOMPARE(oldEvent->requestId, QStringLiteral("req_old"));
    QVERIFY(oldEvent->requestIdempotencyKey.isEmpty());

    // A refund event whose refund is broken says so, naming the field.
    QJsonObject broken = craftedRefundEvent();
    QJsonObject data = broken.value(QStringLiteral("data")).toObject();
    data.insert(QStringLiteral("object"), withField(data.value(QStringLiteral("object")).toObject(),
                                                    QStringLiteral("amount"), QStringLiteral("38.00")));
    broken.insert(QStringLiteral("data"), data);
    const std::optional<ProviderEvent> brokenEvent = ProviderEvent::fromJson(broken, &error);
    QVERIFY2(brokenEvent, qPrintable(error)); // the envelope itself is fine
    QVERIFY(!brokenEvent->refund(&error));
    QCOMPARE(error, QStringLiteral("refund.amount: expected an integer, got a string"));
}

void TestProviderObjects::r11_refundMetadataAndExpandedIds()
{
    QJsonObject json = fixture("refund.json");
    json.insert(QStringLiteral("metadata"),
                QJsonObject{{QStringLiteral("operation_id"), QStringLiteral("op_1")},
                            {QStringLiteral("order_id"), QStringLiteral("4417")}});
    json.insert(QStringLiteral("charge"), QJsonObject{{QStringLiteral("id"), QStringLiteral("ch_expanded")},
                                                      {QStringLiteral("object"), QStringLiteral("charge")}});
    json.insert(QStringLiteral("payment_intent"), QStringLiteral("pi_1"));
    json.insert(QStringLiteral("status"), QStringLiteral("failed"));
    json.insert(QStringLiteral("failure_reason"), QStringLiteral("expired_or_canceled_card"));
    json.insert(QStringLiteral("some_future_field"), QJsonArray{1, 2, 3});
    QString error;
    const std::optional<ProviderRefund> refund = ProviderRefund::fromJson(json, &error);
    QVERIFY2(refund, qPrintable(error));
    QCOMPARE(refund->operationId(), QStringLiteral("op_1"));
    QCOMPARE(refund->orderId(), QStringLiteral("4417"));
    QCOMPARE(refund->charge, QStringLiteral("ch_expanded"));
    QCOMPARE(refund->paymentIntent, QStringLiteral("pi_1"));
    QCOMPARE(refund->status, QStringLiteral("failed"));
    QCOMPARE(refund->failureReason, QStringLiteral("expired_or_canceled_card"));
}

void TestProviderObjects::refundBadInputNamesTheField_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expectedError");
    const QJsonValue absent(QJsonValue::Undefined);
    QTest::newRow("id missing") << "id" << absent << "refund.id: missing";
    QTest::newRow("id null") << "id" << QJsonValue() << "refund.id: missing";
    QTest::newRow("id number") << "id" << QJsonValue(5) << "refund.id: expected a string, got a number";
    QTest::newRow("id empty") << "id" << QJsonValue(QString()) << "refund.id: empty";
    QTest::newRow("object missing") << "object" << absent
                                    << "refund.object: expected \"refund\", got missing";
    QTest::newRow("amount missing") << "amount" << absent << "refund.amount: missing";
    QTest::newRow("amount string") << "amount" << QJsonValue(QStringLiteral("100"))
                                   << "refund.amount: expected an integer, got a string";
    QTest::newRow("amount fraction") << "amount" << QJsonValue(1.5)
                                     << "refund.amount: expected an integer, got 1.5";
    QTest::newRow("amount negative") << "amount" << QJsonValue(-1) << "refund.amount: negative (-1)";
    QTest::newRow("amount huge") << "amount" << QJsonValue(1e300)
                                 << "refund.amount: expected an integer, got 1.0000000000000001e+300";
    QTest::newRow("currency bool") << "currency" << QJsonValue(true)
                                   << "refund.currency: expected a string, got a boolean";
    QTest::newRow("created string") << "created" << QJsonValue(QStringLiteral("2024-01-01"))
                                    << "refund.created: expected an integer, got a string";
    QTest::newRow("status number") << "status" << QJsonValue(1)
                                   << "refund.status: expected a string or null, got a number";
    QTest::newRow("charge number") << "charge" << QJsonValue(7)
                                   << "refund.charge: expected an id string, an object or null, got a number";
    QTest::newRow("charge object without id")
        << "charge" << QJsonValue(QJsonObject{{QStringLiteral("object"), QStringLiteral("charge")}})
        << "refund.charge: expanded object without a string \"id\"";
    QTest::newRow("metadata array") << "metadata" << QJsonValue(QJsonArray{})
                                    << "refund.metadata: expected an object or null, got an array";
    QTest::newRow("metadata value number")
        << "metadata" << QJsonValue(QJsonObject{{QStringLiteral("operation_id"), 5521}})
        << "refund.metadata.operation_id: expected a string, got a number";
}

void TestProviderObjects::refundBadInputNamesTheField()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expectedError);
    QString error;
    QVERIFY(!ProviderRefund::fromJson(withField(fixture("refund.json"), key, value), &error));
    QCOMPARE(error, expectedError);
    // The error pointer is optional.
    QVERIFY(!ProviderRefund::fromJson(withField(fixture("refund.json"), key, value), nullptr));
}

void TestProviderObjects::paymentIntentBadInputNamesTheField_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expectedError");
    QTest::newRow("id missing") << "id" << QJsonValue(QJsonValue::Undefined) << "payment_intent.id: missing";
    QTest::newRow("amount_received string")
        << "amount_received" << QJsonValue(QStringLiteral("0"))
        << "payment_intent.amount_received: expected an integer, got a string";
    QTest::newRow("metadata string") << "metadata" << QJsonValue(QStringLiteral("x"))
                                     << "payment_intent.metadata: expected an object or null, got a string";
    QTest::newRow("latest_charge bool")
        << "latest_charge" << QJsonValue(false)
        << "payment_intent.latest_charge: expected an id string, an object or "
           "null, got a boolean";
}

void TestProviderObjects::paymentIntentBadInputNamesTheField()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expectedError);
    QString error;
    QVERIFY(!ProviderPaymentIntent::fromJson(withField(fixture("payment_intent.json"), key, value), &error));
    QCOMPARE(error, expectedError);
}

void TestProviderObjects::eventBadInputNamesTheField_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expectedError");
    QTest::newRow("type missing") << "type" << QJsonValue(QJsonValue::Undefined) << "event.type: missing";
    QTest::newRow("created double") << "created" << QJsonValue(1.25)
                                    << "event.created: expected an integer, got 1.25";
    QTest::newRow("data missing") << "data" << QJsonValue(QJsonValue::Undefined) << "event.data: missing";
    QTest::newRow("data.object missing")
        << "data" << QJsonValue(QJsonObject{}) << "event.data.object: missing";
    QTest::newRow("data.object string")
        << "data" << QJsonValue(QJsonObject{{QStringLiteral("object"), QStringLiteral("x")}})
        << "event.data.object: expected an object, got a string";
    QTest::newRow("request number") << "request" << QJsonValue(3)
                                    << "event.request: expected an object, a string or null, got a number";
    QTest::newRow("request key number")
        << "request" << QJsonValue(QJsonObject{{QStringLiteral("idempotency_key"), 42}})
        << "event.request.idempotency_key: expected a string or null, got a number";
}

void TestProviderObjects::eventBadInputNamesTheField()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expectedError);
    QString error;
    QVERIFY(!ProviderEvent::fromJson(withField(craftedRefundEvent(), key, value), &error));
    QCOMPARE(error, expectedError);
}

void TestProviderObjects::malformedJsonIsAnUnrecognisedError()
{
    const ProviderError garbage =
        ProviderError::fromHttp(502, QByteArrayLiteral("<html>Bad gateway</html>"), QStringLiteral("req_9"));
    QCOMPARE(garbage.httpStatus, 502);
    QCOMPARE(garbage.requestId, QStringLiteral("req_9"));
    QVERIFY(garbage.type.isEmpty());
    QCOMPARE(garbage.message, QStringLiteral("HTTP 502 with an unrecognised body (24 bytes)"));

    QString error;
    QVERIFY(!ProviderError::fromJson(QJsonObject{{QStringLiteral("error"), QStringLiteral("boom")}}, &error));
    QCOMPARE(error, QStringLiteral("error: expected an object, got a string"));
    QVERIFY(!ProviderError::fromJson(
        QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), 1}}}}, &error));
    QCOMPARE(error, QStringLiteral("error.type: missing"));
    QVERIFY(!ProviderError::fromJson(QJsonObject{}, &error));
    QVERIFY(error.startsWith(QStringLiteral("error: missing")));
}

void TestProviderObjects::r14_errorBodiesStripeAndProblemJson()
{
    const ProviderError stripe = ProviderError::fromHttp(
        400,
        R"({"error":{"type":"invalid_request_error","code":"charge_already_refunded",)"
        R"("message":"Charge ch_1 has already been refunded.","param":"charge","doc_url":"x"}})",
        QStringLiteral("req_1"));
    QCOMPARE(stripe.httpStatus, 400);
    QCOMPARE(stripe.type, QStringLiteral("invalid_request_error"));
    QCOMPARE(stripe.code, QStringLiteral("charge_already_refunded"));
    QCOMPARE(stripe.message, QStringLiteral("Charge ch_1 has already been refunded."));
    QCOMPARE(stripe.param, QStringLiteral("charge"));
    QVERIFY(!stripe.problemJson);
    QCOMPARE(stripe.toString(),
             QStringLiteral("HTTP 400 invalid_request_error charge_already_refunded: Charge ch_1 "
                            "has already been refunded. [param charge] (request req_1)"));

    const ProviderError problem = ProviderError::fromHttp(
        422,
        R"({"type":"https://developer.example.com/idempotency","title":"Idempotency-Key is already used",)"
        R"("detail":"This operation is idempotent and it requires correct usage of Idempotency Key.","status":422})",
        QString());
    QCOMPARE(problem.httpStatus, 422);
    QVERIFY(problem.problemJson);
    QCOMPARE(problem.type, QStringLiteral("https://developer.example.com/idempotency"));
    QCOMPARE(problem.message,
             QStringLiteral("Idempotency-Key is already used: This operation is idempotent and it "
                            "requires correct usage of Idempotency Key."));
    QVERIFY(problem.code.isEmpty());

    // R22: a provider echoing a key in its message does not get it into ours.
    const ProviderError echoed = ProviderError::fromHttp(
        401,
        R"({"error":{"type":"invalid_request_error","message":"Invalid API Key provided: sk_test_abc123XYZ"}})",
        QString());
    QVERIFY2(!echoed.message.contains(QStringLiteral("abc123XYZ")), qPrintable(echoed.message));
}

void TestProviderObjects::r7_outcomeStringsAreStable()
{
    const QList<QPair<AttemptOutcome, QString>> table{
        {AttemptOutcome::Succeeded, QStringLiteral("succeeded")},
        {AttemptOutcome::NoResponse, QStringLiteral("no_response")},
        {AttemptOutcome::InProgress, QStringLiteral("in_progress")},
        {AttemptOutcome::RateLimited, QStringLiteral("rate_limited")},
        {AttemptOutcome::ServerSavedError, QStringLiteral("server_saved_error")},
        {AttemptOutcome::IdempotencyMismatch, QStringLiteral("idempotency_mismatch")},
        {AttemptOutcome::Refused, QStringLiteral("refused")},
        {AttemptOutcome::AuthFailed, QStringLiteral("auth_failed")},
        {AttemptOutcome::InvalidResponse, QStringLiteral("invalid_response")},
        {AttemptOutcome::NotSent, QStringLiteral("not_sent")},
        {AttemptOutcome::RefundFailed, QStringLiteral("refund_failed")},
        {AttemptOutcome::ResponseMismatch, QStringLiteral("response_mismatch")},
    };
    for (const auto& [outcome, name] : table) {
        QCOMPARE(toString(outcome), name);
        QVERIFY(attemptOutcomeFromString(name) == std::optional<AttemptOutcome>(outcome));
        AttemptOutcome parsed =
            outcome == AttemptOutcome::Refused ? AttemptOutcome::Succeeded : AttemptOutcome::Refused;
        QVERIFY(fromString(name, &parsed));
        QVERIFY(parsed == outcome);
    }
    QVERIFY(!attemptOutcomeFromString(QStringLiteral("Succeeded")));
    QVERIFY(!attemptOutcomeFromString(QString()));
    AttemptOutcome untouched = AttemptOutcome::Refused;
    QVERIFY(!fromString(QStringLiteral("timeout"), &untouched));
    QVERIFY(untouched == AttemptOutcome::Refused);
}

void TestProviderObjects::r11_formEncodingIsStripes()
{
    RefundCreateParams p;
    p.paymentIntent = QStringLiteral("pi_3MtwBwLkdIwHu7ix28a3tqPa");
    p.amountCents = 3800;
    p.currency = QStringLiteral("usd"); // verification only: Stripe's refund create takes none
    p.reason = QStringLiteral("requested_by_customer");
    p.metadata.insert(QStringLiteral("order_id"), QStringLiteral("4417"));
    p.metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_5521"));
    QCOMPARE(ProviderClient::refundFormBody(p),
             QByteArrayLiteral(
                 "payment_intent=pi_3MtwBwLkdIwHu7ix28a3tqPa&amount=3800&reason=requested_by_customer"
                 "&metadata[operation_id]=op_5521&metadata[order_id]=4417"));
    p.paymentIntent.clear();
    p.charge = QStringLiteral("ch_1");
    p.reason.clear();
    p.metadata.clear();
    QCOMPARE(ProviderClient::refundFormBody(p), QByteArrayLiteral("charge=ch_1&amount=3800"));
}

void TestProviderObjects::r11_formEncodingSurvivesSpecialCharacters()
{
    const QString tricky = QStringLiteral("a+b&c=d e/%;ü€ş\u0416");
    const QByteArray encoded = FormEncoder::encode(
        {{QStringLiteral("metadata[note]"), tricky}, {QStringLiteral("x"), QStringLiteral("1")}});
    QCOMPARE(encoded.left(15), QByteArrayLiteral("metadata[note]="));
    QVERIFY(encoded.contains("a%2Bb%26c%3Dd%20e%2F%25%3B"));
    QVERIFY(!encoded.contains(' '));
    // Decode as any form decoder would ('+' means space): the value comes back unchanged.
    const QList<QByteArray> pairs = encoded.split('&');
    QCOMPARE(pairs.size(), 2);
    QByteArray value = pairs[0].mid(pairs[0].indexOf('=') + 1);
    value.replace('+', ' ');
    QCOMPARE(QString::fromUtf8(QByteArray::fromPercentEncoding(value)), tricky);
}

void TestProviderObjects::r13_backoffIsFullJitterBelowTheCeiling()
{
    QRandomGenerator random(42);
    int maxSeen[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 2000; ++i) {
        for (int retry = 0; retry < 6; ++retry) {
            const int delay = Backoff::fullJitterDelayMs(retry, 500, 5000, random);
            const int ceiling = std::min(5000, 500 << retry);
            QVERIFY2(delay >= 0 && delay <= ceiling, qPrintable(QString::number(delay)));
            maxSeen[retry] = std::max(maxSeen[retry], delay);
        }
    }
    // Exponential growth: the ceiling doubles until the cap, and jitter reaches near it.
    QVERIFY(maxSeen[0] > 450 && maxSeen[0] <= 500);
    QVERIFY(maxSeen[1] > 900 && maxSeen[1] <= 1000);
    QVERIFY(maxSeen[2] > 1800 && maxSeen[2] <= 2000);
    QVERIFY(maxSeen[5] > 4500 && maxSeen[5] <= 5000);
    QCOMPARE(Backoff::fullJitterDelayMs(100, 500, 5000, random) <= 5000, true); // no overflow
    QCOMPARE(Backoff::fullJitterDelayMs(3, 0, 5000, random), 0);
}

// The one check orders, the command line and the sandbox share (issue 16: one way to do it).
void TestProviderObjects::providerIdsCurrencyAndPaymentIntent()
{
    for (const char* ok : {"usd", "eur", "try", "rub"})
        QVERIFY2(ProviderIds::isCurrencyCode(QString::fromLatin1(ok)), ok);
    for (const char* bad : {"", "us", "usdd", "USD", "us1", "u d", "éur"})
        QVERIFY2(!ProviderIds::isCurrencyCode(QString::fromUtf8(bad)), bad);
    QVERIFY(ProviderIds::isPaymentIntentId(QStringLiteral("pi_3MtwBwLkdIwHu7ix28a3tqPa")));
    for (const char* bad : {"", "pi_", "pi", "ch_123", "PI_123", " pi_1"})
        QVERIFY2(!ProviderIds::isPaymentIntentId(QString::fromLatin1(bad)), bad);
}

QTEST_GUILESS_MAIN(TestProviderObjects)
#include "TestProviderObjects.moc"
