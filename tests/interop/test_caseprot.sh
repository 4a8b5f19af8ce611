# SPDX-License-Identifier: MIT
# test_caseprot.sh — a brace group of several words ({RNA Polymerase II},
# {{The Concepts of Risk and Safety}}) is one protected run: one brace
# group in BibTeX and biblatex, one <span class="nocase"> in CSL-JSON, one
# [...]{.nocase} in CSL-YAML, plain text in RIS, and one run again when
# each is read back.  A group that starts with a command ({\em ...},
# {\"U}) is a BibTeX special character, not a protection.
#
# Oracles: the real bibtex with a style that sentence-cases titles
# (tests/interop/case.bst: change.case$ "t") prints our BibTeX's titles as
# it prints the input's ("Polymerase" keeps its case); pandoc's biblatex
# reader sees the same groups in our BibTeX and biblatex as in the input
# and sentence-cases the titles alike; pandoc's CSL-JSON and Markdown
# readers see one nocase span per run in our CSL-JSON and CSL-YAML.
. "$ROOT/tests/lib.sh"
F=$ROOT/tests/data/caseprot.bib

# ---- the model: one run per group, none for special characters
printf '%s\n' "@	polymerase" "title_nocase	RNA Polymerase II" "@	risk" \
    "title_nocase	The Concepts of Risk and Safety" "container_nocase	European Safety and Reliability" \
    "@	mixed" "title_nocase	RNA Polymerase II" "title_nocase	The Big Picture" \
    "title_nocase	Navier-Stokes Equations" "@	special" > "$T/want"
"$PCTOOL" dump "$F" | grep -E '^(@|[a-z]+_nocase)	' > "$T/got"
same "caseprot: a brace group of several words is one protected run" "$T/want" "$T/got"

# ---- every writer, and back
for fmt in bibtex biblatex csljson yaml; do
    $PC -q "$F" -t $fmt --rewrite > "$T/c.$fmt"
    reader=$fmt && [ $fmt = csljson ] && reader=json
    "$PCTOOL" dump -f $reader "$T/c.$fmt" | grep -E '^(@|[a-z]+_nocase)	' > "$T/got.$fmt"
    same "caseprot: -t $fmt -> model gives each run back as one" "$T/want" "$T/got.$fmt"
    $PC -q -f $reader "$T/c.$fmt" -t $fmt > "$T/c2.$fmt"
    same "caseprot: $fmt -> model -> $fmt is identical" "$T/c.$fmt" "$T/c2.$fmt"
done
for fmt in bibtex biblatex; do
    contains "caseprot: -t $fmt braces the run whole" "$T/c.$fmt" 'Transcription: {RNA Polymerase II} at'
    contains "caseprot: -t $fmt keeps a field-wide group" "$T/c.$fmt" 'title = {{The Concepts of Risk and Safety}}'
    contains "caseprot: -t $fmt keeps a group in a booktitle" "$T/c.$fmt" 'the {European Safety and Reliability} Conference'
    contains "caseprot: -t $fmt keeps a special character unprotected" "$T/c.$fmt" 'Deep Learning} for '
    check "caseprot: -t $fmt braces no special character" sh -c "! grep -F '{Deep Learning}}' '$T/c.$fmt'"
done
contains "caseprot: -t csljson has one nocase span for the run" "$T/c.csljson" \
    'Transcription: <span class=\"nocase\">RNA Polymerase II</span> at'
contains "caseprot: -t yaml has one nocase span for the run" "$T/c.yaml" \
    'Transcription: [RNA Polymerase II]{.nocase} at'
$PC -q "$F" -t ris > "$T/c.ris"
check "caseprot: -t ris leaks no braces or tags" sh -c "! grep -E '[{}]|nocase|<span' '$T/c.ris'"
contains "caseprot: -t ris writes the run as text" "$T/c.ris" \
    'TI  - Structural Basis of Transcription: RNA Polymerase II at 2.8 Angstrom Resolution'
# CSL-JSON and CSL-YAML -> BibTeX: the run is one group again
for fmt in csljson yaml; do
    reader=$fmt && [ $fmt = csljson ] && reader=json
    $PC -q -f $reader "$T/c.$fmt" -t bibtex > "$T/back.bib"
    same "caseprot: bibtex -> $fmt -> bibtex is identical" "$T/c.bibtex" "$T/back.bib"
done

# ---- the real bibtex: a sentence-casing style prints our titles as the input's
if command -v bibtex > /dev/null 2>&1; then
    . "$ROOT/tests/interop/bibtex_lib.sh"
    for side in in out; do
        mkdir -p "$T/$side" && cp "$ROOT/tests/interop/case.bst" "$T/$side/"
    done
    cp "$F" "$T/in/out.bib"
    cp "$T/c.bibtex" "$T/out/out.bib"
    for side in in out; do
        bibtex_run "$T/$side" case
        awk '/^@@ /{if (l!="") print l; l=$0; next} {l=l " " $0} END{if (l!="") print l}' \
            "$T/$side/out.bbl" | "$PCTOOL" decode > "$T/$side.txt"
    done
    # entry "special" aside: the writer's \emph{...} (for {\em ...}) is a
    # group bibtex does not change the case of
    grep -v '^@@ special ' "$T/in.txt" > "$T/in-ns.txt"
    grep -v '^@@ special ' "$T/out.txt" > "$T/out-ns.txt"
    same "caseprot: bibtex sentence-cases our titles as the input's" "$T/in-ns.txt" "$T/out-ns.txt"
    contains "caseprot: bibtex keeps the run's case (Polymerase)" "$T/out.txt" \
        'Structural basis of transcription: RNA Polymerase II at 2.8 angstrom resolution'
    contains "caseprot: bibtex lower-cases a special character ({\\em ...})" "$T/in.txt" \
        'Lessons of deep learning for über alles'
else
    skip "caseprot: real bibtex" "bibtex not installed (make deps)"
fi

if ! command -v pandoc > /dev/null 2>&1; then
    skip "caseprot: pandoc oracles" "pandoc not installed (make deps)"
    exit 0
fi
# The inline fields of a pandoc JSON document's references: "ID FIELD
# TEXT" (case kept), then "ID FIELD CLASS TEXT" for each span in it (CLASS
# nocase, or group: pandoc's span for a brace group); pandoc's span around
# only an \emph (its reading of {\em ...}) is left out.
cat > "$T/spans.py" <<'PY'
import json, sys
MARKS = ("Emph", "Strong", "SmallCaps", "Superscript", "Subscript")
def text(xs):
    out = []
    for x in xs:
        t = x.get("t")
        if t == "Str":
            out.append(x["c"])
        elif t in ("Space", "SoftBreak"):
            out.append(" ")
        elif t == "Span":
            out.append(text(x["c"][1]))
        elif t in MARKS:
            out.append(text(x["c"]))
        elif t == "Quoted":
            out.append(text(x["c"][1]))
        elif t == "Math":
            out.append(x["c"][1])
    return "".join(out)
def spans(xs, acc):
    for x in xs:
        t = x.get("t")
        if t == "Span":
            inner = x["c"][1]
            if not (len(inner) == 1 and inner[0].get("t") in MARKS):
                acc.append(("nocase" if "nocase" in x["c"][0][1] else "group", text(inner)))
            spans(inner, acc)
        elif t in MARKS:
            spans(x["c"], acc)
        elif t == "Quoted":
            spans(x["c"][1], acc)
only = sys.argv[2] if len(sys.argv) > 2 else None
doc = json.load(open(sys.argv[1], encoding="utf-8"))
for ref in doc["meta"]["references"]["c"]:
    m = ref["c"]
    rid = m["id"]["c"] if m["id"]["t"] == "MetaString" else text(m["id"]["c"])
    for f in sorted(m):
        if f == "id" or m[f]["t"] != "MetaInlines" or rid == "special":
            continue
        acc = []
        spans(m[f]["c"], acc)
        if not only:
            print("%s\t%s\t%s" % (rid, f, text(m[f]["c"])))
        for c, s in acc:
            if not only or c == only:
                print("%s\t%s\t%s\t%s" % (rid, f, c, s))
PY
# 1. pandoc -f biblatex on our BibTeX and biblatex: the groups and the
#    sentence-cased titles of the input (entry "special" aside: pandoc
#    takes {\em ...} for a protection, BibTeX does not)
if pandoc -f biblatex -t json -s "$F" > "$T/p-in.json" 2> "$T/p.err"; then
    python3 "$T/spans.py" "$T/p-in.json" | grep -v '	container-title	$' > "$T/p-in.txt"
    for fmt in bibtex biblatex; do
        pandoc -f biblatex -t json -s "$T/c.$fmt" > "$T/p-$fmt.json" 2>> "$T/p.err"
        python3 "$T/spans.py" "$T/p-$fmt.json" | grep -v '	container-title	' > "$T/p-$fmt.txt"
        grep -v '	container-title	' "$T/p-in.txt" > "$T/p-in-nc.txt"
        same "caseprot: pandoc reads the groups of our -t $fmt as the input's" "$T/p-in-nc.txt" "$T/p-$fmt.txt"
    done
    contains "caseprot: pandoc sentence-cases around the run" "$T/p-in.txt" \
        'polymerase	title	Structural basis of transcription: RNA Polymerase II at 2.8 angstrom resolution'
else
    fail "caseprot: pandoc reads the fixture" "$(head -c 300 "$T/p.err")"
fi
# 2. pandoc's CSL-JSON and Markdown readers: one nocase span per run
printf '%s\n' "polymerase	title	nocase	RNA Polymerase II" \
    "risk	container-title	nocase	European Safety and Reliability" \
    "risk	title	nocase	The Concepts of Risk and Safety" "mixed	title	nocase	DNA" \
    "mixed	title	nocase	RNA Polymerase II" \
    "mixed	title	nocase	The Big Picture" "mixed	title	nocase	Navier-Stokes Equations" > "$T/pwant"
{ echo ---; cat "$T/c.yaml"; echo ---; } > "$T/c.md"
if pandoc -f csljson -t json -s "$T/c.csljson" > "$T/pj.json" 2> "$T/p.err" &&
    pandoc -f markdown -t json -s "$T/c.md" > "$T/py.json" 2>> "$T/p.err"; then
    python3 "$T/spans.py" "$T/pj.json" nocase > "$T/pj.txt"
    python3 "$T/spans.py" "$T/py.json" nocase > "$T/py.txt"
    same "caseprot: pandoc reads one nocase span per run from our CSL-JSON" "$T/pwant" "$T/pj.txt"
    same "caseprot: pandoc reads one nocase span per run from our CSL-YAML" "$T/pwant" "$T/py.txt"
else
    fail "caseprot: pandoc reads our CSL-JSON and CSL-YAML" "$(head -c 300 "$T/p.err")"
fi
