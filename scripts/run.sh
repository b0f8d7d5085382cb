#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds Perfscope and starts monitoring this machine: the desktop app
# `perfscope` when a display is there (DISPLAY or WAYLAND_DISPLAY), else it
# says so on stderr and starts perfscope-cli's live view of a few key
# counters, one line a second (Ctrl-C ends it). Extra arguments are counter
# paths: they replace the default paths of either.
set -euo pipefail
cd "$(dirname "$0")/.."

# Installing and building talk on stderr: stdout is the CSV, so
# `scripts/run.sh > log.csv` gives a clean log (on a machine without a display).
scripts/setup.sh >&2
cmake --preset release >/dev/null

paths=("$@")
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
    cmake --build --preset release --target perfscope >&2
    if (( ${#paths[@]} == 0 )); then
        # The last session is restored; without one, a first view to start from.
        exec build/release/app/gui/perfscope
    fi
    exec build/release/app/gui/perfscope "${paths[@]}"
fi

echo "run.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset): starting perfscope-cli's live view instead" \
     "of the desktop app" >&2
cmake --build --preset release --target perfscope-cli >&2
if (( ${#paths[@]} == 0 )); then
    paths=('\Processor(_Total)\% Processor Time'
           '\Memory\Available Bytes'
           '\Memory\% Committed Bytes In Use'
           '\System\Processes'
           '\System\Context Switches/sec'
           '\PhysicalDisk(_Total)\% Disk Time'
           '\Network Interface(*)\Bytes Total/sec')
fi
exec build/release/app/cli/perfscope-cli query -si 1 "${paths[@]}"
