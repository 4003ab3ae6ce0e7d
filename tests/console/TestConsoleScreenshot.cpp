// The real refund-console binary: `--demo --screenshot FILE` creates the demo, shows the data,
// writes a non-empty PNG of the window and exits 0; the demo's description goes to stdout.
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

class TestConsoleScreenshot : public QObject
{
    Q_OBJECT

private slots:
    void demoScreenshotWritesPng();
    void versionAndBadArguments();
};

void TestConsoleScreenshot::demoScreenshotWritesPng()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("console.png"));
    QProcess console;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), dir.path());   // QSettings of this run stay in the temporary folder
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    console.setProcessEnvironment(env);
    console.start(QStringLiteral(REFUND_CONSOLE_BIN),
                  {QStringLiteral("--demo"), QStringLiteral("--demo-dir"), dir.filePath(QStringLiteral("demo")),
                   QStringLiteral("--screenshot"), png});
    QVERIFY2(console.waitForStarted(10000), qPrintable(console.errorString()));
    QVERIFY2(console.waitForFinished(180000), "refund-console did not exit after the screenshot");
    const QString out = QString::fromUtf8(console.readAllStandardOutput());
    const QString err = QString::fromUtf8(console.readAllStandardError());
    QVERIFY2(console.exitStatus() == QProcess::NormalExit && console.exitCode() == 0,
             qPrintable(QStringLiteral("exit %1\n%2").arg(console.exitCode()).arg(err.right(2000))));
    QVERIFY2(out.contains(QStringLiteral("Seed operation")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("Screenshot:")), qPrintable(out));
    QVERIFY(!out.contains(QStringLiteral("sk_test")));   // R22: the sandbox's write key is never printed

    QVERIFY(QFileInfo(png).size() > 10000);
    QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1280, 800));
    // A real rendering, not a blank surface: many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
}

void TestConsoleScreenshot::versionAndBadArguments()
{
    QProcess console;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    console.setProcessEnvironment(env);
    console.start(QStringLiteral(REFUND_CONSOLE_BIN), {QStringLiteral("--version")});
    QVERIFY(console.waitForFinished(30000));
    QCOMPARE(console.exitCode(), 0);
    QVERIFY(QString::fromUtf8(console.readAllStandardOutput()).contains(QStringLiteral(REFUND_VERSION)));

    console.start(QStringLiteral(REFUND_CONSOLE_BIN), {QStringLiteral("--role"), QStringLiteral("root")});
    QVERIFY(console.waitForFinished(30000));
    QCOMPARE(console.exitCode(), 2);
    QVERIFY(QString::fromUtf8(console.readAllStandardError()).contains(QStringLiteral("--role")));
}

QTEST_GUILESS_MAIN(TestConsoleScreenshot)
#include "TestConsoleScreenshot.moc"
