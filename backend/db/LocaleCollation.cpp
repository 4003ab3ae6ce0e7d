#include "db/LocaleCollation.h"

#include <QCollator>
#include <QLocale>
#include <QSqlDriver>
#include <QSqlQuery>

#include <sqlite3.h>

#include <cstring>

namespace {
constexpr char kSqliteName[] = "refund_locale";

int compareUtf8(void* collator, int lengthA, const void* a, int lengthB, const void* b)
{
    const auto* ca = static_cast<const char*>(a);
    const auto* cb = static_cast<const char*>(b);
    const int c = static_cast<QCollator*>(collator)->compare(QString::fromUtf8(ca, lengthA),
                                                             QString::fromUtf8(cb, lengthB));
    if (c != 0)
        return c;
    // Equal to people but not byte for byte: still a total order, as SQLite requires.
    const int common = std::memcmp(ca, cb, size_t(qMin(lengthA, lengthB)));
    return common != 0 ? common : lengthA - lengthB;
}

void deleteCollator(void* collator)
{
    delete static_cast<QCollator*>(collator);
}

// SQLite asks when a statement names a collation this connection does not have yet.
void collationNeeded(void*, sqlite3* handle, int, const char* name)
{
    if (std::strcmp(name, kSqliteName) != 0)
        return;
    auto* collator = new QCollator(QLocale());
    if (sqlite3_create_collation_v2(handle, kSqliteName, SQLITE_UTF8, collator, compareUtf8,
                                    deleteCollator) != SQLITE_OK)
        delete collator; // the statement then fails with "no such collation sequence"
}

QString postgresCollation(Database& db)
{
    const QLocale locale;
    if (locale.language() == QLocale::C)
        return {};
    const QString language = QLocale::languageToCode(locale.language());
    const QString territory = QLocale::territoryToCode(locale.territory());
    auto q = db.run(QStringLiteral("SELECT collname FROM pg_collation WHERE collname IN (?, ?) "
                                   "ORDER BY length(collname) DESC LIMIT 1"),
                    {language + QLatin1Char('-') + territory + QStringLiteral("-x-icu"),
                     language + QStringLiteral("-x-icu")},
                    QStringLiteral("find the locale's collation"));
    if (!q || !q.value().next())
        return {};
    return QStringLiteral(" COLLATE \"%1\"").arg(q.value().value(0).toString());
}
} // namespace

QString LocaleCollation::clause(Database& db)
{
    if (db.isPostgres())
        return postgresCollation(db);
    const QVariant v = db.connection().driver()->handle();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return {};
    sqlite3* handle = *static_cast<sqlite3* const*>(v.constData());
    sqlite3_collation_needed(handle, nullptr, collationNeeded);
    return QStringLiteral(" COLLATE ") + QLatin1String(kSqliteName);
}
