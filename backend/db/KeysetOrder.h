#pragma once

#include <QList>
#include <QString>
#include <QVariant>
#include <QVariantList>

/**
 * SQL for keyset paging over a total order of several terms (sort value, tie-breakers, the
 * unique id last): the WHERE clause that starts a page after (or before) a row, and the
 * ORDER BY list. A page that starts after a row neither skips nor repeats one when rows
 * before it leave the filter or new ones arrive, which offsets do (issue 12).
 */
class KeysetOrder
{
public:
    /** One term of the order: an SQL expression, its direction and the cursor row's value. */
    struct Term
    {
        QString expr;
        bool ascending = true;
        QVariant value;
    };

    /**
     * Rows strictly later (or, with later = false, earlier) than the cursor in the order of
     * terms, plus the cursor's own row when inclusive; binds appended to *binds. The leading
     * non-strict bound on the first term lets an index that covers the order start the scan
     * at the cursor.
     */
    static QString clause(const QList<Term>& terms, bool later, bool inclusive, QVariantList* binds);
    /** "expr ASC, expr DESC, ..." (reversed: every direction turned, for paging backwards). */
    static QString orderBy(const QList<Term>& terms, bool reversed = false);
};
