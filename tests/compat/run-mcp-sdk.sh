#!/usr/bin/env bash
# Runs mcp-sdk-check.js: the official TypeScript MCP SDK drives `refund-tool mcp` over stdio
# against a fresh sandbox provider and a fresh SQLite operation database (issue 13).
#   run-mcp-sdk.sh REFUND_TOOL_BIN SANDBOX_PROVIDER_BIN WORK_DIR
set -euo pipefail
tool=$1
sandbox=$2
mkdir -p "$3"
work=$(cd "$3" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cd "$work"
if [ ! -d node_modules/@modelcontextprotocol/sdk ]; then
  # Pinned; no lock file is kept so no registry address is committed.
  npm install --no-audit --no-fund --no-package-lock --silent @modelcontextprotocol/sdk@1.32.2 >/dev/null
fi
run=$(mktemp -d "$work/run.XXXXXX")
"$sandbox" --listen 127.0.0.1:0 --db "$run/sandbox.db" >"$run/sandbox.out" 2>"$run/sandbox.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$run"' EXIT
for _ in $(seq 1 300); do
  grep -q '^listening on http' "$run/sandbox.out" 2>/dev/null && break
  sleep 0.1
done
url=$(grep -m 1 '^listening on http' "$run/sandbox.out" | sed 's/^listening on //')
if [ -z "$url" ]; then
  echo "sandbox-provider did not start:"; cat "$run/sandbox.err"; exit 1
fi
NODE_PATH="$work/node_modules" node "$here/mcp-sdk-check.js" "$tool" "$run" "$url" || {
  echo "refund-tool mcp log:"; tail -n 30 "$run/mcp.log" 2>/dev/null; echo "sandbox log:"; tail -n 20 "$run/sandbox.err"; exit 1; }
