// ProviderClient::createRefund against a hostile provider (HostileProvider): answers are
// checked before they are believed (R7), one attempt is exactly one HTTP request (R12),
// the whole exchange has a deadline and the answer a size cap (R7), and the API key never
// reaches any text (R22).

#include "HostileProvider.h"

#include "provider/CurlPost.h"
#include "provider/ProviderClient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

namespace {

const QString kApiKey = QStringLiteral("sk_test_51HostileSecretKeyValue");

RefundCreateParams sampleParams()
{
    RefundCreateParams p;
    p.paymentIntent = QStringLiteral("pi_1");
    p.amountCents = 3800;
    p.currency = QStringLiteral("usd");
    p.reason = QStringLiteral("requested_by_customer");
    p.metadata.insert(QStringLiteral("operation_id"), QStringLiteral("op_5521"));
    p.metadata.insert(QStringLiteral("order_id"), QStringLiteral("4417"));
    return p;
}

// Lets a late resend (Qt resends a POST whose connection closed) reach the server's count.
void settle(int ms = 300)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms)
        QTest::qWait(20);
}

} // namespace

Q_DECLARE_METATYPE(HostileProvider::Mode)

class TestProviderHostile : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void r7_hostileAnswerOutcome_data();
    void r7_hostileAnswerOutcome();
    void r7_foreignRefundIsMismatch();
    void r7_failedRefundCarriesFailureReason();
    void r12_oneAttemptOneRequest_dropBeforeAnswer();
    void r12_oneAttemptOneRequest_timeout();
    void r7_dripPastDeadlineEndsAtDeadline();
    void r7_hugeBodyIsCutOffAtOneMiB();
    void r7_curlPostKeepsAtMostOneMiB_data();
    void r7_curlPostKeepsAtMostOneMiB();
    void r7_refusedPortIsNotSent();
    void r7_unresolvableHostIsNotSent();
    void r12_invalidRequestIdIsWithheld();
    void r22_tlsPeerIsVerified();

private:
    std::unique_ptr<ProviderClient> makeClient(int timeoutMs);
    ProviderResponse create(int timeoutMs = 600);

    std::unique_ptr<HostileProvider> m_server;
};

void TestProviderHostile::init()
{
    m_server = std::make_unique<HostileProvider>();
    QVERIFY(m_server->start());
}

void TestProviderHostile::cleanup()
{
    m_server.reset();
}

std::unique_ptr<ProviderClient> TestProviderHostile::makeClient(int timeoutMs)
{
    ProviderConfig config;
    config.baseUrl = m_server->baseUrl();
    config.apiKey = kApiKey;
    config.requestTimeoutMs = timeoutMs;
    return std::make_unique<ProviderClient>(config);
}

ProviderResponse TestProviderHostile::create(int timeoutMs)
{
    auto client = makeClient(timeoutMs);
    return client->createRefund(sampleParams(), QStringLiteral("key-hostile-1"));
}

void TestProviderHostile::r7_hostileAnswerOutcome_data()
{
    using M = HostileProvider::Mode;
    QTest::addColumn<HostileProvider::Mode>("mode");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("detail"); // must appear in summary()

    QTest::newRow("correct") << M::CorrectRefund << "succeeded"
                             << "re_hostile_1";
    QTest::newRow("foreign") << M::ForeignRefund << "response_mismatch"
                             << "amount 1 != 3800";
    QTest::newRow("wrong amount") << M::WrongAmount << "response_mismatch"
                                  << "amount 3801 != 3800";
    QTest::newRow("wrong currency") << M::WrongCurrency << "response_mismatch"
                                    << "currency eur != usd";
    QTest::newRow("wrong payment_intent") << M::WrongPaymentIntent << "response_mismatch"
                                          << "payment_intent pi_someone_else != pi_1";
    QTest::newRow("wrong operation_id") << M::WrongOperationId << "response_mismatch"
                                        << "metadata.operation_id op_someone_else != op_5521";
    QTest::newRow("status failed") << M::StatusFailed << "refund_failed"
                                   << "insufficient_funds";
    QTest::newRow("status canceled") << M::StatusCanceled << "refund_failed"
                                     << "canceled";
    QTest::newRow("status succeded") << M::StatusMisspelled << "response_mismatch"
                                     << "status";
    QTest::newRow("status empty") << M::StatusEmpty << "response_mismatch"
                                  << "status";
    QTest::newRow("status 42") << M::StatusNumber << "response_mismatch"
                               << "status";
    QTest::newRow("drip") << M::Drip << "no_response"
                          << "600 ms";
    QTest::newRow("5 MB body") << M::HugeBody << "no_response"
                               << "over 1 MiB";
    QTest::newRow("5 MB refund id") << M::HugeRefundId << "no_response"
                                    << "over 1 MiB";
    QTest::newRow("300-char refund id") << M::LongRefundId << "response_mismatch"
                                        << "id";
    QTest::newRow("NUL in refund id") << M::NulInRefundId << "response_mismatch"
                                      << "id";
    QTest::newRow("20 KB Request-Id") << M::HugeRequestId << "succeeded"
                                      << "withheld";
    QTest::newRow("close") << M::CloseWithoutAnswer << "no_response"
                           << "no HTTP answer";
    QTest::newRow("500") << M::ServerError500 << "server_saved_error"
                         << "HTTP 500";
    QTest::newRow("409") << M::Conflict409 << "in_progress"
                         << "idempotency_key_in_use";
    QTest::newRow("429") << M::RateLimited429 << "rate_limited"
                         << "rate_limit";
}

void TestProviderHostile::r7_hostileAnswerOutcome()
{
    QFETCH(HostileProvider::Mode, mode);
    QFETCH(QString, expected);
    QFETCH(QString, detail);
    m_server->setMode(mode);

    QElapsedTimer timer;
    timer.start();
    const ProviderResponse response = create();
    const qint64 elapsed = timer.elapsed();
    settle();

    QCOMPARE(toString(response.outcome), expected);
    QVERIFY2(response.summary().contains(detail), qPrintable(response.summary()));
    // R12: one createRefund call, one request at the provider, whatever the answer was.
    QCOMPARE(m_server->requestCount(), 1);
    QCOMPARE(m_server->requests().first().idempotencyKey(), QByteArray("key-hostile-1"));
    QCOMPARE(m_server->requests().first().method, QByteArray("POST"));
    QCOMPARE(m_server->requests().first().path(), QByteArray("/v1/refunds"));
    // R7: the deadline covers the whole exchange (600 ms here), not only silences.
    QVERIFY2(elapsed < 2000, qPrintable(QString::number(elapsed)));
    // The refund object is handed on only when it is ours (done or definitely failed).
    QCOMPARE(response.refund.has_value(),
             expected == QLatin1String("succeeded") || expected == QLatin1String("refund_failed"));
    QCOMPARE(response.mismatch.isEmpty(), expected != QLatin1String("response_mismatch"));
    if (response.refund) {
        QVERIFY(response.refund->id.size() <= 255);
        QVERIFY(!response.refund->id.contains(QChar(0)));
    }
    // Nothing a hostile provider sends may smuggle unbounded or non-printable text into logs.
    const QStringList texts{response.summary(), response.networkError, response.mismatch, response.requestId,
                            response.error.toString()};
    for (const QString& text : texts) {
        QVERIFY2(!text.contains(kApiKey), qPrintable(QStringLiteral("key leaked in: ") + text));
        QVERIFY2(!text.contains(QChar(0)), "NUL in text");
        QVERIFY2(text.size() < 4096, qPrintable(QString::number(text.size())));
    }
    QVERIFY(response.requestId.size() <= 255);
}

void TestProviderHostile::r7_foreignRefundIsMismatch()
{
    m_server->setMode(HostileProvider::Mode::ForeignRefund);
    const ProviderResponse response = create();
    QCOMPARE(toString(response.outcome), QStringLiteral("response_mismatch"));
    QVERIFY(!response.refund);
    // Every difference is named, so the person checking sees why it was not believed.
    for (const char* expected :
         {"amount 1 != 3800", "currency eur != usd", "metadata.operation_id op_someone_else != op_5521"})
        QVERIFY2(response.mismatch.contains(QLatin1String(expected)), qPrintable(response.mismatch));
}

void TestProviderHostile::r7_failedRefundCarriesFailureReason()
{
    m_server->setMode(HostileProvider::Mode::StatusFailed);
    m_server->setFailureReason(QStringLiteral("expired_or_canceled_card"));
    const ProviderResponse response = create();
    QCOMPARE(toString(response.outcome), QStringLiteral("refund_failed"));
    QVERIFY(response.refund);
    QCOMPARE(response.refund->status, QStringLiteral("failed"));
    QCOMPARE(response.refund->failureReason, QStringLiteral("expired_or_canceled_card"));
    QCOMPARE(response.refund->operationId(), QStringLiteral("op_5521"));
}

void TestProviderHostile::r12_oneAttemptOneRequest_dropBeforeAnswer()
{
    // The classic lost answer: the provider read the request (and may have executed it),
    // then the connection closed. Qt's network stack resends such a POST on its own.
    m_server->setMode(HostileProvider::Mode::CloseWithoutAnswer);
    const ProviderResponse response = create(3000);
    settle(500);
    QCOMPARE(toString(response.outcome), QStringLiteral("no_response"));
    QCOMPARE(m_server->requestCount(), 1);
    QCOMPARE(m_server->connectionCount(), 1);
}

void TestProviderHostile::r12_oneAttemptOneRequest_timeout()
{
    m_server->setMode(HostileProvider::Mode::Drip);
    m_server->setDripIntervalMs(100); // bytes keep coming: an inactivity timer never fires
    const ProviderResponse response = create(500);
    settle(500);
    QCOMPARE(toString(response.outcome), QStringLiteral("no_response"));
    QCOMPARE(m_server->requestCount(), 1);
    QCOMPARE(m_server->connectionCount(), 1);
}

void TestProviderHostile::r7_dripPastDeadlineEndsAtDeadline()
{
    // One byte every 400 ms kept a 600 ms Qt transfer timeout alive for 72 s.
    m_server->setMode(HostileProvider::Mode::Drip);
    m_server->setDripIntervalMs(400);
    QElapsedTimer timer;
    timer.start();
    const ProviderResponse response = create(600);
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(toString(response.outcome), QStringLiteral("no_response"));
    QVERIFY2(elapsed >= 500 && elapsed < 2000, qPrintable(QString::number(elapsed)));
    QVERIFY2(response.networkError.contains(QStringLiteral("600 ms")), qPrintable(response.networkError));
    QCOMPARE(m_server->requestCount(), 1);
}

void TestProviderHostile::r7_hugeBodyIsCutOffAtOneMiB()
{
    m_server->setMode(HostileProvider::Mode::HugeBody);
    const ProviderResponse response = create(5000);
    QCOMPARE(toString(response.outcome), QStringLiteral("no_response"));
    QVERIFY2(response.networkError.contains(QStringLiteral("answer body over 1 MiB; cut off")),
             qPrintable(response.networkError));
    QVERIFY(!response.refund);
    QCOMPARE(m_server->requestCount(), 1);
}

void TestProviderHostile::r7_curlPostKeepsAtMostOneMiB_data()
{
    QTest::addColumn<HostileProvider::Mode>("mode");
    QTest::newRow("5 MB body, no Content-Length") << HostileProvider::Mode::HugeBody;
    QTest::newRow("5 MB refund id, Content-Length") << HostileProvider::Mode::HugeRefundId;
}

void TestProviderHostile::r7_curlPostKeepsAtMostOneMiB()
{
    // Memory does not grow with what the provider sends: reading stops at the cap.
    QFETCH(HostileProvider::Mode, mode);
    m_server->setMode(mode);
    QUrl url = m_server->baseUrl();
    url.setPath(QStringLiteral("/v1/refunds"));
    CurlPost post(url, 5000);
    CurlPost::Result result;
    std::atomic<bool> done{false};
    // CurlPost blocks; the server lives in this thread, so run the request beside it.
    std::thread worker([&] {
        result = post.post(QByteArrayLiteral("amount=1"));
        done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    worker.join();
    QVERIFY(result.failure == CurlPost::Failure::BodyTooLarge);
    QCOMPARE(result.error, QStringLiteral("answer body over 1 MiB; cut off"));
    QVERIFY2(result.body.size() <= CurlPost::kMaxBodyBytes, qPrintable(QString::number(result.body.size())));
    QCOMPARE(result.httpStatus, 200);
    QCOMPARE(m_server->requestCount(), 1);
}

void TestProviderHostile::r7_refusedPortIsNotSent()
{
    ProviderConfig config;
    config.baseUrl = HostileProvider::refusedUrl();
    config.apiKey = kApiKey;
    config.requestTimeoutMs = 3000;
    ProviderClient client(config);
    const ProviderResponse response = client.createRefund(sampleParams(), QStringLiteral("key-refused"));
    QCOMPARE(toString(response.outcome), QStringLiteral("not_sent"));
    QCOMPARE(response.httpStatus, 0);
    QVERIFY(!response.networkError.isEmpty());
    QVERIFY(!response.networkError.contains(kApiKey));
    QCOMPARE(m_server->requestCount(), 0);
    QCOMPARE(m_server->connectionCount(), 0);
}

void TestProviderHostile::r7_unresolvableHostIsNotSent()
{
    ProviderConfig config;
    config.baseUrl = QUrl(QStringLiteral("http://no-such-host.invalid"));
    config.apiKey = kApiKey;
    config.requestTimeoutMs = 5000;
    ProviderClient client(config);
    const ProviderResponse response = client.createRefund(sampleParams(), QStringLiteral("key-nohost"));
    QCOMPARE(toString(response.outcome), QStringLiteral("not_sent"));
    QVERIFY(!response.networkError.contains(kApiKey));
}

void TestProviderHostile::r12_invalidRequestIdIsWithheld()
{
    m_server->setMode(HostileProvider::Mode::HugeRequestId);
    const ProviderResponse response = create();
    QCOMPARE(toString(response.outcome), QStringLiteral("succeeded"));
    QVERIFY(response.requestId.isEmpty());
    QVERIFY(response.requestIdWithheld);
    QVERIFY2(response.summary().contains(QStringLiteral("request id withheld")),
             qPrintable(response.summary()));
}

void TestProviderHostile::r22_tlsPeerIsVerified()
{
    // An HTTPS server whose certificate no system CA signed: the key must not go to it.
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        QSKIP("openssl not found; cannot make a self-signed certificate");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString certPath = dir.filePath(QStringLiteral("cert.pem"));
    const QString keyPath = dir.filePath(QStringLiteral("key.pem"));
    QProcess make;
    make.start(openssl, {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                         QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"),
                         QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                         QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certPath});
    QVERIFY(make.waitForFinished(30000));
    QCOMPARE(make.exitCode(), 0);
    QFile certFile(certPath);
    QFile keyFile(keyPath);
    QVERIFY(certFile.open(QIODevice::ReadOnly) && keyFile.open(QIODevice::ReadOnly));
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setLocalCertificate(QSslCertificate(certFile.readAll()));
    tls.setPrivateKey(QSslKey(keyFile.readAll(), QSsl::Rsa));
    QSslServer server;
    server.setSslConfiguration(tls);
    int encrypted = 0;
    connect(&server, &QSslServer::pendingConnectionAvailable, &server, [&] {
        while (QTcpSocket* socket = server.nextPendingConnection()) {
            ++encrypted; // only after a completed handshake
            socket->setParent(&server);
        }
    });
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));

    ProviderConfig config;
    config.baseUrl = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(server.serverPort()));
    config.apiKey = kApiKey;
    config.requestTimeoutMs = 5000;
    ProviderClient client(config);
    const ProviderResponse response = client.createRefund(sampleParams(), QStringLiteral("key-tls"));
    settle(200);
    QCOMPARE(toString(response.outcome), QStringLiteral("no_response"));
    QCOMPARE(encrypted, 0); // the handshake never completed, so no request (and no key) was sent
    QVERIFY2(response.networkError.contains(QStringLiteral("certificate"), Qt::CaseInsensitive),
             qPrintable(response.networkError));
}

QTEST_GUILESS_MAIN(TestProviderHostile)
#include "TestProviderHostile.moc"
