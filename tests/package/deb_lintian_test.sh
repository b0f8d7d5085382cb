#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# lintian reports no errors on the DEB. Warnings and infos are printed; the ones
# we leave are listed with their reason in installer/README.md.
set -uo pipefail
deb=$1
[[ -f $deb ]] || { echo "no $deb: run scripts/package.sh first" >&2; exit 1; }
out=$(lintian --fail-on error --display-info "$deb" 2>&1)
rc=$?
echo "$out"
if grep -q '^E: ' <<<"$out"; then
    echo "FAIL: lintian errors" >&2
    exit 1
fi
exit $rc
