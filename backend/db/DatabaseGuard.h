#pragma once

#include <QStringList>

/**
 * The database guard: the row invariants as triggers on both engines (R2, R4, R6, R10, R12, R21)
 * and, on PostgreSQL, the transition functions (TransitionFunctions), as the latest schema
 * defines them. Schema steps hold tables, columns and data; SchemaMigrator (re)applies these
 * definitions after the last step of every migration that applied one, so each rule is written
 * once. Changing a definition therefore needs a new schema step (it may hold no SQL of its own):
 * tst_database_guard checks that the definitions only change with the latest version.
 *
 * refund_ops: after insert, operation_id, order_id, amount_cents, currency, idempotency_key,
 * request_ref and created_at never change; rows are inserted `open` with nothing spent (no
 * attempts, no deadline, no close); first_attempt_at is set once; key_expires_at is set once
 * and afterwards may only move earlier (the R10 clamp); attempts and not_sent_attempts only
 * grow, attempts only while `open`, and attempts - not_sent_attempts never passes
 * max_attempts_per_operation from the settings table (6 when absent); status moves only
 * open → refunded|failed|unknown, unknown → refunded|failed and refunded → reversed (R4
 * amended: only with reversed_at, reversed_by and the failure reason, nothing else of the row
 * changing); failed and reversed rows never change; no row is deleted.
 * refund_attempts: operation_id, attempt_no, idempotency_key, tool_call_id and started_at never
 * change, and no row is deleted. audit_log: append-only.
 *
 * The triggers bind every connection, the schema owner's too. HistoryGenerator (bulk load
 * of rows in their final states) lifts them inside its own transaction with suspend() and puts
 * them back with restore() before it commits, so no other connection ever sees the database
 * without its guard; only the schema owner can do that (it could drop the triggers anyway).
 */
namespace DatabaseGuard {

/**
 * Statements that (re)create the whole guard, idempotent: DROP TRIGGER IF EXISTS before each
 * CREATE TRIGGER, CREATE OR REPLACE FUNCTION (which keeps the owner and grants `refund-tool db
 * roles` gave), REVOKE from PUBLIC and the pinned search_path. They expect the latest schema's tables.
 */
QStringList definitionStatements(bool sqlite);

/** Statements that lift the guard inside the caller's transaction (owner only). */
QStringList suspendStatements(bool sqlite);

/** Statements that put the guard back; run them before committing what suspend() began. */
QStringList restoreStatements(bool sqlite);

} // namespace DatabaseGuard
