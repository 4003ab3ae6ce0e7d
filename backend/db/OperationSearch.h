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
 * The table holds one row per operation (order id, operation id, key) and one more when the
 * provider's refund id is recorded, written by triggers in the writer's own transaction; rows
 * are only added, like the operations themselves (R4). A term of fewer than
 * minimumSubstringLength() characters cannot use a trigram index and keeps the exact/prefix
 * match (order id or refund id exactly, operation id or key by prefix). Matching ignores ASCII case.
 */
namespace OperationSearch {

/** Characters a term needs for a substring match (a trigram). */
constexpr int minimumSubstringLength() { return 3; }

/**
 * Index candidates beyond which a term counts as common: its rows are then found by walking
 * the view's own order and testing each row (a common substring fills a page within a few
 * rows), instead of listing every candidate from the index first.
 */
constexpr int commonTermCandidates() { return 2000; }

/**
 * The WHERE term (for `refund_ops o`) matching `term`, its binds appended to `binds`. Reads
 * the index once to tell a rare term from a common one; if that read fails, the common-term
 * form is used (the same rows, found without the index).
 */
QString clause(Database& db, const QString& term, QVariantList* binds);

/** Schema v7's statements: the table, its index, the triggers and the backfill. */
QStringList createStatements(bool sqlite);

/** PostgreSQL: the trigger function (SECURITY DEFINER, handed to the guard role by `db roles`). */
QStringList postgresFunctionSignatures();

/** The tables v7 adds (every role reads them; only the triggers write). */
QStringList tables();

} // namespace OperationSearch
