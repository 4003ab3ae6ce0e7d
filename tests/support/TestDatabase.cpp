#include "TestDatabase.h"

#include "db/SchemaMigrator.h"

#include <QSqlQuery>
#include <QUuid>

namespace {
QString& engineSlot()
{
    static QString engine = QStringLiteral("sqlite");
    return engine;
}

bool pgRequired()
{
    return qEnvironmentVariable("REFUND_TEST_REQUIRE_PG") == QLatin1String("1");
}
} // namespace

QStringList TestDatabase::engines()
{
    QStringList list{QStringLiteral("sqlite")};
    if (!qEnvironmentVariableIsEmpty("REFUND_TEST_PG_URL") || pgRequired())
        list << QStringLiteral("postgresql");
    else
        qWarning("REFUND_TEST_PG_URL is not set: PostgreSQL variants are not run (use the README test command)");
    return list;
}

QString TestDatabase::currentEngine()
{
    return engineSlot();
}

void TestDatabase::setCurrentEngine(const QString& engine)
{
    engineSlot() = engine;
}

TestDatabase::TestDatabase(const QString& engine) : m_engine(engine)
{
    if (engine == QLatin1String("sqlite")) {
        m_dir = std::make_unique<QTemporaryDir>();
        if (!m_dir->isValid()) {
            m_error = QStringLiteral("cannot create a temporary directory");
            return;
        }
        m_url = QStringLiteral("sqlite:") + m_dir->filePath(QStringLiteral("ops.db"));
        return;
    }
    const QString admin = qEnvironmentVariable("REFUND_TEST_PG_URL");
    if (admin.isEmpty()) {
        m_error = QStringLiteral("REFUND_TEST_PG_URL is not set but PostgreSQL tests are required");
        return;
    }
    auto adminDb = Database::open(admin);
    if (!adminDb) {
        m_error = QStringLiteral("cannot reach the PostgreSQL test server: ") + adminDb.error().message;
        return;
    }
    m_pgName = QStringLiteral("refund_t_") + QUuid::createUuid().toString(QUuid::Id128).left(16);
    if (auto r = adminDb.value()->runScript(QStringLiteral("CREATE DATABASE ") + m_pgName); !r) {
        m_error = r.error().message;
        m_pgName.clear();
        return;
    }
    // The password goes to every child process the way refund-tool asks for it (PGPASSWORD),
    // not in the URL on their command lines, where `ps` shows it and the tool warns.
    const DatabaseUrl url = adminDb.value()->url().withDatabaseName(m_pgName);
    if (!url.password().isEmpty())
        qputenv("PGPASSWORD", url.password().toUtf8());
    m_url = url.display();
}

TestDatabase::~TestDatabase()
{
    if (m_pgName.isEmpty())
        return;
    auto adminDb = Database::open(qEnvironmentVariable("REFUND_TEST_PG_URL"));
    if (adminDb)
        adminDb.value()->runScript(QStringLiteral("DROP DATABASE IF EXISTS ") + m_pgName + QStringLiteral(" WITH (FORCE)"));
}

std::unique_ptr<Database> TestDatabase::open() const
{
    if (!isValid())
        return nullptr;
    auto db = Database::open(m_url);
    if (!db) {
        qWarning("%s", qPrintable(db.error().message));
        return nullptr;
    }
    return std::move(db).value();
}

std::unique_ptr<Database> TestDatabase::openMigrated() const
{
    auto db = open();
    if (!db)
        return nullptr;
    auto v = SchemaMigrator::migrate(*db);
    if (!v) {
        qWarning("%s", qPrintable(v.error().message));
        return nullptr;
    }
    return db;
}
