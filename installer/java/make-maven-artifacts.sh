#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Maven artifacts of the Java API, from the Linux and the MinGW builds:
#   make-maven-artifacts.sh OUTDIR VERSION CLASSES.jar libwpojni.so wpojni.dll SOURCES.jar JAVADOC.jar POM [arm64 libwpojni.so]
# OUTDIR gets perfscope-wpo-VERSION.jar (the classes plus native/linux/x86_64/libwpojni.so,
# native/windows/x86_64/wpojni.dll and, when given, native/linux/aarch64/libwpojni.so),
# -sources.jar, -javadoc.jar and .pom.
# scripts/package.sh calls it with the paths of build/release, build/mingw and build/aarch64.
set -euo pipefail
[[ $# -eq 8 || $# -eq 9 ]] || { sed -n '2,7p' "$0" >&2; exit 2; }
out=$1 version=$2 classes=$3 so=$4 dll=$5 sources=$6 javadoc=$7 pom=$8 so_aarch64=${9:-}
jar=${JAR:-jar}
base="$out/perfscope-wpo-$version"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/native/linux/x86_64" "$stage/native/windows/x86_64"
cp "$so" "$stage/native/linux/x86_64/libwpojni.so"
cp "$dll" "$stage/native/windows/x86_64/wpojni.dll"
if [[ -n $so_aarch64 ]]; then
    mkdir -p "$stage/native/linux/aarch64"
    cp "$so_aarch64" "$stage/native/linux/aarch64/libwpojni.so"
fi
cp "$classes" "$base.jar"
"$jar" --update --file "$base.jar" -C "$stage" native
cp "$sources" "$base-sources.jar"
cp "$javadoc" "$base-javadoc.jar"
cp "$pom" "$base.pom"
echo "$base.jar"
