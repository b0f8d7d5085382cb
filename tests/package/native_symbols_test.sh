#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The natives load on the systems docs/java.md promises (glibc 2.17 on, no
# libstdc++ of the system, a Windows without MinGW's DLLs) and leak no symbol:
#   native_symbols_test.sh [--require native/OS/ARCH/FILE]... JAR-or-LIBRARY...
# A jar is opened and every entry under native/ is checked; --require names
# entries that must be there. For an ELF library (readelf, any architecture):
#   - no imported symbol of a glibc version newer than 2.17,
#   - no GLIBCXX_ or CXXABI_ import and no libstdc++ / libgcc_s among the needed libraries,
#   - nothing exported but Java_*, JNI_OnLoad and JNI_OnUnload.
# For a PE DLL (objdump -p): no libstdc++-6, libgcc_s or libwinpthread DLL among
# its imports, and the same rule for its exports.
set -uo pipefail
max_glibc=2.17
required=()
inputs=()
while (( $# > 0 )); do
    case $1 in
    --require) required+=("$2"); shift 2 ;;
    *) inputs+=("$1"); shift ;;
    esac
done
(( ${#inputs[@]} > 0 )) || { sed -n '2,13p' "$0" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
exported_ok() { [[ $1 == Java_* || $1 == JNI_OnLoad || $1 == JNI_OnUnload ]]; }
newer_than_max() {  # $1: a version such as 2.34; true when it sorts after max_glibc
    [[ $1 != "$max_glibc" && $(printf '%s\n%s\n' "$max_glibc" "$1" | sort -V | tail -n 1) == "$1" ]]
}
pe_objdump() {
    local tool
    for tool in objdump x86_64-w64-mingw32-objdump; do
        if command -v "$tool" >/dev/null && "$tool" -p "$1" >"$work/pe.txt" 2>/dev/null &&
            grep -q "DLL Name" "$work/pe.txt"; then
            cat "$work/pe.txt"
            return 0
        fi
    done
    return 1
}

check_elf() {  # $1: file, $2: name shown
    local file=$1 name=$2 syms needed versions imports exports
    syms=$(readelf --dyn-syms -W "$file") || { fail "$name: readelf cannot read it"; return; }
    needed=$(readelf -d -W "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    # Columns: Num Value Size Type Bind Vis Ndx Name[@version] [(index)]
    imports=$(awk '$7 == "UND" && $8 != "" { print $8 }' <<<"$syms")
    exports=$(awk '$7 != "UND" && $7 != "Ndx" && ($5 == "GLOBAL" || $5 == "WEAK") && $4 != "SECTION" { print $8 }' \
              <<<"$syms" | sed 's/@.*//')
    while read -r lib; do
        [[ -z $lib ]] && continue
        [[ $lib == libstdc++* || $lib == libgcc_s* ]] && fail "$name needs $lib (libstdc++/libgcc must be linked in)"
    done <<<"$needed"
    versions=0
    while read -r sym; do
        [[ -z $sym || $sym != *@* ]] && continue
        local version=${sym##*@}
        versions=$((versions + 1))
        case $version in
        GLIBC_PRIVATE) fail "$name imports ${sym%%@*} from GLIBC_PRIVATE" ;;
        GLIBC_*) newer_than_max "${version#GLIBC_}" && fail "$name imports ${sym%%@*}@$version (newer than glibc $max_glibc)" ;;
        GLIBCXX_* | CXXABI_*) fail "$name imports ${sym%%@*}@$version from the system's libstdc++" ;;
        esac
    done <<<"$imports"
    (( versions > 0 )) || fail "$name: no versioned import at all (is it a glibc library?)"
    local count=0
    while read -r sym; do
        [[ -z $sym ]] && continue
        count=$((count + 1))
        exported_ok "$sym" || fail "$name exports $sym"
    done <<<"$exports"
    grep -qx JNI_OnLoad <<<"$exports" || fail "$name does not export JNI_OnLoad"
    echo "$name: $(wc -l <<<"$imports") imports ($versions versioned, newest glibc $(grep -o '@GLIBC_[0-9.]*' <<<"$imports" |
        sed 's/@GLIBC_//' | sort -Vu | tail -n 1)), $count exports, needs $(tr '\n' ' ' <<<"$needed")"
}

check_pe() {  # $1: file, $2: name shown
    local file=$1 name=$2 dump dlls exports
    dump=$(pe_objdump "$file") || { fail "$name: no objdump that reads PE files"; return; }
    dlls=$(sed -n 's/^[[:space:]]*DLL Name: //p' <<<"$dump")
    while read -r dll; do
        case ${dll,,} in
        libstdc++*.dll | libgcc_s*.dll | libwinpthread*.dll) fail "$name imports $dll (link it -static)" ;;
        esac
    done <<<"$dlls"
    exports=$(sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' <<<"$dump" | sed -n 's/^[[:space:]]*\[ *[0-9]*\] //p')
    local count=0
    while read -r sym; do
        [[ -z $sym ]] && continue
        count=$((count + 1))
        exported_ok "$sym" || fail "$name exports $sym"
    done <<<"$exports"
    grep -qx JNI_OnLoad <<<"$exports" || fail "$name does not export JNI_OnLoad"
    echo "$name: imports from $(tr '\n' ' ' <<<"$dlls"); $count exports"
}

check_file() {  # $1: file, $2: name shown
    case $(od -An -c -N4 "$1" | tr -d ' ') in
    177ELF) check_elf "$1" "$2" ;;
    MZ*) check_pe "$1" "$2" ;;
    *) fail "$2 is neither an ELF nor a PE file" ;;
    esac
}

for input in "${inputs[@]}"; do
    [[ -f $input ]] || { fail "no $input"; continue; }
    if [[ $input == *.jar ]]; then
        dir=$work/$(basename "$input").d
        mkdir -p "$dir"
        jar_file=$(realpath "$input")
        (cd "$dir" && "${JAR:-jar}" --extract --file "$jar_file") || fail "cannot open $input"
        natives=$(cd "$dir" && find native -type f 2>/dev/null | sort)
        [[ -n $natives ]] || fail "$(basename "$input") holds no native/ entry"
        for entry in "${required[@]}"; do
            grep -qx "$entry" <<<"$natives" || fail "$(basename "$input") has no $entry"
        done
        while read -r entry; do
            [[ -n $entry ]] && check_file "$dir/$entry" "$(basename "$input")!/$entry"
        done <<<"$natives"
    else
        check_file "$input" "$input"
    fi
done
if (( failures > 0 )); then
    echo "$failures problem(s)"
    exit 1
fi
echo ok
