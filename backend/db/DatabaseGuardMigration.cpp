#include "db/DatabaseGuard.h"
#include "db/Migration.h"

// Schema v4 (issue 11, "the database is the guard").
//
// Both engines: the row invariants of DatabaseGuard replace v1's closed-row triggers.
//
// PostgreSQL also gets the people's transitions as functions (R16, R17, R20, R21):
// resolve_operation() and change_setting() run SECURITY DEFINER with a pinned search_path, take
// the actor from session_user and the role from refund_roles (filled by `refund-tool db roles`,
// which also hands the functions to a NOLOGIN owner role with just the privileges they need and
// grants EXECUTE to the refund roles). Until then only the schema owner may call them. PUBLIC
// never executes them.
namespace {

// The refund role a login holds, highest first, from the names `db roles` recorded; the schema
// owner (and a superuser) counts as admin, as RoleManager::currentRole() says. NULL: none.
const char* kCallerRole = R"(CREATE FUNCTION refund_caller_role() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT COALESCE(
        (SELECT r.role_key FROM refund_roles r JOIN pg_roles g ON g.rolname = r.role_name
          WHERE r.role_key IN ('admin', 'finance', 'support') AND pg_has_role(session_user, g.oid, 'USAGE')
          ORDER BY CASE r.role_key WHEN 'admin' THEN 1 WHEN 'finance' THEN 2 ELSE 3 END LIMIT 1),
        (SELECT 'admin' FROM pg_class c WHERE c.oid = 'refund_ops'::regclass
          AND pg_has_role(session_user, c.relowner, 'USAGE')))
$$)";

// R16 + R17 in one transaction. SQLSTATEs the client maps (Database::errorFrom):
// RF001 refused by R16, RF002 already resolved (R17), RF003 the operation is open,
// RF004 bad argument (message starts with the field), P0002 no such operation.
const char* kResolve =
    R"(CREATE FUNCTION resolve_operation(p_operation_id text, p_new_status text, p_evidence jsonb,
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
    BEGIN
        IF v_role IS NULL THEN
            RAISE EXCEPTION 'permission denied: login % holds no refund role that may resolve (R21)', session_user
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF p_new_status IS NULL OR p_new_status NOT IN ('refunded', 'failed') THEN
            RAISE EXCEPTION 'status: a resolution is refunded or failed, got %', COALESCE(p_new_status, 'nothing')
                USING ERRCODE = 'RF004';
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

        -- R17: compare-and-set under the row lock; a second reviewer waits, then sees the first one's result.
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

        -- R16: the refunds the evidence names for this operation (evidence.refund, evidence.refunds[]).
        FOR v_cand IN
            SELECT e FROM (SELECT p_evidence -> 'refund' AS e
                           UNION ALL
                           SELECT jsonb_array_elements(CASE WHEN jsonb_typeof(p_evidence -> 'refunds') = 'array'
                                                            THEN p_evidence -> 'refunds' ELSE '[]'::jsonb END)) s
            WHERE jsonb_typeof(e) = 'object' AND e -> 'metadata' ->> 'operation_id' = v_op.operation_id
        LOOP
            v_matches := COALESCE(v_cand ->> 'id', '') <> '' AND (v_cand -> 'amount') = to_jsonb(v_op.amount_cents)
                         AND lower(COALESCE(v_cand ->> 'currency', '')) = v_op.currency;
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
                jsonb_build_object('from', 'unknown', 'to', p_new_status, 'note', p_note,
                                   'provider_refund_id', COALESCE(v_refund ->> 'id', ''),
                                   'failure_code', COALESCE(v_failure, ''),
                                   'lookup_started_at', p_lookup_started_at, 'evidence', p_evidence)::text);
        RETURN p_new_status;
    END $$)";

// R20: the same ranges and cross-field rules as SettingsStore::assign()/validate(), with the
// same messages; audited with old and new value (defaults count as the old value).
const char* kChangeSetting = R"(CREATE FUNCTION change_setting(p_key text, p_value text)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER AS $$
    DECLARE
        v_role text := refund_caller_role();
        v_now bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        v_defaults jsonb := '{"max_attempts_per_call": "3", "max_attempts_per_operation": "6", "backoff_base_ms": "250",
                              "backoff_cap_ms": "4000", "request_timeout_ms": "10000", "provider_api": "stripe_v1",
                              "lookup_concurrency": "4", "repeat_window_hours": "72"}';
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
            RAISE EXCEPTION '%: unknown setting; known settings are max_attempts_per_call, max_attempts_per_operation, backoff_base_ms, backoff_cap_ms, request_timeout_ms, provider_api, lookup_concurrency, repeat_window_hours',
                COALESCE(p_key, '') USING ERRCODE = 'RF004';
        END IF;
        -- Two admins saving at once validate one after the other (same lock as SettingsStore).
        PERFORM pg_advisory_xact_lock(727100002);
        IF p_key = 'provider_api' THEN
            v_new := btrim(COALESCE(p_value, ''));
            IF v_new NOT IN ('stripe_v1', 'stripe_v2') THEN
                RAISE EXCEPTION 'provider_api: must be stripe_v1 or stripe_v2, got "%"', p_value USING ERRCODE = 'RF004';
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
            RETURN v_new;   -- not a change, not audited
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

Migration databaseGuardMigration()
{
    Migration m;
    m.version = 4;
    m.name = "database guard: row invariants, transition functions";
    m.sqliteOnly = QStringList{QStringLiteral("DROP TRIGGER refund_ops_closed_rows_are_final"),
                               QStringLiteral("DROP TRIGGER refund_ops_closed_rows_not_deleted")} +
                   DatabaseGuard::createStatements(/*sqlite=*/true);
    m.postgresOnly = QStringList{
        QStringLiteral("DROP TRIGGER refund_ops_closed_rows_are_final ON refund_ops"),
        QStringLiteral("DROP FUNCTION refund_ops_closed_rows_are_final()"),
        // The database role names of the refund roles, written by `refund-tool db roles` (the names
        // carry a per-installation prefix, so the functions cannot know them in advance).
        QStringLiteral(
            "CREATE TABLE refund_roles (role_key TEXT PRIMARY KEY "
            "CHECK (role_key IN ('support', 'finance', 'admin', 'tool')), role_name TEXT NOT NULL)"),
        QString::fromLatin1(kCallerRole),
        QString::fromLatin1(kResolve),
        QString::fromLatin1(kChangeSetting),
        QStringLiteral("REVOKE ALL ON FUNCTION resolve_operation(text, text, jsonb, bigint, text), "
                       "change_setting(text, text) FROM PUBLIC"),
    };
    m.postgresOnly += DatabaseGuard::createStatements(/*sqlite=*/false);
    // Pinned search_path: a login's temporary table or function of the same name never stands in.
    m.postgresOnly << QStringLiteral(
        R"(DO $$ DECLARE f text; BEGIN
            FOREACH f IN ARRAY ARRAY['refund_caller_role()', 'resolve_operation(text, text, jsonb, bigint, text)',
                                     'change_setting(text, text)', 'refund_ops_guard()', 'refund_attempts_guard()',
                                     'refund_append_only()'] LOOP
                EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
            END LOOP;
        END $$)");
    return m;
}
