#!/usr/bin/env bash
# History on a large database (issue 12 item 4): `refund-tool db generate` writes N operations
# (default 1,000,000) on SQLite and on PostgreSQL, then `refund-tool history stats` runs over a
# week, three months and all time. Prints one table: the computation's own time (elapsed_ms in
# the JSON), the whole process's wall time, its CPU time (user + system: what the run costs
# whatever else the machine does) and peak RSS (/usr/bin/time), best of 3 runs.
# Targets: under 200 ms, under 150 MB.
#   tests/benchmark-history.sh [ops]
#   tests/benchmark-history.sh --existing LABEL URL   the same rows on a database generated
#       elsewhere (tests/benchmark-console.sh), with the ranges ending tomorrow (UTC)
# Generating 1,000,000 rows takes a few minutes per engine: run it in the background.
set -euo pipefail
cd "$(dirname "$0")/.."
OPS=${1:-1000000}
NOW_MS=1764547200000 # 2025-12-01T00:00:00Z: fixed, so every run generates the same rows
# REFUND_TOOL: a copy of the binary to measure (the build tree may be rebuilt meanwhile).
TOOL=${REFUND_TOOL:-$PWD/build/app/refund-tool/refund-tool}

# One engine: $1 = label, $2 = database URL (empty, migrated by us), $3 = "existing": the
# database is already generated with the system clock as its present (ranges end tomorrow).
measure() {
  local label=$1 url=$2 existing=${3:-}
  local ranges=("week|2025-11-24|2025-12-01" "three months|2025-09-02|2025-12-01" "all time|1970-01-01|2100-01-01")
  if [ "$existing" = existing ]; then
    local to
    to=$(date -u -d tomorrow +%F)
    ranges=("week|$(date -u -d "$to - 7 days" +%F)|$to" "three months|$(date -u -d "$to - 90 days" +%F)|$to" "all time|1970-01-01|2100-01-01")
  else
    "$TOOL" db migrate --db "$url" >/dev/null 2>&1
    local t0 t1
    t0=$(date +%s)
    "$TOOL" db generate --db "$url" --ops "$OPS" --now-ms "$NOW_MS" 2>/dev/null >&2
    t1=$(date +%s)
    echo "$label: generated $OPS operations in $((t1 - t0)) s" >&2
  fi
  for r in "${ranges[@]}"; do
    IFS='|' read -r name from to <<<"$r"
    local best_elapsed="" best_wall="" best_rss="" best_cpu="" ops=""
    for _ in 1 2 3; do
      local out timing
      out=$(/usr/bin/time -f "%e %M %U %S" -o /tmp/benchmark-history.$$ "$TOOL" history stats --db "$url" --from "$from" --to "$to" 2>/dev/null)
      timing=$(cat /tmp/benchmark-history.$$)
      local elapsed wall rss cpu
      elapsed=$(sed -E 's/.*"elapsed_ms":([0-9]+).*/\1/' <<<"$out")
      ops=$(sed -E 's/.*"operations":([0-9]+).*/\1/' <<<"$out")
      wall=$(awk '{printf "%d", $1 * 1000}' <<<"$timing")
      rss=$(awk '{printf "%.0f", $2 / 1024}' <<<"$timing")
      cpu=$(awk '{printf "%d", ($3 + $4) * 1000}' <<<"$timing")
      if [ -z "$best_elapsed" ] || [ "$elapsed" -lt "$best_elapsed" ]; then best_elapsed=$elapsed; fi
      if [ -z "$best_wall" ] || [ "$wall" -lt "$best_wall" ]; then best_wall=$wall; fi
      if [ -z "$best_cpu" ] || [ "$cpu" -lt "$best_cpu" ]; then best_cpu=$cpu; fi
      if [ -z "$best_rss" ] || [ "$rss" -gt "$best_rss" ]; then best_rss=$rss; fi # the worst peak
    done
    printf "| %-10s | %-12s | %10s | %10s | %10s | %11s | %11s |\n" "$label" "$name" "$ops" "$best_elapsed" "$best_wall" "$best_cpu" "$best_rss"
  done
  rm -f /tmp/benchmark-history.$$
}

if [ "${1:-}" = "--existing" ]; then
  measure "$2" "$3" existing
  exit 0
fi

if [ "${1:-}" = "--postgres-inner" ]; then
  OPS=$2
  base=${REFUND_TEST_PG_URL%/*}
  db=refund_bench_history_$$
  psql "$REFUND_TEST_PG_URL" -qc "CREATE DATABASE $db" >/dev/null
  measure PostgreSQL "$base/$db"
  psql "$REFUND_TEST_PG_URL" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
  exit 0
fi

. /root/.ccache.env 2>/dev/null || true
if [ -z "${REFUND_TOOL:-}" ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build --target refund-tool >/dev/null
fi
export REFUND_TOOL=$TOOL
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME")"
echo "| engine     | range        | operations | history ms | process ms | process CPU ms | peak RSS MB |"
echo "|------------|--------------|-----------:|-----------:|-----------:|------------:|------------:|"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
measure SQLite "sqlite:$dir/history.db"
rm -f "$dir"/history.db*
tests/with-postgres.sh "$0" --postgres-inner "$OPS" 2> >(grep -v -E "accepting connections|starting PostgreSQL" >&2)
