#!/usr/bin/env bash
# Builds the project and runs the demo on a fresh Debian 12 machine.
set -euo pipefail
cd "$(dirname "$0")"

installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
exec installer/demo.sh build "$@"
