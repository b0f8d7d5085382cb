#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The symbol audit fails a library built the wrong way, and says why:
#   native_symbols_selftest.sh native_symbols_test.sh libleaky.so
# (native_symbols/leaky_library.cpp: linked against the system's libstdc++,
# exports a C++ function, calls shm_open, newer than glibc 2.17 on the build machine).
set -uo pipefail
audit=$1 library=$2
out=$("$audit" "$library" 2>&1)
rc=$?
echo "$out"
fail() { echo "FAIL: $*"; exit 1; }
[[ $rc == 1 ]] || fail "the audit exited with $rc, not 1"
grep -q "needs libstdc++" <<<"$out" || fail "the libstdc++ dependency is not named"
grep -qE "imports .*@GLIBCXX_" <<<"$out" || fail "no GLIBCXX_ import named"
grep -qE "exports _Z[0-9]*leaky_name" <<<"$out" || fail "the exported C++ function is not named"
grep -qE "imports shm_open@GLIBC_2\.[0-9]+ \(newer than glibc 2\.17\)" <<<"$out" || fail "shm_open's glibc version is not named"
grep -qE "exports JNI_OnLoad" <<<"$out" && fail "JNI_OnLoad was named as a wrong export"
echo ok
