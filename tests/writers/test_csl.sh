# SPDX-License-Identifier: MIT
# test_csl.sh — CSL-JSON and CSL-YAML (writers, the YAML reader, the CSL
# mapping of formats/csl/item_write.c), checked by real consumers:
#   - python3 jsonschema against $SHARED/schemas/csl-data.json;
#   - pandoc --citeproc, whose rendered family names and years must match
#     the model (pctool dump), with no warning;
#   - python3 json / yaml reading back hostile strings unchanged;
#   - pandoc reading the loose CSL forms, compared with what our reader got;
#   - round trips YAML -> model -> YAML and CSL-JSON -> model.
. "$ROOT/tests/lib.sh"

SCHEMA=$SHARED/schemas/csl-data.json
STYLE=$ROOT/tests/data/csl-check.csl

# a python3 with the module $1, or nothing
python_with() {
    for py in /usr/bin/python3 python3; do
        if command -v "$py" > /dev/null 2>&1 && "$py" -c "import $1" > /dev/null 2>&1; then
            echo "$py"
            return
        fi
    done
}
PYJS=$(python_with jsonschema)
PYYAML=$(python_with yaml)
PY=$(python_with json)
HAVE_PANDOC=$(command -v pandoc)

# What CSL cannot tell apart, removed from a pctool dump before comparing:
# a DOI that is the arXiv DOI of the record's arXiv id (CSL cannot tell it
# from the one the writer adds), and a record of no kind (written as an
# article: a preprint).  Everything else CSL holds: our own fields,
# affiliations, "et al." and URLs after the first in `custom`.
# (Brace-protected title words are not in the dump.)
csl_only() {
    awk -F '\t' '
        $1 == "@" { if (rec != "") printf "%s", rec; rec = ""; adoi = "" }
        $1 == "doi" && $2 ~ /^10\.48550\/[aA][rR][xX][iI][vV]\./ { adoi = substr($2, 16); next }
        $1 == "arxiv" && adoi != "" && adoi != $2 { rec = rec "doi\t10.48550/arXiv." adoi "\n" }
        ($1 == "extra" && $2 != "csl") { next }
        $1 == "kind" && $2 == "none" { rec = rec "kind\tpreprint\n"; next }
        { rec = rec $0 "\n" }
        END { printf "%s", rec }' "$1"
}

# [citation-key|]families|year per record, sorted: from a pctool dump
# (what citeproc should print with tests/data/csl-check.csl: the
# citation-key when the item has an id of its own, a range of years as
# citeproc writes it)
model_names_years() {
    awk -F '\t' '
        function flush() { if (seen) print ck fams "|" year; fams = ""; year = ""; ck = ""; seen = 0 }
        $1 == "@" { flush(); seen = 1; key = $2; next }
        $1 == "extra" && $2 == "csl" && $3 == "id" { ck = key "|" }
        $1 == "author" {
            n = split($2, p, "|")   # given|particle|family|suffix|literal
            f = p[5] != "" ? p[5] : p[3] != "" ? (p[2] != "" ? p[2] " " p[3] : p[3]) : p[1]
            fams = fams == "" ? f : fams "^" f
        }
        $1 == "date" { year = substr($2, 1, 4) }
        $1 == "date_edtf" && split($2, r, "/") == 2 && r[1] != ".." && r[2] != ".." &&
            substr(r[1], 1, 4) != substr(r[2], 1, 4) { year = year "\342\200\223" substr(r[2], 1, 4) }
        END { flush() }' "$1" | sed 's/^|//; s/|$//' | LC_ALL=C sort
}

# citeproc_check NAME BIBFILE DUMP: pandoc renders every record of BIBFILE
# with no warning, and the family names and years are the model's.
citeproc_check() {
    name=$1 bib=$2 dump=$3
    printf -- '---\nnocite: "@*"\nbibliography: %s\ncsl: %s\n---\n' "$bib" "$STYLE" > "$T/doc.md"
    if ! pandoc -f markdown -t plain --wrap=none --citeproc "$T/doc.md" > "$T/rendered" 2> "$T/pandoc.err"; then
        fail "$name" "pandoc failed: $(head -c 400 "$T/pandoc.err")"
        return
    fi
    if [ -s "$T/pandoc.err" ]; then
        fail "$name" "pandoc warned: $(head -c 400 "$T/pandoc.err")"
        return
    fi
    # citeproc prints apostrophes as typographic ones
    grep -v '^$' "$T/rendered" | sed "s/’/'/g" | LC_ALL=C sort > "$T/got"
    model_names_years "$dump" > "$T/want"
    same "$name" "$T/want" "$T/got"
}

# ---- every sample through both writers --------------------------------------
for f in "$ROOT"/samples/* "$ROOT"/tests/data/listing-*.txt; do
    [ -f "$f" ] || continue
    b=$(basename "$f")
    $PC "$f" -t csljson > "$T/$b.json" 2> /dev/null
    $PC "$f" -t yaml > "$T/$b.yaml" 2> /dev/null
    "$PCTOOL" dump "$f" > "$T/$b.dump" 2> /dev/null

    if [ -z "$PYJS" ]; then
        skip "$b -> csljson validates against csl-data.json" "no python3 with jsonschema"
    elif [ ! -f "$SCHEMA" ]; then
        skip "$b -> csljson validates against csl-data.json" "$SCHEMA is absent"
    else
        if "$PYJS" - "$SCHEMA" "$T/$b.json" > "$T/js.err" 2>&1 <<'EOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
data = json.load(open(sys.argv[2], encoding="utf-8"))
jsonschema.validate(data, schema)
EOF
        then pass "$b -> csljson validates against csl-data.json"
        else fail "$b -> csljson validates against csl-data.json" "$(tail -n 5 "$T/js.err")"
        fi
        if [ -n "$PYYAML" ] && "$PYJS" -c 'import yaml' 2> /dev/null; then
            if "$PYJS" - "$SCHEMA" "$T/$b.yaml" > "$T/js.err" 2>&1 <<'EOF'
import json, sys, jsonschema, yaml
schema = json.load(open(sys.argv[1]))
data = yaml.safe_load(open(sys.argv[2], encoding="utf-8"))["references"]
jsonschema.validate(data, schema)
EOF
            then pass "$b -> yaml items validate against csl-data.json"
            else fail "$b -> yaml items validate against csl-data.json" "$(tail -n 5 "$T/js.err")"
            fi
        fi
    fi

    if [ -z "$HAVE_PANDOC" ]; then
        skip "$b -> csljson/yaml through pandoc --citeproc" "pandoc is not installed"
    else
        citeproc_check "$b -> csljson: pandoc --citeproc renders the model's names and years" \
            "$T/$b.json" "$T/$b.dump"
        citeproc_check "$b -> yaml: pandoc --citeproc renders the model's names and years" \
            "$T/$b.yaml" "$T/$b.dump"
    fi

    # round trips: YAML -> model -> YAML gives the same bytes; CSL-JSON and
    # YAML read back (pc_csl_read_item) give the model minus what CSL drops
    $PC "$T/$b.yaml" -t yaml > "$T/$b.yaml2" 2> "$T/rt.err"
    same "$b -> yaml -> yaml is identical" "$T/$b.yaml" "$T/$b.yaml2"
    csl_only "$T/$b.dump" > "$T/$b.want"
    "$PCTOOL" dump "$T/$b.yaml" > "$T/$b.ydump" 2> "$T/rt.err"
    same "$b -> yaml -> model keeps every CSL field" "$T/$b.want" "$T/$b.ydump"
    # CSL-JSON is YAML too: our YAML reader reads it as a bare list of items
    "$PCTOOL" dump -f yaml "$T/$b.json" > "$T/$b.jdump" 2> "$T/rt.err"
    same "$b -> csljson -> model keeps every CSL field" "$T/$b.want" "$T/$b.jdump"
done

# ---- every CSL variable and every field of ours --------------------------------
# tests/data/fields.json (CSL-JSON) and fields.yaml (CSL-YAML, pandoc's
# shapes) hold every property of csl-data.json and our fields in `custom`;
# the round trips X -> X and X -> Y -> X are tests/robust/test_roundtrip.sh.
for f in fields.json fields.yaml; do
    F=$ROOT/tests/data/$f
    reader=yaml && [ $f = fields.json ] && reader=json
    $PC -f $reader "$F" -t csljson > "$T/$f.json" 2> "$T/$f.err"
    check "$f -> csljson converts without a message" test ! -s "$T/$f.err"
    $PC -f $reader "$F" -t yaml > "$T/$f.yaml" 2> "$T/$f.err"
    check "$f -> yaml converts without a message" test ! -s "$T/$f.err"
    "$PCTOOL" dump -f $reader "$F" > "$T/$f.dump" 2> /dev/null
    if [ -n "$PYJS" ] && [ -f "$SCHEMA" ] && [ -n "$PYYAML" ] && "$PYJS" -c 'import yaml' 2> /dev/null; then
        # both outputs validate, and together they use every property of
        # the schema but the deprecated spellings (event, shortTitle, ...)
        if "$PYJS" - "$SCHEMA" "$T/$f.json" "$T/$f.yaml" > "$T/js.err" 2>&1 <<'EOF'
import json, sys, jsonschema, yaml
schema = json.load(open(sys.argv[1]))
items = json.load(open(sys.argv[2], encoding="utf-8"))
jsonschema.validate(items, schema)
jsonschema.validate(yaml.safe_load(open(sys.argv[3], encoding="utf-8"))["references"], schema)
old = {"event", "shortTitle", "journalAbbreviation"}
missing = set(schema["items"]["properties"]) - old - {k for it in items for k in it}
if missing:
    sys.exit("not written: " + ", ".join(sorted(missing)))
EOF
        then pass "$f -> csljson, yaml: valid, with every CSL variable"
        else fail "$f -> csljson, yaml: valid, with every CSL variable" "$(tail -n 5 "$T/js.err")"
        fi
    else
        skip "$f -> csljson, yaml validate against csl-data.json" "no python3 with jsonschema and yaml"
    fi
    if [ -n "$HAVE_PANDOC" ]; then
        citeproc_check "$f -> csljson: pandoc --citeproc renders the model's names and years" \
            "$T/$f.json" "$T/$f.dump"
        citeproc_check "$f -> yaml: pandoc --citeproc renders the model's names and years" \
            "$T/$f.yaml" "$T/$f.dump"
    fi
done
# the fixture holds every field of the model (pctool fields --names: the
# names pctool dump gives them)
"$PCTOOL" dump -f json "$ROOT/tests/data/fields.json" | cut -f 1 | sort -u > "$T/have"
"$PCTOOL" fields --names | sort -u > "$T/all"
comm -23 "$T/all" "$T/have" > "$T/lacking"
check "fields.json holds every field of the model ($(wc -l < "$T/all") fields)" test ! -s "$T/lacking"

# ---- nothing silent ------------------------------------------------------------
# what CSL has no variable for is kept in `custom`: a listing's
# affiliations are no longer dropped
for fmt in csljson yaml; do
    $PC "$ROOT/tests/data/listing-names.txt" -t $fmt -v > /dev/null 2> "$T/v.err"
    check "-t $fmt -v: nothing of a listing dropped (affiliations in custom)" \
        sh -c "! grep -q 'has no place' '$T/v.err'"
done
# variables and custom keys a CSL reader does not know come back
printf '[{"id":"u","type":"book","title":"T","foo-bar":{"x":[1,"y"]},"custom":{"mine":"kept","arxiv-version":"2"}}]\n' \
    > "$T/unknown.json"
$PC -f json "$T/unknown.json" -t csljson > "$T/unknown.out" 2> /dev/null
contains "csljson -> csljson keeps an unknown variable" "$T/unknown.out" '"foo-bar": {'
contains "csljson -> csljson keeps an unknown custom key" "$T/unknown.out" '"mine": "kept"'
contains "csljson -> csljson reads our custom keys as fields" "$T/unknown.out" '"arxiv-version": "2"'
printf 'references:\n- id: u\n  type: book\n  title: T\n  foo-bar: [1, y]\n  custom: {mine: kept}\n' > "$T/unknown.yaml"
$PC "$T/unknown.yaml" -t yaml > "$T/unknown.out" 2> /dev/null
contains "yaml -> yaml keeps an unknown variable" "$T/unknown.out" "foo-bar:"
contains "yaml -> yaml keeps an unknown custom key" "$T/unknown.out" "mine: kept"
# ... and every other writer counts them (pc_map_write does, for a
# format with a field map)
for w in $($PC --list-formats | awk 'NR > 1 && $3 == "yes" { print $1 }'); do
    case $w in csljson | csljsonl | yaml) continue ;; esac # the CSL family keeps them
    if ! "$PCTOOL" fields --holds "$w" > /dev/null 2>&1; then
        skip "-t $w -v counts the CSL variable it cannot hold" "$w has no field map yet"
        continue
    fi
    $PC -v "$T/unknown.yaml" -t "$w" > /dev/null 2> "$T/v.err"
    contains "-t $w -v counts the CSL variable it cannot hold" "$T/v.err" "foo-bar (csl)"
done

# ---- hostile strings --------------------------------------------------------
H=$ROOT/tests/data/csl-hostile.yaml
$PC "$H" -t csljson > "$T/h.json" 2> "$T/h.err"
check "hostile -> csljson converts" test ! -s "$T/h.err"
$PC "$H" -t yaml > "$T/h.yaml" 2> "$T/h.err"
check "hostile -> yaml converts" test ! -s "$T/h.err"
"$PCTOOL" dump "$H" > "$T/h.dump" 2> /dev/null

# Every string of the fixture (read by python, not by us) must come back
# unchanged; names are compared with the model (the name module folds
# white space inside a name).
cat > "$T/hostile.py" <<'EOF'
import json, sys
fixture, out, dump, kind = sys.argv[1:5]
import yaml
want = yaml.safe_load(open(fixture, encoding="utf-8"))["references"]
if kind == "json":
    got = json.load(open(out, encoding="utf-8"))
else:
    got = yaml.safe_load(open(out, encoding="utf-8"))["references"]
bad = []
if len(got) != len(want):
    bad.append("%d items, want %d" % (len(got), len(want)))
keys = ["id", "type", "title", "abstract", "container-title", "volume", "issue", "page",
        "publisher", "DOI", "URL", "keyword", "note"]
import re
def safe_key(k):
    # input keys keep letters, digits and - _ : . / + (other runs become "_"),
    # so the same key serves BibTeX (README, pc_keyset_assign)
    return "_".join(p for p in re.split(r"[^A-Za-z0-9_:./+-]+", k) if p)
# pandoc reads every string of a CSL-YAML file as Markdown: a backslash
# before ASCII punctuation is an escape (our YAML writer escapes, the JSON
# writer writes the plain text); the fixture is read that way too
def md(s):
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", s) if isinstance(s, str) else s
for w in want:
    w["id"] = safe_key(md(str(w["id"])))
for w, g in zip(want, got):
    for k in keys:
        if k != "id":
            w[k] = md(w.get(k))
        if kind == "yaml":
            g[k] = md(g.get(k))
    if kind == "yaml":
        g["author"] = [{a: md(v) for a, v in n.items()} for n in g.get("author", [])]
    for k in keys:
        if w.get(k) != g.get(k):
            bad.append("%s %s: %r != %r" % (w["id"], k, g.get(k), w.get(k)))
# names: the model's (pctool dump: given|particle|family|suffix|literal)
model = []
for line in open(dump, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[0] == "@":
        model.append([])
    elif f[0] == "author":
        gi, pa, fa, su, li = f[1].split("|")
        n = {}
        if li: n["literal"] = li
        if fa: n["family"] = fa
        if gi: n["given"] = gi
        if pa: n["non-dropping-particle"] = pa
        if su: n["suffix"] = su
        model[-1].append(n)
for m, g in zip(model, got):
    if m != g.get("author", []):
        bad.append("%s author: %r != %r" % (g.get("id"), g.get("author"), m))
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
for kind in json yaml; do
    if [ -z "$PYYAML" ]; then
        skip "hostile strings survive -t $kind (python3 $kind)" "no python3 with yaml to read the fixture"
        continue
    fi
    if "$PYYAML" "$T/hostile.py" "$H" "$T/h.$kind" "$T/h.dump" $kind > "$T/hp.out" 2>&1; then
        pass "hostile strings survive -t $kind (python3 $kind reads them back)"
    else
        fail "hostile strings survive -t $kind (python3 $kind reads them back)" "$(head -n 8 "$T/hp.out")"
    fi
done
if [ -n "$PYJS" ] && [ -f "$SCHEMA" ]; then
    if "$PYJS" -c 'import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))' \
        "$SCHEMA" "$T/h.json" > "$T/js.err" 2>&1
    then pass "hostile -> csljson validates against csl-data.json"
    else fail "hostile -> csljson validates against csl-data.json" "$(tail -n 3 "$T/js.err")"
    fi
fi
if [ -n "$HAVE_PANDOC" ]; then
    # pandoc reads YAML strings as Markdown, so only names and years are
    # compared; every record must render, with no warning
    citeproc_check "hostile -> csljson: pandoc --citeproc reads every record" "$T/h.json" "$T/h.dump"
    citeproc_check "hostile -> yaml: pandoc --citeproc reads every record" "$T/h.yaml" "$T/h.dump"
fi
$PC "$T/h.yaml" -t yaml > "$T/h.yaml2" 2> /dev/null
same "hostile -> yaml -> yaml is identical" "$T/h.yaml" "$T/h.yaml2"

# ---- loose CSL forms: our reader against pandoc's ---------------------------
L=$ROOT/tests/data/csl-loose.yaml
if [ -z "$HAVE_PANDOC" ] || [ -z "$PYYAML" ]; then
    skip "loose CSL forms read as pandoc reads them" "pandoc or python3 with yaml missing"
else
    { echo '---'; grep -v -e '^#' -e '^---' "$L"; echo '...'; } > "$T/loose.md"
    pandoc -f markdown -t csljson "$T/loose.md" > "$T/loose.pandoc.json" 2> "$T/loose.err"
    "$PCTOOL" dump "$L" > "$T/loose.dump" 2> "$T/loose.dump.err"
    check "loose CSL forms are read without a diagnostic" test ! -s "$T/loose.dump.err"
    if "$PYYAML" - "$T/loose.pandoc.json" "$T/loose.dump" "$L" > "$T/loose.out" 2>&1 <<'EOF'
import json, sys, yaml
items = json.load(open(sys.argv[1], encoding="utf-8"))
# which names the fixture gives as maps (a name string pandoc keeps whole,
# we split: compared elsewhere)
as_map = {it["id"]: [isinstance(a, dict) for a in it.get("author", [])]
          for it in yaml.safe_load(open(sys.argv[3], encoding="utf-8"))["references"]}
recs, cur = {}, None
for line in open(sys.argv[2], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[0] == "@":
        cur = recs.setdefault(f[1], {"authors": []})
    elif f[0] == "author":
        gi, pa, fa, su, li = f[1].split("|")
        cur["authors"].append(li or fa)
    elif f[0] in ("date", "title"):
        cur[f[0]] = f[1]
bad = []
for it in items:
    r = recs.get(it["id"])
    if r is None:
        bad.append("%s: not read" % it["id"]); continue
    if r.get("title") != it.get("title"):
        bad.append("%s: title %r != %r" % (it["id"], r.get("title"), it.get("title")))
    dp = it.get("issued", {}).get("date-parts") or []
    if dp and dp[0]:      # pandoc read a date: ours is its first one
        want = "-".join("%04d" % p if i == 0 else "%02d" % p for i, p in enumerate(dp[0]))
        if r.get("date") != want:
            bad.append("%s: date %r != %r" % (it["id"], r.get("date"), want))
    # names given as objects: pandoc and we agree on the family / literal
    fams = [a.get("literal") or a.get("family") for a in it.get("author", [])]
    for i, a in enumerate(it.get("author", [])):
        if as_map[it["id"]][i]:
            if i >= len(r["authors"]) or r["authors"][i] != fams[i]:
                bad.append("%s: author %d %r != %r" % (it["id"], i, r["authors"], fams))
if len(items) != len(recs):
    bad.append("%d records, pandoc %d" % (len(recs), len(items)))
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
    then pass "loose CSL forms read as pandoc reads them (dates, names, titles)"
    else fail "loose CSL forms read as pandoc reads them (dates, names, titles)" "$(head -n 8 "$T/loose.out")"
    fi
    # what pandoc cannot tell us: a name as one string is split, arXiv
    # fields become the model's, a note's journal reference is its own
    contains "loose: a name string is split by the name module" "$T/loose.dump" "author	Jean-Luc|van der|Berg||"
    contains "loose: number + publisher arXiv = the arXiv id" "$T/loose.dump" "arxiv	2610.01234"
    contains "loose: arXiv:ID v3 gives the version" "$T/loose.dump" "arxiv_version	3"
    contains "loose: a DOI URL becomes a bare DOI" "$T/loose.dump" "doi	10.1145/1234.5678"
    contains "loose: the note's journal reference" "$T/loose.dump" "journal_ref	Phys. Rev. D 12 (2026) 1-10"
    contains "loose: a raw date" "$T/loose.dump" "date	2026-10-02"
fi
$PC "$L" -t yaml > "$T/l.yaml" 2> /dev/null
$PC "$T/l.yaml" -t yaml > "$T/l.yaml2" 2> /dev/null
same "loose -> yaml -> yaml is identical" "$T/l.yaml" "$T/l.yaml2"
"$PCTOOL" dump "$T/l.yaml" > "$T/l.dump" 2> /dev/null
csl_only "$T/loose.dump" > "$T/l.want" 2> /dev/null
same "loose -> yaml -> model keeps every CSL field" "$T/l.want" "$T/l.dump"

# ---- particles: split as pandoc splits a CSL name ----------------------------
# lower-case words that end `given` are the dropping particle, words that
# start `family` the non-dropping one, each unless the item names it; pandoc
# is the oracle (a name whose parts pandoc and we give differently fails)
if [ -n "$HAVE_PANDOC" ] && [ -n "$PY" ]; then
    cat > "$T/particles.json" <<'EOF'
[{"id": "p", "type": "book", "title": "Particles", "author": [
  {"given": "Ludwig van", "family": "Beethoven"},
  {"given": "Jean", "family": "de La Fontaine"},
  {"given": "Charles", "dropping-particle": "de", "family": "Gaulle"},
  {"given": "Vincent", "family": "van Gogh", "non-dropping-particle": "x"},
  {"given": "Ludwig van", "family": "van Beethoven", "dropping-particle": "d"},
  {"given": "Ludwig van", "family": "van Beethoven", "suffix": "Jr."},
  {"given": "Ludwig", "family": "Van Beethoven"}]}]
EOF
    pandoc -f csljson -t csljson "$T/particles.json" > "$T/particles.pandoc" 2> /dev/null
    $PC -q -f json "$T/particles.json" -t csljson > "$T/particles.ours" 2> /dev/null
    if "$PY" - "$T/particles.pandoc" "$T/particles.ours" > "$T/particles.out" 2>&1 <<'EOF'
import json, sys
keys = ("given", "dropping-particle", "non-dropping-particle", "family", "suffix")
names = [[tuple(a.get(k) for k in keys) for a in json.load(open(f, encoding="utf-8"))[0]["author"]]
         for f in sys.argv[1:3]]
bad = ["pandoc %r, ours %r" % (p, o) for p, o in zip(*names) if p != o]
print("\n".join(bad))
sys.exit(1 if bad or len(names[0]) != len(names[1]) else 0)
EOF
    then pass "CSL names: particles split as pandoc splits them (7 names)"
    else fail "CSL names: particles split as pandoc splits them" "$(head -n 8 "$T/particles.out")"
    fi
else
    skip "CSL names: particles split as pandoc splits them" "no pandoc or python3"
fi

# ---- the YAML reader on bad input ------------------------------------------
printf 'references:\n- id: a\n  title: A\n- just a string\n- id: c\n  title: C\n  author: [{family: Doe}]\n' > "$T/skip.yaml"
exit_is "a non-mapping item is an error (exit 1)" 1 $PC "$T/skip.yaml" -t csljson
contains "the error names file:line:col" "$T/stderr" "skip.yaml:4:3: error:"
check "the other items are still converted" test "$(grep -c '"id"' "$T/stdout")" -eq 2

printf 'references:\n- id: a\n  title: "unclosed\n' > "$T/syntax.yaml"
exit_is "a YAML syntax error is an error (exit 1)" 1 $PC "$T/syntax.yaml" -t csljson
contains "a YAML syntax error has a position" "$T/stderr" "syntax.yaml:4:1: error: YAML:"

# deep nesting: an item nested too deep is skipped, the next one converted;
# absurd nesting (libyaml slows down quadratically) stops the file, fast
awk 'BEGIN { printf "references:\n- id: deep\n  title: T\n  x: "; for (i = 0; i < 100; i++) printf "["; for (i = 0; i < 100; i++) printf "]"; print ""; print "- id: ok\n  title: fine" }' > "$T/deep.yaml"
exit_is "an item nested 100 deep is an error" 1 $PC "$T/deep.yaml" -t csljson
contains "deep nesting is reported" "$T/stderr" "deep.yaml:4:36: error: YAML: nested more than 32 levels deep"
check "the item after the deep one is converted" grep -q '"id": "ok"' "$T/stdout"
awk 'BEGIN { printf "references:\n- id: deep\n  title: T\n  x: "; for (i = 0; i < 1000000; i++) printf "["; for (i = 0; i < 1000000; i++) printf "]"; print "" }' > "$T/deeper.yaml"
start=$(date +%s)
exit_is "an item nested 10^6 deep is an error, not a crash" 1 $PC "$T/deeper.yaml" -t csljson
contains "... which stops reading the file" "$T/stderr" "the rest of the file is not read"
check "... within 5 s" test $(( $(date +%s) - start )) -lt 5

# aliases would let a small file expand (billion laughs): refused
{
    echo 'references:'
    echo '- id: lol'
    echo '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'
    prev=a
    for i in b c d e f g h i; do
        echo "  $i: &$i [*$prev,*$prev,*$prev,*$prev,*$prev,*$prev,*$prev,*$prev,*$prev]"
        prev=$i
    done
    echo '- id: fine'
    echo '  title: Fine'
} > "$T/laughs.yaml"
exit_is "YAML aliases are refused (billion laughs)" 1 $PC "$T/laughs.yaml" -t csljson
contains "aliases are reported" "$T/stderr" "aliases"
check "the item after the aliases is converted" grep -q '"id": "fine"' "$T/stdout"

printf 'title: only metadata\n' > "$T/meta.yaml"
$PC "$T/meta.yaml" -t csljson > "$T/stdout" 2> "$T/stderr"
contains "a YAML mapping without references: is a warning" "$T/stderr" "warning: no \`references:\` list"

: > "$T/empty.yaml"
exit_is "an empty .yaml converts to an empty list" 0 $PC "$T/empty.yaml" -t csljson
check "an empty input gives []" test "$(cat "$T/stdout")" = "[]"
exit_is "an empty input gives references: []" 0 $PC "$T/empty.yaml" -t yaml
check "... and that is references: []" test "$(cat "$T/stdout")" = "references: []"

# content sniffing: stdin with references: (and --- then references:)
printf -- '---\ntitle: x\nreferences:\n- id: s\n  title: Sniffed\n...\n' | $PC -t csljson > "$T/sniff.json" 2> "$T/sniff.err"
check "stdin starting with --- ... references: is read as YAML" grep -q '"title": "Sniffed"' "$T/sniff.json"
printf 'references:\n- id: s\n  title: Sniffed\n' | $PC -t yaml > "$T/sniff.yaml" 2> "$T/sniff.err"
check "stdin starting with references: is read as YAML" grep -q 'title: Sniffed' "$T/sniff.yaml"

# the output device fails: exit 1
if [ -w /dev/full ]; then
    exit_is "-t csljson to /dev/full fails" 1 $PC "$ROOT/tests/data/listing-names.txt" -t csljson -o /dev/full
    exit_is "-t yaml to /dev/full fails" 1 $PC "$ROOT/tests/data/listing-names.txt" -t yaml -o /dev/full
else
    skip "writing to /dev/full fails" "no /dev/full"
fi

# ---- the shared corpus -----------------------------------------------------
# CSL-YAML files convert with the record count python (or pandoc) sees;
# the CSL-JSON list files go through the same mapping via the YAML reader.
found=0
for f in "$SHARED"/corpus/csl-yaml/* "$SHARED"/corpus/csl-json/*; do
    [ -f "$f" ] || continue
    found=1
    b=$(basename "$f")
    if [ -n "$PYYAML" ]; then
        want=$("$PYYAML" -c 'import sys, yaml
d = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
d = d.get("references", d) if isinstance(d, dict) else d
print(len(d) if isinstance(d, list) else -1)' "$f" 2> /dev/null)
    else
        want=-1
    fi
    [ "$want" = -1 ] && continue # not a list of items (an object keyed by DOI)
    "$PCTOOL" dump -f yaml "$f" > "$T/c.dump" 2> "$T/c.err"
    got=$(grep -c '^@' "$T/c.dump")
    if [ "$got" = "$want" ]; then
        pass "corpus $b: $got records"
    else
        fail "corpus $b: $got records, want $want" "$(head -n 3 "$T/c.err")"
    fi
    $PC -f yaml "$f" -t csljson > "$T/c.json" 2> /dev/null
    if [ -n "$PY" ]; then
        n=$("$PY" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$T/c.json" 2> /dev/null)
        check "corpus $b -> csljson has $want items" test "$n" = "$want"
    fi
done
[ $found = 1 ] || skip "corpus csl-yaml / csl-json" "$SHARED/corpus is absent"

# ---- CSL-YAML that pandoc reads as we meant it ------------------------------
# Indentation (a tab, four spaces) at the start of a value or after a blank
# line would be a Markdown code block, on which pandoc fails the whole
# bibliography; pass-through values and an id kept as written are Markdown
# to pandoc too, so they are escaped like the fields.
cat > "$T/md.json" <<'JSON'
[{"id":"good","type":"book","title":"Fine","author":[{"family":"Good"}]},
 {"id":"tab","type":"book","title":"\tTabbed","abstract":"a\n\n    code","author":[{"family":"Tab"}]},
 {"id":"a*b*","citation-key":"k","type":"book","title":"T","zz":"z *z*","custom":{"q":["x_y_"]}}]
JSON
$PC "$T/md.json" -f csljson -t yaml -q -o "$T/md.yaml"
$PC "$T/md.yaml" -t csljson -q > "$T/md.back.json"
check "CSL-YAML keeps pass-through strings and an id as written (our reader)" \
    "$PY" -c 'import json, sys
d = {i.get("citation-key", i["id"]): i for i in json.load(open(sys.argv[1]))}
k = d["k"]
sys.exit(0 if (k["id"], k["zz"], k["custom"]["q"], d["tab"]["title"]) == ("a*b*", "z *z*", ["x_y_"], "Tabbed") else 1)' "$T/md.back.json"
if [ -z "$HAVE_PANDOC" ]; then
    skip "pandoc reads CSL-YAML with indented and pass-through values" "no pandoc"
else
    printf -- '---\nnocite: "@*"\n---\n' > "$T/md.md"
    pandoc -f markdown -t plain --citeproc --bibliography "$T/md.yaml" "$T/md.md" > "$T/md.out" 2>&1
    check "pandoc reads CSL-YAML whose values start indented (no code block)" grep -q Tabbed "$T/md.out"
    { echo ---; cat "$T/md.yaml"; echo ---; } > "$T/md.meta.md"
    pandoc -f markdown -t csljson "$T/md.meta.md" > "$T/md.pandoc.json" 2> /dev/null
    check "pandoc reads escaped pass-through strings and id as written" \
        "$PY" -c 'import json, sys
d = {i["id"]: i for i in json.load(open(sys.argv[1]))}
sys.exit(0 if "a*b*" in d and d["a*b*"].get("zz") == "z *z*" else 1)' "$T/md.pandoc.json"
fi
