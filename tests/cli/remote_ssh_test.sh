#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ssh:// machines end to end (docs/remote-protocol.md §5): a real sshd (Debian's openssh-server) on a high
# loopback port with a generated host key, a generated user key and its own known_hosts, run as the current
# user; perfscope-cli reaches `perfscope-cli serve --stdio` through it with the system's ssh.
# Usage: remote_ssh_test.sh PERFSCOPE_CLI. Exit 77 (skipped) when sshd cannot run here.
set -uo pipefail
cli=$(realpath "${1:?perfscope-cli}")  # the far side runs it from its own directory
sshd=/usr/sbin/sshd
skip() { echo "SKIP: $*"; exit 77; }
[[ -x $sshd ]] || skip "no $sshd (Debian package openssh-server)"
command -v ssh >/dev/null && command -v ssh-keygen >/dev/null || skip "no ssh or ssh-keygen"
# sshd refuses to start without its privilege separation directory; root may make it, others cannot.
if [[ ! -d /run/sshd ]]; then
    [[ $(id -u) -eq 0 ]] || skip "sshd needs /run/sshd, which only root can create"
    mkdir -p -m 0755 /run/sshd || skip "cannot create /run/sshd"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/perfscope-ssh-XXXXXX")
sshd_pid=
cleanup() {
    [[ -n $sshd_pid ]] && kill "$sshd_pid" 2>/dev/null && wait "$sshd_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

user=$(id -un)
ssh-keygen -q -t ed25519 -N '' -C perfscope-test-host -f "$work/host_key" || exit 1
ssh-keygen -q -t ed25519 -N '' -C perfscope-test-user -f "$work/user_key" || exit 1
ssh-keygen -q -t ed25519 -N '' -C perfscope-test-stranger -f "$work/stranger_key" || exit 1
cp "$work/user_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
# The test's own settings only, not the system's /etc/ssh files. StrictModes off: the keys live under /tmp.
cat >"$work/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
PidFile none
CONFIG

# A free high port: try a few until sshd listens.
port=
for attempt in 1 2 3 4 5 6 7 8; do
    candidate=$((20000 + (RANDOM % 30000)))
    : >"$work/sshd.log"
    "$sshd" -D -e -f "$work/sshd_config" -p "$candidate" -h "$work/host_key" \
        -o "AuthorizedKeysFile=$work/authorized_keys" 2>"$work/sshd.log" &
    sshd_pid=$!
    for _ in $(seq 50); do
        grep -q "Server listening" "$work/sshd.log" && break
        kill -0 "$sshd_pid" 2>/dev/null || break
        sleep 0.1
    done
    if grep -q "Server listening" "$work/sshd.log"; then
        port=$candidate
        break
    fi
    kill "$sshd_pid" 2>/dev/null
    wait "$sshd_pid" 2>/dev/null
    sshd_pid=
    grep -q "Address already in use" "$work/sshd.log" || break
done
[[ -n $port ]] || { cat "$work/sshd.log"; skip "sshd does not start here"; }

echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/host_key.pub")" >"$work/known_hosts"
client_config() {  # key file -> ssh client configuration
    cat <<CONFIG
Host *
    IdentityFile $1
    IdentitiesOnly yes
    UserKnownHostsFile $work/known_hosts
    GlobalKnownHostsFile /dev/null
    StrictHostKeyChecking yes
    ConnectTimeout 10
CONFIG
}
client_config "$work/user_key" >"$work/ssh_config"
client_config "$work/stranger_key" >"$work/stranger_config"

machine="ssh://$user@127.0.0.1:$port"
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
