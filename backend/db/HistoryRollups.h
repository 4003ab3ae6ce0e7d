#pragma once

#include <QString>
#include <QStringList>

/**
 * Schema v6: per-UTC-day rollups of the finance history (R12), kept by database triggers in
 * the same transaction as the row change that moves them, whatever program writes (the tool,
 * the console, resolve_operation(), raw SQL). History reads these instead of a million rows.
 *
 * history_day_ops, one row per (day, status, attempts, currency) of the operations created
 * that UTC day (day = floor(created_at / 86,400,000)), status and attempts as they are now:
 *   operations, amount_cents (sum, minor units of that currency), with_refund_id (rows with a
 *   provider_refund_id), calls / joined_calls / lost_races / answered_from_refunded (their
 *   tool_calls), provider_replays (their refund_attempts with replayed = 1).
 * history_day_resolves, one row per (day, status, duration_ms) of the operations a reviewer
 * resolved (resolved_at set; duration_ms = resolved_at - created_at): operations. Exact, so
 * the median and p90 stay nearest-rank exact; it has one row per distinct duration, bounded
 * by the number of resolved operations (about 2.4 % of them in `db generate`'s mix), and
 * HistoryStats ranks it inside the engine (a window sum), never row by row in the client.
 * The primary keys' order lets GROUP BY (day, status, attempts) stream from the index.
 *
 * Status is a free text dimension, so a later status (e.g. `reversed`) is counted without a
 * schema change: moving refunded -> reversed moves the row's whole contribution.
 *
 * Concurrency (PostgreSQL): counters are changed with INSERT ... ON CONFLICT DO UPDATE. A
 * trigger on tool_calls or refund_attempts first locks its operation's row (FOR NO KEY UPDATE)
 * so a concurrent status change cannot move the operation between reading its key and adding
 * to it; every trigger takes the operation row first, then rollup rows in ascending key order
 * (history_day_ops before history_day_resolves): no two single-operation transactions wait on
 * each other in a cycle. The trigger functions are SECURITY DEFINER (a support login's
 * resolve_operation() and the tool login change rows they cannot write themselves), pinned
 * search_path, and are handed to the NOLOGIN guard role by `refund-tool db roles`.
 */
namespace HistoryRollups {

/** floor(column / 86,400,000) in SQL, also for negative instants (HistoryFilter::dayOf). */
QString dayExpression(const QString& column);

/**
 * The grouped recomputation of the rollups from the base tables, for the operations of
 * refund_ops aliased `o` that match `where` (binds are the caller's). Columns:
 *  operationsSql: day, status, currency, attempts, count, sum(amount_cents), with_refund_id
 *  callsSql:      day, status, currency, attempts, calls, joined, lost races, answered_from_refunded
 *  replaysSql:    day, status, currency, attempts, provider_replays
 *  resolvesSql:   day, status, duration_ms, count
 * Used by the v6 backfill and by HistoryStats for the partial days at the ends of a range.
 */
QString operationsSql(const QString& where);
QString callsSql(const QString& where);
QString replaysSql(const QString& where);
QString resolvesSql(const QString& where);

/**
 * Bulk loads (HistoryGenerator): the INSERT triggers off inside the loader's transaction (which
 * holds the tables exclusively), and their work done once per key with these upserts instead.
 * opsUpsertSql binds day, status, attempts, currency and the eight counters in table order;
 * resolvesUpsertSql binds day, status, duration_ms, operations.
 */
QStringList suspendInsertTriggers(bool sqlite);
QStringList restoreInsertTriggers(bool sqlite);
QString opsUpsertSql();
QString resolvesUpsertSql();

/** The v6 migration's statements: tables, backfill, triggers. */
QStringList createStatements(bool sqlite);

/** The PostgreSQL trigger functions `db roles` hands to the guard role (signatures). */
QStringList postgresFunctionSignatures();

/** The rollup tables, for grants. */
QStringList tables();

} // namespace HistoryRollups
