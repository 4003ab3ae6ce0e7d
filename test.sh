#!/usr/bin/env bash
# Builds everything and runs every test, PostgreSQL ones included, on a fresh Debian 12 machine.
#   ./test.sh             install missing packages, build in build/, start PostgreSQL, run ctest
#   ./test.sh -R sandbox  extra arguments go to ctest
set -euo pipefail
cd "$(dirname "$0")"

installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
tests/with-postgres.sh ctest --test-dir build --output-on-failure -j2 --timeout 900 "$@"
