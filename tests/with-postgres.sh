#!/usr/bin/env bash
# Runs a command with a real PostgreSQL server for the tests.
#
# Starts the local PostgreSQL cluster if it is not running, creates a dedicated login role
# (refund_test_<pid>, with CREATEDB and CREATEROLE so each test can make and drop its own database
# and roles), exports REFUND_TEST_PG_URL and REFUND_TEST_REQUIRE_PG=1, runs the command, and
# drops the role and every database it owns afterwards.
set -euo pipefail

PGPORT_USED=${REFUND_TEST_PG_PORT:-5432}
# One role per run, so runs that overlap (two developers, a helper and CI) never drop each
# other's databases.
ROLE=refund_test_$$
PASSWORD=${REFUND_TEST_PG_PASSWORD:-refund_test_pw}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    sudo -u postgres "$@"
  fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! pg_isready -q -h 127.0.0.1 -p "$PGPORT_USED"; then
  echo "tests/with-postgres.sh: starting PostgreSQL" >&2
  as_root service postgresql start >/dev/null 2>&1 || true
  if ! pg_isready -q -h 127.0.0.1 -p "$PGPORT_USED"; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    as_root pg_ctlcluster "$version" main start
  fi
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p "$PGPORT_USED" && break
    sleep 1
  done
fi
pg_isready -h 127.0.0.1 -p "$PGPORT_USED" >&2

psql_admin() { as_postgres psql -v ON_ERROR_STOP=1 -q -p "$PGPORT_USED" -d postgres "$@"; }

drop_role() {
  # The role's databases (left by crashed tests), the roles its tests created, then the role.
  local role=$1
  for db in $(psql_admin -At -c "SELECT datname FROM pg_database d JOIN pg_roles r ON d.datdba = r.oid WHERE r.rolname = '$role'" 2>/dev/null); do
    psql_admin -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
  done
  for created in $(psql_admin -At -c "SELECT rolname FROM pg_roles WHERE rolname LIKE '${role}\_%'" 2>/dev/null); do
    psql_admin -c "DROP OWNED BY \"$created\"; DROP ROLE IF EXISTS \"$created\"" >/dev/null 2>&1 || true
  done
  psql_admin -c "DROP ROLE IF EXISTS \"$role\"" >/dev/null 2>&1 || true
}
cleanup() { drop_role "$ROLE"; }

# Roles of earlier runs whose process is gone (killed before its trap ran).
for stale in $(psql_admin -At -c "SELECT rolname FROM pg_roles WHERE rolname ~ '^refund_test_[0-9]+$'" 2>/dev/null); do
  kill -0 "${stale#refund_test_}" 2>/dev/null || drop_role "$stale"
done
psql_admin -c "CREATE ROLE $ROLE LOGIN CREATEDB CREATEROLE PASSWORD '$PASSWORD'"
trap cleanup EXIT

export REFUND_TEST_PG_URL="postgresql://$ROLE:$PASSWORD@127.0.0.1:$PGPORT_USED/postgres"
export REFUND_TEST_REQUIRE_PG=1
# Tests that create login roles name them with this prefix, so this run drops them afterwards.
export REFUND_TEST_PG_ROLE_PREFIX="${ROLE}_"
"$@"
