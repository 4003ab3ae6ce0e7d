// The refund-tool command line as a user runs it: exit codes, one-line errors, nothing half-written.
#include "TestDatabase.h"

#include "db/OperationStore.h"
#include "db/SettingsStore.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

Run refundTool(const QStringList& args, const QStringList& unsetEnv = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& name : unsetEnv)
        env.remove(name);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(REFUND_TOOL_BIN), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        return {};
    }
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
               QString::fromUtf8(p.readAllStandardError())};
}
} // namespace

class TestRefundToolCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void helpForEverySubcommand_data();
    void helpForEverySubcommand();
    void migrateThenAddOrder();
    void badOrderInputExits2AndWritesNothing_data();
    void badOrderInputExits2AndWritesNothing();
    void malformedDatabaseUrl_data();
    void malformedDatabaseUrl();
    void databaseUrlRefusesWhatCannotRoundTrip_data();
    void databaseUrlRefusesWhatCannotRoundTrip();
    void r21_actorWithoutLoginEnvironmentIsTheAccount();
    void unmigratedDatabaseIsRefused();
    void settingsShowAndSet();
    void settingsSetBadValueExits2();
    void mistypedSqlitePathCreatesNothing();
    void r22_passwordInMalformedUrlNeverPrinted();
    void refusalsChangeNothing_newerSchemaIsByteForByteUnchanged();
    void refusalsChangeNothing_corruptFileIsNotWritten();
    void r5_secondOrderOnOnePaymentIntentRefused();

private:
    std::unique_ptr<TestDatabase> m_db;
};

void TestRefundToolCli::initTestCase()
{
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    const Run r = refundTool({QStringLiteral("db"), QStringLiteral("migrate"), QStringLiteral("--db"), m_db->url()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QLatin1String("schema version")));
    QVERIFY2(!r.out.contains(QLatin1String("refund_test_pw")) && !r.err.contains(QLatin1String("refund_test_pw")),
             "the database password must never be printed");
}

void TestRefundToolCli::cleanupTestCase()
{
    m_db.reset();
}

void TestRefundToolCli::helpForEverySubcommand_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("overview") << QStringList{QStringLiteral("--help")} << "order add";
    QTest::newRow("db migrate") << QStringList{QStringLiteral("db"), QStringLiteral("migrate"), QStringLiteral("--help")} << "--db";
    QTest::newRow("order add") << QStringList{QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--help")}
                               << "--payment-intent";
    QTest::newRow("settings show") << QStringList{QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--help")}
                                   << "--json";
    QTest::newRow("settings set") << QStringList{QStringLiteral("settings"), QStringLiteral("set"), QStringLiteral("--help")}
                                  << "--actor";
}

void TestRefundToolCli::helpForEverySubcommand()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const Run r = refundTool(args);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(mentions), qPrintable(r.out));
}

void TestRefundToolCli::migrateThenAddOrder()
{
    const Run r = refundTool({QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--db"), m_db->url(),
                              QStringLiteral("--order"), QStringLiteral("4417"), QStringLiteral("--amount-cents"),
                              QStringLiteral("3800"), QStringLiteral("--currency"), QStringLiteral("USD"),
                              QStringLiteral("--payment-intent"), QStringLiteral("pi_4417")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    auto db = m_db->open();
    OperationStore store(*db);
    auto o = store.order(QStringLiteral("4417"));
    QVERIFY(o);
    QCOMPARE(o.value().amountCents, 3800);
    QCOMPARE(o.value().currency, QStringLiteral("usd"));
}

void TestRefundToolCli::badOrderInputExits2AndWritesNothing_data()
{
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("paymentIntent");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("negative") << "-100" << "usd" << "pi_1" << "amount-cents";
    QTest::newRow("zero") << "0" << "usd" << "pi_1" << "amount-cents";
    QTest::newRow("non-numeric") << "12.50" << "usd" << "pi_1" << "amount-cents";
    QTest::newRow("words") << "ten" << "usd" << "pi_1" << "amount-cents";
    QTest::newRow("huge") << "99999999999999999999999" << "usd" << "pi_1" << "too large";
    QTest::newRow("currency") << "100" << "dollars" << "pi_1" << "currency";
    QTest::newRow("payment intent") << "100" << "usd" << "ch_1" << "payment-intent";
    QTest::newRow("missing amount") << "" << "usd" << "pi_1" << "amount-cents";
}

void TestRefundToolCli::badOrderInputExits2AndWritesNothing()
{
    QFETCH(QString, amount);
    QFETCH(QString, currency);
    QFETCH(QString, paymentIntent);
    QFETCH(QString, mentions);
    QStringList args{QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--db"), m_db->url(),
                     QStringLiteral("--order"), QStringLiteral("bad-1"), QStringLiteral("--currency"), currency,
                     QStringLiteral("--payment-intent"), paymentIntent};
    if (!amount.isEmpty())
        args << QStringLiteral("--amount-cents") << amount;
    const Run r = refundTool(args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);   // one line
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
    auto db = m_db->open();
    OperationStore store(*db);
    QCOMPARE(store.order(QStringLiteral("bad-1")).error().code, StoreError::Code::NotFound);
}

void TestRefundToolCli::malformedDatabaseUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("scheme") << "mysql://x@y/z";
    QTest::newRow("no path") << "sqlite:";
    QTest::newRow("no db name") << "postgresql://user@localhost/";
    QTest::newRow("no user") << "postgresql://localhost/ops";
    QTest::newRow("empty") << "";
    QTest::newRow("unreachable") << "postgresql://u:secretpw@127.0.0.1:1/ops";
}

void TestRefundToolCli::malformedDatabaseUrl()
{
    QFETCH(QString, url);
    const Run r = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), url});
    QCOMPARE(r.exitCode, 2);
    // A password in the URL (visible in ps) adds one warning line naming PGPASSWORD before the error.
    const auto parsed = DatabaseUrl::parse(url);
    const bool passwordInUrl = parsed && parsed->passwordInUrl();
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), passwordInUrl ? 1 : 0);
    if (passwordInUrl)
        QVERIFY2(r.err.section(QLatin1Char('\n'), 0, 0).contains(QLatin1String("PGPASSWORD")),
                 qPrintable(r.err));
    QVERIFY(!r.err.contains(QLatin1String("secretpw")));
}

void TestRefundToolCli::databaseUrlRefusesWhatCannotRoundTrip_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("field");
    // U+FFFFF is a noncharacter: QUrl keeps it percent-encoded when decoding, so the URL handed
    // to a child process (toSecretString) would name another database (tests/fuzz found it).
    QTest::newRow("database name") << QString::fromUtf8("postgresql://r@6/ops\xf3\xbf\xbf\xbfs") << "database name";
    QTest::newRow("user") << QString::fromUtf8("postgresql://r\xef\xb7\x90@h/ops") << "user";
    // The encoded spelling too: QUrl's decoded path keeps "%F3%BF%BF%BF" as text.
    QTest::newRow("encoded database name") << QStringLiteral("postgresql://r@h/ops%F3%BF%BF%BF") << "database name";
    QTest::newRow("password") << QString::fromUtf8("postgresql://r:pw\xef\xbf\xbe@h/ops") << "password";
}

void TestRefundToolCli::databaseUrlRefusesWhatCannotRoundTrip()
{
    QFETCH(QString, url);
    QFETCH(QString, field);
    QString error;
    QVERIFY(!DatabaseUrl::parse(url, &error));
    // Refused naming the field: "contains U+FFFFF, a Unicode noncharacter" or "is not valid UTF-8".
    QVERIFY2(error.startsWith(QLatin1String("database URL: the ") + field + QLatin1Char(' ')), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1String("pw")), qPrintable(error));
    // An ordinary non-ASCII name still round-trips.
    const auto fine = DatabaseUrl::parse(QString::fromUtf8("postgresql://r:p%20w@h/\xd0\xbe\xd0\xbf\xd1\x81"));
    QVERIFY(fine);
    const auto again = DatabaseUrl::parse(fine->toSecretString());
    QVERIFY(again);
    QCOMPARE(again->databaseName(), fine->databaseName());
    QCOMPARE(again->password(), QStringLiteral("p w"));
}

void TestRefundToolCli::unmigratedDatabaseIsRefused()
{
    TestDatabase fresh;
    QVERIFY(fresh.isValid());
    const Run r = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), fresh.url()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("db migrate")), qPrintable(r.err));
}

void TestRefundToolCli::settingsShowAndSet()
{
    Run r = refundTool({QStringLiteral("settings"), QStringLiteral("set"), QStringLiteral("backoff_base_ms"),
                        QStringLiteral("300"), QStringLiteral("--db"), m_db->url(), QStringLiteral("--actor"),
                        QStringLiteral("ops-admin")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), m_db->url(), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("backoff_base_ms")).toInt(), 300);
    QCOMPARE(o.value(QStringLiteral("max_attempts_per_operation")).toInt(), 6);
    r = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), m_db->url()});
    QVERIFY(r.out.contains(QLatin1String("provider_api")));
    auto db = m_db->open();
    SettingsStore s(*db);
    // On PostgreSQL change_setting() audits the database login, whatever --actor says (R21).
    QString actor = QStringLiteral("ops-admin");
    if (db->isPostgres()) {
        auto who = db->run(QStringLiteral("SELECT session_user"));
        QVERIFY(who && who.value().next());
        actor = who.value().value(0).toString();
    }
    QCOMPARE(s.history().value().at(0).actor, actor);
}

void TestRefundToolCli::r21_actorWithoutLoginEnvironmentIsTheAccount()
{
    // Started without USER/LOGNAME (a service, a container, env -i), the audit log names the
    // process's account (getpwuid), not a placeholder like "refund-tool" or "reviewer".
    const Run r = refundTool({QStringLiteral("settings"), QStringLiteral("set"), QStringLiteral("backoff_base_ms"),
                              QStringLiteral("310"), QStringLiteral("--db"), m_db->url()},
                             {QStringLiteral("USER"), QStringLiteral("LOGNAME")});
    QCOMPARE(r.exitCode, 0);
    auto db = m_db->open();
    QString expected;
    if (db->isPostgres()) {
        auto who = db->run(QStringLiteral("SELECT session_user"));
        QVERIFY(who && who.value().next());
        expected = who.value().value(0).toString();
    } else {
        QProcess id;
        id.start(QStringLiteral("id"), {QStringLiteral("-un")});
        QVERIFY(id.waitForFinished(10000));
        expected = QString::fromLocal8Bit(id.readAllStandardOutput()).trimmed();
        if (expected.isEmpty())
            QSKIP("this uid has no passwd entry: there is no account name to expect");
    }
    QCOMPARE(SettingsStore(*db).history().value().at(0).actor, expected);
}

void TestRefundToolCli::settingsSetBadValueExits2()
{
    auto db = m_db->open();
    SettingsStore s(*db);
    const int before = s.history().value().size();
    for (const QStringList& kv : {QStringList{QStringLiteral("max_attempts_per_call"), QStringLiteral("-1")},
                                  QStringList{QStringLiteral("max_attempts_per_call"), QStringLiteral("50")},
                                  QStringList{QStringLiteral("nonsense"), QStringLiteral("1")},
                                  QStringList{QStringLiteral("max_attempts_per_call"), QStringLiteral("9")}}) {
        const Run r = refundTool({QStringLiteral("settings"), QStringLiteral("set"), kv[0], kv[1], QStringLiteral("--db"), m_db->url()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(kv[0]), qPrintable(r.err));
    }
    const Run missing = refundTool({QStringLiteral("settings"), QStringLiteral("set"), QStringLiteral("backoff_base_ms"),
                                    QStringLiteral("--db"), m_db->url()});
    QCOMPARE(missing.exitCode, 2);
    QCOMPARE(s.history().value().size(), before);
}

void TestRefundToolCli::mistypedSqlitePathCreatesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("typo.db"));
    const Run r = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), QStringLiteral("sqlite:") + path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("no database at")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(path));
    const Run bad = refundTool({QStringLiteral("settings"), QStringLiteral("set"), QStringLiteral("backoff_base_ms"),
                                QStringLiteral("300"), QStringLiteral("--db"), m_db->url(), QStringLiteral("--actor"),
                                QStringLiteral("evil\nactor")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(QLatin1String("--actor")), qPrintable(bad.err));
}

void TestRefundToolCli::r22_passwordInMalformedUrlNeverPrinted()
{
    for (const QString& url : {QStringLiteral("postgresql://u:SECRETPW1@[::1/db"), QStringLiteral("postgresql://u:SECRET PW1@127.0.0.1:5432/d b")}) {
        const Run r = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), url});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(!r.err.contains(QLatin1String("SECRET")), qPrintable(r.err));
        QVERIFY2(!r.out.contains(QLatin1String("SECRET")), qPrintable(r.out));
    }
}

REFUND_TEST_MAIN_ALL_ENGINES(TestRefundToolCli)
#include "TestRefundToolCli.moc"

// Issue 10, item 7: a database from a newer schema is refused before anything writes to it.
// Before the fix the journal mode was switched to WAL first (file header bytes 18-19 changed).
void TestRefundToolCli::refusalsChangeNothing_newerSchemaIsByteForByteUnchanged()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("future.db"));
    {
        // A database some later version wrote, in the default rollback-journal mode.
        QSqlDatabase c = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("future"));
        c.setDatabaseName(path);
        QVERIFY(c.open());
        QSqlQuery q(c);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                                      "applied_at BIGINT NOT NULL)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO schema_migrations VALUES (999, 'future', 1)")));
        q.finish();
        c.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("future"));
    const QByteArray before = fileHash(path);
    QVERIFY(!before.isEmpty());
    const QString url = QStringLiteral("sqlite:") + path;
    for (const QStringList& args :
         {QStringList{QStringLiteral("db"), QStringLiteral("migrate"), QStringLiteral("--db"), url},
          QStringList{QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"), url},
          QStringList{QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--db"), url, QStringLiteral("--order"),
                      QStringLiteral("1"), QStringLiteral("--amount-cents"), QStringLiteral("100"), QStringLiteral("--currency"),
                      QStringLiteral("usd"), QStringLiteral("--payment-intent"), QStringLiteral("pi_1")}}) {
        const Run r = refundTool(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("newer")) && r.err.contains(QLatin1String("nothing was changed")), qPrintable(r.err));
        QCOMPARE(fileHash(path), before);
    }
}

// Issue 10, item 7: `order add` into a damaged file used to write without noticing.
void TestRefundToolCli::refusalsChangeNothing_corruptFileIsNotWritten()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("damaged.db"));
    const QString url = QStringLiteral("sqlite:") + path;
    QCOMPARE(refundTool({QStringLiteral("db"), QStringLiteral("migrate"), QStringLiteral("--db"), url}).exitCode, 0);
    for (int i = 0; i < 40; ++i) {
        const Run add = refundTool({QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--db"), url,
                                    QStringLiteral("--order"), QStringLiteral("o%1").arg(i), QStringLiteral("--amount-cents"),
                                    QStringLiteral("100"), QStringLiteral("--currency"), QStringLiteral("usd"),
                                    QStringLiteral("--payment-intent"), QStringLiteral("pi_o%1").arg(i)});
        QVERIFY2(add.exitCode == 0, qPrintable(add.err));
        if (i == 0) // the first add proves the file works; the rest give the table a few pages
            continue;
    }
    // Find the orders table's root page (the last CLI run checkpointed and closed the WAL).
    qint64 rootPage = 0;
    qint64 pageSize = 0;
    {
        QSqlDatabase c = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
        c.setDatabaseName(path);
        QVERIFY(c.open());
        QSqlQuery q(c);
        QVERIFY(q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
        QVERIFY(q.exec(QStringLiteral("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'orders'")) && q.next());
        rootPage = q.value(0).toLongLong();
        QVERIFY(q.exec(QStringLiteral("PRAGMA page_size")) && q.next());
        pageSize = q.value(0).toLongLong();
        q.finish();
        c.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("damage"));
    QVERIFY(rootPage > 1 && pageSize > 0);
    QFile::remove(path + QStringLiteral("-wal"));
    QFile::remove(path + QStringLiteral("-shm"));
    {
        // Overwrite the b-tree page header of the orders table: an invalid page type.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek((rootPage - 1) * pageSize));
        f.write(QByteArray(64, '\xA5'));
    }
    const QByteArray before = fileHash(path);
    const Run r = refundTool({QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--db"), url,
                              QStringLiteral("--order"), QStringLiteral("late"), QStringLiteral("--amount-cents"),
                              QStringLiteral("100"), QStringLiteral("--currency"), QStringLiteral("usd"),
                              QStringLiteral("--payment-intent"), QStringLiteral("pi_late")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QLatin1String("not a healthy SQLite database")), qPrintable(r.err));
    QCOMPARE(fileHash(path), before);

    // A file that is no database at all is named as such, and stays as it was.
    const QString text = dir.filePath(QStringLiteral("notes.txt"));
    {
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
    }
    const QByteArray textBefore = fileHash(text);
    const Run t = refundTool({QStringLiteral("settings"), QStringLiteral("show"), QStringLiteral("--db"),
                              QStringLiteral("sqlite:") + text});
    QCOMPARE(t.exitCode, 2);
    QVERIFY2(t.err.contains(QLatin1String("not a healthy SQLite database")), qPrintable(t.err));
    QCOMPARE(fileHash(text), textBefore);
}

// Issue 10, item 6 (R5 per payment): two orders on one payment intent could together be
// refunded past the payment; the second order is refused, naming the first.
void TestRefundToolCli::r5_secondOrderOnOnePaymentIntentRefused()
{
    const auto add = [this](const QString& order) {
        return refundTool({QStringLiteral("order"), QStringLiteral("add"), QStringLiteral("--db"), m_db->url(),
                           QStringLiteral("--order"), order, QStringLiteral("--amount-cents"), QStringLiteral("3800"),
                           QStringLiteral("--currency"), QStringLiteral("usd"), QStringLiteral("--payment-intent"),
                           QStringLiteral("pi_shared")});
    };
    QCOMPARE(add(QStringLiteral("shared-1")).exitCode, 0);
    const Run second = add(QStringLiteral("shared-2"));
    QCOMPARE(second.exitCode, 2);
    QVERIFY2(second.err.contains(QLatin1String("payment-intent")) && second.err.contains(QLatin1String("shared-1")),
             qPrintable(second.err));
    auto db = m_db->open();
    OperationStore store(*db);
    QCOMPARE(store.order(QStringLiteral("shared-2")).error().code, StoreError::Code::NotFound);
}
