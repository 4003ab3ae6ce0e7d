#pragma once

#include <QString>

/**
 * The desktop or shell user running this process, for the audit log's "who" on SQLite (on
 * PostgreSQL the database records session_user itself, R21).
 *
 * USER, then LOGNAME, then the account of the effective user id (getpwuid), so a console
 * started without a login environment (a service, a container, `env -i`) still names a real
 * account instead of a placeholder. Empty only when none of them is known.
 */
namespace LocalUser {
QString name();
}
