#!/usr/bin/env bash
# Installs the Debian 12 packages that building, running and testing the project need.
# Idempotent: only missing packages are installed. Runs apt as root, or through sudo.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++ pkg-config clang-format
  # Qt 6 (Debian trap: qt6-charts-dev needs libqt6opengl6-dev for find_package to succeed)
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  # Qt's own texts (standard buttons, context menus) in ru and tr
  qt6-translations-l10n
  libqt6sql6-sqlite libqt6sql6-psql libxkbcommon-dev libgl-dev
  # SQLite's C API: Database's process-wide settings and collation, HistoryGenerator's bulk
  # inserts, the simulation's restore between schedules (the library Qt's SQLite driver links)
  libsqlite3-dev
  # logging, keychain
  libspdlog-dev qtkeychain-qt6-dev
  # the write path's HTTP client (one attempt = one request, total deadline, size limit)
  libcurl4-openssl-dev
  # database server for the PostgreSQL tests
  postgresql
  # a display for screenshots on machines without one
  xvfb
  # packaging checks
  dpkg-dev file
  # benchmark scripts: peak RSS and arithmetic
  time bc
  # fuzzing (tests/fuzz/run-fuzz.sh, ./test.sh's smoke pass): clang, and libFuzzer with the
  # ASan/UBSan runtimes for -fsanitize=fuzzer,address,undefined
  clang libclang-rt-14-dev
)

# Node.js runs Stripe's official client against the sandbox in one compatibility test; any
# node and npm on PATH will do, Debian's packages only when there is none.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "installer/deps.sh: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
  as_root=(sudo)
fi

echo "installer/deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
