#!/usr/bin/env bash
# Screenshots of every tab and dialog of refund-console on the embedded demo (issue 15), offscreen.
#   tests/screenshots.sh [OUT_DIR]   every target in en, ru and tr at 1024x640 and 1920x1200 into
#                                     OUT_DIR (default: a new temporary folder), named
#                                     TARGET-LANG-WxH.png
#   tests/screenshots.sh --readme    refreshes the PNGs README.md embeds (resources/screenshots/),
#                                     in English, each at the size it has now
# Targets are refund-console's --show values: the tabs (operations: the Unknown view with the
# seed operation selected; history; settings) in the window, the dialogs (resolve, message,
# checkall, unmatched, paidtwice, log, connection) alone, at their own size made to fit the window size.
# Look up is the upper half of the resolve dialog: it has no dialog of its own. Each picture is a
# fresh demo (a few seconds). History and Settings are shown to an admin (the History tab is
# finance's and admin's; on SQLite --role only shapes the interface).
# BUILD_DIR (default build) is configured if needed; only refund-console and sandbox-provider
# are built. Exits 1 if any screenshot failed (the console exits 1 when it shows an error).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

readme=0
out=""
case "${1:-}" in
  --readme) readme=1 ;;
  -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
  "") out=$(mktemp -d /tmp/refund-screenshots.XXXXXX) ;;
  *) out=$1 ;;
esac

if [[ ! -f $BUILD_DIR/build.ninja && ! -f $BUILD_DIR/Makefile ]]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$BUILD_DIR" --target refund-console sandbox-provider -- -j2 >/dev/null
console=$BUILD_DIR/app/refund-console/refund-console

# The console's QSettings (remembered connection, log level) and its log stay in the scratch
# folder: a screenshot never shows or changes the user's own.
scratch=$(mktemp -d /tmp/refund-screenshots-run.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
export QT_QPA_PLATFORM=offscreen HOME=$scratch/home XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data
failed=0

# $1 = --show target, $2 = language, $3 = WxH, $4 = PNG file
shot() {
  local target=$1 lang=$2 size=$3 png=$4 role=support n
  [[ $target == history || $target == settings ]] && role=admin
  n=$(mktemp -d "$scratch/demo.XXXXXX")
  if "$console" --demo --demo-dir "$n" --lang "$lang" --role "$role" --window-size "$size" \
       --show "$target" --screenshot "$png" >"$n/out.txt" 2>"$n/err.txt"; then
    echo "$png"
  else
    echo "FAILED: $target $lang $size (see below)" >&2
    tail -5 "$n/err.txt" >&2
    failed=1
  fi
}

# A PNG's width x height, from its IHDR chunk (bytes 16-23, big-endian).
png_size() {
  local b
  read -r -a b < <(od -An -tu1 -j16 -N8 "$1")
  echo "$(( (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3] ))x$(( (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7] ))"
}

if (( readme )); then
  # README.md's pictures: file and the target it shows.
  declare -A readme_targets=(
    [console-unknown.png]=operations [resolve-dialog.png]=resolve [customer-message.png]=message
    [history-tab.png]=history [settings-tab.png]=settings
  )
  for file in "${!readme_targets[@]}"; do
    grep -q "resources/screenshots/$file" README.md || { echo "README.md no longer shows $file" >&2; exit 1; }
    shot "${readme_targets[$file]}" en "$(png_size "resources/screenshots/$file")" "resources/screenshots/$file"
  done
  exit $failed
fi

mkdir -p "$out"
for lang in en ru tr; do
  for size in 1024x640 1920x1200; do
    for target in operations history settings resolve message checkall unmatched paidtwice log connection; do
      shot "$target" "$lang" "$size" "$out/$target-$lang-$size.png"
    done
  done
done
echo "Screenshots in $out"
exit $failed
