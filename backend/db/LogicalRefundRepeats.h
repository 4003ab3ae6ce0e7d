#pragma once

#include <QStringList>

/**
 * Schema v8 (issue 15): `logical_refund_repeats`, the logical refunds (order_id, amount_cents,
 * request_ref; R5a) that have more than one operation. Only these can hold two refunds across
 * operations, so the "refunds per logical refund" check (RefundsPerLogicalRefund) reads this
 * small table instead of grouping every operation (0.46 s on 1,000,000 rows on SQLite).
 *
 * Kept by an AFTER INSERT trigger on refund_ops in the writer's own transaction, whatever
 * program writes: one probe of refund_ops_by_identity per new operation, and a row only when
 * another operation of the same identity exists. Identity columns never change (the v4 guard)
 * and operations are never deleted, so no other trigger is needed; a row may outlive a
 * rolled-back insert only if its transaction commits, so the table is exact. Two operations of
 * one identity cannot be inserted concurrently while both are open (one_open_refund, R3);
 * rows inserted in a final state by one statement (PostgreSQL fires after the statement)
 * see each other.
 *
 * On PostgreSQL the trigger function is SECURITY DEFINER with a pinned search_path, handed to
 * the NOLOGIN guard role by `refund-tool db roles` (the tool's login inserts operations but may
 * not write this table); every role reads it.
 */
namespace LogicalRefundRepeats {

/** The v8 migration's statements: table, backfill, trigger. */
QStringList createStatements(bool sqlite);

/**
 * Bulk loads (HistoryGenerator), like the rollups' suspendInsertTriggers(): the trigger off inside
 * the loader's transaction (its probe has no index while the loader defers them, which made a
 * load quadratic), and the same rows written once with backfillOrdersSql(), which binds the
 * first and last order id of the orders the transaction wrote (all their operations are in it).
 */
QStringList suspendStatements(bool sqlite);
QStringList restoreStatements(bool sqlite);
QString backfillOrdersSql(bool sqlite);

/** The PostgreSQL trigger function `db roles` hands to the guard role (signature). */
QStringList postgresFunctionSignatures();

/** The table, for grants. */
QStringList tables();

} // namespace LogicalRefundRepeats
