# SPDX-License-Identifier: MIT
# test_cli.sh — formatted references from the command line (issue 24):
# -t html|text|markdown|latex with --style, --locale and --citations (an
# array of clusters, or the CSL test-suite's CITATIONS triples, checked
# against suite fixtures read at test time), styles
# found by name (a dependent style followed to its parent), clear errors
# for a style or locale that is not installed, escaping of hostile text in
# every format, and hostile styles (invalid XML, a DOCTYPE, a macro cycle, a
# 10 000-deep macro chain) and inputs (a huge author list with et-al off).
. "$ROOT/tests/lib.sh"
# times are compared across sizes (CPU time, under a CPU limit): one thread, as
# the small sizes that -j does not cut are read
export PAPERCONV_JOBS=1
B="$ROOT/samples/references.bib"
D="$ROOT/tests/citeproc/data"
STYLES=/usr/share/citation-style-language/styles
cd "$T" || exit 1

if [ ! -f /usr/share/citation-style-language/locales/locales-en-US.xml ]; then
    skip "citeproc cli" "no CSL locales (install citation-style-language-locales)"
    exit 0
fi

# -- the built-in style and the four formats --------------------------------
exit_is "text, built-in style: exit 0" 0 $PCW "$B" -t text
contains "... an author-date entry" "$T/stdout" "Dijkstra, E. W. (1968). Cooperating Sequential Processes."
exit_is "html: exit 0" 0 $PCW "$B" -t html
contains "... an HTML document" "$T/stdout" '<div class="csl-bib-body">'
contains "... entries in the test-suite's markup" "$T/stdout" '<div class="csl-entry">Erdős, P., &#38; Rényi, A. (1960).'
exit_is "latex: exit 0" 0 $PCW "$B" -t latex
contains "... one item per entry, & escaped" "$T/stdout" '\item[] Erdős, P., \& Rényi, A. (1960).'
exit_is "markdown: exit 0" 0 $PCW "$B" -t markdown
contains "... italics as pandoc reads them" "$T/stdout" '*Nature*, *585*(7825)'
exit_is "-o refs.html chooses the html writer" 0 $PCW "$B" -o refs.html
check "... and writes it" grep -q '<div class="csl-entry">' refs.html
exit_is "-f text still reads a listing" 0 $PCW -f text "$ROOT/samples/latest-parallel-computing.fr.txt" -t ris

# -- styles by name, locales --------------------------------------------------
if [ -f "$STYLES/apa.csl" ]; then
    exit_is "--style apa: exit 0" 0 $PCW "$B" -t html --style apa -o pubs.html
    check "... APA's editor" grep -q 'In F. Genuys (Ed.), <i>Programming Languages</i> (pp. 43–112). Academic Press.' pubs.html
    exit_is "--style ieee: exit 0" 0 $PCW "$B" -t text --style ieee
    contains "... numbered entries" "$T/stdout" "[1] J. D. Watson and F. H. C. Crick, “Molecular Structure of Nucleic Acids"
    exit_is "--style chicago-author-date --locale de-DE: exit 0" 0 \
        $PCW "$B" -t markdown --style chicago-author-date --locale de-DE
    contains "... German quotes and terms" "$T/stdout" "„Cooperating Sequential Processes“. In *Programming Languages*, herausgegeben von F. Genuys"
    exit_is "a dependent style: exit 0" 0 $PCW "$B" -t text --style nature-biotechnology
    contains "... formatted by its parent (nature)" "$T/stdout" "1. Watson, J. D. & Crick, F. H. C. Molecular Structure"
    exit_is "--citations FILE: exit 0" 0 $PCW "$B" -t text --style apa --citations "$D/cites.json"
    contains "... the clusters first, sorted as APA sorts them" "$T/stdout" \
        "(Harris et al., 2020, p. 12; Watson & Crick, 1953)"
    contains "... suppress-author and a prefix" "$T/stdout" "(see 1960)"
    exit_is "a style by path: exit 0" 0 $PCW "$B" -t text --style "$STYLES/apa.csl"
else
    skip "citeproc named styles" "no $STYLES (install citation-style-language-styles)"
fi
exit_is "a style that is not installed: exit 1" 1 $PCW "$B" -t text --style no-such-style
contains "... names it, where it looked, and the package" "$T/stderr" \
    'style "no-such-style" not found (looked in'
contains "... the package" "$T/stderr" "citation-style-language-styles"
check "... and writes nothing" [ ! -s "$T/stdout" ]
cat > orphan.csl <<'CSL'
<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0" default-locale="en-US">
  <info><title>Orphan</title><id>orphan</id>
    <link href="http://www.zotero.org/styles/no-such-parent-style" rel="independent-parent"/></info>
</style>
CSL
exit_is "a dependent style whose parent is missing: exit 1" 1 $PCW "$B" -t text --style orphan.csl
contains "... the parent named as the parent, with the dependent style's name" "$T/stderr" \
    'orphan.csl: error: a dependent style: its parent "no-such-parent-style"'
exit_is "a locale that does not exist: exit 1" 1 $PCW "$B" -t text --locale xx-YY
contains "... names it and the package" "$T/stderr" 'locale "xx-YY" not found (looked for locales-xx-YY.xml'
mkdir -p loc
cp "$D/locales-de-DE.xml" loc/
cat > terms.csl <<'CSL'
<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0">
  <citation><layout><text term="and"/></layout></citation>
  <bibliography><layout><group delimiter=" "><text variable="title"/><text term="and"/>
    <text term="edition"/><date variable="issued" form="text"/></group></layout></bibliography>
</style>
CSL
PAPERCONV_CSL_PATH="$T/loc" $PCW "$B" -t text --locale de-DE --style terms.csl > de.txt 2> de.err
check "a locale with missing terms: its own terms" grep -q '^Molecular Structure.* und ' de.txt
check "... the others, and its date formats, from en-US" grep -q ' und edition April 1953$' de.txt

# -- --citations in the test-suite's CITATIONS shape --------------------------------
# [citation, citationsPre, citationsPost] triples: the clusters are the document
# the last triple leaves (B inserted after A, C before B: A, C, B, in the notes
# the pairs give), the same as the equivalent array of citation objects
cat > triples.json <<'JSON'
[[{"citationID": "A", "citationItems": [{"id": "watson1953"}], "properties": {"noteIndex": 1}}, [], []],
 [{"citationID": "B", "citationItems": [{"id": "harris2020numpy", "locator": "12"}],
   "properties": {"noteIndex": 2}}, [["A", 1]], []],
 [{"citationID": "C", "citationItems": [{"id": "erdos1960", "prefix": "see ", "suppress-author": true}],
   "properties": {"noteIndex": 2}}, [["A", 1]], [["B", 3]]]]
JSON
cat > plain.json <<'JSON'
[{"citationItems": [{"id": "watson1953"}], "properties": {"noteIndex": 1}},
 {"citationItems": [{"id": "erdos1960", "prefix": "see ", "suppress-author": true}], "properties": {"noteIndex": 2}},
 {"citationItems": [{"id": "harris2020numpy", "locator": "12"}], "properties": {"noteIndex": 3}}]
JSON
exit_is "--citations, CITATIONS triples: exit 0" 0 $PCW "$B" -t text --citations triples.json
cp "$T/stdout" triples.out
exit_is "--citations, the equivalent plain clusters: exit 0" 0 $PCW "$B" -t text --citations plain.json
same "... the triples give the same clusters in the same order" "$T/stdout" triples.out
check "... three clusters, C's between A's and B's" \
    awk 'NR == 1 && /Watson/ { a = 1 } NR == 2 && /see 1960/ { c = 1 } NR == 3 && /Harris/ { b = 1 } END { exit !(a && b && c) }' triples.out
# a citation sent again with the same citationID replaces the earlier one
printf '%s\n' '[[{"citationID": "A", "citationItems": [{"id": "watson1953"}]}, [], []],' \
    ' [{"citationID": "A", "citationItems": [{"id": "erdos1960"}]}, [], []]]' > again.json
printf '%s\n' '[[{"id": "erdos1960"}]]' > again-plain.json
$PC "$B" -t text --citations again.json > again.out 2>&1
$PC "$B" -t text --citations again-plain.json > again-plain.out 2>&1
same "... a citationID given again: its latest version only" again-plain.out again.out

# malformed triples: exit 1, a message naming the cluster, nothing written
bad_triples() { # NAME JSON MESSAGE
    printf '%s\n' "$2" > bad.json
    exit_is "$1: exit 1" 1 $PCW "$B" -t text --citations bad.json
    contains "... names the cluster" "$T/stderr" "bad.json: error: $3"
    check "... and writes nothing" [ ! -s "$T/stdout" ]
}
bad_triples "citationsPre names an ID no earlier citation has" \
    '[[{"citationID": "A", "citationItems": [{"id": "watson1953"}]}, [], []],
      [{"citationID": "B", "citationItems": [{"id": "erdos1960"}]}, [["A", 1], ["Z", 2]], []]]' \
    'citation cluster 2 ("B"): citationsPre names "Z", which no earlier citation has'
bad_triples "a triple of two elements" \
    '[[{"citationID": "A", "citationItems": [{"id": "watson1953"}]}, [], []],
      [{"citationID": "B", "citationItems": [{"id": "erdos1960"}]}, [["A", 1]]]]' \
    'citation cluster 2 ("B"): not a [citation, citationsPre, citationsPost] triple'
bad_triples "a plain cluster among triples" \
    '[[{"citationID": "A", "citationItems": [{"id": "watson1953"}]}, [], []], [{"id": "erdos1960"}]]' \
    'citation cluster 2: not a [citation, citationsPre, citationsPost] triple'
bad_triples "a cite without id in a triple" \
    '[[{"citationID": "A", "citationItems": [{"id": "watson1953"}, {"locator": "2"}]}, [], []]]' \
    'citation cluster 1 ("A"): cite 2 of citationItems has no id'
bad_triples "a citationsPost entry that is not a pair" \
    '[[{"citationID": "A", "citationItems": [{"id": "watson1953"}]}, [], []],
      [{"citationID": "B", "citationItems": [{"id": "erdos1960"}]}, [], ["A"]]]' \
    'citation cluster 2 ("B"): citationsPost entry 1 is not a ["CITATION-ID", noteIndex] pair'

# fixtures of the CSL test-suite (MODE citation, with CITATIONS), read from
# $SHARED at test time: --citations with the fixture's CITATIONS, INPUT and CSL
# gives its RESULT (without the ">>[0] " / "..[1] " marks), one cluster a line
SUITE="$SHARED/csl-test-suite/humans"
section() { # NAME FILE: the lines between >>== NAME ==>> and <<== NAME ==<<
    awk -v s="$1" '$0 ~ "^>>=+ " s " =+>>" { on = 1; next } $0 ~ "^<<=+ " s " =+<<" { on = 0 } on' "$2"
}
for fx in integration_IbidOnInsert bugreports_OverwriteCitationItems integration_SimpleFirstReferenceNoteNumber \
          integration_SimpleIbid bugreports_CreepingAddNames; do
    f="$SUITE/$fx.txt"
    if [ ! -f "$f" ]; then
        skip "--citations, test-suite fixture $fx" "no $f (the CSL test-suite's fixtures)"
        continue
    fi
    if grep -q "^$fx	" "$ROOT/tests/citeproc/known-failures.txt"; then
        skip "--citations, test-suite fixture $fx" "a known failure of the processor (known-failures.txt)"
        continue
    fi
    section INPUT "$f" > "$fx.json"
    section CSL "$f" > "$fx.csl"
    section CITATIONS "$f" > "$fx.citations.json"
    section RESULT "$f" | sed -E 's/^(>>|\.\.)\[[0-9]+\] //' > "$fx.want"
    exit_is "--citations, test-suite fixture $fx: exit 0" 0 \
        $PCW "$fx.json" -t html --style "$fx.csl" --citations "$fx.citations.json"
    sed -n 's|^<p class="csl-citation">\(.*\)</p>$|\1|p' "$T/stdout" > "$fx.got"
    same "... its RESULT, cluster by cluster" "$fx.want" "$fx.got"
done

# -- hostile text in every format ------------------------------------------------
$PC "$D/hostile.json" -t html > h.html 2>/dev/null
check "html: markup in a title is text" grep -q '&#60;script&#62;alert(1)&#60;/script&#62; &#38;' h.html
$PC "$D/hostile.json" -t latex > h.tex 2>/dev/null
check "latex: the ten special characters escaped" grep -qF '\{\textbackslash{}\} \$x\$ \#1 50\% a\_b \textasciitilde{} \textasciicircum{}' h.tex
$PC "$D/hostile.json" -t markdown > h.md 2>/dev/null
check "markdown: emphasis and links escaped" grep -qF '\*not bold\* \[not a link\](x)' h.md
$PC "$D/hostile.json" -t text > h.txt 2>/dev/null
check "text: as it is" grep -qF '<script>alert(1)</script> & {\} $x$' h.txt
# control characters and a blank line inside a title (and inside a superscript)
printf '%s\n' '[{"id": "c1", "type": "book", "title": "A\u0001B\u007fC\u000bD two\n\nparas <sup>x\n\ny</sup>"}]' > ctl.json
for fmt in html latex markdown text; do
    $PC ctl.json -t $fmt > "ctl.$fmt" 2>/dev/null
    check "$fmt: C0 controls and DEL left out" sh -c "! tr -d '\n\t\r' < ctl.$fmt | LC_ALL=C grep -q '[[:cntrl:]]'"
    check "$fmt: the text around them kept" grep -q 'ABCD' "ctl.$fmt"
done
check "latex: no blank line inside an entry" sh -c "! grep -qx '' ctl.latex"

# -- hostile styles ---------------------------------------------------------------
exit_is "an invalid style: exit 1" 1 $PCW "$B" -t text --style "$D/bad.csl"
contains "... the error names file:line" "$T/stderr" "bad.csl:5: error:"
exit_is "a style with a DOCTYPE: exit 1" 1 $PCW "$B" -t text --style "$D/xxe.csl"
contains "... refused with its file and line" "$T/stderr" "xxe.csl:4: error:"
check "... nothing of the entity's file written" [ ! -s "$T/stdout" ]
exit_is "a macro cycle: exit 1" 1 $PCW "$B" -t text --style "$D/cycle.csl"
contains "... an error naming the macro" "$T/stderr" 'cycle.csl:2: error: macro "a" calls itself (through "b")'
awk 'BEGIN { print "<style xmlns=\"http://purl.org/net/xbiblio/csl\" version=\"1.0\">";
             for (i = 0; i < 10000; i++) printf "<macro name=\"m%d\"><text macro=\"m%d\"/></macro>\n", i, i + 1;
             print "<macro name=\"m10000\"><text variable=\"title\"/></macro>";
             print "<citation><layout><text macro=\"m0\"/></layout></citation></style>" }' > deep.csl
exit_is "10 000 nested macros: exit 1, no stack overflow" 1 timeout 20 $PCW "$B" -t text --style deep.csl
contains "... an error with the line" "$T/stderr" "error: macro \"m99"

# -- a huge author list, et-al off: linear -------------------------------------------
N=200000
[ -n "$PREFIX" ] && N=20000
awk -v n=$N 'BEGIN { printf "[{\"id\":\"big\",\"type\":\"book\",\"title\":\"Big\",\"author\":[";
                     for (i = 0; i < n; i++) printf "%s{\"family\":\"F%d\",\"given\":\"G\"}", i ? "," : "", i;
                     print "]}]" }' > big.json
exit_is "$N authors with et-al off: exit 0 in time" 0 timeout 60 $PCW big.json -t text --style "$D/noetal.csl"
contains "... every name written" "$T/stdout" "F$((N - 2)), G., and F$((N - 1)), G. Big"
