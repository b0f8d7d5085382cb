#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ssh:// machines end to end (docs/remote-protocol.md §5): a real sshd (Debian's openssh-server) on a high
# loopback port with a generated host key, a generated user key and its own known_hosts, run as the current
# user; perfscope-cli reaches `perfscope-cli serve --stdio` through it with the system's ssh.
# Usage: remote_ssh_test.sh PERFSCOPE_CLI. Exit 77 (skipped) when sshd cannot run here.
set -uo pipefail
cli=$(realpath "${1:?perfscope-cli}")  # the far side runs it from its own directory
work=$(mktemp -d "${TMPDIR:-/tmp}/perfscope-ssh-XXXXXX")
sshd_helper="$(dirname "$0")/../remote/local_sshd.sh"
cleanup() {
    bash "$sshd_helper" stop "$work"
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

bash "$sshd_helper" start "$work" || exit 1
machine=$(cat "$work/machine")
if [[ $machine == SKIP:* ]]; then
    echo "$machine"
    exit 77
fi
user=$(id -un)
port=${machine##*:}
export PERFSCOPE_REMOTE_CLI=$cli

# query: two rows of values, headed by this machine's name (the agent runs here).
out=$(PERFSCOPE_SSH="ssh -F $work/ssh_config" timeout 60 "$cli" query -sc 2 "\\\\$machine\\Memory\\Available Bytes" \
      2>"$work/err")
code=$?
[[ $code -eq 0 ]] || fail "query through ssh exited $code: $(cat "$work/err")"
rows=$(grep -c '^"[0-9]' <<<"$out")
[[ $rows -eq 2 ]] || fail "query through ssh wrote $rows rows, not 2: $out"
while IFS= read -r row; do
    value=${row##*,\"}
    value=${value%\"}
    [[ $value =~ ^[0-9]+\.[0-9]+$ ]] && awk -v v="$value" 'BEGIN { exit !(v > 0) }' \
        || fail "not a positive value in \"$row\""
done < <(grep '^"[0-9]' <<<"$out")
head -1 <<<"$out" | grep -qF "\\\\$(hostname)\\Memory\\Available Bytes" || fail "header: $(head -1 <<<"$out")"

# list: the remote object's counters.
listed=$(PERFSCOPE_SSH="ssh -F $work/ssh_config" timeout 60 "$cli" list "\\\\$machine\\Memory" 2>&1)
grep -q 'Object 4 "Memory"' <<<"$listed" || fail "list through ssh: $listed"

# A key sshd does not know: BatchMode means no prompt, an error naming the machine and exit code 1.
PERFSCOPE_SSH="ssh -F $work/stranger_config" timeout 60 "$cli" query -sc 1 "\\\\$machine\\Memory\\Available Bytes" \
    >"$work/out" 2>"$work/err"
code=$?
[[ $code -eq 1 ]] || fail "an unknown key: exit $code, not 1: $(cat "$work/err")"
grep -qF "$machine" "$work/err" || fail "an unknown key: the message does not name the machine: $(cat "$work/err")"
[[ -s $work/out ]] && fail "an unknown key: something on stdout: $(cat "$work/out")"

grep -q "Accepted publickey for $user" "$work/sshd.log" || fail "sshd saw no login: $(cat "$work/sshd.log")"
if ((failures > 0)); then
    echo "$failures failure(s)"
    exit 1
fi
echo "ssh:// machine: query and list through sshd on 127.0.0.1:$port, an unknown key refused"
