#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds every package into build/packages/ (installer/README.md):
#   perfscope_<version>_amd64.deb        Debian package (CPack DEB, build/release)
#   perfscope-<version>-win64.exe        Windows installer (CPack NSIS, build/mingw)
#   maven/perfscope-wpo-<version>{.jar,-sources.jar,-javadoc.jar,.pom}
#                                        the Java API with linux/x86_64, linux/aarch64 and windows/x86_64 natives
# It reuses build/release, build/mingw and build/aarch64 (configured and built here if needed:
# only the targets that are packaged). Install the Maven artifacts with
# installer/java/install-m2.sh. Set PERFSCOPE_PACKAGES="deb nsis maven" to choose.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build/packages
wanted=" ${PERFSCOPE_PACKAGES:-deb nsis maven} "
want() { [[ "$wanted" == *" $1 "* ]]; }
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
jobs=$(nproc)
mkdir -p "$out"

# What the Linux packages take: the programs, the JNI library and jars, the man pages.
t=$(now)
cmake --preset release -DPERFSCOPE_INSTALL_PUBLISH=ON >/dev/null
linux_targets=(perfscope-cli wpojni wpojni_jar perfscope_docs perfscope_debian_doc perfscope_publish perfscope-publish-demo)
grep -q '^PERFSCOPE_BUILD_GUI:BOOL=ON' build/release/CMakeCache.txt && linux_targets+=(perfscope)
cmake --build --preset release -j "$jobs" --target "${linux_targets[@]}"
echo "package: release build $(took "$t")"

if want deb; then
    t=$(now)
    rm -f "$out"/perfscope_*.deb
    (cd build/release && cpack -G DEB -B "$out")
    rm -rf "$out/_CPack_Packages"
    echo "package: DEB $(took "$t")"
fi

if want nsis || want maven; then
    t=$(now)
    cmake --preset mingw -DPERFSCOPE_INSTALL_PUBLISH=ON >/dev/null
    cmake --build --preset mingw -j "$jobs" --target perfscope-cli wpojni perfscope_docs perfscope-counters perfscope_publish perfscope-publish-demo
    echo "package: mingw build $(took "$t")"
fi

if want maven; then
    t=$(now)
    cmake --preset aarch64 >/dev/null
    cmake --build --preset aarch64 -j "$jobs" --target wpojni
    echo "package: aarch64 build $(took "$t")"
fi

if want nsis; then
    t=$(now)
    rm -f "$out"/perfscope-*-win64.exe
    (cd build/mingw && cpack -G NSIS -B "$out")
    rm -rf "$out/_CPack_Packages"
    echo "package: NSIS $(took "$t")"
fi

if want maven; then
    t=$(now)
    # Written by installer/CMakeLists.txt: the version and the Linux build's Java files.
    # shellcheck disable=SC1091
    set -a; source build/release/installer/package.env; set +a
    rm -rf "$out/maven"
    installer/java/make-maven-artifacts.sh "$out/maven" "$PERFSCOPE_VERSION" "$PERFSCOPE_CLASSES_JAR" \
        "$PERFSCOPE_WPOJNI_SO" build/mingw/jni/wpojni.dll "$PERFSCOPE_SOURCES_JAR" "$PERFSCOPE_JAVADOC_JAR" \
        "$PERFSCOPE_POM" build/aarch64/jni/libwpojni.so
    echo "package: Maven artifacts $(took "$t")"
fi
ls -l "$out" "$out/maven" 2>/dev/null || true
