#include "db/LogicalRefundRepeats.h"
#include "db/Migration.h"

// Schema v8 (issue 15, "the refund-per-logical-refund check computed against the provider's
// evidence so it can fail"): the logical refunds with more than one operation, backfilled from
// the operations already there and kept by a trigger from then on (LogicalRefundRepeats.h).
// The guard changed with this step too (DatabaseGuard, applied after it): SQLite's insert guard
// now refuses a new row that already carries reversed_at or reversed_by, as PostgreSQL's did,
// and provider events are guarded: stored pending, decided once, never deleted.
Migration logicalRefundMigration()
{
    Migration m;
    m.version = 8;
    m.name = "logical refunds with more than one operation, kept by a trigger";
    // The v7 reconciler recorded a live refund beside a closed row's own as 'mismatch' (refunded)
    // or 'no_change' (failed, reversed): decide those events again, so the v8 reconciler records
    // them second_refund / second_refund_failed from the provider's current object and the
    // refunds-per-logical-refund check sees money paid before the upgrade too. The events guard
    // refuses changing a decided event, and a database staged at v7 by this program already has
    // it, so it is dropped first (the guard is applied again after the last step).
    const QString requeue = QStringLiteral(
        "UPDATE provider_events SET action = 'pending', action_detail = 'decided again by schema v8' "
        "WHERE action IN ('mismatch', 'no_change') AND refund_id IS NOT NULL AND operation_id IS NOT NULL "
        "AND refund_id <> COALESCE((SELECT o.provider_refund_id FROM refund_ops o "
        "WHERE o.operation_id = provider_events.operation_id), '')");
    m.sqliteOnly << QStringLiteral("DROP TRIGGER IF EXISTS provider_events_guard_update") << requeue;
    m.sqliteOnly += LogicalRefundRepeats::createStatements(/*sqlite=*/true);
    m.postgresOnly << QStringLiteral("DROP TRIGGER IF EXISTS provider_events_guard ON provider_events") << requeue;
    m.postgresOnly += LogicalRefundRepeats::createStatements(/*sqlite=*/false);
    return m;
}
