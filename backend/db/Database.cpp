#include "db/Database.h"

#include "Logging.h"
#include "PrivateFile.h"
#include "db/SchemaMigrator.h"

#include <QAtomicInteger>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>

#include <sqlite3.h>

namespace {
// How long a SQLite writer waits for the write lock: in this process's queue (SqliteWriteGate),
// then again in SQLite's busy handler if another process holds it.
constexpr int kSqliteBusyTimeoutMs = 15000;

QString nextConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("refund-db-%1").arg(counter.fetchAndAddRelaxed(1) + 1);
}
} // namespace

Database::Database(const DatabaseUrl& url, QString name) : m_url(url), m_name(std::move(name)) {}

Database::~Database()
{
    m_prepared.clear(); // the prepared queries belong to the connection closed below
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (db.isOpen())
            db.close();   // SQLite rolls back what the connection left open
    }
    leaveWriteGate();     // after the close, so the next writer finds SQLite's lock free
    QSqlDatabase::removeDatabase(m_name);
}

StoreResult<std::unique_ptr<Database>> Database::open(const QString& url, SqliteCheck sqliteCheck)
{
    QString error;
    const auto parsed = DatabaseUrl::parse(url, &error);
    if (!parsed)
        return StoreError::make(StoreError::Code::InvalidUrl, error, QStringLiteral("db"));
    return open(*parsed, {}, sqliteCheck);
}

StoreResult<std::unique_ptr<Database>> Database::open(const DatabaseUrl& url, const QString& applicationName,
                                                      SqliteCheck sqliteCheck)
{
    const QString driver = url.isSqlite() ? QStringLiteral("QSQLITE") : QStringLiteral("QPSQL");
    if (!QSqlDatabase::isDriverAvailable(driver)) {
        return StoreError::make(StoreError::Code::ConnectionFailed,
                                QStringLiteral("the Qt %1 driver is not installed (Debian package %2)")
                                    .arg(driver, url.isSqlite() ? QStringLiteral("libqt6sql6-sqlite")
                                                                : QStringLiteral("libqt6sql6-psql")));
    }
    Logging::registerSecret(url.password());   // never in a log line, whatever the driver echoes
    if (url.isSqlite()) {
        // SQLite's allocation statistics (which nothing here reads) take one process-wide mutex
        // on every malloc: with several connections busy at once (the MCP server's workers, the
        // simulation's schedules) that mutex sets the pace. Only possible before SQLite starts
        // (SQLITE_MISUSE afterwards is harmless) and before other threads use it; a SandboxStore
        // opens its file through here too. A Qt SQLite plugin with its own copy of
        // SQLite (not Debian's) is not affected either way.
        static const bool memStatusOff = [] { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK; }();
        Q_UNUSED(memStatusOff);
    }
    std::unique_ptr<Database> db(new Database(url, nextConnectionName()));
    {
        QSqlDatabase c = QSqlDatabase::addDatabase(driver, db->m_name);
        if (url.isSqlite()) {
            // Created 0600, not 0644 by the umask: SQLite gives the -wal and -shm files the same
            // mode. A failure here is reported by the open below.
            PrivateFile::create(url.path());
            c.setDatabaseName(url.path());
            c.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kSqliteBusyTimeoutMs));
            if (url.path() != QLatin1String(":memory:"))
                db->m_writeGate = SqliteWriteGate::forFile(url.path());
        } else {
            c.setHostName(url.host());
            c.setPort(url.port());
            c.setUserName(url.user());
            c.setPassword(url.password());
            c.setDatabaseName(url.databaseName());
            // libpq conninfo value: letters, digits, '-', '_' and '.' need no quoting.
            static const QRegularExpression plainName(QStringLiteral("^[A-Za-z0-9_.-]{1,63}$"));
            const QString appName = plainName.match(applicationName).hasMatch() ? applicationName
                                                                                : QStringLiteral("refund-ops");
            c.setConnectOptions(QStringLiteral("connect_timeout=5;application_name=") + appName);
        }
    }
    if (auto r = db->configure(sqliteCheck); !r)
        return r.error();
    return db;
}

StoreResult<void> Database::checkSqliteFile(SqliteCheck sqliteCheck)
{
    const auto notADatabase = [this](const QString& why) {
        return StoreError::make(StoreError::Code::NotADatabase,
                                QStringLiteral("%1 is not a healthy SQLite database (%2); nothing was changed")
                                    .arg(m_url.path(), why),
                                QStringLiteral("db"));
    };
    // Reading the schema cookie reads page 1: "file is not a database" for any other file.
    {
        QSqlQuery q(connection());
        if (!q.exec(QStringLiteral("PRAGMA schema_version")) || !q.next())
            return notADatabase(q.lastError().databaseText().simplified());
    }
    if (sqliteCheck == SqliteCheck::Full) {
        QSqlQuery q(connection());
        if (!q.exec(QStringLiteral("PRAGMA quick_check(5)")))
            return notADatabase(q.lastError().databaseText().simplified());
        QStringList problems;
        while (q.next())
            problems << q.value(0).toString();
        if (problems != QStringList{QStringLiteral("ok")})
            return notADatabase(QStringLiteral("quick_check: ") + problems.join(QStringLiteral("; ")));
    }
    // A newer schema is refused before the journal-mode switch below writes to the file.
    return SchemaMigrator::refuseNewer(*this);
}

StoreResult<void> Database::configure(SqliteCheck sqliteCheck)
{
    QSqlDatabase c = connection();
    if (!c.open()) {
        return StoreError::make(StoreError::Code::ConnectionFailed,
                                QStringLiteral("cannot open %1 database %2: %3")
                                    .arg(m_url.engineName(), m_url.display(),
                                         Logging::redact(c.lastError().text().simplified())));
    }
    if (isSqlite()) {
        if (auto r = checkSqliteFile(sqliteCheck); !r) {
            c.close();
            return r;
        }
        // WAL lets the console read while the tool writes. FULL syncs the WAL at every commit:
        // NORMAL may roll back the last commits on a power loss, and a lost operation row after
        // its refund was sent would let a "try again" pay twice with a new key (R2).
        for (const char* pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"}) {
            if (auto r = runScript(QString::fromLatin1(pragma), QStringLiteral("configure SQLite")); !r)
                return r;
        }
    } else {
        // The R5 check and the insert race rely on READ COMMITTED (each statement sees what
        // committed before it), whatever the server's default; a stuck session must not hang a
        // tool call forever.
        // lock_timeout: a login's own setting wins (`db grant` gives the tool's logins 3 s, so a
        // person's open transaction never stalls a tool call for long, R21); 15 s otherwise.
        for (const char* sql : {"SET TIME ZONE 'UTC'", "SET default_transaction_isolation = 'read committed'",
                                "SELECT set_config('lock_timeout', '15s', false) WHERE current_setting('lock_timeout') = '0'"}) {
            if (auto r = runScript(QString::fromLatin1(sql), QStringLiteral("configure PostgreSQL")); !r)
                return r;
        }
    }
    return {};
}

QSqlDatabase Database::connection() const
{
    return QSqlDatabase::database(m_name, false);
}

StoreResult<void> Database::beginWrite()
{
    bool entered = false; // by this call: a failed nested BEGIN must not give away the outer's place
    if (m_writeGate && !m_insideGate) {
        switch (m_writeGate->enter(kSqliteBusyTimeoutMs)) {
        case SqliteWriteGate::Entry::Entered: m_insideGate = entered = true; break;
        case SqliteWriteGate::Entry::AlreadyInside: break;
        case SqliteWriteGate::Entry::TimedOut:
            return StoreError::make(StoreError::Code::Busy,
                                    QStringLiteral("begin transaction: operation database busy: another writer of this "
                                                   "process held it for %1 s; nothing was changed, try again")
                                        .arg(kSqliteBusyTimeoutMs / 1000));
        }
    }
    auto begun = runScript(isSqlite() ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"),
                           QStringLiteral("begin transaction"));
    m_inTransaction = begun.ok();
    if (!begun && entered)
        leaveWriteGate();
    return begun;
}

void Database::leaveWriteGate()
{
    if (m_insideGate) {
        m_insideGate = false;
        m_writeGate->leave();
    }
}

StoreResult<void> Database::commit()
{
    resetPrepared();
    auto committed = runScript(QStringLiteral("COMMIT"), QStringLiteral("commit"));
    if (committed) {
        m_inTransaction = false;   // a failed COMMIT: the caller rolls back
        leaveWriteGate();
    }
    if (committed && m_afterCommit)
        m_afterCommit();
    return committed;
}

void Database::rollback()
{
    resetPrepared();
    m_inTransaction = false;
    QSqlQuery q(connection());
    q.exec(QStringLiteral("ROLLBACK"));
    leaveWriteGate();
}

void Database::resetPrepared()
{
    // finish() resets the statement (sqlite3_reset; on PostgreSQL it drops the result): a
    // caller that stopped reading early no longer holds the engine's read position.
    for (auto& entry : m_prepared)
        entry.second->finish();
}

StoreResult<QSqlQuery> Database::run(const QString& sql, const QVariantList& binds, const QString& context)
{
    QSqlQuery q(connection());
    q.setForwardOnly(true);
    if (!q.prepare(sql))
        return errorFrom(q.lastError(), context);
    for (const QVariant& v : binds)
        q.addBindValue(v);
    if (!q.exec())
        return errorFrom(q.lastError(), context);
    return q;
}

StoreResult<QSqlQuery*> Database::runPrepared(const QString& sql, const QVariantList& binds,
                                              const QString& context)
{
    for (int round = 0;; ++round) {
        auto it = m_prepared.find(sql);
        if (it == m_prepared.end()) {
            auto q = std::make_unique<QSqlQuery>(connection());
            q->setForwardOnly(true);
            if (!q->prepare(sql))
                return errorFrom(q->lastError(), context);
            it = m_prepared.emplace(sql, std::move(q)).first;
        }
        QSqlQuery* q = it->second.get();
        for (int i = 0; i < binds.size(); ++i)
            q->bindValue(i, binds[i]);
        // A prepared statement outlives a failed transaction on the server, so the entry stays
        // usable after an error; only a lost connection (reconnect() clears the cache) takes them all.
        // On SQLite preparing is local but not free (about a fifth of a tool call's time went to
        // it); the statements are reset at every commit and rollback (resetPrepared()), so none
        // keeps a read snapshot open past its transaction.
        if (q->exec())
            return q;
        const QSqlError error = q->lastError();
        if (!isStalePrepared(error))
            return errorFrom(error, context);
        // The server no longer has the statement (DISCARD ALL, a pooler's reset: 26000) or its
        // plan no longer fits the table (a column added: 0A000, "cached plan must not change
        // result type"). Drop it, or it fails for good; prepare it again and run it once more,
        // but only outside a transaction: inside one the error aborted it, the caller rolls back.
        m_prepared.erase(it);
        if (round > 0 || m_inTransaction)
            return errorFrom(error, context);
    }
}

bool Database::isStalePrepared(const QSqlError& error) const
{
    const QString state = error.nativeErrorCode();
    return isPostgres() && (state == QLatin1String("26000") || state == QLatin1String("0A000"));
}

StoreResult<void> Database::runScript(const QString& sql, const QString& context)
{
    QSqlQuery q(connection());
    if (!q.exec(sql))
        return errorFrom(q.lastError(), context);
    return {};
}

StoreError Database::errorFrom(const QSqlError& error, const QString& context) const
{
    const QString text = Logging::redact(error.text().simplified());
    // Qt's SQLite driver reports any failed step (a lock, a constraint) as ConnectionError,
    // so on SQLite only a closed handle means the connection is gone.
    const bool lost = (isPostgres() && error.type() == QSqlError::ConnectionError) || !connection().isOpen()
        || text.contains(QLatin1String("server closed the connection"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("no connection to the server"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("terminating connection"), Qt::CaseInsensitive);
    const QString where = context.isEmpty() ? QString() : context + QStringLiteral(": ");
    if (isPostgres() && !lost) {
        // SQLSTATEs with a meaning callers branch on. The RF0xx codes are raised by the
        // transition functions resolve_operation(), reverse_operation() and change_setting() (TransitionFunctions.cpp).
        const QString state = error.nativeErrorCode();
        QString message = error.databaseText().trimmed();
        if (message.startsWith(QLatin1String("ERROR:")))
            message = message.mid(6).trimmed();
        message = Logging::redact(message.section(QLatin1Char('\n'), 0, 0).trimmed());
        if (state == QLatin1String("55P03"))
            return StoreError::make(StoreError::Code::Busy,
                                    QStringLiteral("%1operation database busy: another session held the row longer than "
                                                   "lock_timeout; nothing was changed, try again")
                                        .arg(where));
        if (state == QLatin1String("RF001") || state == QLatin1String("RF003"))
            return StoreError::make(StoreError::Code::NotAllowed, message);
        if (state == QLatin1String("RF002"))
            return StoreError::make(StoreError::Code::AlreadyResolved, message);
        if (state == QLatin1String("RF004"))
            return StoreError::make(StoreError::Code::InvalidArgument, message, message.section(QLatin1Char(':'), 0, 0));
        if (state == QLatin1String("P0002"))
            return StoreError::make(StoreError::Code::NotFound, message, QStringLiteral("operation"));
    }
    if (lost) {
        return StoreError::make(StoreError::Code::ConnectionFailed,
                                QStringLiteral("%1lost the connection to %2 (%3)").arg(where, m_url.display(), text));
    }
    return StoreError::make(StoreError::Code::QueryFailed, where + text);
}

bool Database::isUniqueViolation(const QSqlError& error)
{
    const QString code = error.nativeErrorCode();
    return code == QLatin1String("23505") || code == QLatin1String("2067") || code == QLatin1String("1555")
        || error.text().contains(QLatin1String("UNIQUE constraint failed"));
}

StoreResult<void> Database::reconnect()
{
    m_prepared.clear(); // prepared statements die with the old session
    m_inTransaction = false;
    {
        QSqlDatabase c = connection();
        c.close();
    }
    leaveWriteGate();   // the old session's transaction died with it
    return configure(SqliteCheck::Header);
}
