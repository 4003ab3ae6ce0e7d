#!/usr/bin/env bash
# Builds the project and runs the console on the embedded demo, on a fresh Debian 12 machine.
#   ./run.sh                          open the console window on the demo
#   ./run.sh --screenshot demo.png    render the window to a PNG and exit (works without a display)
# Other arguments go to refund-console (see build/app/refund-console/refund-console --help).
set -euo pipefail
cd "$(dirname "$0")"

installer/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target refund-console sandbox-provider refund-tool

args=("$@")
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  # No display: render offscreen; without --screenshot, save one so there is something to look at.
  export QT_QPA_PLATFORM=offscreen
  case " $* " in
    *" --screenshot "*) ;;
    *) args+=(--screenshot "$PWD/console-demo.png")
       echo "run.sh: no display found; the console renders offscreen and saves $PWD/console-demo.png" \
            "(use xvfb-run ./run.sh or a desktop session for the interactive window)" >&2 ;;
  esac
fi
exec build/app/refund-console/refund-console --demo "${args[@]}"
