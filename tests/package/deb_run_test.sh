#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The DEB's programs run from a temporary root it is extracted into (dpkg-deb -x):
#   deb_run_test.sh PACKAGE.deb VERSION JNIDIR JarSmoke.java
# perfscope-cli list and query -sc 2; perfscope --version offscreen; a Java
# program given only the installed jar loads libwpojni.so from the package's
# jni directory (no java.library.path) and samples a counter.
set -uo pipefail
deb=$1 version=$2 jnidir=$3 smoke=$4
java=${JAVA:-java} javac=${JAVAC:-javac}
[[ -f $deb ]] || { echo "no $deb: run scripts/package.sh first" >&2; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root/fs" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

out=$("$root/fs/usr/bin/perfscope-cli" list) || fail "perfscope-cli list"
# The Processor object under its Windows index (238), as the name table says.
grep -qE '^238 +Processor ' <<<"$out" || fail "list has no Processor object: $out"
echo "perfscope-cli list: $(wc -l <<<"$out") lines"
out=$("$root/fs/usr/bin/perfscope-cli" query -si 0.2 -sc 2 '\Processor(_Total)\% Processor Time') ||
    fail "perfscope-cli query"
# PDH-CSV: one header row and two sample rows.
[[ $(wc -l <<<"$out") -eq 3 ]] || fail "query -sc 2 printed $(wc -l <<<"$out") lines, not 3: $out"
echo "$out"
out=$(QT_QPA_PLATFORM=offscreen "$root/fs/usr/bin/perfscope" --version) || fail "perfscope --version"
[[ $out == "perfscope $version" ]] || fail "perfscope --version printed '$out'"
echo "$out"

# A user's program, built outside the build tree against the installed jar.
mkdir -p "$root/app" && cp "$smoke" "$root/app/" || exit 1
jar="$root/fs/usr/share/java/perfscope-wpo.jar"
"$javac" -d "$root/app" -cp "$jar" "$root/app/JarSmoke.java" || fail "javac"
out=$(cd "$root/app" && "$java" -Xcheck:jni -cp "$jar:." JarSmoke) || fail "java JarSmoke: $out"
echo "$out"
grep -qx "version $version" <<<"$out" || fail "Version.version() is not $version"
grep -qx "loaded $root/fs/usr/$jnidir/libwpojni.so" <<<"$out" || fail "the library was not loaded from the package"
grep -qE '^value [0-9.E]+$' <<<"$out" || fail "no counter value"
echo "ok"
