#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The jar on an older system than the build's: a Debian 11 root (glibc 2.31, its
# own OpenJDK 17) made by debootstrap from Debian's archive, where a user's
# program given only the jar loads the library out of it and samples a counter.
# glibc 2.31 has none of the symbol versions 2.32-2.36 the build machine offers,
# so a library that needs one fails to load here (docs/java.md, "Where the library loads").
#   debian11_test.sh ROOT_DIR perfscope-wpo.jar JarSmoke.java
# ROOT_DIR is kept between runs (a complete root has ROOT_DIR/.perfscope-complete):
# the first run takes a minute or two, later ones a second. Needs root (chroot,
# mounts in a private mount namespace); exits 77 (skipped) without it.
# PERFSCOPE_DEBIAN_MIRROR chooses the archive (default http://deb.debian.org/debian, then
# http://archive.debian.org/debian once bullseye has moved there).
set -uo pipefail
root=$(realpath -m "$1") jar=$2 smoke=$3
javac=${JAVAC:-javac}
mirror=${PERFSCOPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
fail() { echo "FAIL: $*"; exit 1; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
[[ -f $jar ]] || fail "no $jar"
if [[ $(id -u) -ne 0 ]]; then
    echo "skipped: building and entering the Debian 11 root needs root"
    exit 77
fi
for tool in debootstrap unshare chroot; do
    command -v "$tool" >/dev/null || { echo "skipped: no $tool (scripts/setup.sh --all installs it)"; exit 77; }
done
arch=$(dpkg --print-architecture)
java=/usr/lib/jvm/java-17-openjdk-$arch/bin/java

if [[ ! -f $root/.perfscope-complete ]]; then
    t=$(now)
    rm -rf "$root" "$root.partial"
    mkdir -p "$(dirname "$root")"
    # minbase: dpkg, apt and the essentials; the JRE and what it needs come with --include.
    bootstrap() {
        rm -rf "$root.partial"
        debootstrap --variant=minbase --include=openjdk-17-jre-headless bullseye "$root.partial" "$1" >"$root.log" 2>&1
    }
    # Debian moves a release to its archive host some time after its support ends.
    bootstrap "$mirror" || { [[ -z ${PERFSCOPE_DEBIAN_MIRROR:-} ]] && bootstrap http://archive.debian.org/debian; } ||
        { tail -n 30 "$root.log"; fail "debootstrap bullseye from $mirror"; }
    rm -rf "$root.partial/var/cache/apt/archives"/*.deb
    touch "$root.partial/.perfscope-complete"
    mv "$root.partial" "$root"
    echo "Debian 11 root built in $(took "$t") ($(du -sh "$root" | cut -f1))"
fi
[[ -x $root$java ]] || fail "$root has no $java"

work=$root/opt/perfscope-smoke-$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work" || exit 1
cp "$jar" "$work/perfscope-wpo.jar" || exit 1
"$javac" --release 17 -d "$work" -cp "$jar" "$smoke" || fail "javac $smoke"
inside=/opt/perfscope-smoke-$$

t=$(now)
# A private mount namespace: /proc, /dev and a fresh /tmp inside the root disappear with it.
out=$(unshare --mount --propagation private -- sh -c '
    root=$1; shift
    mount --rbind /proc "$root/proc" && mount --rbind /dev "$root/dev" && mount -t tmpfs tmpfs "$root/tmp" &&
    exec chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp XDG_CACHE_HOME=/tmp/cache "$@"' \
    sh "$root" sh -c 'ldd --version | head -n 1; "$0" -version 2>&1 | head -n 1; cd "$1" &&
        "$0" -Xcheck:jni -cp perfscope-wpo.jar:. JarSmoke' "$java" "$inside" 2>&1)
rc=$?
echo "$out"
echo "run inside the root: $(took "$t")"
[[ $rc == 0 ]] || fail "JarSmoke exited with $rc inside the Debian 11 root"
grep -q "GLIBC 2.31" <<<"$out" || fail "the root's glibc is not 2.31"
grep -qE "^loaded /tmp/cache/perfscope/[0-9a-f]{64}/libwpojni.so$" <<<"$out" ||
    fail "the library was not loaded from the jar's copy in the cache"
[[ $(grep -cE '^value [0-9.E]+$' <<<"$out") == 2 ]] || fail "not two counter values"
echo ok
