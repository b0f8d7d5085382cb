#!/usr/bin/env bash
# The Windows installer under Wine, in the MinGW build's prefix:
#   nsis_test.sh perfscope-VERSION-win64.exe WINEPREFIX VERSION
# Installs silently (/S) into C:\perfscope-package-test, runs the installed
# perfscope-cli.exe (list, --version), uninstalls silently, and checks that
# nothing of ours is left in the prefix's files or registry: every file and
# registry line that is new since before the install and names perfscope fails
# the test.
set -uo pipefail
installer=$1 prefix=$2 version=$3
here=$(cd "$(dirname "$0")" && pwd)
scripts=$(cd "$here/../../scripts" && pwd)
[[ -f $installer ]] || { echo "no $installer: run scripts/package.sh first" >&2; exit 1; }
if ! flock -o "$prefix.lock" "$scripts/wine-env.sh" ensure "$prefix" </dev/null >&2; then
    echo "could not start the Wine prefix $prefix" >&2
    exit 1
fi
eval "$("$scripts/wine-env.sh" env "$prefix")"
# No winemenubuilder: it would copy the Start-menu entries into $HOME's desktop menus.
export WINEDLLOVERRIDES="$WINEDLLOVERRIDES;winemenubuilder.exe=d"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
win_dir='C:\perfscope-package-test'
unix_dir="$prefix/drive_c/perfscope-package-test"
wine() { wine64 "$@" </dev/null 2>>"$work/wine.log"; }

snapshot() {  # $1: name. The prefix's files (minus temp dirs) and its HKLM and HKCU.
    (cd "$prefix/drive_c" && find . -path './users/*/Temp' -prune -o -path './windows/temp' -prune -o -print |
        sort) >"$work/$1.files"
    wine reg export HKLM "$work/$1-hklm.reg" /y >/dev/null || fail "reg export HKLM"
    wine reg export HKCU "$work/$1-hkcu.reg" /y >/dev/null || fail "reg export HKCU"
    cat "$work/$1-hklm.reg" "$work/$1-hkcu.reg" | iconv -f UTF-16LE -t UTF-8 | tr -d '\r' |
        grep -v '^$' | sort -u >"$work/$1.reg"
}
ours() {  # new lines in $2 (not in $1) that name perfscope
    comm -13 "$work/$1" "$work/$2" | grep -i perfscope
}

# What a run that failed half-way may have left (the installer would try to run its uninstaller first).
rm -rf "$unix_dir"
wine reg delete 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Perfscope' /f >/dev/null 2>&1
wine reg delete 'HKLM\Software\Perfscope' /f >/dev/null 2>&1
snapshot before
t0=$(date +%s.%N)
wine "Z:${installer//\//\\}" /S "/D=$win_dir" || fail "the installer exited with $?"
echo "installed in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
for f in bin/perfscope-cli.exe bin/wpojni.dll doc/perfscope-cli.txt Uninstall.exe; do
    [[ -f $unix_dir/$f ]] || fail "$f is not installed"
done
ls "$unix_dir"/share/java/perfscope-wpo-*.jar >/dev/null || fail "the jar is not installed"
find "$prefix/drive_c" -iname 'perfscope-cli documentation.lnk' | grep -q . || fail "no Start-menu entry for the documentation"
entry=$(wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Perfscope' | tr -d '\r') ||
    fail "no entry in Apps & features (the Uninstall registry key)"
grep -qE "^ +DisplayVersion +REG_SZ +$version$" <<<"$entry" || fail "the Uninstall key's DisplayVersion is not $version: $entry"
(cd "$unix_dir" && find . -type f | sort)

out=$(wine "$win_dir\\bin\\perfscope-cli.exe" list | tr -d '\r') || fail "the installed perfscope-cli.exe list exited with $?"
# Wine serves no objects of its own: the table's header at least.
grep -qE '^Index +Object +Counters +Instances$' <<<"$out" || fail "perfscope-cli.exe list printed: $out"
echo "perfscope-cli.exe list: $(wc -l <<<"$out") lines"
out=$(wine "$win_dir\\bin\\perfscope-cli.exe" --version | tr -d '\r') || fail "perfscope-cli.exe --version"
[[ $out == "perfscope-cli $version" ]] ||
    fail "perfscope-cli.exe --version printed '$out'"
echo "$out"

# The uninstaller copies itself to a temporary file and returns at once: wait for it.
wine "$win_dir\\Uninstall.exe" /S || fail "the uninstaller exited with $?"
for _ in $(seq 1 120); do
    [[ -e $unix_dir ]] || break
    sleep 0.5
done
[[ ! -e $unix_dir ]] || fail "$win_dir is still there after uninstalling: $(cd "$unix_dir" && find .)"
status=1
for _ in $(seq 1 20); do
    snapshot after
    if ! ours before.files after.files >/dev/null && ! ours before.reg after.reg >/dev/null; then
        status=0
        break
    fi
    sleep 0.5
done
if [[ $status != 0 ]]; then
    echo "FAIL: left after uninstalling:"
    ours before.files after.files
    ours before.reg after.reg
    exit 1
fi
echo "uninstalled: no file or registry entry of ours left"
