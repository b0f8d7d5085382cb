#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The arm64 library in an arm64 JVM on an older system: Debian 11's arm64
# packages (glibc 2.31, OpenJDK 17) from Debian's archive, unpacked into a root
# without running anything of theirs (debootstrap --foreign, then dpkg-deb -x),
# and that JVM run under qemu-user with the root as its library prefix. A user's
# program given only a jar with native/linux/aarch64/libwpojni.so loads the
# library out of it and samples a counter (docs/java.md, "Where the library loads").
#   debian11_arm64_test.sh ROOT_DIR perfscope-wpo.jar arm64/libwpojni.so JarSmoke.java
# ROOT_DIR is kept between runs (ROOT_DIR/.perfscope-complete). Needs root (debootstrap);
# exits 77 (skipped) without it, without qemu-aarch64, or without the arm64 library
# (built by the aarch64 preset).
# PERFSCOPE_DEBIAN_MIRROR chooses the archive (default http://deb.debian.org/debian, then
# http://archive.debian.org/debian once bullseye has moved there).
set -uo pipefail
root=$(realpath -m "$1") jar=$2 library=$3 smoke=$4
javac=${JAVAC:-javac}
jar_tool=${JAR:-jar}
mirror=${PERFSCOPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
fail() { echo "FAIL: $*"; exit 1; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
[[ -f $jar ]] || fail "no $jar"
[[ -f $library ]] || { echo "skipped: no $library (cmake --preset aarch64 builds it)"; exit 77; }
[[ $(id -u) -eq 0 ]] || { echo "skipped: debootstrap needs root"; exit 77; }
for tool in debootstrap qemu-aarch64 dpkg-deb; do
    command -v "$tool" >/dev/null || { echo "skipped: no $tool (scripts/setup.sh --all installs it)"; exit 77; }
done
java=/usr/lib/jvm/java-17-openjdk-arm64/bin/java

if [[ ! -f $root/.perfscope-complete ]]; then
    t=$(now)
    rm -rf "$root" "$root.partial"
    mkdir -p "$(dirname "$root")"
    # --foreign: download and unpack the essential packages only, run nothing (arm64
    # programs cannot run here); every downloaded package is then unpacked as files.
    bootstrap() {
        rm -rf "$root.partial"
        debootstrap --foreign --arch=arm64 --variant=minbase --include=openjdk-17-jre-headless bullseye \
            "$root.partial" "$1" >"$root.log" 2>&1
    }
    # Debian moves a release to its archive host some time after its support ends.
    bootstrap "$mirror" || { [[ -z ${PERFSCOPE_DEBIAN_MIRROR:-} ]] && bootstrap http://archive.debian.org/debian; } ||
        { tail -n 30 "$root.log"; fail "debootstrap bullseye arm64 from $mirror"; }
    for deb in "$root.partial"/var/cache/apt/archives/*.deb; do
        dpkg-deb -x "$deb" "$root.partial" || fail "unpacking $deb"
    done
    rm -f "$root.partial"/var/cache/apt/archives/*.deb
    # qemu-user looks for every absolute path in the prefix first: an empty /proc
    # there would hide the machine's.
    rmdir "$root.partial/proc" "$root.partial/sys" 2>/dev/null
    touch "$root.partial/.perfscope-complete"
    mv "$root.partial" "$root"
    echo "Debian 11 arm64 root unpacked in $(took "$t") ($(du -sh "$root" | cut -f1))"
fi
[[ -x $root$java ]] || fail "$root has no $java"
[[ -e $root/proc ]] && fail "$root/proc exists: it would hide the machine's /proc from qemu-user"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/stage/native/linux/aarch64" "$work/app" "$work/cache"
cp "$jar" "$work/app/perfscope-wpo.jar" && cp "$library" "$work/stage/native/linux/aarch64/libwpojni.so" || exit 1
"$jar_tool" --update --file "$work/app/perfscope-wpo.jar" -C "$work/stage" native || fail "adding the arm64 library"
"$javac" --release 17 -d "$work/app" -cp "$jar" "$smoke" || fail "javac $smoke"

t=$(now)
out=$(cd "$work/app" && env -i PATH=/usr/bin:/bin HOME="$work" XDG_CACHE_HOME="$work/cache" \
      qemu-aarch64 -L "$root" "$root$java" -Xcheck:jni -XshowSettings:properties -cp perfscope-wpo.jar:. JarSmoke 2>&1)
rc=$?
grep -vE '^ {4}|^$|Property settings' <<<"$out"
echo "arm64 JVM under qemu-user: $(took "$t")"
[[ $rc == 0 ]] || fail "JarSmoke exited with $rc: $out"
grep -qE '^ +os\.arch = aarch64$' <<<"$out" || fail "the JVM is not an aarch64 one"
grep -qE "^ +java\.vm\.version = 17\.[0-9.]+\+[0-9]+-Debian-[0-9]+deb11" <<<"$out" || fail "the JVM is not Debian 11's OpenJDK 17"
grep -qE "^loaded $work/cache/perfscope/[0-9a-f]{64}/libwpojni.so$" <<<"$out" ||
    fail "the library was not loaded from the jar's arm64 copy in the cache"
[[ $(grep -cE '^value [0-9.E]+$' <<<"$out") == 2 ]] || fail "not two counter values"
echo ok
