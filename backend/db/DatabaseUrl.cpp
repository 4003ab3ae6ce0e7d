#include "DatabaseUrl.h"

#include <QUrl>

namespace {
bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

/** sqlite:PATH as parse() reads it back: the plain form unless the path starts with "//" or has
    surrounding spaces, which parse() would read as the percent-encoded form or trim (found by
    tests/fuzz: "sqlite:////a%40" names the file //a@ but was handed on as sqlite://a@, the file a@). */
QString sqliteUrl(const QString& path)
{
    if (!path.startsWith(QLatin1String("//")) && path == path.trimmed())
        return QStringLiteral("sqlite:") + path;
    return QStringLiteral("sqlite://") +
           QString::fromLatin1(QUrl::toPercentEncoding(path, QByteArrayLiteral("/")));
}

/** The first Unicode noncharacter (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF) in text, or 0. QUrl leaves
    such a character percent-encoded when it decodes, so a user, password or database name
    holding one would not name the same thing once handed to a child process (found by
    tests/fuzz: a database name with U+FFFFF came back as the text "%F3%BF%BF%BF"). */
char32_t firstNonCharacter(const QString& text)
{
    for (const char32_t c : text.toUcs4())
        if (QChar::isNonCharacter(c))
            return c;
    return 0;
}

/** Checks a user, password or database name in the URL's own (percent-encoded) spelling: what
    it decodes to must be UTF-8 without noncharacters, or QUrl's decoded text would name something
    else (U+FFFD for invalid bytes, the literal "%F3%BF%BF%BF" for a noncharacter). */
bool checkUrlPart(const QString& encoded, const QString& qtDecoded, const char* what, QString* error)
{
    const QByteArray bytes = QByteArray::fromPercentEncoding(encoded.toUtf8());
    // QUrl's own decoding too: a raw noncharacter in the text may not survive its encoding.
    const QString fromBytes = QString::fromUtf8(bytes);
    const QString decoded = fromBytes + qtDecoded;
    if (fromBytes.contains(QChar::ReplacementCharacter) && !bytes.contains("\xEF\xBF\xBD"))
        return fail(error, QStringLiteral("database URL: the %1 is not valid UTF-8 once its percent-escapes are decoded")
                               .arg(QLatin1String(what)));
    const char32_t c = firstNonCharacter(decoded);
    if (c == 0)
        return true;
    return fail(error, QStringLiteral("database URL: the %1 contains U+%2, a Unicode noncharacter, which a URL cannot carry")
                           .arg(QLatin1String(what),
                                QString::number(uint(c), 16).toUpper().rightJustified(4, QLatin1Char('0'))));
}
} // namespace

DatabaseUrl DatabaseUrl::sqlite(const QString& path)
{
    DatabaseUrl url;
    url.m_engine = Engine::Sqlite;
    url.m_path = path;
    return url;
}

std::optional<DatabaseUrl> DatabaseUrl::parse(const QString& text, QString* error)
{
    const QString t = text.trimmed();
    DatabaseUrl url;
    if (t.isEmpty()) {
        fail(error, QStringLiteral("database URL is empty; use sqlite:PATH or postgresql://user@host/dbname"));
        return std::nullopt;
    }
    if (t.startsWith(QLatin1String("sqlite:"))) {
        QString path = t.mid(7);
        if (path.startsWith(QLatin1String("//")))
            path = QUrl::fromPercentEncoding(path.mid(2).toUtf8());
        if (path.isEmpty()) {
            fail(error, QStringLiteral("database URL \"%1\": the SQLite file path is missing (sqlite:PATH)").arg(t));
            return std::nullopt;
        }
        if (path == QLatin1String(":memory:")) {
            fail(error, QStringLiteral("database URL: sqlite::memory: cannot be shared between connections; give a file path"));
            return std::nullopt;
        }
        url.m_engine = Engine::Sqlite;
        url.m_path = path;
        return url;
    }
    if (t.startsWith(QLatin1String("postgresql://")) || t.startsWith(QLatin1String("postgres://"))) {
        const QUrl u(t, QUrl::StrictMode);
        if (!u.isValid()) {
            // Qt's message ends with the whole URL ("source was ..."), password included: keep
            // only the reason.
            const QString reason = u.errorString().section(QLatin1Char(';'), 0, 0).trimmed();
            fail(error, QStringLiteral("database URL is malformed: %1 (check the host, port and percent-escapes)")
                            .arg(reason.contains(QLatin1Char('@')) ? QStringLiteral("invalid user, host or port") : reason));
            return std::nullopt;
        }
        url.m_engine = Engine::Postgres;
        url.m_host = u.host();
        if (url.m_host.isEmpty()) {
            fail(error, QStringLiteral("database URL: the host is missing (postgresql://user@HOST/dbname)"));
            return std::nullopt;
        }
        url.m_port = u.port(5432);
        if (url.m_port <= 0 || url.m_port > 65535) {
            fail(error, QStringLiteral("database URL: port must be between 1 and 65535"));
            return std::nullopt;
        }
        url.m_user = u.userName(QUrl::FullyDecoded);
        if (url.m_user.isEmpty()) {
            fail(error, QStringLiteral("database URL: the user is missing (postgresql://USER@host/dbname)"));
            return std::nullopt;
        }
        url.m_password = u.password(QUrl::FullyDecoded);
        if (!checkUrlPart(u.userName(QUrl::FullyEncoded), url.m_user, "user", error)
            || !checkUrlPart(u.password(QUrl::FullyEncoded), url.m_password, "password", error))
            return std::nullopt;
        url.m_passwordInUrl = !url.m_password.isEmpty();
        if (url.m_password.isEmpty())
            url.m_password = qEnvironmentVariable("PGPASSWORD");
        QString name = u.path(QUrl::FullyDecoded);
        if (name.startsWith(QLatin1Char('/')))
            name.remove(0, 1);
        if (name.isEmpty() || name.contains(QLatin1Char('/'))) {
            fail(error, QStringLiteral("database URL: the database name is missing or invalid (postgresql://user@host/DBNAME)"));
            return std::nullopt;
        }
        if (!checkUrlPart(u.path(QUrl::FullyEncoded).mid(1), name, "database name", error))
            return std::nullopt;
        url.m_dbName = name;
        return url;
    }
    fail(error, QStringLiteral("database URL \"%1\" has an unknown scheme; use sqlite:PATH or postgresql://user@host/dbname")
                    .arg(t.section(QLatin1Char(':'), 0, 0)));
    return std::nullopt;
}

QString DatabaseUrl::display() const
{
    if (isSqlite())
        return sqliteUrl(m_path);
    // One multi-arg pass: chained arg() calls would read a "%0".."%99" inside the user or host
    // (which a URL may hold, e.g. an invalid %-escape kept as text) as the next placeholder.
    return QStringLiteral("postgresql://%1@%2:%3/%4").arg(m_user, m_host, QString::number(m_port), m_dbName);
}

QString DatabaseUrl::passwordWarning() const
{
    if (!m_passwordInUrl)
        return {};
    return QStringLiteral(
        "the database password is in the URL, where other users of this machine can read it "
        "(ps, shell history); set PGPASSWORD or use ~/.pgpass instead");
}

QString DatabaseUrl::engineName() const
{
    return isSqlite() ? QStringLiteral("SQLite") : QStringLiteral("PostgreSQL");
}

DatabaseUrl DatabaseUrl::withDatabaseName(const QString& name) const
{
    DatabaseUrl copy = *this;
    copy.m_dbName = name;
    return copy;
}

QString DatabaseUrl::toSecretString() const
{
    if (isSqlite())
        return sqliteUrl(m_path);
    QUrl u;
    u.setScheme(QStringLiteral("postgresql"));
    u.setHost(m_host);
    u.setPort(m_port);
    u.setUserName(m_user);
    if (!m_password.isEmpty())
        u.setPassword(m_password);
    u.setPath(QLatin1Char('/') + m_dbName);
    // Fully encoded: the pretty form leaves a space or '%' of a password as it is, which
    // parse() (strict) then refuses (found by tests/fuzz: password " t").
    return u.toString(QUrl::FullyEncoded);
}
