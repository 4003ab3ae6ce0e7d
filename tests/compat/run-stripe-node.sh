#!/usr/bin/env bash
# Runs stripe-node-check.js with Stripe's official Node client against a fresh sandbox provider.
#   run-stripe-node.sh SANDBOX_PROVIDER_BIN WORK_DIR
set -euo pipefail
sandbox=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
cd "$work"
if [ ! -d node_modules/stripe ]; then
  # Pinned; no lock file is kept so no registry address is committed.
  npm install --no-audit --no-fund --no-package-lock --silent stripe@17.7.0 >/dev/null
fi
# A fresh sandbox of its own per run, so two runs never share a database.
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
NODE_PATH="$work/node_modules" node "$here/stripe-node-check.js" "$url/" || { echo "sandbox log:"; tail -n 20 "$run/sandbox.err"; exit 1; }
