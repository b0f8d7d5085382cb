#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A recording written on Windows and read on Linux (ctest label wine,
# docs/recording-format.md): register perfscope-counters.dll for the demo's
# definition in the test prefix, start perfscope-publish-demo.exe, record its
# object with `perfscope-cli.exe record` through Wine's HKEY_PERFORMANCE_DATA,
# then read the file with the Linux perfscope-cli: `list --input` names the
# object, `query --input` gives the raw counter exactly and the rate the demo
# adds per second, and every row is stamped with a recorded time. Wine's name table does not know the demo's names, so the paths name
# them by index, as tests/provider/wine_end_to_end.sh does.
#
#   wine_record.sh WINE-RUN PREFIX CLI.exe DEMO.exe DLL DEFINITION LINUX-CLI WORKDIR
# Exit 77 (skipped) without a Linux perfscope-cli.
set -eu
run=$1 prefix=$2 cli=$3 demo=$4 dll=$5 def=$6 linux_cli=$7 work=$8
if [ ! -x "$linux_cli" ]; then
    echo "wine_record: no Linux perfscope-cli at $linux_cli (build the release preset first): skipped"
    exit 77
fi
mkdir -p "$work"
test_name=wine_record
. "$(dirname "$0")/demo_provider.sh"

raw_value=31337
rate=2000
samples=7
recording="$work/windows.psrec"
demo_pid=

cleanup() {
    status=$?
    if [ -n "$demo_pid" ]; then
        wait "$demo_pid" 2>/dev/null || true
    fi
    uninstall_demo_provider
    exit $status
}
trap cleanup EXIT

install_demo_provider
start_demo $raw_value $rate 12
wait_for_demo_object

rm -f "$recording"
W "$cli" record -o "$(winpath "$recording")" -si 1 -sc $samples --stats "\\$first\\$raw_index" \
    >"$work/record.txt" 2>&1 || fail "record failed: $(cat "$work/record.txt")"
cat "$work/record.txt"
[ -s "$recording" ] || fail "no recording written"
# The recorder's CPU is process time (GetProcessTimes), not wall time: a recorder of one small object
# that sleeps between samples stays far below a whole core (msvcrt's clock() read about 100 %).
cpu_percent=$(sed -n 's/.*recorder CPU [0-9.]* s (\([0-9.]*\) % of a core.*/\1/p' "$work/record.txt")
[ -n "$cpu_percent" ] || fail "no recorder CPU in the --stats line"
awk -v p="$cpu_percent" 'BEGIN { exit !(p < 50) }' || fail "recorder CPU $cpu_percent % of a core: wall time, not CPU time"
# The demo runs out by itself: a killed wrapper would leave its Wine process
# running, and its exit would later unpublish the object of the next run's demo.
wait "$demo_pid" || fail "the demo failed: $(cat "$work/demo.txt")"
demo_pid=
# The header names the operating system it was written on.
head -c 256 "$recording" | grep -aq Windows || fail "the header does not say Windows"

# --- Linux from here on ---
"$linux_cli" list --input "$recording" >"$work/list-input.txt" 2>&1 ||
    fail "list --input failed: $(cat "$work/list-input.txt")"
grep -q "^$first " "$work/list-input.txt" || fail "list --input has no object $first: $(cat "$work/list-input.txt")"

"$linux_cli" query --input "$recording" "\\$first\\$raw_index" "\\$first\\$rate_index" \
    >"$work/query.csv" 2>"$work/query.err" || fail "query --input failed: $(cat "$work/query.err")"
cat "$work/query.csv"
# One row per recorded sample after the first, stamped with its recorded
# time; the raw value exactly. The demo adds `rate` per second of wall time,
# but under Wine a block's time stamp and the moment its values were read lie
# up to ~100 ms apart, so one interval's rate may be off by several percent
# (the errors of neighbouring intervals cancel): each row within 20 %, and the
# rate over rows 2..n, weighted by their recorded intervals (that is, the
# counter's increase over the time between the rows' stamps), within 5 %.
awk -F'","' -v raw="$raw_value" -v rate="$rate" -v want=$((samples - 1)) '
    function seconds(stamp,    parts, hms) {
        split(stamp, parts, " "); split(parts[2], hms, ":")
        return hms[1] * 3600 + hms[2] * 60 + hms[3]
    }
    NR == 1 { next }
    {
        gsub(/"/, "", $1); gsub(/"/, "", $3)
        rows++
        if ($1 !~ /^[0-9][0-9]\/[0-9][0-9]\/[0-9][0-9][0-9][0-9] [0-9:.]+$/) { printf "row %d: time %s\n", rows, $1; bad = 1 }
        if ($2 + 0 != raw) { printf "row %d: raw %s, expected %d\n", rows, $2, raw; bad = 1 }
        d = $3 - rate; if (d < 0) d = -d
        if (d > rate * 0.20) { printf "row %d: rate %s, expected %d +- 20%%\n", rows, $3, rate; bad = 1 }
        printf "row %d: %s raw %s, rate %s (%.2f %% off)\n", rows, $1, $2, $3, 100 * d / rate
        t = seconds($1)
        if (rows > 1) {
            dt = t - previous; if (dt < 0) dt += 86400
            if (dt <= 0) { printf "row %d: time does not advance\n", rows; bad = 1 }
            counted += $3 * dt; span += dt
        }
        previous = t
    }
    END {
        if (rows != want) { printf "%d rows, expected %d\n", rows, want; bad = 1 }
        if (span > 0) {
            mean = counted / span; d = mean - rate; if (d < 0) d = -d
            printf "rate over %.3f s of rows 2..%d: %.2f (%.2f %% off)\n", span, rows, mean, 100 * d / rate
            if (d > rate * 0.05) { printf "mean rate %.2f, expected %d +- 5%%\n", mean, rate; bad = 1 }
        }
        exit bad
    }
' "$work/query.csv" || fail "values out of bounds"
echo "wine_record: OK"
