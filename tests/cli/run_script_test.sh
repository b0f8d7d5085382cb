#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/run.sh > log.csv must give a clean log: whatever installing and
# building print goes to stderr, stdout carries only the CLI's output. Runs
# a copy of run.sh in a scratch tree where setup.sh, cmake and perfscope-cli
# are stand-ins that print on stdout, as the real ones do.
set -euo pipefail
repo=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tree/scripts" "$tmp/tree/build/release/app/cli" "$tmp/bin"
cp "$repo/scripts/run.sh" "$tmp/tree/scripts/run.sh"
printf '#!/bin/sh\necho "setup: installing nothing"\n' > "$tmp/tree/scripts/setup.sh"
printf '#!/bin/sh\necho "ninja: no work to do."\n' > "$tmp/bin/cmake"
printf '#!/bin/sh\necho "\\"(PDH-CSV 4.0) (UTC)(0)\\",\\"$*\\""\n' > "$tmp/tree/build/release/app/cli/perfscope-cli"
chmod +x "$tmp/tree/scripts/"*.sh "$tmp/bin/cmake" "$tmp/tree/build/release/app/cli/perfscope-cli"

PATH="$tmp/bin:$PATH" "$tmp/tree/scripts/run.sh" '\Memory\Available Bytes' > "$tmp/out" 2> "$tmp/err"
fail=0
expected='"(PDH-CSV 4.0) (UTC)(0)","query -si 1 \Memory\Available Bytes"'
if [[ "$(cat "$tmp/out")" != "$expected" ]]; then
    echo "stdout is not only the CSV:"; cat "$tmp/out"; fail=1
fi
for line in "setup: installing nothing" "ninja: no work to do."; do
    if ! grep -qxF "$line" "$tmp/err"; then
        echo "stderr lacks \"$line\":"; cat "$tmp/err"; fail=1
    fi
done
exit $fail
