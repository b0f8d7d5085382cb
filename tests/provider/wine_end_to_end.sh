#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Windows end to end under Wine (ctest label wine, docs/windows-provider.md):
# register perfscope-counters.dll for the demo's definition in the test
# prefix with `perfscope-cli.exe counters install`, start
# perfscope-publish-demo.exe, read its counters with `perfscope-cli.exe
# query` through Wine's real HKEY_PERFORMANCE_DATA (Wine loads the provider
# per query and shifts its objects by 88 bytes; its name table does not know
# them, so the paths name them by index), check the raw counter exactly and
# the rate within 5 %, let the demo exit and see its object gone, uninstall.
#
#   wine_end_to_end.sh WINE-RUN PREFIX CLI.exe DEMO.exe DLL DEFINITION WORKDIR
set -eu
run=$1 prefix=$2 cli=$3 demo=$4 dll=$5 def=$6 work=$7
mkdir -p "$work"
test_name=wine_end_to_end
. "$(dirname "$0")/../wine/demo_provider.sh"

raw_value=4242
rate=1000
demo_pid=

cleanup() {
    [ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null && wait "$demo_pid" 2>/dev/null
    uninstall_demo_provider
}
trap cleanup EXIT

install_demo_provider
cat "$work/install.txt"
start_demo $raw_value $rate 10
wait_for_demo_object
grep "^$first " "$work/list.txt"

W "$cli" query -si 1 -sc 3 "\\$first\\$raw_index" "\\$first\\$rate_index" >"$work/query.csv" 2>"$work/query.err" ||
    fail "query failed: $(cat "$work/query.err")"
cat "$work/query.csv"
# Header: "(PDH-CSV 4.0) ...","\\HOST\<first>\<raw>","\\HOST\<first>\<rate>"
head -n 1 "$work/query.csv" | grep -q "\\\\$first\\\\$raw_index\"" || fail "no column headed \\$first\\$raw_index"
# Every row: the raw value exactly, the rate within 5 % of what the demo adds per second.
awk -F'","' -v raw="$raw_value" -v rate="$rate" '
    NR == 1 { next }
    {
        gsub(/"/, "", $3)
        rows++
        if ($2 + 0 != raw) { printf "row %d: raw %s, expected %d\n", rows, $2, raw; bad = 1 }
        d = $3 - rate; if (d < 0) d = -d
        if (d > rate * 0.05) { printf "row %d: rate %s, expected %d +- 5%%\n", rows, $3, rate; bad = 1 }
        printf "row %d: raw %s, rate %s (%.2f %% off)\n", rows, $2, $3, 100 * d / rate
    }
    END { if (rows != 3) { printf "%d rows, expected 3\n", rows; bad = 1 } exit bad }
' "$work/query.csv" || fail "values out of bounds"

wait "$demo_pid" || fail "the demo failed: $(cat "$work/demo.txt")"
demo_pid=
W "$cli" list >"$work/list-after.txt" 2>&1 || fail "list after the demo: $(cat "$work/list-after.txt")"
if grep -q "^$first " "$work/list-after.txt"; then
    fail "object $first still listed after the demo exited"
fi

W "$cli" counters uninstall PerfscopeDemo || fail "uninstall failed"
if W reg query 'HKLM\SYSTEM\CurrentControlSet\Services\PerfscopeDemo' >/dev/null 2>&1; then
    fail "Services\\PerfscopeDemo is still there"
fi
echo "wine_end_to_end: OK"
