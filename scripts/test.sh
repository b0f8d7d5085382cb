#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what is missing, builds and runs every test through ctest:
#   1. release build: the product, the tests that need it uninstrumented (java with
#      -Xcheck:jni, the JNI library's symbol audit, the publishing library's) and the
#      benchmarks (label bench; they print RESULT lines; the GUI benchmark runs under Xvfb)
#   2. ASan + UBSan build (clang): every C++ test (engine, cli, gui offscreen, fuzz corpora)
#      under the sanitizers; compiled only here, not in the release build as well
#   3. TSan build: the concurrency tests (RwLock, cache, snapshots) under ThreadSanitizer
#   4. MinGW-w64 cross build: engine, CLI, wpojni.dll and their tests run under Wine
#   5. Linux arm64 cross build: libwpojni.so for the jar (symbol audit) and the engine
#      tests under qemu-user
#   6. Debian 11 roots: the release build's jar loads and samples there (glibc 2.31, its
#      own OpenJDK 17), on x86_64 in a chroot and on arm64 with that JVM under qemu-user
#   7. packages (scripts/package.sh over the release, MinGW and arm64 builds): the DEB,
#      the NSIS installer under Wine and the Maven artifacts, each installed and used
#   8. clang + libFuzzer build: each fuzz target runs briefly
#   Before the builds: reuse lint (every file carries or is given its license) and the
#   format check; after the release build, clang-tidy (scripts/check-style.sh --ci: all product
#   sources but the desktop app's, whose Qt headers would take three quarters of the step).
# Set PERFSCOPE_SKIP="mingw fuzz" (any of release asan tsan mingw aarch64 debian11 package fuzz) to skip steps.
set -euo pipefail
cd "$(dirname "$0")/.."

skip=" ${PERFSCOPE_SKIP:-} "
# Each step says how long the run has taken so far, so CI logs show where the time goes.
step() { echo; echo "=== $* (at $((SECONDS / 60)) min $((SECONDS % 60)) s) ==="; }
wanted() { [[ "$skip" != *" $1 "* ]]; }
jobs=$(nproc)
# Tests run two per core: most of them wait on child processes, files and sampling intervals (run two
# at a time, the release tests used about 40 % of two cores, user and system time); the ones that
# measure CPU time against wall time are RUN_SERIAL.
test_jobs=$((jobs * 2))

scripts/setup.sh --all

step "licenses: every file says its license (reuse lint)"
reuse lint

step "style: every C++ source as .clang-format writes it"
scripts/check-style.sh --format-only

if wanted release; then
    step "release build: Java tests and benchmarks"
    # The C++ tests are compiled and run once, under the sanitizers (next step): compiling them here too
    # made this build 13 min 20 s on two cores instead of 7 min 35 s.
    cmake --preset release -DPERFSCOPE_BUILD_NATIVE_TESTS=OFF
    cmake --build --preset release -j "$jobs"
    # --test-dir, not --preset: the preset's label filter would replace -LE and run the benchmarks here
    # too, two at a time, measuring each other.
    ctest --test-dir build/release -j "$test_jobs" -LE "bench|package" --output-on-failure
    # Benchmarks alone, one at a time, so they do not measure each other.
    ctest --preset release -L bench --verbose | grep -E "RESULT|tests passed|Test +#|Failed|\*\*\*" 
    step "clang-tidy over the product sources of the release build"
    scripts/check-style.sh --tidy-only --ci build/release
fi

if wanted asan; then
    step "ASan + UBSan build: every test"
    cmake --preset asan
    cmake --build --preset asan -j "$jobs"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
        LSAN_OPTIONS=suppressions="$PWD/tests/gui/lsan.supp" \
        ctest --preset asan -j "$test_jobs"
fi

if wanted tsan; then
    step "TSan build: concurrency tests"
    # Only the tests that run threads against each other (and their
    # neighbours in the same parts): the rest of the suite is single-threaded.
    tsan_tests=(rw_lock_test perf_object_cache_test cache_concurrency_test cache_allocation_test
                snapshot_test snapshot_allocation_test snapshot_stress_test snapshot_churn_test jni_bridge_test
                publish_concurrency_test)
    tsan_regex="^($(IFS='|'; echo "${tsan_tests[*]}"))\$"
    cmake --preset tsan
    cmake --build --preset tsan -j "$jobs" --target "${tsan_tests[@]}"
    # One at a time: the stress tests bring their own 18 threads.
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 ctest --preset tsan -R "$tsan_regex"
fi

if wanted mingw; then
    step "MinGW-w64 build: tests under Wine"
    scripts/test-mingw.sh
fi

if wanted aarch64; then
    step "Linux arm64 cross build: libwpojni.so, engine tests under qemu-user"
    cmake --preset aarch64
    cmake --build --preset aarch64 -j "$jobs" --target wpojni engine_tests procfs_parsers_fuzz_replay
    # Every engine test, less four that count what qemu-user itself changes: its own
    # system calls (seccomp), and the threads, descriptors and context switches it
    # adds to the helper processes (docs/java.md, "Where the library loads").
    GTEST_FILTER="-Publisher.NoSystemCallPerUpdate:ProcfsHandleCache.ContextSwitchesAgreeWithTheKernelsCount:\
ProcfsHandleCache.ProcessesThatExitAreLeftOutAndTheirHandlesClosed:\
ProcfsHandleCache.ReleasedHandlesAreClosedAndOpenedAgainWhenNeeded" \
        ctest --preset aarch64 -j "$jobs" -L "engine|symbols"
fi

if wanted debian11 && wanted release; then
    step "Debian 11 roots: the jar on glibc 2.31 with that system's OpenJDK, x86_64 and arm64"
    # Two at a time: each spends most of its time fetching its root's packages (on a fresh machine).
    ctest --test-dir build/release -L debian11 -j 2 --output-on-failure
fi

if wanted package && wanted release && wanted mingw; then
    step "packages: DEB, Windows installer, Maven artifacts"
    scripts/package.sh
    ctest --test-dir build/release -L package -LE debian11 -j "$jobs" --output-on-failure
fi

if wanted fuzz; then
    step "libFuzzer: short runs of every target"
    cmake --preset fuzz
    cmake --build --preset fuzz -j "$jobs" --target fuzz_step
    # Each libFuzzer run is single-threaded and bounded in time: one per core.
    ctest --test-dir build/fuzz -L fuzz --output-on-failure -j "$jobs"
fi

echo
echo "All test steps passed (in $((SECONDS / 60)) min $((SECONDS % 60)) s)."
