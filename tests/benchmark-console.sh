#!/usr/bin/env bash
# The console's data path on a large database, SQLite and PostgreSQL, beside a naive
# QSqlTableModel that fetches everything. Generates the database first (timed).
#   tests/benchmark-console.sh [operations]      (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target bench_console refund-tool refund-console sandbox-provider >/dev/null
export QT_QPA_PLATFORM=offscreen
B=build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(. /etc/os-release; echo "$PRETTY_NAME")"

bench_engine() {
  local url=$1
  $B/app/refund-tool/refund-tool db migrate --db "$url" >/dev/null
  local start end
  start=$(date +%s.%N)
  $B/app/refund-tool/refund-tool db generate --db "$url" --ops "$N" 2>/dev/null
  end=$(date +%s.%N)
  echo "generate $N operations on ${url%%:*}: $(echo "$end - $start" | bc) s"
  echo
  echo "| model | engine | first page ms | filter switch ms | search by order ms | refresh counts ms | one tick ms | rows held |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
  $B/tests/bench/bench_console --db "$url" --runs 5
  echo
  local console_rss naive_rss
  console_rss=$(/usr/bin/time -f %M $B/app/refund-console/refund-console --db "$url" --screenshot "$work/shot.png" 2>&1 >/dev/null | tail -n 1)
  naive_rss=$(/usr/bin/time -f %M $B/tests/bench/bench_console --db "$url" --naive-rss 2>&1 >/dev/null | tail -n 1)
  echo "peak RSS: refund-console $((console_rss / 1024)) MiB; naive QSqlTableModel holding every row $((naive_rss / 1024)) MiB"
  echo
}

bench_engine "sqlite:$work/ops.db"
tests/with-postgres.sh bash -c '
  db=refund_bench_$$
  psql "$REFUND_TEST_PG_URL" -q -c "CREATE DATABASE $db"
  url="${REFUND_TEST_PG_URL%/postgres}/$db"
  '"$(declare -f bench_engine)"'
  N='"$N"' B='"$B"' work='"$work"' bench_engine "$url"
  psql "$REFUND_TEST_PG_URL" -q -c "DROP DATABASE $db WITH (FORCE)"
'
