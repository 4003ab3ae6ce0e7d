#pragma once

#include <QString>
#include <QStringList>
#include <QVariantList>

class Database;

/**
 * Search by substring of an operation's order id, operation id, idempotency key or provider
 * refund id, across all states (issue 15), indexed on both engines (schema v7):
 *
 * - SQLite: an FTS5 table `refund_ops_search` with the trigram tokenizer;
 * - PostgreSQL: a table `refund_ops_search` with a GIN pg_trgm index on its text.
 *
 * The table holds one row per operation (order id, operation id, key, joined by U+001F so no
 * term spans two of them) and one for its refund id once recorded, written by triggers in the
 * writer's own transaction (PostgreSQL keeps one refund-id row per operation, updated in place,
 * so no login's writes can grow it without bound). A term of fewer than
 * minimumSubstringLength() characters (code points) cannot use a trigram index and keeps the
 * exact/prefix match (order id or refund id exactly, operation id or key by prefix, as typed).
 * Longer terms ignore case as the engine's lower() does: ASCII only on SQLite, every letter on
 * PostgreSQL; letters outside ASCII always match as typed.
 */
namespace OperationSearch {

/** Characters a term needs for a substring match (a trigram). */
constexpr int minimumSubstringLength() { return 3; }

/** What the matching rows are read for: the plan that is cheaper differs. */
enum class Purpose {
    Page,    ///< one page in the view's order: a common term walks that order, a page fills fast
    Count,   ///< every match: through the index unless nearly every row holds the term
};

/**
 * Index candidates beyond which a term counts as common for Page: its rows are then found by
 * walking the view's own order and testing each row, instead of listing every candidate first.
 */
constexpr int commonTermCandidates() { return 2000; }

/** The same for Count: up to this many candidates, counting them through the index is cheaper than a scan. */
constexpr int countThroughIndexCandidates() { return 50000; }

/**
 * The WHERE term (for `refund_ops o`) matching `term`, its binds appended to `binds`. Reads
 * the index once to tell a rare term from a common one; if that read fails, the common-term
 * form is used (the same rows, found without the index). The row's own ids decide either way:
 * the index only proposes candidates.
 */
QString clause(Database& db, const QString& term, QVariantList* binds, Purpose purpose = Purpose::Page);

/** Schema v7's statements: the table, its index, the triggers and the backfill. */
QStringList createStatements(bool sqlite);

/** PostgreSQL: the trigger function (SECURITY DEFINER, handed to the guard role by `db roles`). */
QStringList postgresFunctionSignatures();

/** The tables v7 adds (every role reads them; only the triggers write). */
QStringList tables();

} // namespace OperationSearch
