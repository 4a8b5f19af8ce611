# SPDX-License-Identifier: MIT
# test_markup.sh — italic and bold (\emph, \textit, \textbf, {\em ..}) kept
# as markup: <i>/<b> in CSL-JSON, *..*/**..** in CSL-YAML, \emph/\textbf in
# BibTeX, dropped (and counted) in RIS.
#
# Oracles: pandoc's biblatex reader (does it see the markup we see in the
# fixture, and in the BibTeX we write?), pandoc's Markdown reader on our
# CSL-YAML (does pandoc read the same title and abstract from our YAML as
# from our CSL-JSON: markup and escaping of everything Markdown would act
# on), and the real bibtex on our BibTeX.  Then our own round trips.
. "$ROOT/tests/lib.sh"
F=$ROOT/tests/data/markup.bib
$PC -q "$F" -t csljson > "$T/m.json" 2> "$T/err"
check "markup fixture -> csljson converts" test ! -s "$T/err"

# ---- round trips: the model's markup survives each format that has markup
"$PCTOOL" dump "$F" | grep -E '^(@|title|abstract)' > "$T/want"
check "the fixture has markup to test ($(grep -c _markup "$T/want") spans)" \
    [ "$(grep -c _markup "$T/want")" -ge 15 ]
for fmt in bibtex csljson yaml; do
    $PC -q "$F" -t $fmt > "$T/m.$fmt"
    reader=$fmt && [ $fmt = csljson ] && reader=json
    "$PCTOOL" dump -f $reader "$T/m.$fmt" | grep -E '^(@|title|abstract)' > "$T/got.$fmt"
    same "markup: fixture -> $fmt -> model keeps the spans" "$T/want" "$T/got.$fmt"
    $PC -q -f $reader "$T/m.$fmt" -t $fmt > "$T/m2.$fmt"
    same "markup: $fmt -> model -> $fmt is identical" "$T/m.$fmt" "$T/m2.$fmt"
done
# case protection ({Bayesian}: nothing but the braces asks for it) goes
# through CSL as <span class="nocase"> / [..]{.nocase} and comes back
for fmt in csljson yaml; do
    reader=$fmt && [ $fmt = csljson ] && reader=json
    $PC -q -f $reader "$T/m.$fmt" -t bibtex > "$T/back.bib"
    contains "markup: {Bayesian} survives BibTeX -> $fmt -> BibTeX" "$T/back.bib" '{Bayesian} methods'
done
$PC -v "$F" -t ris > /dev/null 2> "$T/ris.err"
contains "markup: -t ris -v counts the italic/bold RIS cannot hold" "$T/ris.err" "italic/bold"

# ---- Crossref's <i> and <jats:italic> are italic too (the expected spans
# are the input's tags, read by hand; unmatched </i> and <scp> are dropped)
"$PCTOOL" dump "$ROOT/tests/data/json-crossref-markup.json" | grep _markup > "$T/cr.got"
printf '%s\n' "title_markup	italic	Drosophila" "title_markup	italic	Hox" \
    "title_markup	bold	bold" "abstract_markup	italic	D. melanogaster" > "$T/cr.want"
same "markup: Crossref JSON <i>, <jats:italic>, <b> become spans" "$T/cr.want" "$T/cr.got"
# crossed tags: the span closed properly is kept, the other is dropped (not
# stretched to the end); a noncharacter entity is not taken for markup
"$PCTOOL" dump "$ROOT/tests/data/json-crossref-crossed.json" | grep '^title' > "$T/cx.got"
printf '%s\n' "title	crossed tags here and &#xFDD0;x&#xFDD1; entities" \
    "title_markup	bold	tags here" > "$T/cx.want"
same "markup: crossed Crossref tags and marker entities stay well-formed" "$T/cx.want" "$T/cx.got"

# ---- real bibtex reads our \emph / \textbf ------------------------------
if command -v bibtex > /dev/null 2>&1; then
    mkdir -p "$T/bt" && cp "$T/m.bibtex" "$T/bt/refs.bib"
    printf '\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n' > "$T/bt/doc.aux"
    (cd "$T/bt" && bibtex doc > bibtex.out 2>&1)
    if grep -q "error message" "$T/bt/bibtex.out" || grep -q "Warning--" "$T/bt/bibtex.out" &&
        grep "Warning--" "$T/bt/bibtex.out" | grep -qv "empty\|missing"; then
        fail "markup: bibtex reads our BibTeX without errors" "$(head -n 5 "$T/bt/bibtex.out")"
    else
        pass "markup: bibtex reads our BibTeX without errors"
    fi
    contains "markup: bibtex keeps \\emph{Drosophila} in the title" "$T/bt/doc.bbl" '\emph{Drosophila}'
else
    skip "markup: real bibtex" "bibtex not installed (make deps)"
fi

if ! command -v pandoc > /dev/null 2>&1; then
    skip "markup: pandoc oracles" "pandoc not installed (make deps)"
    exit 0
fi

# The text fields and names of a CSL-JSON file, one item a line,
# normalised where pandoc and we say the same thing two ways: math as TeX
# with or without $, <b><i>x</i></b> or <i><b>x</b></i>, case when asked,
# quotes (pandoc's smart quotes turn a Unicode ‘ into ’ in Markdown but not
# in CSL-JSON, and pair "" differently), white space, and
# superscript digits (pandoc's CSL-JSON reader makes 10⁴ 10<sup>4</sup>).
cat > "$T/norm.py" <<'PY'
import json, re, sys, unicodedata
lower = len(sys.argv) > 2
def norm(s):
    s = unicodedata.normalize("NFC", s or "").replace("$", "").replace("\u00a0", " ")
    s = re.sub(r'<span class="nocase">(.*?)</span>', r"\1", s)  # pandoc 2.17 drops them
    for q in "\u2018\u2019\u201c\u201d\"":
        s = s.replace(q, "'")
    for d, c in enumerate("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"):
        s = s.replace(c, "<sup>%d</sup>" % d)
    s = re.sub(r"<b><i>(.*?)</i></b>", r"<i><b>\1</b></i>", s)
    s = "".join(s.split())  # pandoc joins Markdown paragraphs without a space
    return s.lower() if lower else s
FIELDS = ["title", "abstract", "container-title", "publisher", "note", "DOI", "URL", "volume",
          "issue", "number", "keyword"]
for it in json.load(open(sys.argv[1], encoding="utf-8")):
    names = ["|".join(norm(n.get(p)) for p in ("literal", "family", "given", "suffix",
                                               "non-dropping-particle")) for n in it.get("author", [])]
    print("\t".join([it["id"]] + [norm(it.get(f)) for f in FIELDS] + names))
PY

# 1. pandoc's biblatex reader on the fixture sees the markup we see (case
#    aside: pandoc sentence-cases English titles)
if pandoc -f biblatex -t csljson "$F" > "$T/p.json" 2> "$T/p.err"; then
    python3 "$T/norm.py" "$T/p.json" lower | sort > "$T/p.txt"
    python3 "$T/norm.py" "$T/m.json" lower | sort > "$T/o.txt"
    same "markup: pandoc -f biblatex reads the fixture's markup as we do" "$T/p.txt" "$T/o.txt"
else
    fail "markup: pandoc reads the fixture" "$(head -c 300 "$T/p.err")"
fi

# 2. pandoc's biblatex reader on our BibTeX sees our markup
if pandoc -f biblatex -t csljson "$T/m.bibtex" > "$T/pb.json" 2> "$T/p.err"; then
    python3 "$T/norm.py" "$T/pb.json" lower | sort > "$T/pb.txt"
    same "markup: pandoc reads our emph/textbf commands as our CSL-JSON says" "$T/o.txt" "$T/pb.txt"
else
    fail "markup: pandoc reads our BibTeX" "$(head -c 300 "$T/p.err")"
fi

# 3. pandoc reads our CSL-YAML (Markdown) as the same item as our CSL-JSON,
#    field by field (every variable, every name of every role, every date),
#    for the fixture, every sample, the hostile strings and the fixtures
#    that hold every CSL variable.  Where pandoc 2.17 itself reads the two
#    formats differently the value is left out, each case named below.
cat > "$T/allnorm.py" <<'PY'
import json, re, sys, unicodedata
written = len(sys.argv) > 2  # our own CSL-JSON: raw dates as pandoc parses them
def norm(s):
    s = unicodedata.normalize("NFC", s or "").replace("$", "").replace("\u00a0", " ")
    s = re.sub(r'<span class="nocase">(.*?)</span>', r"\1", s)  # pandoc 2.17 drops them
    for q in "\u2018\u2019\u201c\u201d\"":
        s = s.replace(q, "'")
    for d, c in enumerate("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"):
        s = s.replace(c, "<sup>%d</sup>" % d)
    s = re.sub(r"<b><i>(.*?)</i></b>", r"<i><b>\1</b></i>", s)
    return "".join(s.split())
def raw_date(r):
    # an EDTF raw date as pandoc reads it: its parts, "~" as circa, "?"
    # dropped; pandoc 2.17 cannot read an open range
    if ".." in r:
        return {"date-parts": []}
    parts = [[int(p) if i else int(p) for i, p in enumerate(re.findall(r"-?\d+", d.strip("?~%")))]
             for d in r.split("/")]
    d = {"date-parts": parts}
    if "~" in r or "%" in r:
        d["circa"] = True
    return d
def val(v):
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, (int, float)):
        return norm(str(v))
    if isinstance(v, str):
        return norm(v)
    if isinstance(v, list):
        return "[" + ";".join(val(x) for x in v) + "]"
    if isinstance(v, dict):
        if written and "raw" in v:
            v = raw_date(v["raw"])
        # no parts: pandoc 2.17 reads a literal date from YAML only, and
        # no open range, so a date without parts is left out
        if "literal" in v and not v.get("date-parts") or v.get("date-parts") == []:
            return ""
        return "{" + ",".join("%s=%s" % (k, val(v[k])) for k in sorted(v)) + "}"
    return repr(v)
# custom: pandoc keeps no custom data; categories: pandoc 2.17 has no list
# variables (YAML gives "", CSL-JSON nothing); what pandoc 2.17 (citeproc
# 0.6) does not know of CSL 1.0.2: available-date (not read as a date) and
# these name roles (each read as "")
SKIP = {"custom", "categories", "available-date", "chair", "compiler", "contributor", "curator",
        "executive-producer", "guest", "host", "narrator", "organizer", "performer", "producer",
        "script-writer", "series-creator"}
for it in json.load(open(sys.argv[1], encoding="utf-8")):
    fields = ["%s=%s" % (k, val(it[k])) for k in sorted(it) if k not in SKIP]
    print("\t".join(f for f in fields if not f.endswith("=")))
PY
for input in "$F" "$ROOT"/samples/* "$ROOT/tests/data/csl-hostile.yaml" "$ROOT/tests/data/fields.yaml" \
    "$ROOT/tests/data/fields.json"; do
    b=$(basename "$input")
    from= && [ "$b" = fields.json ] && from="-f json"
    # shellcheck disable=SC2086
    $PC -q $from "$input" -t csljson > "$T/y.json" 2> /dev/null
    # shellcheck disable=SC2086
    $PC -q $from "$input" -t yaml > "$T/y.yaml" 2> /dev/null
    { echo ---; cat "$T/y.yaml"; echo ---; } > "$T/y.md"
    if pandoc -f markdown -t csljson "$T/y.md" > "$T/py.json" 2> "$T/p.err" &&
        pandoc -f csljson -t csljson "$T/y.json" > "$T/pj.json" 2>> "$T/p.err"; then
        python3 "$T/allnorm.py" "$T/py.json" | sort > "$T/py.txt"
        python3 "$T/allnorm.py" "$T/pj.json" | sort > "$T/pj.txt"
        same "markup: $b: pandoc reads every field of our YAML as of our CSL-JSON ($(tr '\t' '\n' < "$T/pj.txt" | grep -c .) values)" \
            "$T/pj.txt" "$T/py.txt"
    else
        fail "markup: $b: pandoc reads our YAML and CSL-JSON" "$(head -c 300 "$T/p.err")"
    fi
done
# ... and what pandoc reads is what we hold: every variable of the
# CSL-JSON fixture that pandoc 2.17 knows comes out of pandoc as we wrote it
$PC -q -f json "$ROOT/tests/data/fields.json" -t csljson > "$T/f.json" 2> /dev/null
pandoc -f csljson -t csljson "$T/f.json" > "$T/pf.json" 2> /dev/null
python3 "$T/allnorm.py" "$T/f.json" written | sort > "$T/f.txt"
python3 "$T/allnorm.py" "$T/pf.json" | sort > "$T/pf.txt"
same "markup: fields.json: pandoc reads every variable of our CSL-JSON as we wrote it" "$T/f.txt" "$T/pf.txt"
