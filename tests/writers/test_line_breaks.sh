# SPDX-License-Identifier: MIT
# test_line_breaks.sh — a line break inside a value (a multi-paragraph
# abstract, a note of several lines: CSL-JSON "\n", EndNote XML's &#xD;,
# MODS's own) is kept by every writer that can hold it, and counted by
# every one that cannot (-v: "FMT has no place for line breaks in F"),
# never folded to a space silently.  Each writer that its own reader reads
# back is tried: the value read back either keeps the break or was counted.
. "$ROOT/tests/lib.sh"

cat > "$T/in.json" << 'EOF'
[{"id":"lb1","type":"article-journal","title":"Two paragraphs","author":[{"family":"Ahmad","given":"Omar"}],
  "container-title":"Journal","issued":{"date-parts":[[2015]]},
  "abstract":"BACKGROUND: Estimates are useful.\nMETHODS: We used the data.",
  "note":"V02fg\nTimes Cited:5"}]
EOF
"$PC" --list-formats > "$T/formats"
writers=$(awk 'NR > 1 && $2 == "yes" && $3 == "yes" { print $1 }' "$T/formats")
for w in $writers; do
    if ! $PCW -v -f csljson "$T/in.json" -t "$w" -o "$T/out.$w" 2> "$T/err.$w"; then
        fail "$w: writes the record" "$(head -n 3 "$T/err.$w")"
        continue
    fi
    if ! $PCW -q -f "$w" "$T/out.$w" -t csljson -o "$T/back.$w.json" 2> "$T/berr.$w"; then
        fail "$w: reads its own output back" "$(head -n 3 "$T/berr.$w")"
        continue
    fi
    for f in abstract note; do
        want=$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))[0][sys.argv[2]]))' "$T/in.json" "$f")
        got=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[0]; print(json.dumps(r.get(sys.argv[2], "")))' "$T/back.$w.json" "$f")
        if [ "$want" = "$got" ]; then
            pass "$w: keeps the line break in $f"
        elif grep -q "$w has no place for line breaks in $f: dropped from 1 record" "$T/err.$w"; then
            pass "$w: cannot hold the line break in $f, and says so"
        elif [ "$got" = '""' ]; then
            # the value itself went elsewhere or was dropped: the writer's own
            # tests and the round trips (tests/robust) see to that
            skip "$w: the line break in $f" "$f does not come back from $w"
        else
            fail "$w: keeps the line break in $f or says it cannot" "want $want" "got  $got" \
                "-v: $(grep -c 'no place' "$T/err.$w") notes, none on line breaks in $f"
        fi
    done
done
