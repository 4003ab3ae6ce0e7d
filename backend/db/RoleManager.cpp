#include "db/RoleManager.h"

#include "Logging.h"
#include "db/HistoryRollups.h"
#include "db/LogicalRefundRepeats.h"
#include "db/OperationSearch.h"

#include <QRegularExpression>
#include <QSqlQuery>

namespace {
using Code = StoreError::Code;

// Every table of the operation database (SchemaMigrator), including the migrations table
// SchemaMigrator::check() reads on connect.
const QStringList& allTables()
{
    static const QStringList tables = {
        QStringLiteral("orders"), QStringLiteral("refund_ops"), QStringLiteral("refund_attempts"),
        QStringLiteral("tool_calls"), QStringLiteral("audit_log"), QStringLiteral("settings"),
        QStringLiteral("schema_migrations"), QStringLiteral("provider_events"), QStringLiteral("reconcile_cursor"),
        // v6: the history rollups, v7: the search index, v8: logical refund repeats (read by every
        // role, written by triggers only).
        QStringLiteral("history_day_ops"), QStringLiteral("history_day_resolves"), QStringLiteral("refund_ops_search"),
        QStringLiteral("logical_refund_repeats")};
    return tables;
}

// The refund tool's own transitions (OperationStore's write path) and nothing else: claim an
// attempt, count a not-sent attempt, close refunded/failed, mark unknown, the R10 clamp and sweep.
// Never the identity columns, never the resolution columns (resolved_by, resolved_at,
// resolution_note): those are resolve_operation()'s.
const QStringList& toolOperationColumns()
{
    static const QStringList columns = {QStringLiteral("status"),
                                        QStringLiteral("attempts"),
                                        QStringLiteral("not_sent_attempts"),
                                        QStringLiteral("first_attempt_at"),
                                        QStringLiteral("last_attempt_at"),
                                        QStringLiteral("key_expires_at"),
                                        QStringLiteral("closed_at"),
                                        QStringLiteral("provider_refund_id"),
                                        QStringLiteral("provider_status"),
                                        QStringLiteral("unknown_reason"),
                                        QStringLiteral("failure_code"),
                                        QStringLiteral("updated_at")};
    return columns;
}

// An attempt's answer, recorded after the request (R12); its identity stays as inserted.
const QStringList& toolAttemptColumns()
{
    static const QStringList columns = {QStringLiteral("finished_at"),  QStringLiteral("outcome"),
                                        QStringLiteral("http_status"),  QStringLiteral("provider_request_id"),
                                        QStringLiteral("replayed"),     QStringLiteral("error_code"),
                                        QStringLiteral("error_message")};
    return columns;
}

// A tool call's result (R8, R12).
const QStringList& toolCallColumns()
{
    static const QStringList columns = {QStringLiteral("result_status"), QStringLiteral("result_reason"),
                                        QStringLiteral("finished_at"),
                                        QStringLiteral("answered_from_refunded")};
    return columns;
}

// What resolve_operation() writes (R16, R17).
const QStringList& resolutionColumns()
{
    static const QStringList columns = {
        QStringLiteral("status"),          QStringLiteral("provider_refund_id"),
        QStringLiteral("provider_status"), QStringLiteral("failure_code"),
        QStringLiteral("resolved_by"),     QStringLiteral("resolved_at"),
        QStringLiteral("resolution_note"), QStringLiteral("closed_at"),
        QStringLiteral("updated_at"),      QStringLiteral("reversed_at"),
        QStringLiteral("reversed_by")};
    return columns;
}

// What the reconciler writes itself (R24): the record of each event and what was done with it.
const QStringList& reconcilerEventColumns()
{
    static const QStringList columns = {QStringLiteral("refund_id"), QStringLiteral("operation_id"),
                                        QStringLiteral("action"), QStringLiteral("action_detail"),
                                        QStringLiteral("applied_at")};
    return columns;
}

const QString kResolveSignature = QStringLiteral("resolve_operation(text, text, jsonb, bigint, text)");
const QString kChangeSettingSignature = QStringLiteral("change_setting(text, text)");
const QString kReverseSignature = QStringLiteral("reverse_operation(text, jsonb, text)");

bool validPrefix(const QString& prefix)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9_]{0,40}$"));
    return re.match(prefix).hasMatch();
}
} // namespace

QString RoleManager::roleKey(Role role)
{
    switch (role) {
    case Role::Support:
        return QStringLiteral("support");
    case Role::Finance:
        return QStringLiteral("finance");
    case Role::Admin:
        return QStringLiteral("admin");
    case Role::Tool:
        return QStringLiteral("tool");
    case Role::Reconciler:
        return QStringLiteral("reconciler");
    }
    return {};
}

std::optional<RoleManager::Role> RoleManager::roleFromKey(const QString& key)
{
    for (Role r : allRoles()) {
        if (roleKey(r) == key.trimmed().toLower())
            return r;
    }
    return std::nullopt;
}

QString RoleManager::sqliteMessage()
{
    return QStringLiteral("SQLite is single-user: roles are not a security boundary");
}

RoleManager::RoleManager(Database& db, QString prefix)
    : m_db(db)
    , m_prefix(std::move(prefix))
{
}

QString RoleManager::roleName(Role role) const
{
    return m_prefix + QStringLiteral("refund_") + roleKey(role);
}

QString RoleManager::guardRoleName() const
{
    return m_prefix + QStringLiteral("refund_guard");
}

QString RoleManager::quoteIdentifier(const QString& name)
{
    QString inner = name;
    inner.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + inner + QLatin1Char('"');
}

StoreResult<void> RoleManager::checkUsable() const
{
    if (m_db.isSqlite())
        return StoreError::make(Code::NotAllowed, sqliteMessage());
    if (!validPrefix(m_prefix))
        return StoreError::make(
            Code::InvalidArgument,
            QStringLiteral("role-prefix: only lower-case letters, digits and _ (at most 40), got \"%1\"")
                .arg(m_prefix),
            QStringLiteral("role-prefix"));
    return {};
}

StoreResult<QStringList> RoleManager::createRoles()
{
    if (auto r = checkUsable(); !r)
        return r.error();
    QStringList done;
    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();

    auto exec = [&](const QString& sql, const QString& context) -> StoreResult<void> {
        return m_db.runScript(sql, context);
    };

    for (Role role : allRoles()) {
        const QString name = roleName(role);
        // CREATE ROLE has no IF NOT EXISTS. A concurrent creator makes ours fail with
        // duplicate_object or (racing on pg_authid's index) unique_violation: both mean "exists".
        const QString sql =
            QStringLiteral("DO $$ BEGIN CREATE ROLE %1 NOLOGIN; "
                           "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$")
                .arg(quoteIdentifier(name));
        if (auto r = exec(sql, QStringLiteral("create role %1").arg(name)); !r)
            return r.error();
        done << QStringLiteral("role %1 (NOLOGIN)").arg(name);
    }
    const QString support = quoteIdentifier(roleName(Role::Support));
    const QString finance = quoteIdentifier(roleName(Role::Finance));
    const QString admin = quoteIdentifier(roleName(Role::Admin));
    const QString tool = quoteIdentifier(roleName(Role::Tool));
    const QString reconciler = quoteIdentifier(roleName(Role::Reconciler));
    const QString everyone = QStringList{support, finance, admin, tool, reconciler}.join(QStringLiteral(", "));
    const QString tables = allTables().join(QStringLiteral(", "));

    auto sequenceOf = [&](const QString& table) -> StoreResult<QString> {
        auto q = m_db.run(QStringLiteral("SELECT pg_get_serial_sequence(?, 'id')"), {table},
                          QStringLiteral("find the id sequence of %1").arg(table));
        if (!q)
            return q.error();
        if (!q.value().next() || q.value().value(0).isNull())
            return StoreError::make(
                Code::NotFound,
                QStringLiteral("%1 has no id sequence; run `refund-tool db migrate`").arg(table));
        return q.value().value(0).toString(); // already quoted and schema-qualified by PostgreSQL
    };
    auto auditSeq = sequenceOf(QStringLiteral("audit_log"));
    auto attemptSeq = sequenceOf(QStringLiteral("refund_attempts"));
    auto toolCallSeq = sequenceOf(QStringLiteral("tool_calls"));
    for (const auto* s : {&auditSeq, &attemptSeq, &toolCallSeq}) {
        if (!*s)
            return s->error();
    }

    auto where = m_db.run(QStringLiteral("SELECT current_database(), current_schema()"), {},
                          QStringLiteral("read database and schema"));
    if (!where)
        return where.error();
    where.value().next();
    const QString database = quoteIdentifier(where.value().value(0).toString());
    const QString schema = quoteIdentifier(where.value().value(1).toString());

    // The NOLOGIN owner of resolve_operation() and change_setting(): SECURITY DEFINER functions
    // run with its privileges, which are exactly what the two functions write, so a fault in
    // them cannot reach further. The caller becomes a member only to hand the functions over.
    const QString guard = quoteIdentifier(guardRoleName());
    {
        const QString sql =
            QStringLiteral("DO $$ BEGIN CREATE ROLE %1 NOLOGIN; "
                           "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$")
                .arg(guard);
        if (auto r = exec(sql, QStringLiteral("create role %1").arg(guardRoleName())); !r)
            return r.error();
    }
    const QString everyoneAndGuard = everyone + QStringLiteral(", ") + guard;
    const QString sequences =
        QStringList{auditSeq.value(), attemptSeq.value(), toolCallSeq.value()}.join(QStringLiteral(", "));

    QStringList statements = {
        // Exactly the grants below, whatever an earlier version or a person granted before.
        QStringLiteral("REVOKE ALL ON TABLE %1, refund_roles FROM %2").arg(tables, everyoneAndGuard),
        QStringLiteral("REVOKE ALL ON SEQUENCE %1 FROM %2").arg(sequences, everyoneAndGuard),
        QStringLiteral("REVOKE ALL ON FUNCTION %1, %2, %3 FROM PUBLIC, %4")
            .arg(kResolveSignature, kChangeSettingSignature, kReverseSignature, everyone),
        QStringLiteral("GRANT CONNECT ON DATABASE %1 TO %2").arg(database, everyone),
        QStringLiteral("GRANT USAGE ON SCHEMA %1 TO %2").arg(schema, everyoneAndGuard),
        QStringLiteral("GRANT %1 TO %2").arg(support, finance),
        QStringLiteral("GRANT %1 TO %2").arg(finance, admin),
        // People read; they write only through the functions (R21).
        QStringLiteral("GRANT SELECT ON TABLE %1 TO %2, %3, %4").arg(tables, support, tool, reconciler),
        // The reconciler (R24): resolves and reverses only through the functions; it stores the
        // events it saw and its polling cursor itself.
        QStringLiteral("GRANT EXECUTE ON FUNCTION %1, %2 TO %3").arg(kResolveSignature, kReverseSignature, reconciler),
        QStringLiteral("GRANT INSERT ON TABLE provider_events TO %1").arg(reconciler),
        QStringLiteral("GRANT UPDATE (%1) ON TABLE provider_events TO %2")
            .arg(reconcilerEventColumns().join(QStringLiteral(", ")), reconciler),
        QStringLiteral("GRANT INSERT, UPDATE ON TABLE reconcile_cursor TO %1").arg(reconciler),
        QStringLiteral("GRANT EXECUTE ON FUNCTION %1 TO %2").arg(kResolveSignature, support),
        QStringLiteral("GRANT EXECUTE ON FUNCTION %1 TO %2").arg(kChangeSettingSignature, admin),
        // The tool: its own transitions only (the v4 triggers check each row's move as well).
        QStringLiteral("GRANT INSERT ON TABLE refund_ops, refund_attempts, tool_calls TO %1").arg(tool),
        QStringLiteral("GRANT UPDATE (%1) ON TABLE refund_ops TO %2")
            .arg(toolOperationColumns().join(QStringLiteral(", ")), tool),
        QStringLiteral("GRANT UPDATE (%1) ON TABLE refund_attempts TO %2")
            .arg(toolAttemptColumns().join(QStringLiteral(", ")), tool),
        QStringLiteral("GRANT UPDATE (%1) ON TABLE tool_calls TO %2")
            .arg(toolCallColumns().join(QStringLiteral(", ")), tool),
        QStringLiteral("GRANT USAGE ON SEQUENCE %1, %2 TO %3")
            .arg(attemptSeq.value(), toolCallSeq.value(), tool),
        // OperationStore::openOrJoin locks the order row (SELECT ... FOR UPDATE, serialising the R5
        // check), and PostgreSQL requires UPDATE on at least one column for that lock. created_at
        // is the one column whose change cannot move money or identity.
        QStringLiteral("GRANT UPDATE (created_at) ON TABLE orders TO %1").arg(tool),
        // The functions' owner: what resolve_operation() and change_setting() read and write.
        QStringLiteral("GRANT SELECT ON TABLE refund_ops, settings, refund_roles, orders TO %1").arg(guard),
        QStringLiteral("GRANT UPDATE (%1) ON TABLE refund_ops TO %2")
            .arg(resolutionColumns().join(QStringLiteral(", ")), guard),
        QStringLiteral("GRANT INSERT ON TABLE audit_log TO %1").arg(guard),
        QStringLiteral("GRANT USAGE ON SEQUENCE %1 TO %2").arg(auditSeq.value(), guard),
        QStringLiteral("GRANT INSERT, UPDATE ON TABLE settings TO %1").arg(guard),
        // v6: the rollup triggers (SECURITY DEFINER, so they work for every login's writes) read
        // an operation's children, lock its row (FOR NO KEY UPDATE needs one UPDATE column, which
        // the resolution grant above gives) and write only the rollup tables.
        QStringLiteral("GRANT SELECT ON TABLE tool_calls, refund_attempts TO %1").arg(guard),
        QStringLiteral("GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %1 TO %2")
            .arg(HistoryRollups::tables().join(QStringLiteral(", ")), guard),
        // v7: the search index's trigger adds an operation's rows and replaces its refund id's.
        QStringLiteral("GRANT SELECT, INSERT, UPDATE ON TABLE %1 TO %2").arg(OperationSearch::tables().join(QStringLiteral(", ")), guard),
        // v8: the repeats trigger adds an identity once (INSERT ... ON CONFLICT DO NOTHING).
        QStringLiteral("GRANT SELECT, INSERT ON TABLE %1 TO %2")
            .arg(LogicalRefundRepeats::tables().join(QStringLiteral(", ")), guard),
        // Hand the functions over. ALTER ... OWNER needs membership in the new owner and its CREATE
        // on the schema; the CREATE is taken back at once (the functions never create anything).
        QStringLiteral("GRANT %1 TO CURRENT_USER").arg(guard),
        // The schema's owner too, whoever runs this (a superuser, say): `db migrate` re-applies
        // the guard's functions (CREATE OR REPLACE), which needs membership in their owner.
        QStringLiteral("DO $$ BEGIN EXECUTE format('GRANT %I TO %I', '%1', "
                       "(SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'refund_ops'::regclass)); END $$")
            .arg(guardRoleName()),
        QStringLiteral("GRANT CREATE ON SCHEMA %1 TO %2").arg(schema, guard),
        QStringLiteral("ALTER FUNCTION %1 OWNER TO %2").arg(kResolveSignature, guard),
        QStringLiteral("ALTER FUNCTION %1 OWNER TO %2").arg(kChangeSettingSignature, guard),
        QStringLiteral("ALTER FUNCTION %1 OWNER TO %2").arg(kReverseSignature, guard),
    };
    for (const QString& signature : HistoryRollups::postgresFunctionSignatures() +
                                        OperationSearch::postgresFunctionSignatures() +
                                        LogicalRefundRepeats::postgresFunctionSignatures())
        statements << QStringLiteral("ALTER FUNCTION %1 OWNER TO %2").arg(signature, guard);
    statements += QStringList{
        QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM %2").arg(schema, guard),
        // The names the functions look the caller's role up by (this installation's prefix).
        QStringLiteral("DELETE FROM refund_roles"),
    };
    for (Role role : allRoles())
        statements << QStringLiteral("INSERT INTO refund_roles (role_key, role_name) VALUES ('%1', '%2')")
                          .arg(roleKey(role), roleName(role)); // prefix and keys are [a-z0-9_]
    for (const QString& sql : std::as_const(statements)) {
        if (auto r = exec(sql, QStringLiteral("grant")); !r)
            return r.error();
    }
    if (auto r = tx.commit(); !r)
        return r.error();
    done
        << QStringLiteral(
               "%1: SELECT on every table; EXECUTE resolve_operation(); no INSERT, UPDATE or DELETE")
               .arg(roleName(Role::Support))
        << QStringLiteral("%1: member of %2 (history and exports are reads)")
               .arg(roleName(Role::Finance), roleName(Role::Support))
        << QStringLiteral("%1: member of %2; EXECUTE change_setting()")
               .arg(roleName(Role::Admin), roleName(Role::Finance))
        << QStringLiteral(
               "%1: SELECT on every table; INSERT on refund_ops, refund_attempts, tool_calls; UPDATE (%2) on "
               "refund_ops, UPDATE of the outcome columns of refund_attempts and tool_calls; "
               "UPDATE (created_at) on orders for the row lock; no settings, no audit_log")
               .arg(roleName(Role::Tool), toolOperationColumns().join(QStringLiteral(", ")))
        << QStringLiteral("%1: SELECT on every table; EXECUTE resolve_operation() (unknown -> refunded only) and "
                          "reverse_operation(); INSERT on provider_events, UPDATE (%2) there; INSERT, UPDATE on "
                          "reconcile_cursor; no direct change of operations")
               .arg(roleName(Role::Reconciler), reconcilerEventColumns().join(QStringLiteral(", ")))
        << QStringLiteral("%1 (NOLOGIN): owns resolve_operation(), change_setting(), reverse_operation(), the history rollup triggers and the search index trigger").arg(guardRoleName());
    Logging::info(QStringLiteral("refund roles created or updated on %1").arg(m_db.url().display()));
    return done;
}

StoreResult<QStringList> RoleManager::grant(const QString& login, Role role)
{
    if (auto r = checkUsable(); !r)
        return r.error();
    if (login.trimmed().isEmpty())
        return StoreError::make(Code::InvalidArgument, QStringLiteral("user: the login name is empty"),
                                QStringLiteral("user"));
    auto exists = [&](const QString& name) -> StoreResult<bool> {
        auto q = m_db.run(QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname = ?"), {name},
                          QStringLiteral("look up role %1").arg(name));
        if (!q)
            return q.error();
        q.value().next();
        return q.value().value(0).toInt() > 0;
    };
    auto loginExists = exists(login);
    if (!loginExists)
        return loginExists.error();
    if (!loginExists.value())
        return StoreError::make(Code::NotFound,
                                QStringLiteral("user: no database role named \"%1\"; create it first, e.g. "
                                               "CREATE ROLE \"%1\" LOGIN PASSWORD '...'")
                                    .arg(login),
                                QStringLiteral("user"));
    for (Role r : allRoles()) {
        auto e = exists(roleName(r));
        if (!e)
            return e.error();
        if (!e.value())
            return StoreError::make(
                Code::NotFound,
                QStringLiteral("role: %1 does not exist; run `refund-tool db roles` first").arg(roleName(r)),
                QStringLiteral("role"));
    }

    WriteTransaction tx(m_db);
    if (auto r = tx.begin(); !r)
        return r.error();
    QStringList revoked;
    for (Role other : allRoles()) {
        if (other == role)
            continue;
        auto q = m_db.run(
            QStringLiteral("SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
                           "JOIN pg_roles u ON u.oid = m.member WHERE g.rolname = ? AND u.rolname = ?"),
            {roleName(other), login}, QStringLiteral("read memberships"));
        if (!q)
            return q.error();
        q.value().next();
        if (q.value().value(0).toInt() == 0)
            continue;
        if (auto r = m_db.runScript(QStringLiteral("REVOKE %1 FROM %2")
                                        .arg(quoteIdentifier(roleName(other)), quoteIdentifier(login)),
                                    QStringLiteral("revoke %1").arg(roleName(other)));
            !r)
            return r.error();
        revoked << roleName(other);
    }
    if (auto r = m_db.runScript(
            QStringLiteral("GRANT %1 TO %2").arg(quoteIdentifier(roleName(role)), quoteIdentifier(login)),
            QStringLiteral("grant %1").arg(roleName(role)));
        !r)
        return r.error();
    // R21: the tool never waits long for a row a person's session holds; it answers "operation
    // database busy" and leaves the row as it was. Role settings apply to the login itself (not
    // through group membership), so they are set here. Database::configure() keeps them.
    const QString timeout = role == Role::Tool ? QStringLiteral("ALTER ROLE %1 SET lock_timeout = '3s'")
                                               : QStringLiteral("ALTER ROLE %1 RESET lock_timeout");
    if (auto r = m_db.runScript(timeout.arg(quoteIdentifier(login)),
                                QStringLiteral("set lock_timeout of %1").arg(login));
        !r)
        return r.error();
    if (auto r = tx.commit(); !r)
        return r.error();
    Logging::info(QStringLiteral("granted %1 to %2").arg(roleName(role), login));
    return revoked;
}

StoreResult<QString> RoleManager::currentRole(Database& db, const QString& prefix)
{
    if (db.isSqlite())
        return QStringLiteral("single-user");
    RoleManager names(db, prefix);
    if (auto r = names.checkUsable(); !r)
        return r.error();
    // Highest first: admin includes finance includes support.
    for (Role role : {Role::Admin, Role::Finance, Role::Support, Role::Tool, Role::Reconciler}) {
        auto q = db.run(QStringLiteral("SELECT count(*) FROM pg_roles r WHERE r.rolname = ? "
                                       "AND pg_has_role(current_user, r.oid, 'USAGE')"),
                        {names.roleName(role)}, QStringLiteral("read role membership"));
        if (!q)
            return q.error();
        q.value().next();
        if (q.value().value(0).toInt() > 0)
            return roleKey(role);
    }
    auto owner =
        db.run(QStringLiteral("SELECT count(*) FROM pg_class c WHERE c.oid = to_regclass('settings') "
                              "AND pg_has_role(current_user, c.relowner, 'USAGE')"),
               {}, QStringLiteral("read table owner"));
    if (!owner)
        return owner.error();
    owner.value().next();
    if (owner.value().value(0).toInt() > 0)
        return QStringLiteral("admin");
    return QStringLiteral("none");
}
