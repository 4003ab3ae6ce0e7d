// SqliteWriteGate: one process's SQLite writers of one file queue on a condition variable
// instead of sleeping in SQLite's busy handler (issue 13); what it must never do is let two
// writers in at once, hang a thread that re-enters through another connection, or keep a
// writer out after the one before it left by commit, rollback, a failed BEGIN or its end.
#include "db/Database.h"
#include "db/SqliteWriteGate.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>

class TestSqliteWriteGate : public QObject
{
    Q_OBJECT

private slots:
    void oneGatePerFile();
    void secondThreadWaitsUntilTheFirstLeaves();
    void sameThreadThroughAnotherConnectionIsNotHeld();
    void timesOutWhileHeld();
    void databaseLeavesOnCommitRollbackAndClose();
};

void TestSqliteWriteGate::oneGatePerFile()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.db"));
    QCOMPARE(SqliteWriteGate::forFile(a).get(), SqliteWriteGate::forFile(a).get());
    QVERIFY(SqliteWriteGate::forFile(a).get() != SqliteWriteGate::forFile(dir.filePath(QStringLiteral("b.db"))).get());
}

void TestSqliteWriteGate::secondThreadWaitsUntilTheFirstLeaves()
{
    QTemporaryDir dir;
    auto gate = SqliteWriteGate::forFile(dir.filePath(QStringLiteral("g.db")));
    QCOMPARE(gate->enter(1000), SqliteWriteGate::Entry::Entered);
    std::atomic<bool> entered{false};
    std::thread other([&] {
        if (gate->enter(10000) == SqliteWriteGate::Entry::Entered) {
            entered = true;
            gate->leave();
        }
    });
    QTest::qWait(100);
    QVERIFY(!entered.load()); // two writers are never inside at once
    gate->leave();
    other.join();
    QVERIFY(entered.load());
}

void TestSqliteWriteGate::sameThreadThroughAnotherConnectionIsNotHeld()
{
    QTemporaryDir dir;
    auto gate = SqliteWriteGate::forFile(dir.filePath(QStringLiteral("g.db")));
    QCOMPARE(gate->enter(1000), SqliteWriteGate::Entry::Entered);
    // Not a deadlock: SQLite's own lock decides between this thread's two connections.
    QCOMPARE(gate->enter(1000), SqliteWriteGate::Entry::AlreadyInside);
    gate->leave();
}

void TestSqliteWriteGate::timesOutWhileHeld()
{
    QTemporaryDir dir;
    auto gate = SqliteWriteGate::forFile(dir.filePath(QStringLiteral("g.db")));
    QCOMPARE(gate->enter(1000), SqliteWriteGate::Entry::Entered);
    SqliteWriteGate::Entry seen = SqliteWriteGate::Entry::Entered;
    std::thread other([&] { seen = gate->enter(50); });
    other.join();
    QCOMPARE(seen, SqliteWriteGate::Entry::TimedOut);
    gate->leave();
}

void TestSqliteWriteGate::databaseLeavesOnCommitRollbackAndClose()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ops.db"));
    auto gate = SqliteWriteGate::forFile(path);
    auto db = Database::open(QStringLiteral("sqlite://") + path);
    QVERIFY2(db, db ? "" : qPrintable(db.error().message));
    QVERIFY(db.value()->runScript(QStringLiteral("CREATE TABLE t (x INTEGER)")));

    const auto freeFromAnotherThread = [&] {
        SqliteWriteGate::Entry seen = SqliteWriteGate::Entry::TimedOut;
        std::thread other([&] {
            seen = gate->enter(2000);
            if (seen == SqliteWriteGate::Entry::Entered)
                gate->leave();
        });
        other.join();
        return seen == SqliteWriteGate::Entry::Entered;
    };

    {
        WriteTransaction tx(*db.value());
        QVERIFY(tx.begin());
        QVERIFY(db.value()->run(QStringLiteral("INSERT INTO t VALUES (1)")));
        QVERIFY(tx.commit());
    }
    QVERIFY(freeFromAnotherThread());
    {
        WriteTransaction tx(*db.value());
        QVERIFY(tx.begin());
    } // rolled back by the destructor
    QVERIFY(freeFromAnotherThread());
    QVERIFY(db.value()->beginWrite());
    QVERIFY(!freeFromAnotherThread());
    db.value().reset(); // the connection closes inside its transaction
    QVERIFY(freeFromAnotherThread());
}

QTEST_GUILESS_MAIN(TestSqliteWriteGate)
#include "TestSqliteWriteGate.moc"
