#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what Perfscope needs on Debian 12, skipping what is already there.
#   scripts/setup.sh          build tools and libraries for the engine, the CLI and the desktop app
#   scripts/setup.sh --all    also what the full test suite needs: clang, libFuzzer and lld (the ASan
#                             and libFuzzer builds link with it), MinGW-w64 and Wine, the arm64 cross
#                             compiler and qemu-user,
#                             debootstrap (the Debian 11 root the jar is tried in), Xvfb for the GUI benchmarks, and the
#                             packaging tools (scripts/package.sh: file, groff, NSIS, lintian; pkg-config
#                             for the package test that builds against the DEB), and reuse for
#                             the license check, clang-format and clang-tidy for the style check, and
#                             Prometheus (promtool), its node exporter and openssl for the serve tests and benchmark,
#                             and the sources of Debian's libzstd (which the MinGW and arm64 builds
#                             compile) and cpp-httplib (the MinGW build) (scripts/zstd-source.sh adds a deb-src line for the configured
#                             mirror; scripts/httplib-source.sh)
#                             openssh-server for the ssh:// remote machine test (its sshd is started by the test)
set -euo pipefail

packages=(build-essential cmake ninja-build googletest libcpp-httplib-dev pkgconf
          qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
          openjdk-17-jdk-headless junit5 libzstd-dev pkgconf)
if [[ "${1:-}" == "--all" ]]; then
    packages+=(clang libclang-rt-14-dev lld g++-mingw-w64-x86-64-posix wine wine64 procps
              g++-aarch64-linux-gnu qemu-user debootstrap
              xvfb xauth
              file groff-base nsis lintian pkgconf reuse clang-format clang-tidy
              prometheus prometheus-node-exporter openssl dpkg-dev openssh-server)
fi
# The cross builds' zstd and the MinGW build's cpp-httplib, from Debian's source packages (after the packages: each
# needs the installed Linux package's version).
zstd_source() {
    if [[ "${1:-}" == "--all" ]]; then
        "$(dirname "$0")/zstd-source.sh"
        "$(dirname "$0")/httplib-source.sh"
    fi
}

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if (( ${#missing[@]} == 0 )); then
    zstd_source "${1:-}"
    exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
    sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
zstd_source "${1:-}"
