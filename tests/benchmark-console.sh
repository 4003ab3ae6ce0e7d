#!/usr/bin/env bash
# The console on a large database, SQLite and PostgreSQL (issue 12 item 6):
#  1. the data path beside a naive QSqlTableModel that fetches everything (bench_console);
#  2. the GUI-thread stalls of the REAL console window (bench_console_stall): opening the
#     database, switching views, Ctrl+End, searching, 1,000 change notifications from another
#     connection, Check all over the oldest CHECK unknown operations (a sandbox-provider holding
#     their refunds) and computing History; Check all's time against 1.3 x (provider requests x
#     round trip / concurrency) and provider requests per looked-up operation;
#  3. History time and peak RSS of `refund-tool history stats` (tests/benchmark-history.sh --existing).
# Generates the database first (timed).
#   tests/benchmark-console.sh [operations] [unknown] [check] [notifications]
#       defaults 1000000 100000 10000 1000; a small run: tests/benchmark-console.sh 20000 2000 2000 1000
#   STALL_ONLY=1 skips part 1 (the naive model loads every row: slow and 1 GB at 1,000,000).
#   ENGINES="sqlite" or "postgres" runs one engine only (default both).
#   PROVIDER_LATENCY_MS=N (default 10): Check all runs a second time with every provider GET
#   held N ms by the sandbox (a delay fault), a provider across a network; 0 skips that run.
#   STALL_TRACE_DIR=DIR also writes the GUI thread's stacks during stalls to DIR/trace-ENGINE.txt
#   (bench_console_stall --trace-stalls; sampling costs a little time, so not for the table).
# Targets: every stall under 50 ms; Check all under its bound; History under 200 ms and 150 MB.
# The last line is `max GUI stall: N ms`, N the worst over every step and engine.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build

# One engine: $1 = label, $2 = database URL (empty). Results go to $work/*-$label.txt.
bench_engine() {
  local label=$1 url=$2
  $B/app/refund-tool/refund-tool db migrate --db "$url" >/dev/null
  local share start end
  share=$(awk -v u="$UNKNOWN" -v n="$N" 'BEGIN { s = u / n; if (s > 0.2) s = 0.2; printf "%.6f", s }')
  start=$(date +%s.%N)
  $B/app/refund-tool/refund-tool db generate --db "$url" --ops "$N" --unknown-share "$share" 2>/dev/null
  end=$(date +%s.%N)
  echo "generate $N operations on ${url%%:*}: $(echo "$end - $start" | bc) s"
  echo
  if [ -z "${STALL_ONLY:-}" ]; then
    echo "| model | engine | first page ms | filter switch ms | search by order ms | refresh counts ms | one tick ms | rows held |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    $B/tests/bench/bench_console --db "$url" --runs 5
    echo
    local console_rss naive_rss
    console_rss=$(/usr/bin/time -f %M $B/app/refund-console/refund-console --db "$url" --screenshot "$work/shot.png" 2>&1 >/dev/null | tail -n 1)
    naive_rss=$(/usr/bin/time -f %M $B/tests/bench/bench_console --db "$url" --naive-rss 2>&1 >/dev/null | tail -n 1)
    echo "peak RSS: refund-console $((console_rss / 1024)) MiB; naive QSqlTableModel holding every row $((naive_rss / 1024)) MiB"
    echo
  fi
  echo "GUI stalls on $label (the real window; figures as key value):"
  $B/tests/bench/bench_console_stall --db "$url" --engine "$label" --check "$CHECK" --notifications "$NOTIFY" \
    --provider-latency-ms "${PROVIDER_LATENCY_MS:-10}" --results "$work/stall-$label.txt" ${STALL_TRACE_DIR:+--trace-stalls "$STALL_TRACE_DIR/trace-$label.txt"} || echo "bench_console_stall on $label failed (exit $?)"
  echo
  REFUND_TOOL=$PWD/$B/app/refund-tool/refund-tool tests/benchmark-history.sh --existing "$label" "$url" >"$work/history-$label.txt"
}

if [ "${1:-}" = "--postgres-inner" ]; then
  db=refund_bench_$$
  psql "$REFUND_TEST_PG_URL" -q -c "CREATE DATABASE $db"
  bench_engine PostgreSQL "${REFUND_TEST_PG_URL%/postgres}/$db"
  psql "$REFUND_TEST_PG_URL" -q -c "DROP DATABASE $db WITH (FORCE)"
  exit 0
fi

export N=${1:-1000000} UNKNOWN=${2:-100000} CHECK=${3:-10000} NOTIFY=${4:-1000}
installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "${BENCH_BUILD_JOBS:-2}" --target bench_console bench_console_stall refund-tool refund-console sandbox-provider >/dev/null
export QT_QPA_PLATFORM=offscreen
export work
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(. /etc/os-release; echo "$PRETTY_NAME")"
echo "size: $N operations, about $UNKNOWN unknown, Check all over the oldest $CHECK, $NOTIFY change notifications"
echo

ENGINES=${ENGINES:-sqlite postgres}
if [[ " $ENGINES " == *" sqlite "* ]]; then
  bench_engine SQLite "sqlite:$work/ops.db"
  rm -f "$work"/ops.db*
fi
if [[ " $ENGINES " == *" postgres "* ]]; then
  tests/with-postgres.sh "$0" --postgres-inner 2> >(grep -v -E "accepting connections|starting PostgreSQL" >&2)
fi

# The summary: one column per engine.
get() { # $1 = engine, $2 = key; empty when that engine did not run
  [ -f "$work/stall-$1.txt" ] || return 0
  awk -v k="$2" '$1 == k { print $2 }' "$work/stall-$1.txt" | tail -n 1
}
row() { # $1 = title, $2 = key, $3 = target text
  printf "| %s | %s | %s | %s |\n" "$1" "$(get SQLite "$2")" "$(get PostgreSQL "$2")" "$3"
}
echo "Size: $N operations ($(get SQLite unknown_in_db) / $(get PostgreSQL unknown_in_db) unknown on SQLite / PostgreSQL), Check all over the oldest $CHECK."
echo
echo "| longest GUI stall, ms | SQLite | PostgreSQL | target |"
echo "|---|---:|---:|---|"
row "open the database" stall_open_ms "< 50"
row "switch views (every state filter)" stall_views_ms "< 50"
for k in $(cat "$work"/stall-*.txt 2>/dev/null | awk '$1 ~ /^stall_view_/ { print $1 }' | sort -u -t_ -k3,3n); do
  v=${k#stall_view_}
  row "… view ${v%_ms}" "$k" "< 50"
done
row "scroll to the end (Ctrl+End)" stall_end_ms "< 50"
row "search an order" stall_search_ms "< 50"
row "$NOTIFY change notifications" stall_notifications_ms "< 50"
row "Check all (the whole step)" stall_checkall_ms "< 50"
row "… of which: the sweep up to the checked operations" stall_checkall_sweep_ms "< 50"
row "… Cancel for the rest (until finished)" stall_checkall_cancel_ms "< 50"
row "… closing the dialog" stall_checkall_close_ms "< 50"
if [ "${PROVIDER_LATENCY_MS:-10}" -gt 0 ]; then
  row "Check all again, provider ${PROVIDER_LATENCY_MS:-10} ms away (the whole step)" stall_net_checkall_ms "< 50"
fi
row "History (all time, History tab)" stall_history_ms "< 50"
echo
echo "| Check all | SQLite | PostgreSQL | |"
echo "|---|---:|---:|---|"
row "unknown operations checked" checkall_target ""
row "lookups completed (after Cancel: the rest skipped)" checkall_lookups_done ""
row "proposed refunded (refund found)" checkall_refunded_proposals "all"
row "time to check them, ms" checkall_ms "< bound"
row "bound 1.3 × requests × round trip ÷ concurrency, ms" checkall_bound_ms ""
row "provider requests (counted at the sandbox)" checkall_provider_requests ""
row "requests per looked-up operation" requests_per_lookup ""
row "round trip, median of 200 GETs, ms" round_trip_ms ""
row "side by side: the same refund lists as bare GETs, 4 in flight, ms" bare_gets_4_ms ""
row "concurrency" checkall_concurrency ""
row "Cancel until finished, ms" checkall_cancel_ms "< 1000"
row "sandbox seeding (not measured as a stall), ms" seed_ms ""
echo
if [ "${PROVIDER_LATENCY_MS:-10}" -gt 0 ]; then
echo "| Check all, every provider GET held ${PROVIDER_LATENCY_MS:-10} ms (a provider across a network) | SQLite | PostgreSQL | |"
echo "|---|---:|---:|---|"
row "unknown operations checked" net_checkall_target ""
row "time to check them, ms" net_checkall_ms "< bound"
row "bound 1.3 × requests × round trip ÷ concurrency, ms" net_checkall_bound_ms ""
row "provider requests (counted at the sandbox)" net_checkall_provider_requests ""
row "requests per looked-up operation" net_requests_per_lookup ""
row "round trip, median of 50 GETs, ms" net_round_trip_ms ""
row "side by side: the same refund lists as bare GETs, 4 in flight, ms" net_bare_gets_4_ms ""
row "proposed refunded (refund found)" net_checkall_refunded_proposals "all"
row "Cancel until finished, ms" net_checkall_cancel_ms "< 1000"
row "longest GUI stall during the sweep, ms" stall_net_checkall_sweep_ms "< 50"
echo
fi
for e in SQLite PostgreSQL; do
  for p in "" net_; do
    t=$(get "$e" "${p}checkall_ms") b=$(get "$e" "${p}checkall_bound_ms")
    what="Check all on $e"
    [ -n "$p" ] && what="$what, provider ${PROVIDER_LATENCY_MS:-10} ms away"
    if [ -n "$t" ] && [ -n "$b" ]; then
      if [ "$t" -lt "$b" ]; then echo "$what: $t ms, under its bound of $b ms"; else echo "$what: $t ms, OVER its bound of $b ms"; fi
    fi
  done
done
echo
echo "| History: refund-tool history stats | range | operations | history ms | process ms | process CPU ms | peak RSS MB |"
echo "|---|---|---:|---:|---:|---:|---:|"
for e in SQLite PostgreSQL; do
  [ -f "$work/history-$e.txt" ] && cat "$work/history-$e.txt"
done
echo "(targets: history under 200 ms, peak RSS under 150 MB)"
echo
max=0
for e in SQLite PostgreSQL; do
  [ -f "$work/stall-$e.txt" ] || continue
  m=$(get "$e" max_stall_ms)
  if [ -z "$m" ]; then echo "no stall figures for $e" >&2; continue; fi
  [ "$m" -gt "$max" ] && max=$m
done
echo "max GUI stall: $max ms"
