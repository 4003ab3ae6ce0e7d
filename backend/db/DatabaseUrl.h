#pragma once

#include <QString>

#include <optional>

/**
 * Where the operation database lives.
 *
 * Accepted forms:
 *  - `sqlite:PATH` (relative or absolute file path; `sqlite::memory:` is refused because
 *    several connections must share the database);
 *  - `postgresql://user[:password]@host[:port]/dbname` (also `postgres://`); the password may
 *    instead come from the PGPASSWORD environment variable. Percent-escapes are decoded.
 *
 * display() never contains the password (R22).
 */
class DatabaseUrl
{
public:
    enum class Engine { Sqlite, Postgres };

    /** Parses text; on failure returns nullopt and sets *error to a sentence naming the part that is wrong. */
    static std::optional<DatabaseUrl> parse(const QString& text, QString* error = nullptr);
    /** An SQLite file path taken as it is (no URL parsing, no escapes), for a file a program
        names itself, such as the sandbox provider's database. */
    static DatabaseUrl sqlite(const QString& path);

    Engine engine() const { return m_engine; }
    bool isSqlite() const { return m_engine == Engine::Sqlite; }
    bool isPostgres() const { return m_engine == Engine::Postgres; }

    QString path() const { return m_path; }          ///< SQLite file path
    QString host() const { return m_host; }
    int port() const { return m_port; }              ///< 5432 when not given
    QString user() const { return m_user; }
    QString password() const { return m_password; } ///< from the URL or PGPASSWORD; never log it
    /** True when the password was written in the URL itself, where `ps` and shell history show
        it to other users; PGPASSWORD or ~/.pgpass keep it out of sight. */
    bool passwordInUrl() const { return m_passwordInUrl; }
    /** When passwordInUrl(): the warning to log, naming PGPASSWORD and ~/.pgpass and never the
        password itself; empty otherwise. */
    QString passwordWarning() const;
    QString databaseName() const { return m_dbName; }

    /** The URL without any password, e.g. "postgresql://refund@db:5432/ops" or "sqlite:/tmp/ops.db". */
    QString display() const;
    /** "SQLite" or "PostgreSQL". */
    QString engineName() const;
    /** The same location with another database name (PostgreSQL only), used by tests and tools. */
    DatabaseUrl withDatabaseName(const QString& name) const;
    /** The full URL including the password, for handing to a child process; never log it.
        parse() reads it back to the same engine, file, host, port, user, password and name. */
    QString toSecretString() const;

private:
    Engine m_engine = Engine::Sqlite;
    QString m_path;
    QString m_host;
    int m_port = 5432;
    QString m_user;
    QString m_password;
    bool m_passwordInUrl = false;
    QString m_dbName;
};
