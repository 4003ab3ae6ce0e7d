#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan, -DREFUND_FUZZ=ON in build-fuzz/) and runs each
# for a set time on its seed corpus tests/data/fuzz/<target>/; prints per target the executions
# and crashes; exits 1 when any target crashed (its input is kept under build-fuzz/findings/).
#   tests/fuzz/run-fuzz.sh [seconds-per-target] [target ...]      default 10 s, every target
# Environment: REFUND_FUZZ_BUILD (build dir, default build-fuzz), REFUND_FUZZ_JOBS (targets run
# at once, default 1), REFUND_FUZZ_RUNS (stop each target after this many executions instead).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
shift || true
build=${REFUND_FUZZ_BUILD:-build-fuzz}
[ -f /root/.ccache.env ] && . /root/.ccache.env

if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DREFUND_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" >/dev/null

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < "$build/fuzz-targets.txt"
fi

findings="$build/findings"
mkdir -p "$findings"
status=0
limit=(-max_total_time="$seconds")
[ -n "${REFUND_FUZZ_RUNS:-}" ] && limit=(-runs="$REFUND_FUZZ_RUNS")

run_one() {
  local t=$1
  local seeds="tests/data/fuzz/$t"
  local work="$build/corpus/$t"
  local log="$findings/$t.log"
  mkdir -p "$work" "$findings/$t"
  # The first directory collects new inputs; the seed corpus in the tree stays as committed.
  # -rss_limit_mb: Qt + ASan start near 100 MB; a parser that needs more than 1 GB is a finding.
  if "$build/tests/fuzz/$t" "${limit[@]}" -rss_limit_mb=1024 -timeout=10 -print_final_stats=1 \
      -artifact_prefix="$findings/$t/" "$work" "$seeds" >"$log" 2>&1; then
    crashed=0
  else
    crashed=1
  fi
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ -z "$runs" ]; then
    runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  fi
  local artifacts
  artifacts=$(find "$findings/$t" -type f | wc -l)
  printf '%-28s %12s executions  %d crashes\n' "$t" "${runs:-0}" "$crashed"
  if [ "$crashed" -ne 0 ]; then
    grep -m3 -E 'ERROR: |runtime error|FUZZ PROPERTY BROKEN|Test unit written' "$log" | sed 's/^/    /'
    echo "    log: $log ($artifacts input(s) in $findings/$t/)"
    return 1
  fi
}

jobs=${REFUND_FUZZ_JOBS:-1}
pids=()
names=()
for t in "${targets[@]}"; do
  if [ "$jobs" -le 1 ]; then
    run_one "$t" || status=1
  else
    run_one "$t" > "$findings/$t.summary" &
    pids+=($!)
    names+=("$t")
    if [ ${#pids[@]} -ge "$jobs" ]; then
      wait "${pids[0]}" || status=1
      cat "$findings/${names[0]}.summary"
      pids=("${pids[@]:1}")
      names=("${names[@]:1}")
    fi
  fi
done
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$findings/${names[$i]}.summary"
done
if [ "$status" -ne 0 ]; then
  echo "run-fuzz: crashes found (inputs under $findings/)" >&2
fi
exit "$status"
