// R25: the Stripe-Signature check (valid, wrong secret, altered body, stale, replayed, malformed)
// and the event parser, both pure functions. Expected signatures are computed independently here
// with QMessageAuthenticationCode over "{t}.{body}".
#include "reconcile/WebhookEventParser.h"
#include "reconcile/WebhookSignature.h"

#include <QMessageAuthenticationCode>
#include <QtTest>

namespace {
const QByteArray kSecret = "whsec_test_5f1c2a";
const QByteArray kBody =
    R"({"id":"evt_1","object":"event","type":"refund.created","created":1780000000,"data":{"object":{"id":"re_1","object":"refund","amount":3800,"currency":"usd","created":1780000000}}})";
constexpr qint64 kNow = 1780000100;

QByteArray hmac(const QByteArray& payload, const QByteArray& key)
{
    return QMessageAuthenticationCode::hash(payload, key, QCryptographicHash::Sha256).toHex();
}

QByteArray header(qint64 t, const QByteArray& body = kBody, const QByteArray& key = kSecret)
{
    return "t=" + QByteArray::number(t) + ",v1=" + hmac(QByteArray::number(t) + "." + body, key);
}
} // namespace

class TestWebhookSignature : public QObject
{
    Q_OBJECT
private slots:
    void r25_validSignatureAccepted()
    {
        const auto r = WebhookSignature::verify(header(kNow - 10), kBody, kSecret, kNow);
        QVERIFY2(r.ok(), qPrintable(r.reason));
        QCOMPARE(r.timestamp, kNow - 10);
        QCOMPARE(WebhookSignature::sign(kBody, kSecret, kNow), header(kNow));
    }
    void r25_wrongSecretRefused()
    {
        const auto r = WebhookSignature::verify(header(kNow, kBody, "whsec_other"), kBody, kSecret, kNow);
        QCOMPARE(r.verdict, WebhookSignature::Verdict::WrongSignature);
    }
    void r25_alteredBodyRefused()
    {
        QByteArray altered = kBody;
        altered.replace("3800", "9800");
        QCOMPARE(WebhookSignature::verify(header(kNow), altered, kSecret, kNow).verdict,
                 WebhookSignature::Verdict::WrongSignature);
        QCOMPARE(WebhookSignature::verify(header(kNow), kBody + " ", kSecret, kNow).verdict,
                 WebhookSignature::Verdict::WrongSignature);
        // The timestamp is signed too: moving it forward breaks the signature.
        QByteArray moved = header(kNow - 1000);
        moved.replace(QByteArray::number(kNow - 1000), QByteArray::number(kNow));
        QCOMPARE(WebhookSignature::verify(moved, kBody, kSecret, kNow).verdict,
                 WebhookSignature::Verdict::WrongSignature);
    }
    void r25_staleOrFutureTimestampRefused()
    {
        QVERIFY(WebhookSignature::verify(header(kNow - 300), kBody, kSecret, kNow).ok());
        QCOMPARE(WebhookSignature::verify(header(kNow - 301), kBody, kSecret, kNow).verdict,
                 WebhookSignature::Verdict::Stale);
        QCOMPARE(WebhookSignature::verify(header(kNow + 301), kBody, kSecret, kNow).verdict,
                 WebhookSignature::Verdict::Stale);
    }
    void r25_replayedLaterIsStale()
    {
        // A captured, valid delivery replayed 10 minutes later is refused (within 300 s the event id dedup
        // ignores it).
        const QByteArray captured = header(kNow);
        QVERIFY(WebhookSignature::verify(captured, kBody, kSecret, kNow + 5).ok());
        QCOMPARE(WebhookSignature::verify(captured, kBody, kSecret, kNow + 600).verdict,
                 WebhookSignature::Verdict::Stale);
    }
    void r25_severalV1OneMatches()
    {
        const QByteArray h = "t=" + QByteArray::number(kNow) + ",v1=" + QByteArray(64, 'a') +
                             ",v0=abc,v1=" + hmac(QByteArray::number(kNow) + "." + kBody, kSecret);
        QVERIFY(WebhookSignature::verify(h, kBody, kSecret, kNow).ok());
    }
    void r25_malformedHeadersRefused_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<int>("verdict");
        const QByteArray sig = hmac(QByteArray::number(kNow) + "." + kBody, kSecret);
        QTest::newRow("empty") << QByteArray() << int(WebhookSignature::Verdict::MissingHeader);
        QTest::newRow("no t") << ("v1=" + sig) << int(WebhookSignature::Verdict::MalformedHeader);
        QTest::newRow("two t") << ("t=1,t=" + QByteArray::number(kNow) + ",v1=" + sig)
                               << int(WebhookSignature::Verdict::MalformedHeader);
        QTest::newRow("t not a number")
            << ("t=abc,v1=" + sig) << int(WebhookSignature::Verdict::MalformedHeader);
        QTest::newRow("negative t") << ("t=-5,v1=" + sig) << int(WebhookSignature::Verdict::MalformedHeader);
        QTest::newRow("no v1") << ("t=" + QByteArray::number(kNow) + ",v0=" + sig)
                               << int(WebhookSignature::Verdict::NoSignature);
        QTest::newRow("no equals") << ("t" + QByteArray::number(kNow) + ",v1" + sig)
                                   << int(WebhookSignature::Verdict::MalformedHeader);
        QTest::newRow("short v1") << ("t=" + QByteArray::number(kNow) + ",v1=" + sig.left(10))
                                  << int(WebhookSignature::Verdict::WrongSignature);
        QTest::newRow("huge") << QByteArray(10000, 'x') << int(WebhookSignature::Verdict::MalformedHeader);
    }
    void r25_malformedHeadersRefused()
    {
        QFETCH(QByteArray, header);
        QFETCH(int, verdict);
        QCOMPARE(int(WebhookSignature::verify(header, kBody, kSecret, kNow).verdict), verdict);
    }
    void r25_noSecretRefusesEverything()
    {
        QCOMPARE(WebhookSignature::verify(header(kNow, kBody, ""), kBody, "", kNow).verdict,
                 WebhookSignature::Verdict::NoSecret);
    }
    void r25_constantTimeEquals()
    {
        QVERIFY(WebhookSignature::constantTimeEquals("abcd", "abcd"));
        QVERIFY(!WebhookSignature::constantTimeEquals("abcd", "abce"));
        QVERIFY(!WebhookSignature::constantTimeEquals("abcd", "abc"));
    }
    void r25_parserRefusesMalformedBodies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("errorStart");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("body:");
        QTest::newRow("not json") << QByteArray("{not json") << QStringLiteral("body:");
        QTest::newRow("array") << QByteArray("[1,2]") << QStringLiteral("body:");
        QTest::newRow("no id") << QByteArray(
                                      R"({"object":"event","type":"x","created":1,"data":{"object":{}}})")
                               << QStringLiteral("event.id");
        QTest::newRow("oversized") << QByteArray(WebhookEventParser::kMaxBodyBytes + 1, ' ')
                                   << QStringLiteral("body:");
    }
    void r25_parserRefusesMalformedBodies()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, errorStart);
        QString error;
        QVERIFY(!WebhookEventParser::parse(body, &error));
        QVERIFY2(error.startsWith(errorStart), qPrintable(error));
    }
    void r24_parserFindsTheRefund()
    {
        auto e = WebhookEventParser::parse(kBody);
        QVERIFY(e);
        QCOMPARE(e->id, QStringLiteral("evt_1"));
        QVERIFY(WebhookEventParser::isRefundEvent(e->type));
        QCOMPARE(WebhookEventParser::refundId(*e), QStringLiteral("re_1"));
        QVERIFY(!WebhookEventParser::isRefundEvent(QStringLiteral("charge.succeeded")));
    }
};

QTEST_GUILESS_MAIN(TestWebhookSignature)
#include "TestWebhookSignature.moc"
