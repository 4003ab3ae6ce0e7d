#pragma once

#include "db/Database.h"

#include <QString>

/**
 * Text ordered the way people of the interface language expect (QLocale(), the default the
 * console sets from --lang), inside SQL, so keyset pages sort by it too.
 *
 * SQLite: a collation `refund_locale` backed by QCollator, created on a connection when a
 * statement first names it. PostgreSQL: the ICU collation of the locale ("ru-RU-x-icu", else
 * "ru-x-icu") when the server has it, else the database's own collation.
 */
class LocaleCollation
{
public:
    /** " COLLATE …" to append to a text expression on db's engine, or "" (the default order). */
    static QString clause(Database& db);
    /** " COLLATE …" that orders text byte by byte on db's engine (ids, codes), or "" where that is the
     * default. */
    static QString bytewise(const Database& db)
    {
        return db.isPostgres() ? QStringLiteral(" COLLATE \"C\"") : QString();
    }
};
