# SPDX-License-Identifier: Apache-2.0
# Sourced by the Wine tests that read the publishing demo's counters through perfscope-counters.dll
# (docs/windows-provider.md): wine_record.sh, serve_wine_test.sh and tests/provider/wine_end_to_end.sh.
# The sourcing script sets run (the Wine launcher), prefix, cli (perfscope-cli.exe), demo
# (perfscope-publish-demo.exe), dll, def (the demo's definition), work (its directory) and test_name.
#
# Wine's name table does not know the demo's names, so the tests name its object and counters by index:
# install_demo_provider sets `first` (the object), raw_index (Demo Raw) and rate_index (Demo Ticks/sec).

W() { "$run" --prefix "$prefix" "$@"; }
# Wine maps / to Z:.
winpath() { printf 'Z:%s' "$1" | sed 's|/|\\|g'; }
fail() { echo "$test_name: $*" >&2; exit 1; }

uninstall_demo_provider() { W "$cli" counters uninstall PerfscopeDemo >/dev/null 2>&1 || true; }

# Registers the DLL for the demo's definition (after removing what an interrupted run left).
install_demo_provider() {
    uninstall_demo_provider
    W "$cli" counters install "$(winpath "$def")" --library "$(winpath "$dll")" >"$work/install.txt" 2>&1 ||
        fail "install failed: $(cat "$work/install.txt")"
    first=$(sed -n 's/.*counter indices \([0-9]*\)\.\..*/\1/p' "$work/install.txt")
    [ -n "$first" ] || fail "install printed no indices"
    # The definition's order: the object is the first index, Demo Raw +2, Demo Ticks/sec +4 (2 apart).
    raw_index=$((first + 2))
    rate_index=$((first + 4))
}

# start_demo RAW RATE SECONDS: the demo publishes RAW and adds RATE a second for SECONDS; sets demo_pid.
start_demo() {
    W "$demo" --raw "$1" --rate "$2" --seconds "$3" >"$work/demo.txt" 2>&1 &
    demo_pid=$!
}

# Until `perfscope-cli.exe list` shows the demo's object (Wine boots the demo's process first); its line
# stays in $work/list.txt.
wait_for_demo_object() {
    for _ in $(seq 1 60); do
        if W "$cli" list >"$work/list.txt" 2>&1 && grep -q "^$first " "$work/list.txt"; then
            return 0
        fi
        sleep 0.1
    done
    fail "object $first never listed: $(cat "$work/list.txt"; cat "$work/demo.txt")"
}
