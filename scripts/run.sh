#!/usr/bin/env bash
# Builds Perfscope and starts monitoring this machine: until the desktop app
# exists, perfscope-cli's live view of a few key counters, one line a second
# (Ctrl-C ends it). Extra arguments replace the default counter paths.
set -euo pipefail
cd "$(dirname "$0")/.."

# Installing and building talk on stderr: stdout is the CSV, so
# `scripts/run.sh > log.csv` gives a clean log.
scripts/setup.sh >&2
cmake --preset release >/dev/null
cmake --build --preset release --target perfscope-cli >&2

paths=("$@")
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
