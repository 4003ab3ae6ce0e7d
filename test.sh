#!/usr/bin/env bash
# Builds everything and runs every test, PostgreSQL ones included, on a fresh Debian 12 machine.
#   ./test.sh             install missing packages, build in build/, start PostgreSQL, run ctest
#   ./test.sh -R sandbox  extra arguments go to ctest (and skip the fuzz smoke pass)
# After ctest, a full run (no arguments) builds the libFuzzer targets with clang in build-fuzz/
# and runs each for REFUND_FUZZ_SECONDS (default 10) on its seed corpus: any crash fails the run.
set -euo pipefail
cd "$(dirname "$0")"

installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
tests/with-postgres.sh ctest --test-dir build --output-on-failure -j2 --timeout 900 "$@"
if [ $# -eq 0 ]; then
  tests/fuzz/run-fuzz.sh "${REFUND_FUZZ_SECONDS:-10}"
fi
