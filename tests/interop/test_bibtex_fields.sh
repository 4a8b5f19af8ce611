# SPDX-License-Identifier: MIT
# test_bibtex_fields.sh — BibTeX and biblatex keep every field (issue 14).
#
#  1. the fixtures hold every entry type and field of both dialects
#     (checked against the lists below, from btxdoc and biblatex's manual);
#  2. round trips: the model of a .bib read again from our -t bibtex or
#     -t biblatex output is the model of the .bib (pctool dump, pass-through
#     values included); biblatex -> classic BibTeX changes only what classic
#     BibTeX has no type for;
#  3. reading maps every data field of biblatex to a model field: what stays
#     pass-through is exactly the special fields listed below;
#  4. the real bibtex with plain.bst: our output formats as the input does
#     (same .bbl text, braces aside) and gives no warning the input does not;
#  5. the small wrongs of issue 14, each a one-entry case.
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/interop/bibtex_lib.sh"
DATA=$ROOT/tests/data
CORPUS=$SHARED/corpus/bibtex

dump() { "$PCTOOL" dump -f bibtex "$1" 2> /dev/null; }

# ---- 1. the fixtures hold every type and field ------------------------------
CLASSIC_TYPES="article book booklet conference inbook incollection inproceedings manual
mastersthesis misc phdthesis proceedings techreport unpublished"
CLASSIC_FIELDS="address annote author booktitle chapter crossref edition editor howpublished
institution journal key month note number organization pages publisher school series title
type volume year"
BIBLATEX_TYPES="article book mvbook inbook bookinbook suppbook booklet collection mvcollection
incollection suppcollection dataset manual misc online patent periodical suppperiodical
proceedings mvproceedings inproceedings reference mvreference inreference report set software
thesis unpublished xdata customa artwork audio bibnote commentary image jurisdiction legislation
legal letter movie music performance review standard video conference electronic mastersthesis
phdthesis techreport www"
BIBLATEX_FIELDS="abstract addendum afterword annotation annotator author authortype bookauthor
bookpagination booksubtitle booktitle booktitleaddon chapter commentator date doi edition
editor editora editorb editorc editortype editoratype editorbtype eid entrysubtype eprint
eprintclass eprinttype eventdate eventtitle eventtitleaddon file foreword holder howpublished
indextitle institution introduction isan isbn ismn isrn issn issue issuesubtitle issuetitle
issuetitleaddon iswc journalsubtitle journaltitle journaltitleaddon label language library
location mainsubtitle maintitle maintitleaddon nameaddon note number organization origdate
origlanguage origlocation origpublisher origtitle pages pagetotal pagination part publisher
pubstate reprinttitle series shortauthor shorteditor shorthand shorthandintro shortjournal
shortseries shorttitle subtitle title titleaddon translator type url urldate venue version
volume volumes year crossref entryset execute gender langid langidopts ids indexsorttitle
keywords options presort related relatedoptions relatedtype relatedstring sortkey sortname
sortshorthand sorttitle sortyear xdata xref namea nameatype lista usera verba"
missing=
for t in $CLASSIC_TYPES; do grep -qi "^@$t{" "$DATA/bib-classic.bib" || missing="$missing @$t"; done
for f in $CLASSIC_FIELDS; do grep -qiE "^ *$f *=" "$DATA/bib-classic.bib" || missing="$missing $f"; done
[ -z "$missing" ] && pass "fields: bib-classic.bib has every classic type and field" ||
    fail "fields: bib-classic.bib has every classic type and field" "missing:$missing"
missing=
for t in $BIBLATEX_TYPES; do grep -qi "^@$t{" "$DATA/bib-biblatex.bib" || missing="$missing @$t"; done
for f in $BIBLATEX_FIELDS; do grep -qiE "^ *$f *=" "$DATA/bib-biblatex.bib" || missing="$missing $f"; done
[ -z "$missing" ] && pass "fields: bib-biblatex.bib has every biblatex type and field" ||
    fail "fields: bib-biblatex.bib has every biblatex type and field" "missing:$missing"

# ---- 2. round trips ------------------------------------------------------------
# same_model NAME INPUT FORMAT: INPUT -> FORMAT -> our reader gives INPUT's model
same_model() {
    dump "$2" > "$T/a"
    $PCW "$2" -t "$3" > "$T/out.bib" 2> "$T/err" || { fail "$1" "paperconv failed: $(head -c 300 "$T/err")"; return; }
    dump "$T/out.bib" > "$T/b"
    if [ ! -s "$T/a" ]; then
        fail "$1" "nothing read from $2"
    elif cmp -s "$T/a" "$T/b"; then
        pass "$1 ($(grep -c '^@	' "$T/a") entries, $(wc -l < "$T/a") values)"
    else
        fail "$1" "$(diff "$T/a" "$T/b" | head -n 12)"
    fi
}
for f in "$DATA/bib-classic.bib" "$DATA/bib-names.bib" "$DATA/bib-syntax.bib" "$DATA/markup.bib"; do
    same_model "round trip: $(basename "$f") -> bibtex -> model unchanged" "$f" bibtex
    same_model "round trip: $(basename "$f") -> biblatex -> model unchanged" "$f" biblatex
done
biblatex_inputs="$DATA/bib-biblatex.bib $DATA/bib-types.bib $ROOT/samples/references.bib"
for f in "$CORPUS"/*.bib; do [ -f "$f" ] && biblatex_inputs="$biblatex_inputs $f"; done
for f in $biblatex_inputs; do
    same_model "round trip: $(basename "$f") -> biblatex -> model unchanged" "$f" biblatex
    # classic BibTeX has no @online, @mvbook, @dataset, ...: only the kind,
    # the kept entry type and what the kind decides change (the thesis kind
    # @phdthesis implies; `number` is a book's collection number, an
    # article's issue, else the number; a periodical's title is the
    # journal, its issuetitle the title)
    dump "$f" > "$T/a"
    $PC "$f" -t bibtex 2> /dev/null > "$T/c.bib"
    dump "$T/c.bib" > "$T/c"
    if python3 - "$T/a" "$T/c" > "$T/kinds" <<'PY'
import sys
def recs(path):
    out, cur = {}, None
    for line in open(path, encoding="utf-8"):
        k, _, v = line.rstrip("\n").partition("\t")
        if k == "@":
            cur = out.setdefault(v, [])
        cur.append((k, v))
    return out
a, c = recs(sys.argv[1]), recs(sys.argv[2])
bad = 0
KIND = {"kind", "genre", "issue", "number", "collection-number", "title", "container", "issue-title"}
for key in a:
    x, y = a[key], c.get(key, [])
    changed = dict(x).get("kind") != dict(y).get("kind")
    keep = lambda l: not (l[0] == "kind" or l[1].startswith("bibtex\t@type\t") or
                          (changed and l[0] in KIND) or l == ("genre", "PhD thesis"))
    if sorted(filter(keep, x)) != sorted(filter(keep, y)):
        bad += 1
        print("%s: %s" % (key, sorted(set(filter(keep, x)) ^ set(filter(keep, y)))))
sys.exit(1 if bad else 0)
PY
    then
        pass "round trip: $(basename "$f") -> bibtex: only what classic BibTeX has no type for changes"
    else
        fail "round trip: $(basename "$f") -> bibtex: only what classic BibTeX has no type for changes" "$(head -n 8 "$T/kinds")"
    fi
done

# ---- 3. every data field of biblatex has a model field -------------------------
# What stays as written (pass-through) in bib-biblatex.bib: biblatex's
# special fields (sorting, indexing, options, relations, custom fields),
# what has no CSL meaning (authortype, pagination, file), a second value
# for a model field (issue beside number), an e-print that is not arXiv, a
# type key no role names (redactor, founder), and the entry type itself.
# (ids, the entry's other keys, is the model's ids field.)
PASS_THROUGH="@type authortype bookpagination crossref editoratype editortype entryset eprint
eprinttype execute file gender indexsorttitle indextitle isan issue iswc label langidopts
lista namea nameaddon nameatype options pagination presort related relatedoptions relatedstring
relatedtype reprinttitle shortauthor shorteditor shorthand shorthandintro shortseries sortkey
sortname sortshorthand sorttitle sortyear usera verba xref"
dump "$DATA/bib-biblatex.bib" | awk -F'\t' '$1 == "extra" { print $3 }' | LC_ALL=C sort -u > "$T/extras"
echo $PASS_THROUGH | tr ' ' '\n' | LC_ALL=C sort -u > "$T/allowed"
same "fields: bib-biblatex.bib: only biblatex's special fields stay as written" "$T/allowed" "$T/extras"

# ---- 4. bibtex with plain.bst --------------------------------------------------
if command -v bibtex > /dev/null 2>&1 && kpsewhich plain.bst > /dev/null 2>&1; then
    for f in "$DATA/bib-classic.bib" "$DATA/bib-names.bib" "$ROOT/samples/references.bib"; do
        name=$(basename "$f")
        d=$T/plain-$name
        mkdir -p "$d/in" "$d/out"
        cp "$f" "$d/in/out.bib"
        $PC "$f" -t bibtex > "$d/out/out.bib" 2> /dev/null
        bibtex_run "$d/in" plain
        bibtex_run "$d/out" plain
        grep -h 'Warning--' "$d/in/out.blg" | LC_ALL=C sort -u > "$d/in.w"
        grep -h 'Warning--' "$d/out/out.blg" | LC_ALL=C sort -u > "$d/out.w"
        new=$(LC_ALL=C comm -13 "$d/in.w" "$d/out.w")
        [ -z "$new" ] && pass "plain.bst: $name: no warning on our output that the input does not give" ||
            fail "plain.bst: $name: no warning on our output that the input does not give" "$new"
        # the bibliography itself: same text, braces and line breaks aside
        for w in in out; do tr -d '{}' < "$d/$w/out.bbl" | tr -s ' \n' '  ' > "$d/$w.txt"; done
        if [ "$name" = bib-classic.bib ]; then
            cmp -s "$d/in.txt" "$d/out.txt" && pass "plain.bst: $name: our output formats as the input does" ||
                fail "plain.bst: $name: our output formats as the input does" \
                    "$(diff "$d/in/out.bbl" "$d/out/out.bbl" | head -n 12)"
        fi
    done
else
    skip "plain.bst oracle" "bibtex or plain.bst not installed"
fi

# ---- 5. issue 14's small wrongs, one entry each --------------------------------
# case_ NAME EXIT INPUT-TEXT FORMAT WANT...: the output holds every WANT line
case_() {
    name=$1; want_rc=$2; printf '%s\n' "$3" > "$T/case.bib"; fmt=$4; shift 4
    # --rewrite: the writer's own form of what was read (not the entry as written)
    $PCW "$T/case.bib" -t "$fmt" --rewrite > "$T/case.out" 2> "$T/case.err"
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        fail "case: $name" "exit $rc, want $want_rc: $(head -c 300 "$T/case.err")"
        return
    fi
    for want in "$@"; do
        if ! grep -qF -- "$want" "$T/case.out"; then
            fail "case: $name" "no '$want' in:" "$(head -c 600 "$T/case.out")"
            return
        fi
    done
    pass "case: $name"
}
# (EDTF's -0876 is 877 BC: classic `year` counts as CSL and pandoc read it)
case_ "a BC year keeps its sign (classic)" 0 '@book{b,author={Homer},title={Iliad},date={-0876}}' bibtex \
    'year = {-877},' 'date = {-0876},'
case_ "a BC year keeps its sign (biblatex)" 0 '@book{b,author={Homer},title={Iliad},date={-0876}}' biblatex \
    'date = {-0876},'
case_ "a thesis's school is its school" 0 '@phdthesis{t,author={A B},title={T},school={MIT},year=2001}' bibtex \
    '@phdthesis{t,' 'school = {MIT},'
case_ "a report's institution is its institution" 0 '@techreport{t,author={A B},title={T},institution={IBM},year=2001}' bibtex \
    '@techreport{t,' 'institution = {IBM},'
case_ "organization beside publisher, issue beside number" 0 \
    '@inproceedings{p,author={A B},title={T},booktitle={B},publisher={P},organization={O},year=2000}
@article{a,author={A B},title={T},journal={J},number={3},issue={Spring},year=2000}' bibtex \
    'publisher = {P},' 'organization = {O},' 'number = {3},' 'issue = {Spring},'
case_ "howpublished stays howpublished, @misc stays @misc" 0 \
    '@misc{m,title={A Talk},howpublished={Talk at XYZ},year=2020}' bibtex \
    '@misc{m,' 'howpublished = {Talk at XYZ},'
case_ "note is note, its math stays math" 0 '@misc{m,title={T},note={with $x^2$ in it}}' bibtex \
    'note = {with $x^2$ in it},'
case_ "an entry with no title and no author is read" 0 '@misc{m,year=2020}' bibtex '@misc{m,' 'year = {2020},'
case_ "year in press: a literal date" 0 '@article{a,author={A B},title={T},journal={J},year={in press}}' bibtex \
    'year = {in press},'
case_ "year 1999/2000: a range" 0 '@article{a,author={A B},title={T},journal={J},year={1999/2000}}' biblatex \
    'date = {1999/2000},'
case_ "month jul # \"--\" # aug: a range of months" 0 \
    '@article{a,author={A B},title={T},journal={J},year=1999,month = jul # "--" # aug}' bibtex \
    'month = jul # {--} # aug,' 'date = {1999-07/1999-08},'
case_ "UTF-8 keys kept" 0 '@misc{müller2000,title={K}}
@misc{пункт3,title={K}}' bibtex '@misc{müller2000,' '@misc{пункт3,'
case_ "pages ranges with --" 0 '@article{a,author={A B},title={T},journal={J},year=2000,pages={1-12, S3-S9, e101}}' bibtex \
    'pages = {1--12, S3--S9, e101},'
case_ "@preamble kept" 0 '@preamble{"\newcommand{\noop}[1]{}"}
@misc{m,title={T}}' bibtex '@preamble{"\newcommand{\noop}[1]{}"}'
case_ "pass-through fields come back" 0 '@misc{m,title={T},groups={g1, g2},bibsource={dblp},langidopts={variant=british}}' bibtex \
    'groups = {g1, g2},' 'bibsource = {dblp},' 'langidopts = {variant=british},'
case_ "biblatex types and names" 0 '@online{o,title={T},url={https://example.org},urldate={2020-01-02},address={Paris},journal={J},langid={german},date={2020}}' biblatex \
    '@online{o,' 'urldate = {2020-01-02},' 'location = {Paris},' 'journaltitle = {J},' 'langid = {german},'
# a key BibTeX cannot hold (from CSL): only what breaks it is replaced
printf '[{"id":"a b{c}","type":"book","title":"T"},{"id":"ä:1","type":"book","title":"U"}]\n' > "$T/k.json"
$PC "$T/k.json" -t bibtex > "$T/k.bib" 2> /dev/null
grep -qF '@book{a_b_c,' "$T/k.bib" && grep -qF '@book{ä:1,' "$T/k.bib" &&
    pass "case: keys from CSL: spaces and braces replaced, UTF-8 and ':' kept" ||
    fail "case: keys from CSL: spaces and braces replaced, UTF-8 and ':' kept" "$(grep '^@' "$T/k.bib")"
# both particles of CSL stay apart: the dropping one after the given names
printf '[{"id":"p","type":"book","title":"T","author":[{"family":"Fontaine","given":"Jean","dropping-particle":"de","non-dropping-particle":"la"}]}]\n' > "$T/p.json"
$PC "$T/p.json" -t bibtex > "$T/p.bib" 2> /dev/null
dump "$T/p.bib" > "$T/p.dump"
if grep -qF 'author = {la Fontaine, Jean de},' "$T/p.bib" && grep -qF 'author	Jean|la|Fontaine||' "$T/p.dump" &&
    grep -qF 'author_dropping_particle	0	de' "$T/p.dump"; then
    pass "case: dropping and non-dropping particles kept apart"
else
    fail "case: dropping and non-dropping particles kept apart" "$(cat "$T/p.bib" "$T/p.dump")"
fi
# LaTeX the decoder keeps as written (PC_MARK_TEX) goes out as written
printf '@misc{x,title={The {\\TeX}book and \\foo{bar}}}\n' > "$T/tex.bib"
$PC "$T/tex.bib" -t bibtex > "$T/tex.out" 2> /dev/null
grep -qF '\foo{bar}' "$T/tex.out" && grep -qF 'TeX' "$T/tex.out" && ! grep -q textbackslash "$T/tex.out" &&
    pass "case: unknown LaTeX passes through" || fail "case: unknown LaTeX passes through" "$(cat "$T/tex.out")"
