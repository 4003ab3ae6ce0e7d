// Secrets never reach a log (R22): the provider key and the database password are redacted
// from stderr and the rotating log file of a real refund-tool run; the in-app buffer is bounded.
#include "RefundToolFixture.h"

#include "Logging.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

class TestLogRedaction : public QObject
{
    Q_OBJECT

private slots:
    void r22_redactMasksKeysTokensPasswordsAndRegisteredSecrets();
    void recentLinesAreBounded();
    void r22_refundToolRunLeavesNoSecretInItsLogs_data();
    void r22_refundToolRunLeavesNoSecretInItsLogs();
};

void TestLogRedaction::r22_redactMasksKeysTokensPasswordsAndRegisteredSecrets()
{
    QCOMPARE(Logging::redact(QStringLiteral("key sk_live_51Habc123XYZ end")), QStringLiteral("key sk_live_*** end"));
    QCOMPARE(Logging::redact(QStringLiteral("rk_test_abcDEF9")), QStringLiteral("rk_test_***"));
    QCOMPARE(Logging::redact(QStringLiteral("Authorization: Bearer abc.def")), QStringLiteral("Authorization: Bearer ***"));
    QCOMPARE(Logging::redact(QStringLiteral("postgresql://ops:s3cr%40t@db:5432/ops")),
             QStringLiteral("postgresql://ops:***@db:5432/ops"));
    // Registered secrets live for the process: a fresh one per run of this test.
    const QString plain = QStringLiteral("plain-secret-value-") + QUuid::createUuid().toString(QUuid::Id128);
    QCOMPARE(Logging::redact(plain), plain);
    Logging::registerSecret(plain);
    QCOMPARE(Logging::redact(QStringLiteral("x %1 y").arg(plain)), QStringLiteral("x *** y"));
}

void TestLogRedaction::recentLinesAreBounded()
{
    Logging::Options o;
    o.level = QStringLiteral("info");
    o.toStderr = false;
    o.captureQtMessages = true;
    QVERIFY(Logging::init(o));
    const quint64 before = Logging::lineCount();
    for (int i = 0; i < 2500; ++i)
        Logging::info(QStringLiteral("line %1").arg(i));
    qWarning("from Qt with sk_test_qtmessage1");   // routed into the same sinks, redacted
    const QStringList lines = Logging::recentLines();
    QCOMPARE(lines.size(), 2000);
    QVERIFY(lines.last().endsWith(QLatin1String("from Qt with sk_test_***")));
    QVERIFY(lines.at(lines.size() - 2).endsWith(QLatin1String("line 2499")));
    QCOMPARE(Logging::lineCount() - before, quint64(2501));
    Logging::debug(QStringLiteral("below the level"));
    QCOMPARE(Logging::lineCount() - before, quint64(2501));
}

void TestLogRedaction::r22_refundToolRunLeavesNoSecretInItsLogs_data()
{
    QTest::addColumn<QString>("secretKey");
    QTest::newRow("stripe-shaped key") << QStringLiteral("sk_test_knownKey4417secret");
    QTest::newRow("key of another shape") << QStringLiteral("provider-write-key-7f3a9c2e51");
}

void TestLogRedaction::r22_refundToolRunLeavesNoSecretInItsLogs()
{
    QFETCH(QString, secretKey);
    SandboxProcess::Options options;
    options.secretKey = secretKey;
    RefundToolFixture f(options);
    QVERIFY2(f.start(), qPrintable(f.error));
    QVERIFY(f.addOrder(QStringLiteral("log-1"), 1000));
    // Exercise the noisy paths: a dropped connection, then a saved 500, both logged.
    QVERIFY(f.sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("drop_after_commit"), 2));
    QVERIFY(f.sandbox.addFault(QStringLiteral("POST"), QStringLiteral("/v1/refunds"), QStringLiteral("status_500"), 1));

    QTemporaryDir dir;
    const QString logFile = dir.filePath(QStringLiteral("refund-tool.log"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PROVIDER_API_KEY"), secretKey);
    env.insert(QStringLiteral("REFUND_LOG_FILE"), logFile);
    env.insert(QStringLiteral("REFUND_LOG_LEVEL"), QStringLiteral("trace"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(REFUND_TOOL_BIN),
            {QStringLiteral("refund"), QStringLiteral("--db"), f.testDb.url(), QStringLiteral("--provider-url"),
             f.sandbox.baseUrl().toString(), QStringLiteral("--tool-call-id"), QStringLiteral("toolu_log"),
             QStringLiteral("--order"), QStringLiteral("log-1"), QStringLiteral("--amount-cents"), QStringLiteral("1000")});
    QVERIFY(p.waitForStarted());
    const qint64 pid = p.processId();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    // Each process writes its own file beside REFUND_LOG_FILE (refund-tool-PID.log).
    QFile file(Logging::processLogFilePath(logFile, pid));
    QVERIFY2(file.open(QIODevice::ReadOnly), "the tool must write its rotating log file");
    const QString logged = QString::fromUtf8(file.readAll());
    QVERIFY2(logged.contains(QLatin1String("attempt")), qPrintable(logged));   // it did log the attempts
    QVERIFY(!err.isEmpty());

    const QString dbPassword = DatabaseUrl::parse(f.testDb.url())->password();
    for (const QString& text : {out, err, logged}) {
        QVERIFY2(!text.contains(secretKey), "the provider key reached a log");
        if (!dbPassword.isEmpty())
            QVERIFY2(!text.contains(dbPassword), "the database password reached a log");
    }
}

REFUND_TEST_MAIN_ALL_ENGINES(TestLogRedaction)
#include "TestLogRedaction.moc"
