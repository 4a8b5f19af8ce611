#!/bin/sh
# SPDX-License-Identifier: MIT
# instr.sh — instruction counts of every reader -> writer path, for two
# builds side by side: the A/B figure that does not depend on the load of
# the machine (bench/run.sh times wall clock, which a busy machine slows).
#
#   sh bench/instr.sh OLD_PAPERCONV NEW_PAPERCONV [RECORDS]   (default 2000)
#
# Each path runs once per build under `valgrind --tool=callgrind` on the
# same generated corpus (bench/gen_corpus.c; the BibTeX, RIS and YAML
# inputs are the listing converted by OLD's writers, as run.sh does), and
# prints instructions per input byte for both and NEW/OLD.  A path more than
# 5% above OLD is marked "SLOWER"; the exit status is 1 when one is.
# Paths only one build has are listed as such.  Needs valgrind.
set -u
OLD=${1:?usage: instr.sh OLD_PAPERCONV NEW_PAPERCONV [RECORDS]}
NEW=${2:?usage: instr.sh OLD_PAPERCONV NEW_PAPERCONV [RECORDS]}
N=${3:-2000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind > /dev/null || { echo "instr.sh: valgrind is not installed" >&2; exit 2; }
W=$(mktemp -d "${TMPDIR:-/tmp}/pcinstr.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT
${CC:-cc} -O2 -std=c11 -o "$W/gen_corpus" "$ROOT/bench/gen_corpus.c" || exit 2
for f in listing atom csljson jsonl; do
    "$W/gen_corpus" -n "$N" -s 42 -f "$f" -o "$W/in.$f" || exit 2
done

# instr BIN FROM FILE TO: instructions of one conversion (0 when it failed)
instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" -j 1 -q -f "$2" "$3" -t "$4" \
        > /dev/null 2> "$W/vg" || { echo 0; return; }
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$W/vg" | tail -n 1
}
formats() { "$1" --list-formats | awk -v c="$2" 'NR > 1 && $c == "yes" { print $1 }'; }
WRITERS=$(formats "$OLD" 3 | grep -vx 'html\|latex\|markdown\|text')
for wr in bibtex ris yaml; do
    "$OLD" -q -f listing "$W/in.listing" -t "$wr" > "$W/in.conv.$wr" 2> /dev/null
done
slower=0
printf '%-24s %12s %12s %7s\n' "path ($N records)" "old i/byte" "new i/byte" "new/old"
for spec in listing:listing:listing atom:atom:atom json-csl:json:csljson json-arxiv:json:jsonl \
    bibtex:bibtex:conv.bibtex ris:ris:conv.ris yaml:yaml:conv.yaml; do
    label=${spec%%:*} rest=${spec#*:} from=${rest%%:*} file=$W/in.${rest#*:}
    bytes=$(wc -c < "$file")
    for wr in $WRITERS; do
        o=$(instr "$OLD" "$from" "$file" "$wr")
        n=$(instr "$NEW" "$from" "$file" "$wr")
        awk -v p="$label>$wr" -v o="$o" -v n="$n" -v b="$bytes" 'BEGIN {
            if (o == 0 || n == 0) { printf "%-24s %s\n", p, (o == 0 ? "(fails or absent in OLD)" : "(fails in NEW)"); exit 0 }
            r = n / o; printf "%-24s %12.1f %12.1f %7.3f%s\n", p, o / b, n / b, r, (r > 1.05 ? "  SLOWER" : "")
            exit (r > 1.05) }' || slower=1
    done
done
exit $slower
