// refund-tool message draft / message check (R19) as a process: exit codes 0 (clean),
// 1 (flagged, one phrase per line), 2 (bad usage), and the draft of a real operation row.

#include "TestDatabase.h"

#include "db/OperationStore.h"

#include <QProcess>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run refundTool(const QStringList& args, const QByteArray& stdinText = {})
{
    QProcess p;
    p.start(QStringLiteral(REFUND_TOOL_BIN), args);
    if (!p.waitForStarted(10000))
        return {};
    p.write(stdinText);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QStringList check(const QString& status, const QString& lang, const QString& text, int* exitCode)
{
    const Run r = refundTool({QStringLiteral("message"), QStringLiteral("check"), QStringLiteral("--status"), status,
                              QStringLiteral("--lang"), lang},
                             text.toUtf8());
    *exitCode = r.exitCode;
    return r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestMessageCli : public QObject
{
    Q_OBJECT

private slots:
    void checkExitCodes_data();
    void checkExitCodes();
    void checkBadUsageIsTwo_data();
    void checkBadUsageIsTwo();
    void draftOfARealOperation();
};

void TestMessageCli::checkExitCodes_data()
{
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("lines");
    QTest::newRow("en clean") << QStringLiteral("unknown") << QStringLiteral("en")
                              << QStringLiteral("We cannot confirm the refund yet; a colleague will reply here.") << 0
                              << QStringList{};
    QTest::newRow("en claim") << QStringLiteral("unknown") << QStringLiteral("en")
                              << QStringLiteral("Good news, your order has been refunded! Sorry the refund failed earlier.")
                              << 1 << QStringList{QStringLiteral("has been refunded"), QStringLiteral("refund failed")};
    QTest::newRow("en not yet") << QStringLiteral("open") << QStringLiteral("en")
                                << QStringLiteral("Your payment has not yet been refunded.") << 0 << QStringList{};
    QTest::newRow("ru claim") << QStringLiteral("unknown") << QStringLiteral("ru")
                              << QStringLiteral("Деньги возвращены, спасибо!") << 1
                              << QStringList{QStringLiteral("Деньги возвращены")};
    QTest::newRow("ru negation") << QStringLiteral("unknown") << QStringLiteral("ru")
                                 << QStringLiteral("Мы ещё не вернули деньги, коллега проверяет.") << 0 << QStringList{};
    QTest::newRow("tr claim") << QStringLiteral("unknown") << QStringLiteral("tr")
                              << QStringLiteral("İadeniz yapıldı.") << 1 << QStringList{QStringLiteral("İadeniz yapıldı")};
    QTest::newRow("tr negation") << QStringLiteral("unknown") << QStringLiteral("tr")
                                 << QStringLiteral("Ödemeniz henüz iade edilmedi.") << 0 << QStringList{};
    QTest::newRow("refunded may say so") << QStringLiteral("refunded") << QStringLiteral("en")
                                         << QStringLiteral("Your refund has been processed.") << 0 << QStringList{};
    QTest::newRow("refunded must not say failed") << QStringLiteral("refunded") << QStringLiteral("en")
                                                  << QStringLiteral("We could not refund your order.") << 1
                                                  << QStringList{QStringLiteral("could not refund")};
    QTest::newRow("empty stdin") << QStringLiteral("unknown") << QStringLiteral("en") << QString() << 0 << QStringList{};
}

void TestMessageCli::checkExitCodes()
{
    QFETCH(QString, status);
    QFETCH(QString, lang);
    QFETCH(QString, text);
    QFETCH(int, exitCode);
    QFETCH(QStringList, lines);
    int code = -1;
    const QStringList out = check(status, lang, text, &code);
    QCOMPARE(code, exitCode);
    QCOMPARE(out, lines);
}

void TestMessageCli::checkBadUsageIsTwo_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("bad status") << QStringList{QStringLiteral("--status"), QStringLiteral("done"), QStringLiteral("--lang"),
                                               QStringLiteral("en")};
    QTest::newRow("bad lang") << QStringList{QStringLiteral("--status"), QStringLiteral("unknown"), QStringLiteral("--lang"),
                                             QStringLiteral("de")};
    QTest::newRow("no lang") << QStringList{QStringLiteral("--status"), QStringLiteral("unknown")};
    QTest::newRow("no status") << QStringList{QStringLiteral("--lang"), QStringLiteral("en")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--status"), QStringLiteral("unknown"),
                                                   QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--x")};
}

void TestMessageCli::checkBadUsageIsTwo()
{
    QFETCH(QStringList, args);
    const Run r = refundTool(QStringList{QStringLiteral("message"), QStringLiteral("check")} + args,
                             QByteArrayLiteral("has been refunded"));
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY(!r.err.trimmed().isEmpty());
}

void TestMessageCli::draftOfARealOperation()
{
    TestDatabase testDb(QStringLiteral("sqlite"));
    REFUND_OPEN_OR_FAIL(db, testDb);
    OperationStore store(*db);
    QVERIFY(store.addOrder(Order{QStringLiteral("4417"), 3800, QStringLiteral("usd"), QStringLiteral("pi_4417"), 0}));
    auto opened = store.openOrJoin(QStringLiteral("4417"), 3800, QStringLiteral("toolu_01"));
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
    const QString opId = opened.value().operation.operationId;

    const QStringList base{QStringLiteral("message"), QStringLiteral("draft"), QStringLiteral("--db"), testDb.url(),
                           QStringLiteral("--operation"), opId};
    const Run en = refundTool(base);
    QCOMPARE(en.exitCode, 0);
    QVERIFY2(en.out.contains(QStringLiteral("cannot confirm your refund of $38.00 for order 4417")), qPrintable(en.out));
    // The printed draft passes its own check.
    int code = -1;
    QVERIFY(check(QStringLiteral("open"), QStringLiteral("en"), en.out, &code).isEmpty());
    QCOMPARE(code, 0);

    const Run ru = refundTool(base + QStringList{QStringLiteral("--lang"), QStringLiteral("ru")});
    QCOMPARE(ru.exitCode, 0);
    QVERIFY2(ru.out.contains(QStringLiteral("не можем подтвердить возврат")) && ru.out.contains(QStringLiteral("38,00")),
             qPrintable(ru.out));
    const Run tr = refundTool(base + QStringList{QStringLiteral("--lang"), QStringLiteral("tr")});
    QCOMPARE(tr.exitCode, 0);
    QVERIFY(tr.out.contains(QStringLiteral("henüz onaylayamıyoruz")));

    QCOMPARE(refundTool(base + QStringList{QStringLiteral("--lang"), QStringLiteral("fr")}).exitCode, 2);
    QCOMPARE(refundTool({QStringLiteral("message"), QStringLiteral("draft"), QStringLiteral("--db"), testDb.url(),
                         QStringLiteral("--operation"), QStringLiteral("op_missing")})
                 .exitCode,
             2);
}

QTEST_GUILESS_MAIN(TestMessageCli)
#include "TestMessageCli.moc"
