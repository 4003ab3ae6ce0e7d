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
//   event), and reverses through reverse_operation(); both SECURITY DEFINER, actor session_user
//   (TransitionFunctions, applied with the rest of the guard after the last step).
//
// SQLite cannot change a CHECK constraint, so refund_ops is rebuilt (SQLite's documented
// procedure: SchemaMigrator runs SQLite steps with foreign keys off and checks them before the
// commit). The rebuild drops the table's triggers; the guard's are created after the last step.
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
        QStringLiteral("CREATE TRIGGER provider_events_notify_change AFTER INSERT OR UPDATE OR DELETE ON "
                       "provider_events "
                       "FOR EACH STATEMENT EXECUTE FUNCTION refund_notify_change()"),
    };
    return m;
}
