#include "db/TransitionFunctions.h"

// The people's and the reconciler's transitions on PostgreSQL (R16, R17, R20, R21, R24), as the
// latest schema defines them. They run SECURITY DEFINER with a pinned search_path, take the actor
// from session_user and the role from refund_roles (filled by `refund-tool db roles`, which also
// hands them to a NOLOGIN owner role with just the privileges they need and grants EXECUTE to the
// refund roles). Until then only the schema owner may call them; PUBLIC never executes them.
// CREATE OR REPLACE keeps that owner and those grants when SchemaMigrator applies them again.
namespace {

// The refund role a login holds, highest first, from the names `db roles` recorded; a person's
// role wins over the reconciler's. The schema owner (and a superuser) counts as admin, as
// RoleManager::currentRole() says. NULL: none.
const char* kCallerRole =
    R"(CREATE OR REPLACE FUNCTION refund_caller_role() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT COALESCE(
        (SELECT r.role_key FROM refund_roles r JOIN pg_roles g ON g.rolname = r.role_name
          WHERE r.role_key IN ('admin', 'finance', 'support', 'reconciler') AND pg_has_role(session_user, g.oid, 'USAGE')
          ORDER BY CASE r.role_key WHEN 'admin' THEN 1 WHEN 'finance' THEN 2 WHEN 'support' THEN 3 ELSE 4 END LIMIT 1),
        (SELECT 'admin' FROM pg_class c WHERE c.oid = 'refund_ops'::regclass
          AND pg_has_role(session_user, c.relowner, 'USAGE')))
$$)";

// R16 + R17 in one transaction, for people and for the reconciler. SQLSTATEs the client maps
// (Database::errorFrom): RF001 refused by R16 or R24, RF002 already resolved (R17), RF003 the
// operation is open, RF004 bad argument (message starts with the field), P0002 no such operation.
// The reconciler role may only resolve `refunded`, only while auto_resolve_refunded is on, and
// only with evidence naming the event and a refund on the order's payment; its audit entry says
// auto_resolved. "No refund was made" also waits for the last attempt's deadline (R16 with the
// R10 clamp).
const char* kResolve =
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
    R"(CREATE OR REPLACE FUNCTION reverse_operation(p_operation_id text, p_evidence jsonb, p_note text)
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

// R20: the same ranges and cross-field rules as SettingsStore (SettingsValidation.cpp), with the
// same messages; audited with old and new value (defaults count as the old value). Two admins
// saving at once validate one after the other (the same advisory lock as SettingsStore).
const char* kChangeSetting = R"(CREATE OR REPLACE FUNCTION change_setting(p_key text, p_value text)
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

namespace TransitionFunctions {

QStringList createStatements()
{
    return {QString::fromLatin1(kCallerRole), QString::fromLatin1(kResolve), QString::fromLatin1(kReverse),
            QString::fromLatin1(kChangeSetting)};
}

QString callerRoleSignature()
{
    return QStringLiteral("refund_caller_role()");
}

QStringList transitionSignatures()
{
    return {QStringLiteral("resolve_operation(text, text, jsonb, bigint, text)"),
            QStringLiteral("reverse_operation(text, jsonb, text)"), QStringLiteral("change_setting(text, text)")};
}

} // namespace TransitionFunctions
