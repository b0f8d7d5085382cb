#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Stands in for ssh in RemoteMachineTest (PERFSCOPE_SSH): drops ssh's options and host, up to "--", and runs
# the remote command here, so an ssh:// machine's stdio transport is tested without an sshd.
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
    shift
done
[ "$#" -gt 0 ] && shift
exec "$@"
