# SPDX-License-Identifier: MIT
# test_accounting.sh — nothing lost silently: for every sample and fixture,
# through every writer, records read = records written + records reported,
# and what -v says was written is what the output holds.
. "$ROOT/tests/lib.sh"
count_out() { # FORMAT FILE: records in a writer's output
    case $1 in
        # (an entry kept as written keeps its @string, @comment, @xdata, ...)
        bibtex|biblatex) grep -iE '^@[a-z]+ *[{(]' "$2" | grep -viEc '^@(preamble|comment|string|xdata) *[{(]' ;;
        ris) grep -c '^TY  - ' "$2" ;;
        csljson) python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$2" 2>/dev/null || echo -1 ;;
        yaml) grep -c '^- ' "$2" ;;
        html) grep -c '<div class="csl-entry">' "$2" ;;
        latex) grep -c '^\\item\[\]' "$2" ;;
        text) wc -l < "$2" ;;
        markdown) echo $(( $(wc -l < "$2") / 2 )) ;;
        endnotexml | mods | wordbib) python3 -c '
import sys, xml.etree.ElementTree as E
el = {"endnotexml": "record", "mods": "{http://www.loc.gov/mods/v3}mods",
      "wordbib": "{http://schemas.openxmlformats.org/officeDocument/2006/bibliography}Source"}[sys.argv[1]]
print(sum(1 for _ in E.parse(sys.argv[2]).iter(el)))' "$1" "$2" 2> /dev/null || echo -1 ;;
        *) echo -1 ;;
    esac
}
for f in "$ROOT"/samples/* "$ROOT"/tests/data/*; do
    case $f in *.tsv) continue ;; esac
    [ -f "$f" ] || continue
    for fmt in $("$PC" --list-formats | awk 'NR > 1 && $3 == "yes" { print $1 }'); do
        name="accounting $(basename "$f") -> $fmt"
        $PC "$f" -t "$fmt" -v --keep-going > "$T/out" 2> "$T/err"
        line=$(grep 'record(s) read' "$T/err")
        if [ -z "$line" ]; then
            # not a format we read (e.g. a fixture for another test): skip
            grep -q 'cannot tell which format' "$T/err" && continue
            fail "$name: no -v summary" "$(head -c 300 "$T/err")"
            continue
        fi
        read_n=$(echo "$line" | sed 's/.*: \([0-9]*\) record(s) read.*/\1/')
        written=$(echo "$line" | sed 's/.* \([0-9]*\) written.*/\1/')
        skipped=$(echo "$line" | sed 's/.* \([0-9]*\) skipped.*/\1/')
        errors=$(grep -c ': error: ' "$T/err")
        if [ "$read_n" -eq $((written + skipped)) ] && [ "$skipped" -le "$errors" ]; then
            pass "$name: $read_n read = $written written + $skipped reported"
        else
            fail "$name: $read_n read, $written written, $skipped skipped, $errors errors" "$line"
        fi
        got=$(count_out "$fmt" "$T/out")
        if [ "$got" = -1 ]; then
            skip "$name: output count" "no counter for $fmt"
        elif [ "$got" -eq "$written" ]; then
            pass "$name: the output holds the $written records -v reports"
        else
            fail "$name: the output holds $got records, -v says $written"
        fi
    done
done
# the listing reader's own count: one record per bullet line
for f in "$ROOT"/samples/*.txt "$ROOT"/tests/data/listing-*.txt; do
    bullets=$(grep -c '^• ' "$f")
    line=$($PC "$f" -t bibtex -v --keep-going 2>&1 >/dev/null | grep 'record(s) read')
    read_n=$(echo "$line" | sed 's/.*: \([0-9]*\) record(s) read.*/\1/')
    check "listing $(basename "$f"): one record per bullet ($bullets)" [ "$read_n" -eq "$bullets" ]
done
