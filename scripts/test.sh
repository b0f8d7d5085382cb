#!/usr/bin/env bash
# Installs what is missing, builds and runs every test through ctest:
#   1. release build: all native tests (engine, cli, fuzz corpora) and the
#      benchmarks (label bench; they print RESULT lines)
#   2. ASan + UBSan build: the whole suite again under the sanitizers
#   3. MinGW-w64 cross build: engine, CLI and tests run under Wine
#   4. clang + libFuzzer build: each fuzz target runs briefly
# Set PERFSCOPE_SKIP="mingw fuzz" (any of release asan mingw fuzz) to skip steps.
set -euo pipefail
cd "$(dirname "$0")/.."

skip=" ${PERFSCOPE_SKIP:-} "
step() { echo; echo "=== $* ==="; }
wanted() { [[ "$skip" != *" $1 "* ]]; }
jobs=$(nproc)

scripts/setup.sh --all

if wanted release; then
    step "release build: tests and benchmarks"
    cmake --preset release
    cmake --build --preset release -j "$jobs"
    ctest --preset release -j "$jobs" -LE bench
    # Benchmarks alone, one at a time, so they do not measure each other.
    ctest --preset release -L bench --verbose | grep -E "RESULT|tests passed|Test +#|Failed|\*\*\*" 
fi

if wanted asan; then
    step "ASan + UBSan build: every test"
    cmake --preset asan
    cmake --build --preset asan -j "$jobs"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --preset asan -j "$jobs"
fi

if wanted mingw; then
    step "MinGW-w64 build: tests under Wine"
    scripts/test-mingw.sh
fi

if wanted fuzz; then
    step "libFuzzer: short runs of every target"
    cmake --preset fuzz
    cmake --build --preset fuzz -j "$jobs"
    ctest --test-dir build/fuzz -L fuzz --output-on-failure
fi

echo
echo "All test steps passed."
