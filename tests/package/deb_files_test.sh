#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The DEB holds exactly the files listed below (the install components of
# installer/README.md, Debian's copyright and changelog), at the Debian places:
#   deb_files_test.sh PACKAGE.deb VERSION MULTIARCH
set -uo pipefail
deb=$1 version=$2 multiarch=$3
[[ -f $deb ]] || { echo "no $deb: run scripts/package.sh first" >&2; exit 1; }
expected=$(sort <<EOF2
./usr/bin/perfscope
./usr/bin/perfscope-cli
./usr/lib/$multiarch/jni/libwpojni.so
./usr/share/java/perfscope-wpo-$version.jar
./usr/share/java/perfscope-wpo.jar -> perfscope-wpo-$version.jar
./usr/share/applications/perfscope.desktop
./usr/share/icons/hicolor/scalable/apps/perfscope.svg
./usr/share/metainfo/io.github.perfscope.Perfscope.metainfo.xml
./usr/share/man/man1/perfscope.1.gz
./usr/share/man/man1/perfscope-cli.1.gz
./usr/share/doc/perfscope/copyright
./usr/share/doc/perfscope/changelog.gz
./usr/bin/perfscope-publish-demo
./usr/share/man/man1/perfscope-publish-demo.1.gz
./usr/share/perfscope/perfscope-demo.counters
./usr/include/perfscope/perfscope_publish.h
./usr/include/perfscope/publisher.h
./usr/include/perfscope/instance.h
./usr/include/perfscope/counter.h
./usr/include/perfscope/slot_sequence.h
./usr/include/perfscope/core/error.h
./usr/include/perfscope/core/result.h
./usr/include/perfscope/format/layout.h
./usr/include/perfscope/published/definition.h
./usr/include/perfscope/published/segment_layout.h
./usr/include/perfscope/published/shared_atomic.h
./usr/include/perfscope/published/shared_mapping.h
./usr/lib/$multiarch/libperfscope_publish.a
./usr/lib/$multiarch/libperfscope_format.a
./usr/lib/$multiarch/libperfscope_published.a
./usr/lib/$multiarch/pkgconfig/perfscope-publish.pc
./usr/lib/$multiarch/cmake/Perfscope/PerfscopeConfig.cmake
./usr/lib/$multiarch/cmake/Perfscope/PerfscopeConfigVersion.cmake
./usr/lib/$multiarch/cmake/Perfscope/PerfscopeTargets.cmake
./usr/lib/$multiarch/cmake/Perfscope/PerfscopeTargets-release.cmake
EOF2
)
# Files and links (directories left out); a link as "path -> target".
actual=$(dpkg-deb -c "$deb" | grep -v '^d' | awk '{ $1=$2=$3=$4=$5=""; sub(/^ +/, ""); print }' | sort)
if [[ "$actual" != "$expected" ]]; then
    echo "FAIL: the package's files differ from the expected list (< expected, > in the package):"
    diff <(echo "$expected") <(echo "$actual")
    exit 1
fi
echo "$actual"
# The control file: the version, and dependencies computed by dpkg-shlibdeps.
control=$(dpkg-deb -f "$deb" Package Version Architecture Depends)
echo "$control"
grep -qx "Version: $version" <<<"$control" || { echo "FAIL: Version is not $version"; exit 1; }
for lib in libc6 libstdc++6 libqt6widgets6 libqt6charts6; do
    grep -q "^Depends:.*\b$lib\b" <<<"$control" || { echo "FAIL: Depends lacks $lib (dpkg-shlibdeps)"; exit 1; }
done
