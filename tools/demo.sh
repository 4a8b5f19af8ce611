#!/bin/sh
# SPDX-License-Identifier: MIT
# demo.sh — the end of `make demo`: converts every file of samples/ (one per
# reader, README's examples) with paperconv, and checks that each exits 0 and
# gives at least one record; one line per sample on stderr.
#   sh tools/demo.sh build/paperconv
set -u
pc=${1:?usage: demo.sh PAPERCONV}
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
bad=0
for f in samples/*; do
    [ -f "$f" ] || continue
    # records are counted in RIS, where each one ends with an "ER  -" line
    if "$pc" "$f" -t ris > "$tmp" 2> /dev/null; then
        n=$(grep -c '^ER  -' "$tmp")
        why="no record"
    else
        why="exit status $?"
        n=0
    fi
    if [ "$n" -gt 0 ]; then
        [ "$n" -eq 1 ] && what=record || what=records
        echo "demo: ok   $f: $n $what" >&2
    else
        echo "demo: FAIL $f: $why" >&2
        bad=1
    fi
done
[ "$bad" -eq 0 ] && echo "demo: every sample converts" >&2
exit "$bad"
