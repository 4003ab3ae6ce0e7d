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
rm -f sandbox.db sandbox.db-*
"$sandbox" --listen 127.0.0.1:0 --db "$work/sandbox.db" >sandbox.out 2>sandbox.err &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  [ -s sandbox.out ] && break
  sleep 0.1
done
url=$(head -n 1 sandbox.out | sed 's/^listening on //')
NODE_PATH="$work/node_modules" node "$here/stripe-node-check.js" "$url/"
