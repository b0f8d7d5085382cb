#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The man page is true to the program's options:
#   man_options_test.sh PAGE.1 PROGRAM "HELP ARGS" ["HELP ARGS"...]
# 1. every option the program's help texts name (PROGRAM HELP ARGS, each) is in the page;
# 2. every option the page names beyond those (aliases such as -h) is accepted by
#    the program: `PROGRAM OPT`, `PROGRAM OPT --version` or `PROGRAM OPT 1 --version` exits 0.
set -uo pipefail
set -f  # options such as -? are words here, never globs
page=$1 program=$2
shift 2

# Options are words that start with - or -- and a letter (or ?), after a space, [, (, | or a comma.
options() { grep -oE '(^|[][[:space:](|,"])--?[a-z?][a-z0-9?-]*' | sed -E 's/^[^-]*//' | sort -u; }

help_opts=$(for args in "$@"; do
    # shellcheck disable=SC2086  # the help arguments are words
    "$program" $args || { echo "man_options_test: $program $args failed" >&2; exit 1; }
done | options) || exit 1
# The page's text: comments dropped, roff's \- as -.
page_opts=$(grep -v '^\.\\"' "$page" | sed 's/\\-/-/g' | options)
[[ -n $help_opts && -n $page_opts ]] || { echo "no options found (help: '$help_opts', page: '$page_opts')" >&2; exit 1; }

status=0
missing=$(comm -23 <(echo "$help_opts") <(echo "$page_opts"))
if [[ -n $missing ]]; then
    echo "FAIL: options of $(basename "$program")'s help missing from $(basename "$page"):" $missing
    status=1
fi
for opt in $(comm -13 <(echo "$help_opts") <(echo "$page_opts")); do
    if timeout 20 "$program" "$opt" >/dev/null 2>&1 || timeout 20 "$program" "$opt" --version >/dev/null 2>&1 ||
       timeout 20 "$program" "$opt" 1 --version >/dev/null 2>&1; then
        echo "ok: $opt (in the page only) is accepted by $(basename "$program")"
    else
        echo "FAIL: $(basename "$page") names $opt, which $(basename "$program") does not accept"
        status=1
    fi
done
echo "help options:" $help_opts
echo "page options:" $page_opts
exit $status
