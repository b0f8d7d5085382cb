#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The jar is a named module jlink takes: an application module is compiled
# against it on the module path, linked with it into two runtime images (one
# with java.base only, one with java.management and jdk.jfr as well), and run
# from each; the library is loaded from inside the image, nothing on a path.
# First the same program runs from the JDK's own module path.
#   jlink_test.sh JDK_BIN_DIR perfscope-wpo.jar APP_SOURCE_DIR
set -uo pipefail
bin=$1 jar=$2 src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$bin/jar" --describe-module --file "$jar" | grep -q '^org.perfscope.wpo ' || fail "$jar is not the named module"
mapfile -t sources < <(find "$src" -name '*.java')
"$bin/javac" --release 17 -Xlint:all -Werror -d "$work/classes" --module-path "$jar" "${sources[@]}" || fail "javac"
"$bin/jar" --create --file "$work/app.jar" -C "$work/classes" . || fail "jar"

run_image() {  # run_image NAME EXTRA_MODULES [JVM_OPTION...]: prints the program's output
    local image="$work/$1" modules=$2
    shift 2
    "$bin/jlink" --module-path "$jar:$work/app.jar" --add-modules "org.perfscope.jlinkapp$modules" --output "$image" \
        --no-header-files --no-man-pages || fail "jlink ($1)"
    # The library comes out of the image into a cache of the test's own, named by the library's hash.
    XDG_CACHE_HOME="$work/cache" "$image/bin/java" -Xcheck:jni "$@" \
        -m org.perfscope.jlinkapp/org.perfscope.jlinkapp.JlinkApp ||
        fail "the program in the $1 image"
}

out=$(XDG_CACHE_HOME="$work/cache" "$bin/java" -Xcheck:jni --module-path "$jar:$work/app.jar" \
      -m org.perfscope.jlinkapp/org.perfscope.jlinkapp.JlinkApp) || fail "from the module path: $out"
echo "$out"
grep -qx "module org.perfscope.wpo" <<<"$out" || fail "Sampler is not in the named module on the module path"
grep -qE '^value [0-9.E]+$' <<<"$out" || fail "no counter value from the module path"

out=$(run_image base "") || fail "$out"
echo "$out"
grep -qx "module org.perfscope.wpo" <<<"$out" || fail "Sampler is not in the named module"
grep -qE "^loaded $work/cache/perfscope/[0-9a-f]{64}/libwpojni.so$" <<<"$out" ||
    fail "the library was not loaded from the image"
grep -qE '^value [0-9.E]+$' <<<"$out" || fail "no counter value"
grep -q '^jmx\|^jfr' <<<"$out" && fail "the base image has java.management or jdk.jfr"
modules=$("$work/base/bin/java" --list-modules | cut -d@ -f1 | sort | tr '\n' ' ')
[[ $modules == "java.base org.perfscope.jlinkapp org.perfscope.wpo " ]] ||
    fail "the base image holds $modules, not only java.base and the two modules"

# Modules required static are in the image but resolved only when asked for, as the application's own
# "requires static" leaves them to the one who runs it.
out=$(run_image full ",java.management,jdk.jfr" --add-modules java.management,jdk.jfr) || fail "$out"
echo "$out"
grep -qE '^jmx [0-9.E]+$' <<<"$out" || fail "no value through JMX"
grep -qE '^jfr events [1-9][0-9]*$' <<<"$out" || fail "no Flight Recorder events"
echo ok
