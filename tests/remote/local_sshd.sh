#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A real sshd (Debian's openssh-server) for the ssh:// tests, on a free high loopback port with generated host
# and user keys and its own known_hosts, run as the current user with the test's settings only.
#   local_sshd.sh start DIR   starts it in the background and writes into DIR:
#                               machine      ssh://USER@127.0.0.1:PORT, or "SKIP: why" where sshd cannot run
#                               ssh_config   the client configuration for the user key (ssh -F DIR/ssh_config)
#                               stranger_config   the same for a key sshd does not know
#                               sshd.log, sshd.pid
#                             exit 0 (also when skipped: DIR/machine says so), 1 on a failure to set up
#   local_sshd.sh stop DIR    stops it
set -uo pipefail
action=${1:?start or stop}
work=${2:?directory}
sshd=/usr/sbin/sshd

if [[ $action == stop ]]; then
    [[ -f $work/sshd.pid ]] && kill "$(cat "$work/sshd.pid")" 2>/dev/null
    rm -f "$work/sshd.pid"
    exit 0
fi

mkdir -p "$work"
rm -f "$work/machine" "$work/sshd.pid"
skip() {
    echo "SKIP: $*" >"$work/machine"
    echo "SKIP: $*"
    exit 0
}
[[ -x $sshd ]] || skip "no $sshd (Debian package openssh-server)"
command -v ssh >/dev/null && command -v ssh-keygen >/dev/null || skip "no ssh or ssh-keygen"
# sshd refuses to start without its privilege separation directory; root may make it, others cannot.
if [[ ! -d /run/sshd ]]; then
    [[ $(id -u) -eq 0 ]] || skip "sshd needs /run/sshd, which only root can create"
    mkdir -p -m 0755 /run/sshd || skip "cannot create /run/sshd"
fi

user=$(id -un)
for key in host_key user_key stranger_key; do
    rm -f "$work/$key" "$work/$key.pub"
    ssh-keygen -q -t ed25519 -N '' -C "perfscope-test-${key%_key}" -f "$work/$key" || exit 1
done
cp "$work/user_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
# StrictModes off: the keys live in a build or temporary directory.
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
    setsid "$sshd" -D -e -f "$work/sshd_config" -p "$candidate" -h "$work/host_key" \
        -o "AuthorizedKeysFile=$work/authorized_keys" 2>"$work/sshd.log" </dev/null >/dev/null &
    pid=$!
    for _ in $(seq 50); do
        grep -q "Server listening" "$work/sshd.log" && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if grep -q "Server listening" "$work/sshd.log"; then
        port=$candidate
        echo "$pid" >"$work/sshd.pid"
        break
    fi
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
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
echo "ssh://$user@127.0.0.1:$port" >"$work/machine"
echo "sshd listening on 127.0.0.1:$port"
