#pragma once

#include "db/Database.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

/**
 * A fresh, empty operation database for one test, on SQLite (a temporary file) or on the
 * PostgreSQL server named by REFUND_TEST_PG_URL (a dedicated database, dropped afterwards).
 *
 * engines() lists the engines to run store tests on: "sqlite", plus "postgresql" when
 * REFUND_TEST_PG_URL is set or REFUND_TEST_REQUIRE_PG=1 (then a missing server fails).
 */
class TestDatabase
{
public:
    explicit TestDatabase(const QString& engine = currentEngine());
    ~TestDatabase();
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    /** URL with credentials, for opening more connections or passing to a child process. */
    QString url() const { return m_url; }
    /** Opens a new connection (fails the calling test on error via the returned nullptr). */
    std::unique_ptr<Database> open() const;
    /** Opens a connection and applies the schema. */
    std::unique_ptr<Database> openMigrated() const;

    static QStringList engines();
    /**
     * For a test class that needs its own main (a GUI test), from initTestCase_data() or a
     * test's _data(): one row per engine in column "engine" (QFETCH_GLOBAL or QFETCH reads it).
     */
    static void addEngineRows()
    {
        QTest::addColumn<QString>("engine");
        for (const QString& engine : engines())
            QTest::newRow(qPrintable(engine)) << engine;
    }
    static QString currentEngine();
    static void setCurrentEngine(const QString& engine);

private:
    QString m_engine;
    QString m_url;
    QString m_error;
    QString m_pgName;
    std::unique_ptr<QTemporaryDir> m_dir;
};

/** Runs a Qt Test class once per engine in TestDatabase::engines(). */
#define REFUND_TEST_MAIN_ALL_ENGINES(TestClass)                                  \
    int main(int argc, char** argv)                                              \
    {                                                                            \
        QCoreApplication app(argc, argv);                                        \
        int failures = 0;                                                        \
        for (const QString& engine : TestDatabase::engines()) {                  \
            TestDatabase::setCurrentEngine(engine);                              \
            qInfo("=== engine: %s ===", qPrintable(engine));                     \
            TestClass test;                                                      \
            failures += QTest::qExec(&test, argc, argv);                         \
        }                                                                        \
        return failures == 0 ? 0 : 1;                                            \
    }

#define REFUND_OPEN_OR_FAIL(var, testDb)                                         \
    QVERIFY2((testDb).isValid(), qPrintable((testDb).error()));                  \
    auto var = (testDb).openMigrated();                                          \
    QVERIFY2(var, "could not open the test database")

#include "db/OperationStatus.h"
#include "db/StoreError.h"

namespace QTest {
template <>
inline char* toString(const OperationStatus& status)
{
    return qstrdup(qPrintable(statusName(status)));
}
template <>
inline char* toString(const StoreError::Code& code)
{
    return qstrdup(qPrintable(StoreError::codeName(code)));
}
} // namespace QTest
