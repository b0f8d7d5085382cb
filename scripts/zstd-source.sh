#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fetches the source of Debian's libzstd (the version installed for the Linux
# build) for builds that compile zstd themselves: the MinGW and aarch64 presets
# build it as a static library from these sources (cmake/zstd_from_source.cmake),
# since Debian ships no Windows zstd and the arm64 one is not installed for a
# cross build (the arm64 JNI library links it in).
#   scripts/zstd-source.sh [DIR]   unpacks into DIR (default build/third_party), as DIR/libzstd-<version>/
# (Debian's upstream version, e.g. libzstd-1.5.4+dfsg2), where CMake looks for it.
# apt-get source needs a deb-src line: one is added for the Debian mirrors
# already configured (their deb lines, same suites), unless there is one.
set -euo pipefail

dest=${1:-"$(cd "$(dirname "$0")/.." && pwd)/build/third_party"}
version=$(dpkg-query -W -f='${Version}' libzstd-dev 2>/dev/null || true)
if [[ -z "$version" ]]; then
    echo "zstd-source: libzstd-dev is not installed (scripts/setup.sh)" >&2
    exit 1
fi
upstream=${version#*:}
upstream=${upstream%-*}
if [[ -f "$dest/libzstd-$upstream/lib/zstd.h" ]]; then
    exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
    sudo="sudo"
fi
if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    list=/etc/apt/sources.list.d/perfscope-deb-src.sources
    echo "zstd-source: adding deb-src lines for the configured Debian mirrors ($list)"
    # The deb822 stanzas of the configured lists, as source stanzas, one blank line apart.
    cat /etc/apt/sources.list.d/*.sources 2>/dev/null \
        | awk '/^Types:.*deb/ { if (n++) print ""; print "Types: deb-src"; on = 1; next }
               /^[[:space:]]*$/ { on = 0; next }
               on { print }' | $sudo tee "$list" >/dev/null
    if [[ -f /etc/apt/sources.list ]]; then
        grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
            | $sudo tee /etc/apt/sources.list.d/perfscope-deb-src.list >/dev/null || true
    fi
    $sudo apt-get update -q
fi

mkdir -p "$dest"
cd "$dest"
# Debian's dfsg tarball of the installed version, with Debian's patches applied.
apt-get source -q "libzstd=$version"
test -f "libzstd-$upstream/lib/zstd.h"
echo "zstd-source: $dest/libzstd-$upstream"
