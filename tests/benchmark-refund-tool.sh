#!/usr/bin/env bash
# Refund tool success-path throughput vs bare HTTP POSTs to the sandbox, on SQLite and PostgreSQL.
#   tests/benchmark-refund-tool.sh [calls]     (default 500 calls per row)
set -euo pipefail
cd "$(dirname "$0")/.."
installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target bench_refundtool sandbox-provider
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(. /etc/os-release; echo "$PRETTY_NAME")"
REFUND_BENCH_CALLS=${1:-500} tests/with-postgres.sh build/tests/bench/bench_refundtool
