#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Linux end to end with real processes (docs/publishing.md):
#   1. perfscope-publish-demo publishes (raw 4242, rate 2000 per second);
#   2. perfscope-cli query reads the raw counter exactly and the rate within
#      5 % of 2000 per second;
#   3. the demo exits (SIGTERM) and its objects are gone from the next list;
#   4. a demo killed with SIGKILL leaves nothing either: the next list does
#      not show it and its /dev/shm segment is removed.
#
#   publish_e2e_test.sh DEMO CLI
set -eu
demo=$1
cli=$2
raw=4242
rate=2000
fail() { echo "publish_e2e_test: FAIL: $*" >&2; exit 1; }

demo_pid=""
cleanup() { [ -n "$demo_pid" ] && kill -9 "$demo_pid" 2>/dev/null; true; }
trap cleanup EXIT

wait_listed() {  # wait until `list` shows (yes) or stops showing (no) the demo object
    i=0
    while [ $i -lt 50 ]; do
        if "$cli" list | grep -q "Perfscope Demo  "; then shown=yes; else shown=no; fi
        [ "$shown" = "$1" ] && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

"$demo" --raw $raw --rate $rate >/dev/null &
demo_pid=$!
wait_listed yes || fail "the demo's object never appeared in perfscope-cli list"

# 3 samples 1 s apart: the raw value every time, the rate in the 2nd and 3rd.
out=$("$cli" query -si 1 -sc 3 '\Perfscope Demo\Demo Raw' '\Perfscope Demo\Demo Ticks/sec')
echo "$out"
echo "$out" | awk -F'","' -v raw=$raw -v rate=$rate '
    NR == 1 { next }
    {
        gsub(/"/, "", $3)
        r = $2 + 0; t = $3 + 0
        if (r != raw) { printf "raw %s != %d\n", $2, raw; bad = 1 }
        if (NR > 1 && $3 != " " && $3 != "") {
            n++
            if (t < rate * 0.95 || t > rate * 1.05) { printf "rate %s not within 5%% of %d\n", $3, rate; bad = 1 }
        }
    }
    END { if (n < 2) { print "fewer than 2 rate samples"; bad = 1 } exit bad }' || fail "values"

kill -TERM "$demo_pid"
wait "$demo_pid" || true
demo_pid=""
"$cli" list | grep -q "Perfscope Demo  " && fail "the demo's object is still listed after it exited"

# A demo that dies without closing its segment.
"$demo" >/dev/null &
demo_pid=$!
wait_listed yes || fail "the second demo never appeared"
segment=$(grep -l PerfscopeDemo /dev/shm/perfscope-counters.* 2>/dev/null | head -1)
[ -n "$segment" ] || fail "no segment of the demo in /dev/shm"
kill -KILL "$demo_pid"
wait "$demo_pid" 2>/dev/null || true
demo_pid=""
"$cli" list | grep -q "Perfscope Demo  " && fail "a killed demo's object is still listed"
[ -e "$segment" ] && fail "the killed demo's segment $segment was not removed"
echo "publish_e2e_test: ok"
