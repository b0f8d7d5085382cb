#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The DEB's publishing library serves an application built against the
# package alone (dpkg-deb -x into a temporary root, outside the build tree):
#   deb_dev_test.sh PACKAGE.deb dev_app/
# 1. dev_app/CMakeLists.txt: find_package(Perfscope) with CMAKE_PREFIX_PATH =
#    the extracted usr, a C++ program on the C++ API (publisher.h);
# 2. dev_app/publish_c.c: cc $(pkg-config --cflags --libs perfscope-publish),
#    PKG_CONFIG_PATH into the root (the .pc finds its prefix from ${pcfiledir});
# each publishes one raw counter whose value the test chooses (from its pid),
# and the extracted perfscope-cli query reads back exactly that value.
set -uo pipefail
deb=$1 app=$2
[[ -f $deb ]] || { echo "no $deb: run scripts/package.sh first" >&2; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
dpkg-deb -x "$deb" "$root/fs" || exit 1
usr=$root/fs/usr
cli=$usr/bin/perfscope-cli
# Nothing of the build tree or the source tree may be found: only the package's files.
grep -rlF "$(cd "$app/../../.." && pwd)" "$usr"/lib/*/cmake "$usr"/lib/*/pkgconfig "$usr/include" &&
    fail "the package's CMake, pkg-config or header files name the source tree"

t=$(now)
cmake -S "$app" -B "$root/cxx" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$usr" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$root/cmake.log" 2>&1 || { cat "$root/cmake.log"; fail "cmake (find_package)"; }
grep -q "Perfscope_DIR:PATH=$usr/lib/" "$root/cxx/CMakeCache.txt" || fail "find_package did not find the package's config"
cmake --build "$root/cxx" >>"$root/cmake.log" 2>&1 || { cat "$root/cmake.log"; fail "building the C++ application"; }
echo "C++ application (find_package): $(took "$t")"

t=$(now)
export PKG_CONFIG_PATH=$(dirname "$(find "$usr/lib" -name perfscope-publish.pc)") PKG_CONFIG_LIBDIR=
flags=$(pkg-config --cflags --libs perfscope-publish) || fail "pkg-config perfscope-publish"
echo "pkg-config: $flags"
incdir=$(pkg-config --cflags-only-I perfscope-publish | sed 's/^ *-I//; s/ *$//')
[[ $(realpath "$incdir") == "$usr/include/perfscope" ]] || fail "the .pc's include directory is not the extracted root's: $flags"
# shellcheck disable=SC2086  # the flags are words
cc -std=c11 -Wall -Wextra -o "$root/publish_c" "$app/publish_c.c" $flags || fail "building the C program (pkg-config)"
echo "C program (pkg-config): $(took "$t")"

check() {  # $1: program, $2: object name, $3: value
    local flag=$root/flag-$$ out rc app_rc
    touch "$flag"
    "$1" "$2" "$3" "$flag" >"$root/app.out" 2>&1 &
    local pid=$!
    # Up to 20 s: a loaded machine (the suite runs -j2 beside other builds) starts programs slowly.
    for _ in $(seq 1 400); do
        grep -q ready "$root/app.out" && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    if ! grep -q ready "$root/app.out"; then
        rm -f "$flag"
        wait "$pid"
        fail "$(basename "$1") did not publish (exit $?): $(cat "$root/app.out")"
    fi
    out=$("$cli" query -sc 1 "\\$2\\Value" 2>&1)
    rc=$?
    rm -f "$flag"
    wait "$pid"
    app_rc=$?
    echo "$out"
    [[ $rc == 0 ]] || fail "perfscope-cli query exited with $rc"
    [[ $app_rc == 0 ]] || fail "$(basename "$1") exited with $app_rc: $(cat "$root/app.out")"
    # PDH-CSV: a header row and one sample row, whose last field is the value.
    local got
    got=$(tail -n 1 <<<"$out" | awk -F'","' '{ v = $NF; gsub(/"/, "", v); print v }' | tr -d '\r')
    awk -v g="$got" -v w="$3" 'BEGIN { exit !(g != "" && g + 0 == w + 0) }' ||
        fail "$2\\Value read back as '$got', published $3"
    echo "ok: $2\\Value = $3"
}
value=$(( $$ % 100000 ))
check "$root/cxx/publish_cxx" "Perfscope Package Test Cxx $$" "$value"
check "$root/publish_c" "Perfscope Package Test C $$" "$(( (value * 7 + 13) % 100000 ))"
