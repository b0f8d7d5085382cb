#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Maven artifacts of the Java API, from the Linux and the MinGW builds:
#   make-maven-artifacts.sh OUTDIR VERSION CLASSES.jar libwpojni.so wpojni.dll SOURCES.jar JAVADOC.jar POM
# OUTDIR gets perfscope-wpo-VERSION.jar (the classes plus native/linux/x86_64/libwpojni.so
# and native/windows/x86_64/wpojni.dll), -sources.jar, -javadoc.jar and .pom.
# scripts/package.sh calls it with the paths of build/release and build/mingw.
set -euo pipefail
[[ $# -eq 8 ]] || { sed -n '2,6p' "$0" >&2; exit 2; }
out=$1 version=$2 classes=$3 so=$4 dll=$5 sources=$6 javadoc=$7 pom=$8
jar=${JAR:-jar}
base="$out/perfscope-wpo-$version"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/native/linux/x86_64" "$stage/native/windows/x86_64"
cp "$so" "$stage/native/linux/x86_64/libwpojni.so"
cp "$dll" "$stage/native/windows/x86_64/wpojni.dll"
cp "$classes" "$base.jar"
"$jar" --update --file "$base.jar" -C "$stage" native
cp "$sources" "$base-sources.jar"
cp "$javadoc" "$base-javadoc.jar"
cp "$pom" "$base.pom"
echo "$base.jar"
