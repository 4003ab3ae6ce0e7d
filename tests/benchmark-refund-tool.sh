#!/usr/bin/env bash
# Refund tool success-path throughput vs bare HTTP POSTs to the sandbox, on SQLite and PostgreSQL:
# one caller in process (RefundTool::call), 8 concurrent callers through `refund-tool mcp` beside
# 8 concurrent bare POST streams, and the SQL statements per successful call on PostgreSQL in a
# long-running tool, counted by the server (log_statement = all for this run's role).
#   tests/benchmark-refund-tool.sh [calls]     (default 500 calls per row)
set -euo pipefail
cd "$(dirname "$0")/.."
installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target bench_refundtool sandbox-provider refund-tool
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(. /etc/os-release; echo "$PRETTY_NAME")"
REFUND_BENCH_CALLS=${1:-500} tests/with-postgres.sh bash -c '
  set -euo pipefail
  role=$(printf "%s" "$REFUND_TEST_PG_URL" | sed -E "s|^postgresql://([^:@]+).*|\1|")
  as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
  # Only this run'"'"'s role logs its statements; the role (and the setting) is dropped afterwards.
  as_postgres psql -q -v ON_ERROR_STOP=1 -p "${REFUND_TEST_PG_PORT:-5432}" -d postgres \
    -c "ALTER ROLE \"$role\" SET log_statement = '"'"'all'"'"'"
  export REFUND_BENCH_PG_LOG=$(ls -t /var/log/postgresql/postgresql-*-main.log 2>/dev/null | head -n 1)
  build/tests/bench/bench_refundtool'
