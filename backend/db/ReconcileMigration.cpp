#include "db/DatabaseGuard.h"
#include "db/Migration.h"

// Schema v5 (issue 14, reconciliation).
//
// - R4 amended: status `reversed` (a confirmed refund the provider later reported failed). Only
//   refunded -> reversed, only with the provider's evidence, and reversed is final. refund_ops
//   gains reversed_at / reversed_by (who recorded it: `reconciler` on SQLite, the reconciler's
//   login on PostgreSQL).
// - R24: provider_events stores each provider event once (its id is the primary key, so a
//   duplicate delivery or a second poll of the same event inserts nothing), with where it came
//   from, when, its type, refund, the operation it mapped to and what the reconciler did.
//   reconcile_cursor holds the newest event `refund-tool reconcile` has stored.
// - Setting auto_resolve_refunded (default on), validated and audited like the others.
// - PostgreSQL: a `reconciler` refund role. It resolves unknown -> refunded through the same
//   resolve_operation() people use (now refusing `failed` for it and requiring the payment and the
//   event), and reverses through reverse_operation(); both SECURITY DEFINER, actor session_user.
//
// SQLite cannot change a CHECK constraint, so refund_ops is rebuilt (SQLite's documented
// procedure: SchemaMigrator runs SQLite steps with foreign keys off and checks them before the
// commit). The rebuild drops the table's triggers; the v5 guard triggers are created after it.
namespace {

const char* kSqliteTable = R"(CREATE TABLE refund_ops_v5 (
    operation_id TEXT PRIMARY KEY CHECK (operation_id LIKE 'op\_%' ESCAPE '\'),
    order_id TEXT NOT NULL REFERENCES orders(order_id),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL CHECK (length(currency) = 3),
    idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    status TEXT NOT NULL CHECK (status IN ('open', 'unknown', 'refunded', 'failed', 'reversed')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    first_attempt_at BIGINT,
    last_attempt_at BIGINT,
    key_expires_at BIGINT,
    closed_at BIGINT,
    provider_refund_id TEXT,
    provider_status TEXT,
    unknown_reason TEXT,
    failure_code TEXT,
    resolved_by TEXT,
    resolved_at BIGINT,
    resolution_note TEXT,
    request_ref TEXT NOT NULL DEFAULT '' CHECK (length(request_ref) <= 255),
    not_sent_attempts INTEGER NOT NULL DEFAULT 0 CHECK (not_sent_attempts >= 0),
    reversed_at BIGINT,
    reversed_by TEXT,
    CHECK (status <> 'refunded' OR provider_refund_id IS NOT NULL),
    CHECK (status <> 'reversed' OR (provider_refund_id IS NOT NULL AND reversed_at IS NOT NULL AND reversed_by IS NOT NULL))))";

const char* kColumns =
    "operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
    "updated_at, "
    "first_attempt_at, last_attempt_at, key_expires_at, closed_at, provider_refund_id, provider_status, "
    "unknown_reason, failure_code, resolved_by, resolved_at, resolution_note, request_ref, not_sent_attempts";

QStringList refundOpsIndexes()
{
    return {
        QStringLiteral(
            "CREATE UNIQUE INDEX one_open_refund ON refund_ops (order_id, amount_cents, request_ref) "
            "WHERE status IN ('open', 'unknown')"),
        QStringLiteral("CREATE INDEX refund_ops_by_created ON refund_ops (created_at, operation_id)"),
        QStringLiteral("CREATE INDEX refund_ops_by_status ON refund_ops (status, created_at, operation_id)"),
        QStringLiteral("CREATE INDEX refund_ops_by_order ON refund_ops (order_id)"),
        QStringLiteral("CREATE INDEX refund_ops_by_refund ON refund_ops (provider_refund_id)"),
        QStringLiteral("CREATE INDEX refund_ops_by_status_expiry ON refund_ops (status, key_expires_at)"),
        QStringLiteral("CREATE INDEX refund_ops_by_identity ON refund_ops (order_id, amount_cents, "
                       "request_ref, status, closed_at)"),
    };
}

QStringList commonTables()
{
    return {
        QStringLiteral(R"(CREATE TABLE provider_events (
            event_id TEXT PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 255),
            source TEXT NOT NULL CHECK (source IN ('webhook', 'poll')),
            received_at BIGINT NOT NULL,
            type TEXT NOT NULL,
            event_created BIGINT NOT NULL,
            refund_id TEXT,
            operation_id TEXT,
            action TEXT NOT NULL DEFAULT 'pending',
            action_detail TEXT NOT NULL DEFAULT '',
            applied_at BIGINT,
            payload TEXT NOT NULL))"),
        QStringLiteral(
            "CREATE INDEX provider_events_by_operation ON provider_events (operation_id, received_at)"),
        QStringLiteral("CREATE INDEX provider_events_by_action ON provider_events (action, received_at)"),
        QStringLiteral("CREATE INDEX provider_events_by_refund ON provider_events (refund_id)"),
        QStringLiteral(R"(CREATE TABLE reconcile_cursor (
            name TEXT PRIMARY KEY,
            event_id TEXT NOT NULL,
            event_created BIGINT NOT NULL,
            updated_at BIGINT NOT NULL))"),
    };
}

// R24 on PostgreSQL: the people's resolve path, now also the reconciler's. Differences from v4:
// the reconciler role may only resolve `refunded`, only while auto_resolve_refunded is on, and
// only with evidence naming the event and a refund on the order's payment; its audit entry says
// auto_resolved; "no refund was made" also waits for the last attempt's deadline (R16 with the R10
// clamp). Everything else is v4's rule.
const char* kResolveV5 =
    R"(CREATE OR REPLACE FUNCTION resolve_operation(p_operation_id text, p_new_status text, p_evidence jsonb,
                                  p_lookup_started_at bigint, p_note text)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER AS $$
    DECLARE
        v_role text := refund_caller_role();
        v_now bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        v_op refund_ops%ROWTYPE;
        v_cand jsonb;
        v_refund jsonb;
        v_matches boolean;
        v_dead integer := 0;
        v_other integer := 0;
        v_failure text;
        v_payment text;
        v_deadline bigint;
    BEGIN
        IF v_role IS NULL THEN
            RAISE EXCEPTION 'permission denied: login % holds no refund role that may resolve (R21)', session_user
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF p_new_status IS NULL OR p_new_status NOT IN ('refunded', 'failed') THEN
            RAISE EXCEPTION 'status: a resolution is refunded or failed, got %', COALESCE(p_new_status, 'nothing')
                USING ERRCODE = 'RF004';
        END IF;
        IF v_role = 'reconciler' THEN
            IF p_new_status <> 'refunded' THEN
                RAISE EXCEPTION 'permission denied: the reconciler never resolves an operation failed (R24); login %', session_user
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            IF COALESCE((SELECT value FROM settings WHERE key = 'auto_resolve_refunded'), 'true') <> 'true' THEN
                RAISE EXCEPTION 'R24: auto_resolve_refunded is off: the reconciler resolves nothing; a person must'
                    USING ERRCODE = 'RF001';
            END IF;
            IF jsonb_typeof(p_evidence -> 'event') IS DISTINCT FROM 'object' OR COALESCE(p_evidence -> 'event' ->> 'id', '') = '' THEN
                RAISE EXCEPTION 'evidence: the reconciler''s resolution needs the provider event (evidence.event)' USING ERRCODE = 'RF004';
            END IF;
        END IF;
        IF COALESCE(btrim(p_note), '') = '' THEN
            RAISE EXCEPTION 'note: a resolution needs a note saying what was checked' USING ERRCODE = 'RF004';
        END IF;
        IF p_evidence IS NULL OR jsonb_typeof(p_evidence) <> 'object' THEN
            RAISE EXCEPTION 'evidence: a resolution needs the lookup''s evidence as a JSON object' USING ERRCODE = 'RF004';
        END IF;
        IF p_lookup_started_at IS NOT NULL AND p_lookup_started_at > v_now + 60000 THEN
            RAISE EXCEPTION 'lookup_started_at: % is in the future (now %)', p_lookup_started_at, v_now USING ERRCODE = 'RF004';
        END IF;

        SELECT * INTO v_op FROM refund_ops WHERE operation_id = p_operation_id FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'operation: no operation %', p_operation_id USING ERRCODE = 'no_data_found';
        END IF;
        IF v_op.status = 'open' THEN
            RAISE EXCEPTION 'operation % is open: the refund tool may still be working on it, so it cannot be resolved yet',
                p_operation_id USING ERRCODE = 'RF003';
        END IF;
        IF v_op.status <> 'unknown' THEN
            RAISE EXCEPTION 'operation % was already resolved as % by % at %; nothing was changed', p_operation_id, v_op.status,
                COALESCE(v_op.resolved_by, 'the refund tool'),
                COALESCE(to_char(to_timestamp(v_op.resolved_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                         'an unknown time')
                USING ERRCODE = 'RF002';
        END IF;
        SELECT payment_intent INTO v_payment FROM orders WHERE order_id = v_op.order_id;

        FOR v_cand IN
            SELECT e FROM (SELECT p_evidence -> 'refund' AS e
                           UNION ALL
                           SELECT jsonb_array_elements(CASE WHEN jsonb_typeof(p_evidence -> 'refunds') = 'array'
                                                            THEN p_evidence -> 'refunds' ELSE '[]'::jsonb END)) s
            WHERE jsonb_typeof(e) = 'object' AND e -> 'metadata' ->> 'operation_id' = v_op.operation_id
        LOOP
            v_matches := COALESCE(v_cand ->> 'id', '') <> '' AND (v_cand -> 'amount') = to_jsonb(v_op.amount_cents)
                         AND lower(COALESCE(v_cand ->> 'currency', '')) = v_op.currency
                         AND (v_role <> 'reconciler' OR v_cand ->> 'payment_intent' IS NOT DISTINCT FROM v_payment);
            IF v_matches AND v_cand ->> 'status' IN ('succeeded', 'pending') THEN
                v_refund := COALESCE(v_refund, v_cand);
                v_other := v_other + 1;
            ELSIF v_matches AND v_cand ->> 'status' IN ('failed', 'canceled') THEN
                v_dead := v_dead + 1;
            ELSE
                v_other := v_other + 1;
            END IF;
        END LOOP;
        IF p_new_status = 'refunded' THEN
            IF v_refund IS NULL THEN
                RAISE EXCEPTION 'R16: resolving % as refunded needs evidence naming a succeeded or pending refund whose metadata.operation_id, amount (%) and currency (%) match',
                    p_operation_id, v_op.amount_cents, v_op.currency USING ERRCODE = 'RF001';
            END IF;
        ELSE
            IF v_other > 0 THEN
                RAISE EXCEPTION 'R16: the evidence holds a refund for % that is not a matching failed or canceled refund, so "no refund was made" cannot be recorded',
                    p_operation_id USING ERRCODE = 'RF001';
            END IF;
            IF v_dead > 0 THEN
                v_failure := 'refund_failed';
            ELSE
                IF (p_evidence -> 'lookup' ->> 'complete') IS DISTINCT FROM 'true' THEN
                    RAISE EXCEPTION 'R16: "no refund was made" needs a complete lookup (evidence.lookup.complete); a half-read list proves nothing'
                        USING ERRCODE = 'RF001';
                END IF;
                IF v_op.key_expires_at IS NOT NULL
                   AND (p_lookup_started_at IS NULL OR p_lookup_started_at < v_op.key_expires_at) THEN
                    RAISE EXCEPTION 'R16: "no refund was made" needs a lookup that started at or after the key expired (% ms UTC); this lookup started at % ms: the original request could still execute then, look up again',
                        v_op.key_expires_at, COALESCE(p_lookup_started_at::text, 'an unknown time') USING ERRCODE = 'RF001';
                END IF;
                -- A shortened retention (R10 clamp) can put the expiry before the deadline of an
                -- attempt still on the wire: that request may execute after the lookup.
                SELECT max(deadline_at) INTO v_deadline FROM refund_attempts
                 WHERE operation_id = p_operation_id
                   AND outcome IN ('in_flight', 'no_response', 'invalid_response', 'response_mismatch', 'in_progress');
                IF v_deadline IS NOT NULL
                   AND (p_lookup_started_at IS NULL OR p_lookup_started_at < v_deadline) THEN
                    RAISE EXCEPTION 'R16: "no refund was made" needs a lookup that started at or after the last attempt''s deadline (% ms UTC); this lookup started at % ms: that request could still execute then, look up again',
                        v_deadline, COALESCE(p_lookup_started_at::text, 'an unknown time') USING ERRCODE = 'RF001';
                END IF;
                v_failure := 'no_refund_found';
            END IF;
        END IF;

        UPDATE refund_ops
           SET status = p_new_status, provider_refund_id = v_refund ->> 'id', provider_status = v_refund ->> 'status',
               failure_code = v_failure, resolved_by = session_user, resolved_at = v_now, resolution_note = p_note,
               closed_at = v_now, updated_at = v_now
         WHERE operation_id = p_operation_id AND status = 'unknown';
        INSERT INTO audit_log (at, actor, role, action, operation_id, details)
        VALUES (v_now, session_user, v_role, 'resolve', p_operation_id,
                (jsonb_build_object('from', 'unknown', 'to', p_new_status, 'note', p_note,
                                   'provider_refund_id', COALESCE(v_refund ->> 'id', ''),
                                   'failure_code', COALESCE(v_failure, ''),
                                   'lookup_started_at', p_lookup_started_at, 'evidence', p_evidence)
                 || CASE WHEN v_role = 'reconciler'
                         THEN jsonb_build_object('auto_resolved', true, 'event_id', p_evidence -> 'event' ->> 'id')
                         ELSE '{}'::jsonb END)::text);
        RETURN p_new_status;
    END $$)";

// R4 amended, R24: refunded -> reversed, only by the reconciler and only when the provider's refund
// object (the one the row names, same amount and currency, metadata naming the row) says failed.
// SQLSTATEs as resolve_operation(): RF001 the evidence does not allow it, RF002 already reversed,
// RF003 the operation is not refunded, RF004 bad argument.
const char* kReverse =
    R"(CREATE FUNCTION reverse_operation(p_operation_id text, p_evidence jsonb, p_note text)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER AS $$
    DECLARE
        v_role text := refund_caller_role();
        v_now bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        v_op refund_ops%ROWTYPE;
        v_refund jsonb := p_evidence -> 'refund';
        v_reason text;
    BEGIN
        IF v_role IS DISTINCT FROM 'reconciler' THEN
            RAISE EXCEPTION 'permission denied: only the reconciler records a reversal, on the provider''s evidence (R4, R24); login % is %',
                session_user, COALESCE(v_role, 'no refund role') USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF COALESCE(btrim(p_note), '') = '' THEN
            RAISE EXCEPTION 'note: a reversal needs a note' USING ERRCODE = 'RF004';
        END IF;
        IF p_evidence IS NULL OR jsonb_typeof(v_refund) IS DISTINCT FROM 'object'
           OR jsonb_typeof(p_evidence -> 'event') IS DISTINCT FROM 'object' THEN
            RAISE EXCEPTION 'evidence: a reversal needs the provider''s refund object (evidence.refund) and the event (evidence.event)'
                USING ERRCODE = 'RF004';
        END IF;
        SELECT * INTO v_op FROM refund_ops WHERE operation_id = p_operation_id FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'operation: no operation %', p_operation_id USING ERRCODE = 'no_data_found';
        END IF;
        IF v_op.status = 'reversed' THEN
            RAISE EXCEPTION 'operation % was already reversed by % ; nothing was changed', p_operation_id, v_op.reversed_by
                USING ERRCODE = 'RF002';
        END IF;
        IF v_op.status <> 'refunded' THEN
            RAISE EXCEPTION 'operation % is %: only a refunded operation can be reversed (R4)', p_operation_id, v_op.status
                USING ERRCODE = 'RF003';
        END IF;
        IF v_refund ->> 'id' IS DISTINCT FROM v_op.provider_refund_id
           OR v_refund -> 'metadata' ->> 'operation_id' IS DISTINCT FROM v_op.operation_id
           OR (v_refund -> 'amount') IS DISTINCT FROM to_jsonb(v_op.amount_cents)
           OR lower(COALESCE(v_refund ->> 'currency', '')) <> v_op.currency THEN
            RAISE EXCEPTION 'R24: the evidence is not the refund % of operation % (id, metadata.operation_id, amount and currency must match)',
                v_op.provider_refund_id, p_operation_id USING ERRCODE = 'RF001';
        END IF;
        IF v_refund ->> 'status' IS DISTINCT FROM 'failed' THEN
            RAISE EXCEPTION 'R24: refund % is %, not failed: nothing to reverse', v_op.provider_refund_id,
                COALESCE(v_refund ->> 'status', 'without a status') USING ERRCODE = 'RF001';
        END IF;
        v_reason := COALESCE(NULLIF(v_refund ->> 'failure_reason', ''), 'unknown');
        UPDATE refund_ops
           SET status = 'reversed', provider_status = 'failed', failure_code = v_reason, reversed_at = v_now,
               reversed_by = session_user, updated_at = v_now
         WHERE operation_id = p_operation_id AND status = 'refunded';
        INSERT INTO audit_log (at, actor, role, action, operation_id, details)
        VALUES (v_now, session_user, v_role, 'reverse', p_operation_id,
                jsonb_build_object('from', 'refunded', 'to', 'reversed', 'note', p_note,
                                   'provider_refund_id', v_op.provider_refund_id, 'failure_reason', v_reason,
                                   'event_id', p_evidence -> 'event' ->> 'id', 'evidence', p_evidence)::text);
        RETURN 'reversed';
    END $$)";

// v4's role lookup plus the reconciler (lowest: a person's role wins).
const char* kCallerRoleV5 =
    R"(CREATE OR REPLACE FUNCTION refund_caller_role() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT COALESCE(
        (SELECT r.role_key FROM refund_roles r JOIN pg_roles g ON g.rolname = r.role_name
          WHERE r.role_key IN ('admin', 'finance', 'support', 'reconciler') AND pg_has_role(session_user, g.oid, 'USAGE')
          ORDER BY CASE r.role_key WHEN 'admin' THEN 1 WHEN 'finance' THEN 2 WHEN 'support' THEN 3 ELSE 4 END LIMIT 1),
        (SELECT 'admin' FROM pg_class c WHERE c.oid = 'refund_ops'::regclass
          AND pg_has_role(session_user, c.relowner, 'USAGE')))
$$)";

// v4's change_setting() plus auto_resolve_refunded (true/false), same messages as SettingsStore.
const char* kChangeSettingV5 = R"(CREATE OR REPLACE FUNCTION change_setting(p_key text, p_value text)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER AS $$
    DECLARE
        v_role text := refund_caller_role();
        v_now bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        v_defaults jsonb := '{"max_attempts_per_call": "3", "max_attempts_per_operation": "6", "backoff_base_ms": "250",
                              "backoff_cap_ms": "4000", "request_timeout_ms": "10000", "provider_api": "stripe_v1",
                              "lookup_concurrency": "4", "repeat_window_hours": "72", "auto_resolve_refunded": "true"}';
        v_ranges jsonb := '{"max_attempts_per_call": [1, 20], "max_attempts_per_operation": [1, 100],
                            "backoff_base_ms": [1, 60000], "backoff_cap_ms": [1, 300000],
                            "request_timeout_ms": [100, 300000], "lookup_concurrency": [1, 16],
                            "repeat_window_hours": [1, 8760]}';
        v_values jsonb;
        v_new text;
        v_old text;
        v_int bigint;
        v_call bigint; v_op bigint; v_base bigint; v_cap bigint;
    BEGIN
        IF v_role IS DISTINCT FROM 'admin' THEN
            RAISE EXCEPTION 'permission denied: only refund_admin changes settings (R20, R21); login % is %',
                session_user, COALESCE(v_role, 'no refund role') USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF p_key IS NULL OR NOT v_defaults ? p_key THEN
            RAISE EXCEPTION '%: unknown setting; known settings are max_attempts_per_call, max_attempts_per_operation, backoff_base_ms, backoff_cap_ms, request_timeout_ms, provider_api, lookup_concurrency, repeat_window_hours, auto_resolve_refunded',
                COALESCE(p_key, '') USING ERRCODE = 'RF004';
        END IF;
        PERFORM pg_advisory_xact_lock(727100002);
        IF p_key = 'provider_api' THEN
            v_new := btrim(COALESCE(p_value, ''));
            IF v_new NOT IN ('stripe_v1', 'stripe_v2') THEN
                RAISE EXCEPTION 'provider_api: must be stripe_v1 or stripe_v2, got "%"', p_value USING ERRCODE = 'RF004';
            END IF;
        ELSIF p_key = 'auto_resolve_refunded' THEN
            v_new := lower(btrim(COALESCE(p_value, '')));
            IF v_new NOT IN ('true', 'false') THEN
                RAISE EXCEPTION 'auto_resolve_refunded: must be true or false, got "%"', p_value USING ERRCODE = 'RF004';
            END IF;
        ELSE
            IF btrim(COALESCE(p_value, '')) !~ '^[+-]?[0-9]{1,18}$' THEN
                RAISE EXCEPTION '%: must be a whole number, got "%"', p_key, p_value USING ERRCODE = 'RF004';
            END IF;
            v_int := btrim(p_value)::bigint;
            IF v_int < (v_ranges -> p_key ->> 0)::bigint OR v_int > (v_ranges -> p_key ->> 1)::bigint THEN
                RAISE EXCEPTION '%: must be between % and %, got %', p_key, v_ranges -> p_key ->> 0, v_ranges -> p_key ->> 1, v_int
                    USING ERRCODE = 'RF004';
            END IF;
            v_new := v_int::text;
        END IF;
        SELECT v_defaults || COALESCE(jsonb_object_agg(key, value), '{}'::jsonb) INTO v_values
          FROM settings WHERE v_defaults ? key;
        v_old := v_values ->> p_key;
        v_values := v_values || jsonb_build_object(p_key, v_new);
        v_call := (v_values ->> 'max_attempts_per_call')::bigint;
        v_op := (v_values ->> 'max_attempts_per_operation')::bigint;
        v_base := (v_values ->> 'backoff_base_ms')::bigint;
        v_cap := (v_values ->> 'backoff_cap_ms')::bigint;
        IF v_call > v_op THEN
            IF p_key = 'max_attempts_per_operation' THEN
                RAISE EXCEPTION 'max_attempts_per_operation: % is below max_attempts_per_call (%); lower that first', v_op, v_call
                    USING ERRCODE = 'RF004';
            END IF;
            RAISE EXCEPTION 'max_attempts_per_call: % is above max_attempts_per_operation (%); a call could never use them all', v_call, v_op
                USING ERRCODE = 'RF004';
        END IF;
        IF v_cap < v_base THEN
            IF p_key = 'backoff_base_ms' THEN
                RAISE EXCEPTION 'backoff_base_ms: % is above backoff_cap_ms (%); raise that first', v_base, v_cap USING ERRCODE = 'RF004';
            END IF;
            RAISE EXCEPTION 'backoff_cap_ms: % is below backoff_base_ms (%)', v_cap, v_base USING ERRCODE = 'RF004';
        END IF;
        IF v_old = v_new THEN
            RETURN v_new;
        END IF;
        INSERT INTO settings (key, value, updated_at, updated_by) VALUES (p_key, v_new, v_now, session_user)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,
                                            updated_by = excluded.updated_by;
        INSERT INTO audit_log (at, actor, role, action, operation_id, details)
        VALUES (v_now, session_user, v_role, 'settings.set', NULL,
                jsonb_build_object('key', p_key, 'old', v_old, 'new', v_new)::text);
        RETURN v_new;
    END $$)";

} // namespace

Migration reconcileMigration()
{
    Migration m;
    m.version = 5;
    m.name =
        "reconciliation: reversed status, provider events stored once, event cursor, auto_resolve_refunded";
    m.common = commonTables();

    m.sqliteOnly << QString::fromLatin1(kSqliteTable)
                 << QStringLiteral("INSERT INTO refund_ops_v5 (%1) SELECT %1 FROM refund_ops")
                        .arg(QString::fromLatin1(kColumns))
                 << QStringLiteral("DROP TABLE refund_ops")
                 << QStringLiteral("ALTER TABLE refund_ops_v5 RENAME TO refund_ops");
    m.sqliteOnly += refundOpsIndexes();
    m.sqliteOnly += DatabaseGuard::refundOpsTriggersV5Sqlite();

    m.postgresOnly = {
        QStringLiteral("ALTER TABLE refund_ops DROP CONSTRAINT refund_ops_status_check"),
        QStringLiteral("ALTER TABLE refund_ops ADD CONSTRAINT refund_ops_status_check "
                       "CHECK (status IN ('open', 'unknown', 'refunded', 'failed', 'reversed'))"),
        QStringLiteral("ALTER TABLE refund_ops ADD COLUMN reversed_at BIGINT"),
        QStringLiteral("ALTER TABLE refund_ops ADD COLUMN reversed_by TEXT"),
        QStringLiteral(
            "ALTER TABLE refund_ops ADD CONSTRAINT refund_ops_reversed_check CHECK (status <> 'reversed' OR "
            "(provider_refund_id IS NOT NULL AND reversed_at IS NOT NULL AND reversed_by IS NOT NULL))"),
        QStringLiteral("ALTER TABLE refund_roles DROP CONSTRAINT refund_roles_role_key_check"),
        QStringLiteral("ALTER TABLE refund_roles ADD CONSTRAINT refund_roles_role_key_check "
                       "CHECK (role_key IN ('support', 'finance', 'admin', 'tool', 'reconciler'))"),
        QString::fromLatin1(kCallerRoleV5),
        QString::fromLatin1(kResolveV5),
        QString::fromLatin1(kChangeSettingV5),
        QString::fromLatin1(kReverse),
        QStringLiteral("REVOKE ALL ON FUNCTION reverse_operation(text, jsonb, text) FROM PUBLIC"),
        QStringLiteral("CREATE TRIGGER provider_events_notify_change AFTER INSERT OR UPDATE OR DELETE ON "
                       "provider_events "
                       "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
    };
    m.postgresOnly += DatabaseGuard::refundOpsGuardV5Postgres();
    m.postgresOnly << QStringLiteral(
        R"(DO $$ DECLARE f text; BEGIN
            FOREACH f IN ARRAY ARRAY['refund_caller_role()', 'resolve_operation(text, text, jsonb, bigint, text)',
                                     'change_setting(text, text)', 'reverse_operation(text, jsonb, text)',
                                     'refund_ops_guard()'] LOOP
                EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
            END LOOP;
        END $$)");
    return m;
}
