#pragma once

#include <QStringList>

/**
 * The row invariants of schema v4 as trigger SQL, for both engines (R2, R4, R6, R10, R12, R21).
 *
 * refund_ops: after insert, operation_id, order_id, amount_cents, currency, idempotency_key,
 * request_ref and created_at never change; rows are inserted `open` with nothing spent (no
 * attempts, no deadline, no close); first_attempt_at is set once; key_expires_at is set once
 * and afterwards may only move earlier (the R10 clamp); attempts and not_sent_attempts only
 * grow, attempts only while `open`, and attempts - not_sent_attempts never passes
 * max_attempts_per_operation from the settings table (6 when absent); status moves only
 * open → refunded|failed|unknown and unknown → refunded|failed (R4); refunded and failed rows
 * never change (schema v5 relaxes exactly this rule: refunded → reversed, see below); no row is deleted.
 * refund_attempts: operation_id, attempt_no, idempotency_key, tool_call_id and started_at never
 * change, and no row is deleted. audit_log: append-only.
 *
 * The triggers bind every connection, the schema owner's too. HistoryGenerator (bulk load
 * of rows in their final states) lifts them inside its own transaction with suspend() and puts
 * them back with restore() before it commits, so no other connection ever sees the database
 * without its guard; only the schema owner can do that (it could drop the triggers anyway).
 */
namespace DatabaseGuard {

/** CREATE statements of the guard triggers (and their PostgreSQL functions). */
QStringList createStatements(bool sqlite);

/**
 * Schema v5 (R4 amended): the refund_ops triggers of SQLite with refunded -> reversed allowed (only
 * that move, only with reversed_at, reversed_by and the failure reason; reversed is final). The
 * v5 migration creates them after rebuilding refund_ops.
 */
QStringList refundOpsTriggersV5Sqlite();

/** Schema v5: CREATE OR REPLACE of refund_ops_guard() with the same change (PostgreSQL). */
QStringList refundOpsGuardV5Postgres();

/** Statements that lift the guard inside the caller's transaction (owner only). */
QStringList suspendStatements(bool sqlite);

/** Statements that put the guard back (the latest schema's triggers); run them before committing what suspend() began. */
QStringList restoreStatements(bool sqlite);

} // namespace DatabaseGuard
