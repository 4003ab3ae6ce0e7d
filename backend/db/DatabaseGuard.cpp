#include "db/DatabaseGuard.h"

#include "db/TransitionFunctions.h"
#include "db/WaitingEventActions.h"

#include <QRegularExpression>

namespace {

// The budget in force (R6), read where the tool reads it; 6 is SettingsStore's default.
const char* kSqliteBudget =
    "COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'max_attempts_per_operation'), 6)";

// One trigger per rule, so a refusal names the rule it broke.

QStringList sqliteTriggers()
{
    const QString budget = QString::fromLatin1(kSqliteBudget);
    return {
        // R2/R4: the tool inserts a row open, with nothing spent and nothing closed.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_insert BEFORE INSERT ON refund_ops
            WHEN NEW.status <> 'open' OR NEW.attempts <> 0 OR NEW.not_sent_attempts <> 0
              OR NEW.first_attempt_at IS NOT NULL OR NEW.last_attempt_at IS NOT NULL OR NEW.key_expires_at IS NOT NULL
              OR NEW.closed_at IS NOT NULL OR NEW.provider_refund_id IS NOT NULL OR NEW.resolved_by IS NOT NULL
              OR NEW.resolved_at IS NOT NULL OR NEW.reversed_at IS NOT NULL OR NEW.reversed_by IS NOT NULL
            BEGIN SELECT RAISE(ABORT, 'refund_ops: a row is inserted open, with no attempts, deadline or close (R4)'); END)"),
        // R4 amended: failed and reversed rows are final; a refunded row moves only to reversed,
        // only with the failure reason, when and who recorded it (R24), and nothing else of it changes.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_closed BEFORE UPDATE ON refund_ops
            WHEN OLD.status IN ('failed', 'reversed')
            BEGIN SELECT RAISE(ABORT, 'refund_ops: a failed or reversed operation never changes (R4)'); END)"),
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_refunded BEFORE UPDATE ON refund_ops
            WHEN OLD.status = 'refunded' AND (NEW.status IS NOT 'reversed'
              OR NEW.reversed_at IS NULL OR NEW.reversed_by IS NULL OR NEW.failure_code IS NULL
              OR NEW.attempts IS NOT OLD.attempts OR NEW.not_sent_attempts IS NOT OLD.not_sent_attempts
              OR NEW.first_attempt_at IS NOT OLD.first_attempt_at OR NEW.last_attempt_at IS NOT OLD.last_attempt_at
              OR NEW.key_expires_at IS NOT OLD.key_expires_at OR NEW.closed_at IS NOT OLD.closed_at
              OR NEW.provider_refund_id IS NOT OLD.provider_refund_id OR NEW.unknown_reason IS NOT OLD.unknown_reason
              OR NEW.resolved_by IS NOT OLD.resolved_by OR NEW.resolved_at IS NOT OLD.resolved_at
              OR NEW.resolution_note IS NOT OLD.resolution_note)
            BEGIN SELECT RAISE(ABORT, 'refund_ops: a refunded operation changes only to reversed, with the failure reason, time and recorder (R4)'); END)"),
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_reversal_fields BEFORE UPDATE ON refund_ops
            WHEN OLD.status <> 'refunded' AND (NEW.reversed_at IS NOT OLD.reversed_at OR NEW.reversed_by IS NOT OLD.reversed_by)
            BEGIN SELECT RAISE(ABORT, 'refund_ops: reversed_at and reversed_by are written only when a refunded operation is reversed (R4)'); END)"),
        // R1/R2/R5a: what the row is about never changes.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_identity BEFORE UPDATE ON refund_ops
            WHEN NEW.operation_id IS NOT OLD.operation_id OR NEW.order_id IS NOT OLD.order_id
              OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.currency IS NOT OLD.currency
              OR NEW.idempotency_key IS NOT OLD.idempotency_key OR NEW.request_ref IS NOT OLD.request_ref
              OR NEW.created_at IS NOT OLD.created_at
            BEGIN SELECT RAISE(ABORT, 'refund_ops: operation_id, order, amount, currency, idempotency key, request_ref and created_at never change (R2)'); END)"),
        // R4: open -> refunded|failed|unknown, unknown -> refunded|failed, refunded -> reversed.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_status BEFORE UPDATE ON refund_ops
            WHEN NEW.status IS NOT OLD.status
              AND NOT ((OLD.status = 'open' AND NEW.status IN ('refunded', 'failed', 'unknown'))
                    OR (OLD.status = 'unknown' AND NEW.status IN ('refunded', 'failed'))
                    OR (OLD.status = 'refunded' AND NEW.status = 'reversed'))
            BEGIN SELECT RAISE(ABORT, 'refund_ops: status moves only open -> refunded|failed|unknown, unknown -> refunded|failed and refunded -> reversed (R4)'); END)"),
        // R16: "no refund was made" is a reviewer's resolution, recorded with who and when.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_resolver BEFORE UPDATE ON refund_ops
            WHEN OLD.status = 'unknown' AND NEW.status = 'failed' AND (NEW.resolved_by IS NULL OR NEW.resolved_at IS NULL)
            BEGIN SELECT RAISE(ABORT, 'refund_ops: only a reviewer resolves an unknown operation as failed (R16)'); END)"),
        // R10: the first attempt fixes the deadline; the clamp may only bring it earlier.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_deadline BEFORE UPDATE ON refund_ops
            WHEN (OLD.first_attempt_at IS NOT NULL AND NEW.first_attempt_at IS NOT OLD.first_attempt_at)
              OR (OLD.key_expires_at IS NOT NULL AND (NEW.key_expires_at IS NULL OR NEW.key_expires_at > OLD.key_expires_at))
            BEGIN SELECT RAISE(ABORT, 'refund_ops: first_attempt_at is set once and key_expires_at only moves earlier (R10)'); END)"),
        // R6/R7: counters only grow; attempts only while open, and never past the budget in force.
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_attempts BEFORE UPDATE ON refund_ops
            WHEN NEW.attempts < OLD.attempts OR NEW.not_sent_attempts < OLD.not_sent_attempts
              OR NEW.not_sent_attempts > NEW.attempts
              OR (NEW.attempts > OLD.attempts AND (OLD.status <> 'open' OR NEW.attempts - NEW.not_sent_attempts > %1))
            BEGIN SELECT RAISE(ABORT, 'refund_ops: attempts only grow, only while open, and never past max_attempts_per_operation (R6)'); END)")
            .arg(budget),
        QStringLiteral(R"(CREATE TRIGGER refund_ops_guard_delete BEFORE DELETE ON refund_ops
            BEGIN SELECT RAISE(ABORT, 'refund_ops: an operation is never deleted (R4)'); END)"),
        // R12: the attempt log says which key went out when; only its outcome is filled in later.
        QStringLiteral(R"(CREATE TRIGGER refund_attempts_guard_identity BEFORE UPDATE ON refund_attempts
            WHEN NEW.operation_id IS NOT OLD.operation_id OR NEW.attempt_no IS NOT OLD.attempt_no
              OR NEW.idempotency_key IS NOT OLD.idempotency_key OR NEW.tool_call_id IS NOT OLD.tool_call_id
              OR NEW.started_at IS NOT OLD.started_at
            BEGIN SELECT RAISE(ABORT, 'refund_attempts: operation, attempt number, key, tool call and start never change (R12)'); END)"),
        QStringLiteral(R"(CREATE TRIGGER refund_attempts_guard_delete BEFORE DELETE ON refund_attempts
            BEGIN SELECT RAISE(ABORT, 'refund_attempts: the attempt log is never deleted (R12)'); END)"),
        // R16/R20/R21: the audit log is append-only.
        QStringLiteral(R"(CREATE TRIGGER audit_log_append_only_update BEFORE UPDATE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit_log: append-only (R21)'); END)"),
        QStringLiteral(R"(CREATE TRIGGER audit_log_append_only_delete BEFORE DELETE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit_log: append-only (R21)'); END)"),
        // R24, issue 15: an event is stored undecided; only a waiting one is decided, and what the
        // provider sent never changes. A decision is the evidence History counts per logical
        // refund, so nobody rewrites or plants one (WaitingEventActions).
        QStringLiteral(R"(CREATE TRIGGER provider_events_guard_insert BEFORE INSERT ON provider_events
            WHEN NEW.action <> 'pending' OR NEW.applied_at IS NOT NULL OR NEW.operation_id IS NOT NULL
            BEGIN SELECT RAISE(ABORT, 'provider_events: an event is stored pending, undecided (R24)'); END)"),
        QStringLiteral(R"(CREATE TRIGGER provider_events_guard_update BEFORE UPDATE ON provider_events
            WHEN OLD.action NOT IN %1
              OR NEW.event_id IS NOT OLD.event_id OR NEW.source IS NOT OLD.source OR NEW.received_at IS NOT OLD.received_at
              OR NEW.type IS NOT OLD.type OR NEW.event_created IS NOT OLD.event_created OR NEW.payload IS NOT OLD.payload
              OR (OLD.refund_id IS NOT NULL AND NEW.refund_id IS NOT OLD.refund_id)
            BEGIN SELECT RAISE(ABORT, 'provider_events: a decided event never changes, nor what the provider sent (R24)'); END)")
            .arg(WaitingEventActions::sqlList()),
        QStringLiteral(R"(CREATE TRIGGER provider_events_guard_delete BEFORE DELETE ON provider_events
            BEGIN SELECT RAISE(ABORT, 'provider_events: an event is never deleted (R24)'); END)"),
    };
}

QString triggerName(const QString& createTrigger)
{
    static const QRegularExpression name(QStringLiteral("^CREATE TRIGGER (\\w+) "));
    return name.match(createTrigger).captured(1);
}

// The same rules in one PL/pgSQL function per table. ERRCODE check_violation, like v1's rule.
// search_path is pinned (definitionStatements): a login's temporary `settings` table must not
// stand in for the real budget.
const char* kRefundOpsGuard = R"(CREATE OR REPLACE FUNCTION refund_ops_guard() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                v_budget integer;
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    RAISE EXCEPTION 'refund_ops: an operation is never deleted (R4): %', OLD.operation_id
                        USING ERRCODE = 'check_violation';
                END IF;
                IF TG_OP = 'INSERT' THEN
                    IF NEW.status <> 'open' OR NEW.attempts <> 0 OR NEW.not_sent_attempts <> 0
                       OR NEW.first_attempt_at IS NOT NULL OR NEW.last_attempt_at IS NOT NULL
                       OR NEW.key_expires_at IS NOT NULL OR NEW.closed_at IS NOT NULL
                       OR NEW.provider_refund_id IS NOT NULL OR NEW.resolved_by IS NOT NULL OR NEW.resolved_at IS NOT NULL
                       OR NEW.reversed_at IS NOT NULL OR NEW.reversed_by IS NOT NULL THEN
                        RAISE EXCEPTION 'refund_ops: a row is inserted open, with no attempts, deadline or close (R4): %', NEW.operation_id
                            USING ERRCODE = 'check_violation';
                    END IF;
                    RETURN NEW;
                END IF;
                IF OLD.status IN ('failed', 'reversed') THEN
                    RAISE EXCEPTION 'refund_ops: a failed or reversed operation never changes (R4): %', OLD.operation_id
                        USING ERRCODE = 'check_violation';
                END IF;
                IF NEW.operation_id IS DISTINCT FROM OLD.operation_id OR NEW.order_id IS DISTINCT FROM OLD.order_id
                   OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents OR NEW.currency IS DISTINCT FROM OLD.currency
                   OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
                   OR NEW.request_ref IS DISTINCT FROM OLD.request_ref OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
                    RAISE EXCEPTION 'refund_ops: operation_id, order, amount, currency, idempotency key, request_ref and created_at never change (R2): %', OLD.operation_id
                        USING ERRCODE = 'check_violation';
                END IF;
                -- R4 amended: a refunded row moves only to reversed, through reverse_operation() (the
                -- reconciler, on the provider's evidence); a tool login's direct UPDATE is refused.
                IF OLD.status = 'refunded' THEN
                    IF NEW.status IS DISTINCT FROM 'reversed' OR NEW.reversed_at IS NULL OR NEW.reversed_by IS NULL
                       OR NEW.failure_code IS NULL
                       OR NEW.attempts IS DISTINCT FROM OLD.attempts OR NEW.not_sent_attempts IS DISTINCT FROM OLD.not_sent_attempts
                       OR NEW.first_attempt_at IS DISTINCT FROM OLD.first_attempt_at
                       OR NEW.last_attempt_at IS DISTINCT FROM OLD.last_attempt_at
                       OR NEW.key_expires_at IS DISTINCT FROM OLD.key_expires_at OR NEW.closed_at IS DISTINCT FROM OLD.closed_at
                       OR NEW.provider_refund_id IS DISTINCT FROM OLD.provider_refund_id
                       OR NEW.unknown_reason IS DISTINCT FROM OLD.unknown_reason
                       OR NEW.resolved_by IS DISTINCT FROM OLD.resolved_by OR NEW.resolved_at IS DISTINCT FROM OLD.resolved_at
                       OR NEW.resolution_note IS DISTINCT FROM OLD.resolution_note THEN
                        RAISE EXCEPTION 'refund_ops: a refunded operation changes only to reversed, with the failure reason, time and recorder (R4): %', OLD.operation_id
                            USING ERRCODE = 'check_violation';
                    END IF;
                    IF EXISTS (SELECT 1 FROM refund_roles r JOIN pg_roles g ON g.rolname = r.role_name
                               WHERE r.role_key = 'tool' AND pg_has_role(current_user, g.oid, 'MEMBER')) THEN
                        RAISE EXCEPTION 'refund_ops: only the reconciler reverses a refunded operation, through reverse_operation() (R4, R24): %',
                            OLD.operation_id USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    RETURN NEW;
                END IF;
                IF NEW.reversed_at IS DISTINCT FROM OLD.reversed_at OR NEW.reversed_by IS DISTINCT FROM OLD.reversed_by THEN
                    RAISE EXCEPTION 'refund_ops: reversed_at and reversed_by are written only when a refunded operation is reversed (R4): %',
                        OLD.operation_id USING ERRCODE = 'check_violation';
                END IF;
                IF NEW.status IS DISTINCT FROM OLD.status
                   AND NOT ((OLD.status = 'open' AND NEW.status IN ('refunded', 'failed', 'unknown'))
                         OR (OLD.status = 'unknown' AND NEW.status IN ('refunded', 'failed'))) THEN
                    RAISE EXCEPTION 'refund_ops: status moves only open -> refunded|failed|unknown, unknown -> refunded|failed and refunded -> reversed (R4): % is %, not %',
                        OLD.operation_id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
                END IF;
                IF OLD.status = 'unknown' AND NEW.status = 'failed' THEN
                    IF NEW.resolved_by IS NULL OR NEW.resolved_at IS NULL
                       OR EXISTS (SELECT 1 FROM refund_roles r JOIN pg_roles g ON g.rolname = r.role_name
                                  WHERE r.role_key = 'tool' AND pg_has_role(current_user, g.oid, 'MEMBER')) THEN
                        RAISE EXCEPTION 'refund_ops: only a reviewer resolves an unknown operation as failed, through resolve_operation() (R16, R21): %',
                            OLD.operation_id USING ERRCODE = 'insufficient_privilege';
                    END IF;
                END IF;
                IF (OLD.first_attempt_at IS NOT NULL AND NEW.first_attempt_at IS DISTINCT FROM OLD.first_attempt_at)
                   OR (OLD.key_expires_at IS NOT NULL AND (NEW.key_expires_at IS NULL OR NEW.key_expires_at > OLD.key_expires_at)) THEN
                    RAISE EXCEPTION 'refund_ops: first_attempt_at is set once and key_expires_at only moves earlier (R10): %', OLD.operation_id
                        USING ERRCODE = 'check_violation';
                END IF;
                IF NEW.attempts < OLD.attempts OR NEW.not_sent_attempts < OLD.not_sent_attempts
                   OR NEW.not_sent_attempts > NEW.attempts THEN
                    RAISE EXCEPTION 'refund_ops: attempts and not_sent_attempts only grow (R6): %', OLD.operation_id
                        USING ERRCODE = 'check_violation';
                END IF;
                IF NEW.attempts > OLD.attempts THEN
                    IF OLD.status <> 'open' THEN
                        RAISE EXCEPTION 'refund_ops: attempts are counted only while the operation is open (R4, R6): % is %',
                            OLD.operation_id, OLD.status USING ERRCODE = 'check_violation';
                    END IF;
                    SELECT value::integer INTO v_budget FROM settings WHERE key = 'max_attempts_per_operation';
                    IF NEW.attempts - NEW.not_sent_attempts > COALESCE(v_budget, 6) THEN
                        RAISE EXCEPTION 'refund_ops: attempts never pass max_attempts_per_operation (%) (R6): %',
                            COALESCE(v_budget, 6), OLD.operation_id USING ERRCODE = 'check_violation';
                    END IF;
                END IF;
                RETURN NEW;
            END $$)";

QStringList postgresGuardFunctions()
{
    return {
        QString::fromLatin1(kRefundOpsGuard),
        QStringLiteral(R"(CREATE OR REPLACE FUNCTION refund_attempts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    RAISE EXCEPTION 'refund_attempts: the attempt log is never deleted (R12)' USING ERRCODE = 'check_violation';
                END IF;
                IF NEW.operation_id IS DISTINCT FROM OLD.operation_id OR NEW.attempt_no IS DISTINCT FROM OLD.attempt_no
                   OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
                   OR NEW.tool_call_id IS DISTINCT FROM OLD.tool_call_id OR NEW.started_at IS DISTINCT FROM OLD.started_at THEN
                    RAISE EXCEPTION 'refund_attempts: operation, attempt number, key, tool call and start never change (R12)'
                        USING ERRCODE = 'check_violation';
                END IF;
                RETURN NEW;
            END $$)"),
        QStringLiteral(R"(CREATE OR REPLACE FUNCTION provider_events_guard() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    RAISE EXCEPTION 'provider_events: an event is never deleted (R24)' USING ERRCODE = 'check_violation';
                END IF;
                IF TG_OP = 'INSERT' THEN
                    IF NEW.action <> 'pending' OR NEW.applied_at IS NOT NULL OR NEW.operation_id IS NOT NULL THEN
                        RAISE EXCEPTION 'provider_events: an event is stored pending, undecided (R24): %', NEW.event_id
                            USING ERRCODE = 'check_violation';
                    END IF;
                    RETURN NEW;
                END IF;
                IF OLD.action NOT IN %1
                   OR NEW.event_id IS DISTINCT FROM OLD.event_id OR NEW.source IS DISTINCT FROM OLD.source
                   OR NEW.received_at IS DISTINCT FROM OLD.received_at OR NEW.type IS DISTINCT FROM OLD.type
                   OR NEW.event_created IS DISTINCT FROM OLD.event_created OR NEW.payload IS DISTINCT FROM OLD.payload
                   OR (OLD.refund_id IS NOT NULL AND NEW.refund_id IS DISTINCT FROM OLD.refund_id) THEN
                    RAISE EXCEPTION 'provider_events: a decided event never changes, nor what the provider sent (R24): %',
                        OLD.event_id USING ERRCODE = 'check_violation';
                END IF;
                RETURN NEW;
            END $$)").arg(WaitingEventActions::sqlList()),
        QStringLiteral(R"(CREATE OR REPLACE FUNCTION refund_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '%: append-only, % refused (R21)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'check_violation';
            END $$)"),
    };
}

QStringList postgresTriggers()
{
    return {
        QStringLiteral("CREATE TRIGGER refund_ops_guard BEFORE INSERT OR UPDATE OR DELETE ON refund_ops "
                       "FOR EACH ROW EXECUTE FUNCTION refund_ops_guard()"),
        QStringLiteral("CREATE TRIGGER refund_ops_no_truncate BEFORE TRUNCATE ON refund_ops "
                       "FOR EACH STATEMENT EXECUTE FUNCTION refund_append_only()"),
        QStringLiteral("CREATE TRIGGER refund_attempts_guard BEFORE UPDATE OR DELETE ON refund_attempts "
                       "FOR EACH ROW EXECUTE FUNCTION refund_attempts_guard()"),
        QStringLiteral("CREATE TRIGGER refund_attempts_no_truncate BEFORE TRUNCATE ON refund_attempts "
                       "FOR EACH STATEMENT EXECUTE FUNCTION refund_append_only()"),
        QStringLiteral("CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log "
                       "FOR EACH ROW EXECUTE FUNCTION refund_append_only()"),
        QStringLiteral("CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log "
                       "FOR EACH STATEMENT EXECUTE FUNCTION refund_append_only()"),
        QStringLiteral("CREATE TRIGGER provider_events_guard BEFORE INSERT OR UPDATE OR DELETE ON provider_events "
                       "FOR EACH ROW EXECUTE FUNCTION provider_events_guard()"),
        QStringLiteral("CREATE TRIGGER provider_events_no_truncate BEFORE TRUNCATE ON provider_events "
                       "FOR EACH STATEMENT EXECUTE FUNCTION refund_append_only()"),
    };
}


// Only the row-level guards: HistoryGenerator never truncates.
const QList<QPair<QString, QString>>& postgresRowTriggers()
{
    static const QList<QPair<QString, QString>> triggers = {
        {QStringLiteral("refund_ops"), QStringLiteral("refund_ops_guard")},
        {QStringLiteral("refund_attempts"), QStringLiteral("refund_attempts_guard")},
        {QStringLiteral("audit_log"), QStringLiteral("audit_log_append_only")},
    };
    return triggers;
}


} // namespace

namespace DatabaseGuard {

QStringList definitionStatements(bool sqlite)
{
    QStringList out;
    if (sqlite) {
        for (const QString& sql : sqliteTriggers())
            out << QStringLiteral("DROP TRIGGER IF EXISTS ") + triggerName(sql) << sql;
        return out;
    }
    out += postgresGuardFunctions();
    out += TransitionFunctions::createStatements();
    static const QRegularExpression onTable(QStringLiteral("^CREATE TRIGGER (\\w+) .* ON (\\w+) FOR EACH"));
    for (const QString& sql : postgresTriggers()) {
        const auto m = onTable.match(sql);
        out << QStringLiteral("DROP TRIGGER IF EXISTS %1 ON %2").arg(m.captured(1), m.captured(2)) << sql;
    }
    out << QStringLiteral("REVOKE ALL ON FUNCTION %1 FROM PUBLIC")
               .arg(TransitionFunctions::transitionSignatures().join(QStringLiteral(", ")));
    // Pinned search_path: a login's temporary table or function of the same name never stands in.
    // (CREATE OR REPLACE resets it, so it is set again after every definition.)
    QStringList functions = TransitionFunctions::transitionSignatures();
    functions << TransitionFunctions::callerRoleSignature() << QStringLiteral("refund_ops_guard()") << QStringLiteral("refund_attempts_guard()")
              << QStringLiteral("refund_append_only()");
    out << QStringLiteral(R"(DO $$ DECLARE f text; BEGIN
            FOREACH f IN ARRAY ARRAY['%1'] LOOP
                EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
            END LOOP;
        END $$)")
               .arg(functions.join(QStringLiteral("', '")));
    return out;
}

QStringList suspendStatements(bool sqlite)
{
    QStringList out;
    if (sqlite) {
        for (const QString& sql : sqliteTriggers())
            out << QStringLiteral("DROP TRIGGER IF EXISTS ") + triggerName(sql);
        return out;
    }
    // ALTER TABLE is transactional and holds an ACCESS EXCLUSIVE lock until commit: no other
    // session reads or writes the table while its guard is off.
    for (const auto& [table, trigger] : postgresRowTriggers())
        out << QStringLiteral("ALTER TABLE %1 DISABLE TRIGGER %2").arg(table, trigger);
    return out;
}

QStringList restoreStatements(bool sqlite)
{
    if (sqlite)
        return sqliteTriggers();
    QStringList out;
    for (const auto& [table, trigger] : postgresRowTriggers())
        out << QStringLiteral("ALTER TABLE %1 ENABLE TRIGGER %2").arg(table, trigger);
    return out;
}

} // namespace DatabaseGuard
