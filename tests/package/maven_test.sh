#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Java artifacts: the jar carries the natives of both platforms, the
# sources and Javadoc jars what they should, the POM its coordinates;
# install-m2.sh lays them out as a local Maven repository; and a plain
# `java -cp` program outside the build tree, given only the jar from that
# repository, loads the library from the jar and samples a counter.
# The POM has every element a public repository asks for (PomCheck.java).
#   maven_test.sh ARTIFACTS_DIR VERSION install-m2.sh JarSmoke.java [PomCheck.java]
set -uo pipefail
dir=$1 version=$2 install=$3 smoke=$4 pomcheck=${5:-$(dirname "$4")/PomCheck.java}
java=${JAVA:-java} javac=${JAVAC:-javac}
jar_tool=$(dirname "$(readlink -f "$(command -v "$javac")")")/jar
base="$dir/perfscope-wpo-$version"
[[ -f $base.jar ]] || { echo "no $base.jar: run scripts/package.sh first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

list=$("$jar_tool" --list --file "$base.jar") || fail "jar --list"
for entry in native/linux/x86_64/libwpojni.so native/windows/x86_64/wpojni.dll org/perfscope/wpo/Sampler.class \
             org/perfscope/wpo/Version.class META-INF/services/org.perfscope.wpo.jpmf.DataSource module-info.class; do
    grep -qx "$entry" <<<"$list" || fail "$entry is not in $(basename "$base.jar")"
done
"$jar_tool" --list --file "$base-sources.jar" | grep -qx org/perfscope/wpo/Version.java || fail "sources jar"
"$jar_tool" --list --file "$base-sources.jar" | grep -qx module-info.java || fail "module-info.java in the sources jar"
"$jar_tool" --list --file "$base-javadoc.jar" | grep -qx org.perfscope.wpo/org/perfscope/wpo/Sampler.html ||
    fail "javadoc jar (the module's, org.perfscope.wpo/ at its root)"
# The DLL is a PE file for x86-64 (machine 0x8664 after the PE signature).
(cd "$work" && "$jar_tool" --extract --file "$base.jar" native/windows/x86_64/wpojni.dll) || fail "extract the DLL"
pe=$(od -An -tu4 -j60 -N4 "$work/native/windows/x86_64/wpojni.dll" | tr -d ' ')
[[ $(od -An -tx1 -j"$pe" -N6 "$work/native/windows/x86_64/wpojni.dll" | tr -d ' ') == 504500006486 ]] ||
    fail "wpojni.dll in the jar is not an x86-64 PE image"
grep -q "<version>$version</version>" "$base.pom" || fail "the POM's version is not $version"
"$java" "$pomcheck" "$base.pom" "$version" || fail "the POM is not complete for publishing"
# The module the POM describes is the named module in the jar.
"$jar_tool" --describe-module --file "$base.jar" | grep -q '^org.perfscope.wpo ' || fail "the jar is not a named module"

repo="$work/m2"
"$install" "$dir" "$repo" || fail "install-m2.sh"
dest="$repo/org/perfscope/perfscope-wpo/$version"
for f in perfscope-wpo-$version.jar perfscope-wpo-$version.pom perfscope-wpo-$version-sources.jar \
         perfscope-wpo-$version-javadoc.jar; do
    [[ -f $dest/$f ]] || fail "$dest/$f missing"
    cmp -s "$dest/$f" "$dir/$f" || fail "$dest/$f differs from what package.sh made"
done

mkdir -p "$work/app" && cp "$smoke" "$work/app/" || exit 1
jar="$dest/perfscope-wpo-$version.jar"
"$javac" -d "$work/app" -cp "$jar" "$work/app/JarSmoke.java" || fail "javac"
mkdir -p "$work/empty"
# The library comes out of the jar into the per-user cache, named by its
# content hash (docs/java.md, "The library as a guest"): a cache of its own
# here, so the test leaves the user's alone.
out=$(cd "$work/app" && XDG_CACHE_HOME="$work/cache" "$java" -Xcheck:jni -Djava.library.path="$work/empty" \
      -cp "$jar:." JarSmoke) || fail "java JarSmoke: $out"
echo "$out"
grep -qx "version $version" <<<"$out" || fail "Version.version() is not $version"
(cd "$work" && "$jar_tool" --extract --file "$jar" native/linux/x86_64/libwpojni.so) || fail "extract the library"
hash=$(sha256sum "$work/native/linux/x86_64/libwpojni.so" | cut -d' ' -f1)
grep -qx "loaded $work/cache/perfscope/$hash/libwpojni.so" <<<"$out" ||
    fail "the library was not loaded from the jar's copy in the cache (expected $work/cache/perfscope/$hash/libwpojni.so)"
grep -qE '^value [0-9.E]+$' <<<"$out" || fail "no counter value"
echo ok
