#pragma once

#include "db/DatabaseUrl.h"
#include "db/SqliteWriteGate.h"
#include "db/StoreError.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariantList>

#include <functional>
#include <memory>
#include <unordered_map>

/**
 * One connection to the operation database (or to the sandbox provider's own SQLite file, see
 * SandboxStore), owned by the thread that opened it.
 *
 * Qt SQL connections may only be used from the thread that created them, so every worker
 * (tool call, test thread, console lookup) opens its own Database. SQLite connections run in
 * WAL mode with a busy timeout (15 s), so concurrent writers wait instead of failing.
 *
 * Errors: open() fails with ConnectionFailed naming the location (never the password).
 */
class Database
{
public:
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    /** How much of an SQLite file open() reads before its first write (see open()). */
    enum class SqliteCheck {
        Header,   ///< the file is an SQLite database and its schema is not newer than this program's
        Full,     ///< also PRAGMA quick_check (reads every page: O(size); for admin commands)
    };

    /**
     * Opens a new connection. Does not touch the schema: see SchemaMigrator.
     * applicationName (PostgreSQL only; empty = "refund-ops") is what pg_stat_activity shows,
     * so a connection with one job (e.g. the console's change watcher) can be told apart.
     *
     * SQLite: a refusal changes nothing. Before its first write (switching to WAL), open()
     * checks that the file is a database (NotADatabase otherwise), with sqliteCheck Full that it
     * is healthy (PRAGMA quick_check; NotADatabase naming the first problem), and that its
     * schema is not newer than this program's (SchemaTooNew). Refused files stay byte for byte.
     */
    static StoreResult<std::unique_ptr<Database>> open(const DatabaseUrl& url, const QString& applicationName = {},
                                                       SqliteCheck sqliteCheck = SqliteCheck::Header);
    static StoreResult<std::unique_ptr<Database>> open(const QString& url, SqliteCheck sqliteCheck = SqliteCheck::Header);

    const DatabaseUrl& url() const { return m_url; }
    bool isSqlite() const { return m_url.isSqlite(); }
    bool isPostgres() const { return m_url.isPostgres(); }
    QSqlDatabase connection() const;
    /** Qt's name for this connection (unique per Database object). */
    QString connectionName() const { return m_name; }

    /**
     * Starts a write transaction. On SQLite this is BEGIN IMMEDIATE: Qt's transaction()
     * issues a deferred BEGIN, and a deferred transaction that reads before it writes fails
     * at once with "database is locked" on the lock upgrade, ignoring the busy timeout.
     */
    StoreResult<void> beginWrite();
    StoreResult<void> commit();
    void rollback();
    /** True between beginWrite() and commit()/rollback(). */
    bool inTransaction() const { return m_inTransaction; }

    /**
     * Called after every successful commit(), outside any transaction. Only the deterministic
     * simulation (tests/simulation) sets one: a step boundary where it may stop the process
     * (the hook throws and the caller's stack unwinds, as when the process is killed there).
     */
    void setAfterCommitHook(std::function<void()> hook) { m_afterCommit = std::move(hook); }

    /**
     * Prepares and runs sql with positional `?` binds. On failure returns QueryFailed (or
     * ConnectionFailed when the connection is gone) with context and the engine's text.
     */
    StoreResult<QSqlQuery> run(const QString& sql, const QVariantList& binds = {}, const QString& context = {});

    /**
     * As run(), but the statement is prepared once per connection and reused (PostgreSQL:
     * Qt's QPSQL otherwise sends PREPARE, EXECUTE and DEALLOCATE for every fresh QSqlQuery;
     * a cached one sends only EXECUTE). For the write path's hot statements. The returned
     * query is the cached one, owned by this Database: read it (or finish() it) before the same
     * sql runs again on this connection, and do not keep the pointer. SQLite prepares in
     * process, still at a cost (measured: a tool call 18 % faster with the statements kept);
     * commit() and rollback() reset every kept statement, so none holds a read snapshot past
     * its transaction. A statement the PostgreSQL server dropped or can no longer run as planned
     * (SQLSTATE 26000 after DISCARD ALL, 0A000 after the table changed) is dropped from the
     * cache and, outside a transaction, prepared and run once more.
     */
    StoreResult<QSqlQuery*> runPrepared(const QString& sql, const QVariantList& binds = {},
                                        const QString& context = {});
    /** Statements runPrepared() holds prepared on this connection. */
    int preparedCount() const { return int(m_prepared.size()); }
    /** Resets every statement runPrepared() keeps (commit() and rollback() do it). */
    void resetPrepared();

    /** Runs sql without preparing it (DDL, PL/pgSQL bodies). */
    StoreResult<void> runScript(const QString& sql, const QString& context = {});

    /** Maps a driver error to a StoreError; lost connections become ConnectionFailed. */
    StoreError errorFrom(const QSqlError& error, const QString& context) const;

    /** True if the error is a unique-constraint violation (SQLite 2067/1555, PostgreSQL 23505). */
    static bool isUniqueViolation(const QSqlError& error);

    /** Closes and reopens the connection after a lost connection. */
    StoreResult<void> reconnect();

private:
    Database(const DatabaseUrl& url, QString name);
    StoreResult<void> configure(SqliteCheck sqliteCheck);
    StoreResult<void> checkSqliteFile(SqliteCheck sqliteCheck);
    bool isStalePrepared(const QSqlError& error) const;

    DatabaseUrl m_url;
    QString m_name;
    std::unordered_map<QString, std::unique_ptr<QSqlQuery>>
        m_prepared; ///< runPrepared(): sql -> its prepared query
    std::function<void()> m_afterCommit;
    bool m_inTransaction = false;   ///< between beginWrite() and commit()/rollback()
    std::shared_ptr<SqliteWriteGate> m_writeGate; ///< SQLite files: this process's writers queue here
    bool m_insideGate = false;      ///< beginWrite() entered m_writeGate; commit()/rollback() leave it
    void leaveWriteGate();
};

/** Rolls back on scope exit unless commit() succeeded. */
class WriteTransaction
{
public:
    explicit WriteTransaction(Database& db) : m_db(db) {}
    ~WriteTransaction()
    {
        if (m_active)
            m_db.rollback();
    }
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;

    StoreResult<void> begin()
    {
        auto r = m_db.beginWrite();
        m_active = r.ok();
        return r;
    }
    void rollback()
    {
        if (m_active)
            m_db.rollback();
        m_active = false;
    }
    StoreResult<void> commit()
    {
        auto r = m_db.commit();
        if (r.ok())
            m_active = false;
        return r;
    }

private:
    Database& m_db;
    bool m_active = false;
};
