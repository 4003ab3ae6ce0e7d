#!/usr/bin/env bash
# Runs mcp-sdk-check.js: the official TypeScript MCP SDK drives `refund-tool mcp` over stdio
# against a fresh sandbox provider and a fresh operation database (issue 13): SQLite, and
# PostgreSQL too when REFUND_TEST_PG_URL names a server (tests/with-postgres.sh sets it).
#   run-mcp-sdk.sh REFUND_TOOL_BIN SANDBOX_PROVIDER_BIN WORK_DIR
set -euo pipefail
tool=$1
sandbox=$2
mkdir -p "$3"
work=$(cd "$3" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cd "$work"
if [ ! -d node_modules/@modelcontextprotocol/sdk ]; then
  # Pinned; no lock file is kept so no registry address is committed.
  npm install --no-audit --no-fund --no-package-lock --silent @modelcontextprotocol/sdk@1.32.2 >/dev/null
fi
pids=()
dirs=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for d in "${dirs[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT

run_engine() {  # run_engine DATABASE_URL|sqlite
  local run url db
  run=$(mktemp -d "$work/run.XXXXXX")
  dirs+=("$run")
  "$sandbox" --listen 127.0.0.1:0 --db "$run/sandbox.db" >"$run/sandbox.out" 2>"$run/sandbox.err" &
  pids+=($!)
  for _ in $(seq 1 300); do
    grep -q '^listening on http' "$run/sandbox.out" 2>/dev/null && break
    sleep 0.1
  done
  url=$(grep -m 1 '^listening on http' "$run/sandbox.out" | sed 's/^listening on //')
  if [ -z "$url" ]; then
    echo "sandbox-provider did not start:"; cat "$run/sandbox.err"; return 1
  fi
  db=$1
  [ "$db" = sqlite ] && db="sqlite:$run/ops.db"
  NODE_PATH="$work/node_modules" node "$here/mcp-sdk-check.js" "$tool" "$run" "$url" "$db" || {
    echo "refund-tool mcp log:"; tail -n 30 "$run/mcp.log" 2>/dev/null; echo "sandbox log:"; tail -n 20 "$run/sandbox.err"; return 1; }
}

run_engine sqlite
if [ -n "${REFUND_TEST_PG_URL:-}" ]; then
  # A database of its own, owned by the run's role (tests/with-postgres.sh drops it afterwards).
  name="mcp_sdk_$$_$(date +%s)"
  psql "$REFUND_TEST_PG_URL" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $name" >/dev/null
  run_engine "${REFUND_TEST_PG_URL%/*}/$name"
elif [ "${REFUND_TEST_REQUIRE_PG:-0}" = 1 ]; then
  echo "REFUND_TEST_REQUIRE_PG=1 but REFUND_TEST_PG_URL is not set"; exit 1
fi
