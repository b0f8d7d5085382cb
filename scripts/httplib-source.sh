#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fetches the source of Debian's cpp-httplib (the version installed for the Linux build) for the MinGW
# build, which compiles `perfscope-cli serve` from its single-file httplib.h: Debian ships no Windows
# cpp-httplib, and libcpp-httplib-dev installs the Linux library's split header only.
#   scripts/httplib-source.sh [DIR]   unpacks into DIR (default build/third_party), as DIR/cpp-httplib-<version>/
# (Debian's upstream version, e.g. cpp-httplib-0.11.4+ds), where app/cli/CMakeLists.txt looks for it.
# apt-get source needs a deb-src line for the configured Debian mirrors (scripts/zstd-source.sh adds one).
set -euo pipefail

dest=${1:-"$(cd "$(dirname "$0")/.." && pwd)/build/third_party"}
version=$(dpkg-query -W -f='${Version}' libcpp-httplib-dev 2>/dev/null || true)
if [[ -z "$version" ]]; then
    echo "httplib-source: libcpp-httplib-dev is not installed (scripts/setup.sh)" >&2
    exit 1
fi
upstream=${version#*:}
upstream=${upstream%-*}
if [[ -f "$dest/cpp-httplib-$upstream/httplib.h" ]]; then
    exit 0
fi
if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "httplib-source: no deb-src line is configured (scripts/zstd-source.sh adds them)" >&2
    exit 1
fi
mkdir -p "$dest"
cd "$dest"
apt-get source -q "cpp-httplib=$version"
test -f "cpp-httplib-$upstream/httplib.h"
echo "httplib-source: $dest/cpp-httplib-$upstream"
