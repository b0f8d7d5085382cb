#!/usr/bin/env bash
# Builds Perfscope and starts monitoring this machine: until the desktop app
# exists, perfscope-cli's live view of a few key counters, one line a second
# (Ctrl-C ends it). Extra arguments replace the default counter paths.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target perfscope-cli

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
