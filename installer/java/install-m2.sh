#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Java API into a local Maven repository, as `mvn install` would lay it out:
#   installer/java/install-m2.sh [ARTIFACTS_DIR [REPOSITORY]]
# ARTIFACTS_DIR: what scripts/package.sh made (default build/packages/maven);
# REPOSITORY: default ~/.m2/repository. Then depend on it:
#   <dependency><groupId>org.perfscope</groupId><artifactId>perfscope-wpo</artifactId><version>VERSION</version></dependency>
# With Maven installed, the same is:
#   mvn install:install-file -Dfile=perfscope-wpo-VERSION.jar -DpomFile=perfscope-wpo-VERSION.pom \
#       -Dsources=perfscope-wpo-VERSION-sources.jar -Djavadoc=perfscope-wpo-VERSION-javadoc.jar
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/../../build/packages/maven}
repo=${2:-$HOME/.m2/repository}
shopt -s nullglob
poms=("$dir"/perfscope-wpo-*.pom)
[[ ${#poms[@]} -eq 1 ]] || { echo "install-m2: expected one perfscope-wpo-*.pom in $dir (scripts/package.sh makes it)" >&2; exit 1; }
pom=${poms[0]}
version=$(basename "$pom" .pom)
version=${version#perfscope-wpo-}
group=$(sed -n 's:^  <groupId>\(.*\)</groupId>:\1:p' "$pom")
artifact=$(sed -n 's:^  <artifactId>\(.*\)</artifactId>:\1:p' "$pom")
dest="$repo/${group//.//}/$artifact/$version"
mkdir -p "$dest"
for suffix in .pom .jar -sources.jar -javadoc.jar; do
    cp "$dir/$artifact-$version$suffix" "$dest/"
done
echo "installed $group:$artifact:$version into $dest"
