#include "db/Migration.h"

// Schema v3 (issue "one logical refund is one refund at every seam").
//
// - R5a: a logical refund is (order_id, amount_cents, request_ref). request_ref is '' when the
//   caller has no unit of work to name; the one-open-row index (R3) now covers the identity,
//   so two tickets asking for the same amount on one order are two refunds (still bounded by R5).
// - R12: an attempt row carries the moment its request's deadline passes (started_at +
//   request_timeout_ms), so an attempt whose process died before recording the answer can be
//   shown as "no answer recorded" once that moment has passed, instead of in flight for ever.
// - Tool calls record their request_ref and whether they were answered from an operation that
//   was already refunded (nothing sent): finance counts those among duplicates prevented.
// - R5 per payment: one order per payment intent, so the per-order refundable check is also
//   the per-payment check (the provider's payment amount is not known here).
Migration exactlyOnceMigration()
{
    Migration m;
    m.version = 3;
    m.name = "logical refunds (order, amount, request_ref), repeat window, attempt deadlines, one order per payment";
    m.common = {
        QStringLiteral("ALTER TABLE refund_ops ADD COLUMN request_ref TEXT NOT NULL DEFAULT '' "
                       "CHECK (length(request_ref) <= 255)"),
        QStringLiteral("DROP INDEX one_open_refund"),
        QStringLiteral("CREATE UNIQUE INDEX one_open_refund ON refund_ops (order_id, amount_cents, request_ref) "
                       "WHERE status IN ('open', 'unknown')"),
        // The repeat window's look-up: the refunded operations of one identity, newest close first.
        QStringLiteral("CREATE INDEX refund_ops_by_identity ON refund_ops (order_id, amount_cents, request_ref, status, closed_at)"),
        // R7: a refused connection or an unresolvable host sent nothing. Its attempt row is logged
        // `not_sent` and counted here, so the budget (attempts - not_sent_attempts) never
        // spends it, while attempts and attempt_no keep growing (both only ever grow).
        QStringLiteral("ALTER TABLE refund_ops ADD COLUMN not_sent_attempts INTEGER NOT NULL DEFAULT 0 "
                       "CHECK (not_sent_attempts >= 0)"),
        QStringLiteral("ALTER TABLE refund_attempts ADD COLUMN deadline_at BIGINT"),
        QStringLiteral("ALTER TABLE tool_calls ADD COLUMN request_ref TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE tool_calls ADD COLUMN answered_from_refunded INTEGER NOT NULL DEFAULT 0 "
                       "CHECK (answered_from_refunded IN (0, 1))"),
        QStringLiteral("CREATE UNIQUE INDEX orders_one_per_payment_intent ON orders (payment_intent)"),
    };
    return m;
}
