#!/bin/sh
# SPDX-License-Identifier: MIT
# test_csl_read.sh — the CSL item reader (formats/csl/item_read.c, for CSL-JSON and
# CSL-YAML) loses nothing in silence (issue 19):
#   1. a role given as one string ("author": "Smith, John") is a BibTeX
#      name list, with a warning (it used to be two people, Smith and John);
#   2. a value of a shape CSL does not have (a title that is an object or
#      true, two titles, four date parts, three dates, a name key CSL has
#      no place for, custom entries for no name) is kept, or reported with
#      a warning at the item, or counted in -v's summary;
#   3. EDTF strings: a range of seasons, an unknown start, date-times;
#   4. a YAML key given twice is reported; OpenAlex keywords of every shape;
#      a service list where one value is expected is kept (Crossref titles).
. "$(dirname "$0")/../lib.sh"

# dump NAME FILE ARGS...: pctool dump of FILE into $T/dump, stderr in $T/err
dump() { "$PCTOOL" dump "$@" > "$T/dump" 2> "$T/err"; }
# lacks NAME FILE TEXT: no line of FILE holds TEXT
lacks() { if grep -qF -- "$3" "$2"; then fail "$1" "'$3' in $2"; else pass "$1"; fi; }

# ---- 1. a role as one string ----------------------------------------------------
cat > "$T/names.json" <<'J'
[{"id": "one", "type": "book", "title": "T", "author": "Smith, John"},
 {"id": "two", "type": "book", "title": "T", "editor": "Smith, John and Jane Doe and others"},
 {"id": "list", "type": "book", "title": "T", "author": ["Doe, Jane", "Ludwig van Beethoven"]}]
J
printf 'references:\n- id: one\n  title: T\n  author: "Smith, John"\n- id: bad\n  title: T\n  author: "A, B, C, D"\n' > "$T/names.yaml"
dump -f csljson "$T/names.json"
contains "csl names: \"Smith, John\" is one author (CSL-JSON)" "$T/dump" "author	John||Smith||"
lacks "csl names: \"Smith, John\" is not two authors (CSL-JSON)" "$T/dump" "author	||John||"
contains "csl names: a string is a BibTeX name list, \"and\" between names" "$T/dump" "editor	Jane||Doe||"
contains "csl names: \"and others\" in a string cuts the list" "$T/dump" "et_al	yes"
$PC -f csljson -t csljson "$T/names.json" > /dev/null 2> "$T/names.err"
contains "csl names: a role as one string is warned about, at the item" "$T/names.err" \
    'names.json:1: warning: "author" is one string, not a list of names: read as a BibTeX name list'
check "csl names: a list of strings is no one string (no warning for it)" \
    test "$(grep -c 'is one string' "$T/names.err")" -eq 2
contains "csl names: strings in a list are still split by the name module" "$T/dump" "author	Ludwig|van|Beethoven||"
dump "$T/names.yaml"
contains "csl names: \"Smith, John\" is one author (CSL-YAML)" "$T/dump" "author	John||Smith||"
contains "csl names: what the BibTeX grammar finds wrong is warned about" "$T/err" \
    '"author": too many commas in a name'

# ---- 2. values of a shape CSL does not have -----------------------------------------
cat > "$T/drops.json" <<'J'
[{"id": "obj", "type": "book", "title": {"main": "A"}, "volume": true,
  "author": [{"family": "Doe", "given": "Jane", "sequence": "first", "affiliation": [{"name": "MIT", "id": "ror"}]}]},
 {"id": "arr", "type": "book", "title": ["First", "Second"], "keyword": ["a", {"b": 1}],
  "editor": {"family": "Roe", "given": "Rick"}, "ISSN": ["0028-0836", "1476-4687"]},
 {"id": "dates", "type": "foo", "title": "D", "issued": {"date-parts": [[2011, 5, 25, 7]]},
  "accessed": {"date-parts": [[2011], [2012], [2013]]},
  "original-date": {"date-parts": [[2001]], "raw": "Spring 2001", "edtf": "x"},
  "event-date": {"date-parts": [[2012, 30]]}, "submitted": {"date-parts": [[2012]], "season": "Spring"}},
 {"id": "custom", "type": "book", "title": "C", "author": [{"family": "A"}],
  "custom": {"affiliations": {"editor": {"1": ["X"]}}, "et-al": ["translator"]}},
 {"id": "names", "type": "book", "title": "N", "author": [{"literal": "ACME", "family": "Smith"}], "translator": 5}]
J
exit_is "csl drops: odd values are warnings, not errors (exit 0)" 0 $PCW -f csljson -t csljson -v "$T/drops.json"
cp "$T/stdout" "$T/drops.out"
cp "$T/stderr" "$T/drops.err"
for w in '"title": an object where CSL has text; kept as written' \
         '"volume": true where CSL has text; kept as written' \
         '"title" holds 2 values where CSL has one: the first kept, the rest left out' \
         '"keyword": an object where CSL has text in a list; left out' \
         '"editor" is one name, not a list of names: read as a list of one' \
         'type "foo" is not a CSL type: read as "document"' \
         '"issued": 4 date parts where CSL has at most 3: the rest left out' \
         '"accessed": 3 dates where CSL has at most 2: the rest left out' \
         '"event-date": a month that is no month (1-12) or season (21-24); left out (the year kept)' \
         '"submitted": text where CSL has a season 1-4 ("season"); left out' \
         '"translator": a number where CSL has a list of names; kept as written'; do
    contains "csl drops: warned: $w" "$T/drops.err" "$w"
done
for d in author.sequence author.affiliation.id original-date.edtf custom.affiliations custom.et-al author.family; do
    contains "csl drops: -v counts $d" "$T/drops.err" "note: csl has no place for $d: dropped from 1 record(s)"
done
if python3 - "$T/drops.out" > "$T/py.out" 2>&1 <<'P'
import json, sys
items = {it["id"]: it for it in json.load(open(sys.argv[1], encoding="utf-8"))}
want = [
    (items["obj"].get("title"), {"main": "A"}),            # kept as written
    (items["obj"].get("volume"), True),
    (items["arr"].get("title"), "First"),
    (items["arr"].get("editor"), [{"family": "Roe", "given": "Rick"}]),
    (items["arr"].get("ISSN"), "0028-0836, 1476-4687"),     # both ISSNs
    (items["dates"]["issued"], {"date-parts": [[2011, 5, 25]]}),
    (items["dates"]["accessed"], {"date-parts": [[2011], [2012]]}),
    (items["dates"]["custom"], {"date-literals": {"original-date": "Spring 2001"}}),  # raw beside parts
    (items["names"].get("translator"), 5),
]
bad = ["%r != %r" % (g, w) for g, w in want if g != w]
print("\n".join(bad))
sys.exit(1 if bad else 0)
P
then pass "csl drops: csljson -> csljson keeps the odd values, both ISSNs, the raw date beside its parts"
else fail "csl drops: csljson -> csljson keeps the odd values, both ISSNs, the raw date beside its parts" "$(head -n 6 "$T/py.out")"
fi
$PC -f csljson -t bibtex -v "$T/drops.json" > /dev/null 2> "$T/bib.err"
contains "csl drops: a value kept as written is counted by another writer" "$T/bib.err" \
    "note: bibtex has no place for title (csl): dropped from 1 record(s)"

# well-formed CSL (the fixtures, doi.org answers in the corpus) gives no warning
for f in "$ROOT/tests/data/fields.json" "$ROOT/tests/data/fields.yaml" "$ROOT/tests/data/csl-loose.yaml" \
         "$ROOT/tests/data/csl-hostile.yaml" "$ROOT/samples/references.json" "$ROOT/samples/references.yaml"; do
    $PC "$f" -t csljson > /dev/null 2> "$T/ok.err"
    check "csl drops: no warning for $(basename "$f")" test ! -s "$T/ok.err"
done

# ---- 3. EDTF strings ----------------------------------------------------------------
cat > "$T/edtf.json" <<'J'
[{"id": "seasons", "type": "book", "title": "T", "issued": "2012-22/2012-23"},
 {"id": "unknown-start", "type": "book", "title": "T", "issued": "/1034"},
 {"id": "date-times", "type": "book", "title": "T", "issued": "2004-01-01T10:10:10Z/2005-02-01T10:10:10Z"},
 {"id": "parts", "type": "book", "title": "T", "issued": {"date-parts": [[2012, 22], [2013, 24]]}}]
J
dump -f csljson "$T/edtf.json"
contains "csl edtf: a range of seasons keeps its end season" "$T/dump" "date_edtf	2012-22/2012-23"
contains "csl edtf: /1034 is a range with an open start, not the year" "$T/dump" "date_edtf	../1034"
contains "csl edtf: a range of date-times keeps its end" "$T/dump" "date_edtf	2004-01-01/2005-02-01"
contains "csl edtf: date-parts of seasons keep the end season" "$T/dump" "date_edtf	2012-22/2013-24"
check "csl edtf: no warning" test ! -s "$T/err"
$PC -f csljson -t csljson "$T/edtf.json" > "$T/edtf.out" 2> /dev/null
contains "csl edtf: CSL-JSON writes the end season in date-parts" "$T/edtf.out" "23"
"$PCTOOL" dump -f csljson "$T/edtf.out" > "$T/edtf.dump" 2> /dev/null
same "csl edtf: csljson -> csljson keeps every date" "$T/dump" "$T/edtf.dump"

# ---- 4. YAML keys given twice; OpenAlex keywords --------------------------------------
printf 'references:\n- id: a\n  title: A\n  title: B\n' > "$T/dup.yaml"
$PC "$T/dup.yaml" -t csljson > /dev/null 2> "$T/dup.err"
contains "yaml: a key given twice is warned about at its line:column" "$T/dup.err" \
    'dup.yaml:4:3: warning: YAML: key "title" given twice in one mapping: the later value kept'

cat > "$T/oa.json" <<'J'
{"id": "https://openalex.org/W1", "title": "T", "authorships": [],
 "keywords": [{"id": "https://openalex.org/keywords/gene", "display_name": "Gene", "score": 0.5},
              {"keyword": "older form", "score": 0.3}, "plain", {"score": 0.1}]}
J
dump -f json "$T/oa.json"
contains "openalex: a keyword object's display_name is a keyword" "$T/dump" "keyword	Gene"
contains "openalex: the older {keyword, score} form is a keyword too" "$T/dump" "keyword	older form"
contains "openalex: a keyword with no name is kept as written" "$T/dump" 'extra	openalex	keywords	[{"score":0.10000000000000001}]'
$PC -f json -t ris -v "$T/oa.json" > /dev/null 2> "$T/oa.err"
contains "openalex: keyword ids and scores are counted in -v" "$T/oa.err" \
    "note: openalex has no place for keyword ids and scores: dropped from 1 record(s)"

# a service's list where its field holds one value: the first read, the list
# kept as written (Crossref's series and book title in container-title,
# translated titles, short titles)
printf '{"DOI":"10.1/x","type":"journal-article","title":["A","B"],"subtitle":["S1","S2"],"short-container-title":["Phys. Rev. D","PRD"]}\n' > "$T/xr.json"
dump -f json "$T/xr.json"
contains "crossref: the first title and subtitle are the title" "$T/dump" "title	A: S1"
contains "crossref: several titles are kept as written" "$T/dump" 'extra	crossref	title	["A","B"]'
contains "crossref: several subtitles are kept as written" "$T/dump" 'extra	crossref	subtitle	["S1","S2"]'
contains "crossref: a TEXT row given a list keeps the list" "$T/dump" \
    'extra	crossref	short-container-title	["Phys. Rev. D","PRD"]'
