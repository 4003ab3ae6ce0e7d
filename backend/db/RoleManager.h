#pragma once

#include "db/Database.h"

#include <QStringList>

#include <optional>

/**
 * R21 on PostgreSQL: the console's roles are database roles, so the database itself refuses
 * what a role may not do, whatever program or psql session the user connects with.
 *
 * Group roles (NOLOGIN; named prefix + "refund_support" etc.; the prefix lets several refund
 * databases, or test runs, share one cluster). People change nothing by direct SQL: they SELECT,
 * and change operations and settings through the schema v4 functions, which check the
 * transition (R16, R17, R20) and audit session_user:
 *  - refund_support: SELECT on every table; EXECUTE resolve_operation(). No INSERT, UPDATE or
 *    DELETE anywhere (no row locks either: FOR UPDATE needs a write privilege).
 *  - refund_finance: member of refund_support. History and exports are reads.
 *  - refund_admin: member of refund_finance; EXECUTE change_setting().
 *  - refund_tool: the refund tool's own transitions: SELECT on every table; INSERT on
 *    refund_ops, refund_attempts and tool_calls and USAGE on their sequences; UPDATE of
 *    refund_ops' attempt, deadline and close columns (never identity or resolution columns),
 *    of refund_attempts' outcome columns and tool_calls' result columns; UPDATE of
 *    orders.created_at only (PostgreSQL needs an UPDATE grant for the FOR UPDATE row lock of the
 *    R5 check). No settings, no audit_log, no functions. Its logins wait at most 3 s for a row lock.
 *  - refund_reconciler (schema v5, R24): SELECT on every table; EXECUTE resolve_operation()
 *    (which lets it resolve only unknown → refunded, on a matching refund and the event, while
 *    auto_resolve_refunded is on) and reverse_operation() (refunded → reversed on the provider's
 *    failed refund); INSERT on provider_events and UPDATE of what-was-done columns there, INSERT
 *    and UPDATE on reconcile_cursor. No direct INSERT, UPDATE or DELETE of operations.
 *  - refund_guard (prefix + "refund_guard", NOLOGIN, no members but the one running
 *    createRoles()): owns resolve_operation() and change_setting(), with exactly the privileges
 *    they use.
 * The v4 triggers hold every row to its invariants whatever the grants (DatabaseGuard.h).
 * Login users get one of them with grant(). SQLite is single-user: every call there fails
 * with NotAllowed, and currentRole() answers "single-user".
 */
class RoleManager
{
public:
    enum class Role { Support, Finance, Admin, Tool, Reconciler };

    /** "support", "finance", "admin", "tool", "reconciler". */
    static QString roleKey(Role role);
    static std::optional<Role> roleFromKey(const QString& key);
    static QList<Role> allRoles() { return {Role::Support, Role::Finance, Role::Admin, Role::Tool, Role::Reconciler}; }

    /** The message for SQLite, shown by the CLI and the console. */
    static QString sqliteMessage();

    /**
     * prefix: lower-case letters, digits and '_' only (checked by createRoles()/grant());
     * empty in production, a per-run prefix in tests.
     */
    explicit RoleManager(Database& db, QString prefix = {});

    /** The database role name of role, e.g. "refund_support" (with the prefix in front). */
    QString roleName(Role role) const;

    /**
     * Creates the four group roles if missing (idempotent, safe when run concurrently) and
     * (re)sets their grants on the operation tables in one transaction: earlier grants to
     * them on these tables are revoked first, so the result is exactly the list above.
     * Needs CREATEROLE and ownership of the tables (the user that ran `db migrate`).
     * Returns one line per action for the CLI. Errors: NotAllowed (SQLite), InvalidArgument
     * (bad prefix), QueryFailed (e.g. "permission denied to create role").
     */
    StoreResult<QStringList> createRoles();

    /**
     * Makes role the login's one refund role: GRANT <role> TO login, and REVOKE the other
     * three refund roles the login was directly granted (so a downgrade really downgrades).
     * A tool login gets lock_timeout = 3 s (ALTER ROLE ... SET); other logins the server's.
     * Returns the role names revoked. Errors: NotAllowed (SQLite), NotFound (no such login,
     * or the roles were never created: run `db roles`), QueryFailed.
     */
    StoreResult<QStringList> grant(const QString& login, Role role);

    /**
     * What the connected user may do, from its role memberships (pg_has_role ... 'USAGE', so
     * only roles whose privileges it really has): "admin", "finance", "support", "tool" (the
     * highest it holds) or "none". The owner of the settings table and superusers can do
     * everything, so they are "admin". On SQLite: "single-user".
     */
    static StoreResult<QString> currentRole(Database& db, const QString& prefix = {});

    /** The NOLOGIN owner of resolve_operation() and change_setting(), e.g. "refund_guard". */
    QString guardRoleName() const;

    /** A PostgreSQL identifier in double quotes, inner quotes doubled. */
    static QString quoteIdentifier(const QString& name);

private:
    StoreResult<void> checkUsable() const;

    Database& m_db;
    QString m_prefix;
};
