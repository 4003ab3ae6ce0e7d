#!/usr/bin/env bash
# Builds the .deb and .tar.gz with CPack, unpacks the .deb into a temporary root (dpkg -x) and
# runs the three programs from there, as a user of the package would.
#   test-package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
check() { echo "ok: $*"; passed=$((passed + 1)); }

(cd "$build" && cpack -G "DEB;TGZ" -B "$tmp/out" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; exit 1; }
deb=$(ls "$tmp"/out/*.deb)
tgz=$(ls "$tmp"/out/*.tar.gz)
check "cpack built $(basename "$deb") and $(basename "$tgz")"

depends=$(dpkg-deb --field "$deb" Depends)
for lib in libqt6core6 libqt6widgets6 libqt6sql6 libqt6network6 libqt6sql6-sqlite libqt6sql6-psql qt6-qpa-plugins; do
  case "$depends" in *"$lib"*) ;; *) echo "Depends lacks $lib: $depends"; exit 1 ;; esac
done
check "Depends names Qt and its SQL and platform plugins"

dpkg -x "$deb" "$tmp/root"
root="$tmp/root/usr"
app_id=org.refundops.RefundConsole
for f in "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml" \
         "share/icons/hicolor/scalable/apps/$app_id.svg" "share/icons/hicolor/48x48/apps/$app_id.png" \
         "share/icons/hicolor/256x256/apps/$app_id.png" "share/doc/refund-ops/copyright"; do
  [ -s "$root/$f" ] || { echo "missing in package: $f"; exit 1; }
done
check "desktop file, metainfo, icons and licence are installed"
grep -q "GPL" "$root/share/doc/refund-ops/copyright"
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$root/share/metainfo/$app_id.metainfo.xml" >/dev/null
  check "appstreamcli validates the metainfo"
fi

export QT_QPA_PLATFORM=offscreen
version=$("$root/bin/refund-console" --version)
case "$version" in *refund-console*) ;; *) echo "unexpected --version: $version"; exit 1 ;; esac
check "refund-console --version: $version"
help=$("$root/bin/refund-tool" --help)
grep -q "order add" <<<"$help"
check "refund-tool --help"
help=$("$root/bin/sandbox-provider" --help)
grep -q -- "--listen" <<<"$help"
check "sandbox-provider --help"

listing=$(tar -tzf "$tgz")
grep -q "bin/refund-tool$" <<<"$listing"
check "the .tar.gz holds bin/refund-tool"
echo "package: $passed passed, 0 failed"
