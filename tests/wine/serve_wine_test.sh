#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# perfscope-cli.exe serve under Wine (ctest label wine): register perfscope-counters.dll for the demo's
# definition, start perfscope-publish-demo.exe, serve its object (named by index: Wine's name table does not
# know it) with `perfscope-cli.exe serve --set`, and fetch /metrics with curl from Linux: the raw counter
# exactly, the rate counter's raw count growing by about what the demo adds per second.
#
#   serve_wine_test.sh WINE-RUN PREFIX CLI.exe DEMO.exe DLL DEFINITION WORKDIR
set -eu
run=$1 prefix=$2 cli=$3 demo=$4 dll=$5 def=$6 work=$7
mkdir -p "$work"
test_name=serve_wine_test
. "$(dirname "$0")/demo_provider.sh"
command -v curl >/dev/null || { echo "serve_wine_test: curl is not installed"; exit 77; }

raw_value=4242
rate=1000
demo_pid=
serve_pid=
port=

# The Windows program runs in a process of its own, not the launcher's: the agent is found by its
# command line, which holds this test's own port.
stop_agent() {
    [ -n "$serve_pid" ] || return 0
    for dir in /proc/[0-9]*; do
        if tr '\0' ' ' <"$dir/cmdline" 2>/dev/null | grep -q -- "serve --listen 127.0.0.1:$port "; then
            kill "${dir#/proc/}" 2>/dev/null || true
        fi
    done
    wait "$serve_pid" 2>/dev/null || true
    serve_pid=
}
cleanup() {
    status=$?
    stop_agent
    if [ -n "$demo_pid" ]; then
        wait "$demo_pid" 2>/dev/null || true
    fi
    uninstall_demo_provider
    exit $status
}
trap cleanup EXIT

install_demo_provider
start_demo $raw_value $rate 12

printf '{"version": 2, "views": [{"title": "demo", "counters": [{"path": "\\\\%s\\\\%s"}]}]}\n' \
    "$first" "$raw_index" >"$work/demo-set.json"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
W "$cli" serve --listen "127.0.0.1:$port" --set "$(winpath "$work/demo-set.json")" >"$work/serve.txt" 2>&1 &
serve_pid=$!

# Until the demo's object is on /metrics (Wine boots the demo's and the agent's processes first).
raw_line=
for _ in $(seq 1 120); do
    if curl -s -m 5 "http://127.0.0.1:$port/metrics" -o "$work/metrics1.txt" &&
        raw_line=$(grep "^perfscope_${first}_${raw_index} " "$work/metrics1.txt"); then
        break
    fi
    sleep 0.25
done
[ -n "$raw_line" ] || fail "no perfscope_${first}_${raw_index} on /metrics: $(cat "$work/serve.txt" "$work/metrics1.txt" 2>/dev/null)"
echo "$raw_line"
[ "$raw_line" = "perfscope_${first}_${raw_index} $raw_value" ] || fail "raw counter: $raw_line, expected $raw_value"
grep -q "^# TYPE perfscope_${first}_${raw_index} gauge$" "$work/metrics1.txt" || fail "the raw counter is not a gauge"
grep -q "^perfscope_perfmon_name_info{object=\"$first\",counter=\"$raw_index\"," "$work/metrics1.txt" ||
    fail "no mapping row for the raw counter"

# The rate counter is exported raw (a count that grows by `rate` a second); two scrapes 2 s apart.
count() { sed -n "s/^perfscope_${first}_${rate_index}_total \([0-9.e+]*\)$/\1/p" "$1"; }
a=$(count "$work/metrics1.txt")
[ -n "$a" ] || fail "no perfscope_${first}_${rate_index}_total: $(cat "$work/metrics1.txt")"
t0=$(date +%s.%N)
sleep 2
curl -s -m 5 "http://127.0.0.1:$port/metrics" -o "$work/metrics2.txt" || fail "the second scrape failed"
t1=$(date +%s.%N)
b=$(count "$work/metrics2.txt")
echo "rate counter: $a then $b"
# The count grows by rate * (time between the scrapes), within what the two scrapes' own time blurs (1 s).
awk -v a="$a" -v b="$b" -v rate="$rate" -v t0="$t0" -v t1="$t1" 'BEGIN {
    d = b - a; lo = rate * (t1 - t0 - 1); hi = rate * (t1 - t0 + 1)
    if (d < lo || d > hi) { printf "grew by %s, expected %d to %d\n", d, lo, hi; exit 1 }
}' || fail "the rate counter's count is off"

stop_agent
# The demo ends by itself (as in the provider's end-to-end test).
wait "$demo_pid" || fail "the demo failed: $(cat "$work/demo.txt")"
demo_pid=
echo "serve_wine_test: OK"
