# SPDX-License-Identifier: MIT
# test_xml_formats.sh — the readers and writers of issue 23's XML formats
# (formats/endnotexml, pubmed, mods, wordbib) over the shared XML layer
# (src/io/xmlread.c, xmlwrite.c):
#   - each fixture (tests/data/FORMAT-fields.xml) reads to the model in its
#     .want file (written from the research notes, checked by hand);
#   - every file of the shared corpus (endnote-xml, pubmed-xml, mods) reads
#     with no warning or error, with its count of records;
#   - each format is told from its content on standard input, and Atom and
#     RSS still are;
#   - hostile shapes give a positioned error, linear and bounded: 100 000
#     nested <style> elements, nesting past libxml2's limit outside the
#     records, a file cut inside a record, an entity, an external entity
#     (XXE), 300 attributes on one element; bytes that are not UTF-8 are
#     the input layer's business (read as Windows-1252, a positioned
#     warning); the records around a bad one are read;
#   - every writer's output for hostile text (< & ]]> control characters,
#     bytes that are not UTF-8) is accepted by xmllint, and is valid against
#     the format's DTD or schema written from its specification
#     (tests/data/endnotexml.dtd, mods-subset.rng, wordbib-subset.rng).
. "$ROOT/tests/lib.sh"
# times are compared across sizes (CPU time, under a CPU limit): one thread, as
# the small sizes that -j does not cut are read
export PAPERCONV_JOBS=1
D=$ROOT/tests/data
CORPUS=$SHARED/corpus
cd "$T" || exit 1

# ---- fixtures: the model each reads to ---------------------------------------------------
for fmt in endnotexml pubmedxml mods wordbib; do
    f=$D/$fmt-fields.xml
    [ -f "$f" ] || continue
    "$PCTOOL" dump -f "$fmt" "$f" > "$fmt.dump" 2> "$fmt.err"
    same "$fmt-fields.xml reads to $fmt-fields.want" "$D/$fmt-fields.want" "$fmt.dump"
done
# what the Word XML reader takes that its writer does not write as such
# (no prefix, JabRef's BIBTEX_* elements, bibutils' b:Url and Proceedings)
if [ -f "$D/wordbib-jabref.xml" ] && $PC --list-formats | grep -q '^wordbib '; then
    "$PCTOOL" dump -f wordbib "$D/wordbib-jabref.xml" > jabref.dump 2> jabref.err
    same "wordbib-jabref.xml reads to wordbib-jabref.want" "$D/wordbib-jabref.want" jabref.dump
fi

# ---- the shared corpus: every file reads, no message but notes -----------------------------
corpus_dir() { # DIR FORMAT: each file with -f FORMAT and by content
    if ! $PC --list-formats | grep -q "^$2 "; then
        skip "corpus $1" "no $2 reader"
        return
    fi
    if [ ! -d "$CORPUS/$1" ]; then
        skip "corpus $1" "$CORPUS/$1 is absent"
        return
    fi
    for f in "$CORPUS/$1"/*; do
        b=$(basename "$f")
        $PCW -v "$f" -t csljson -o "$b.json" 2> "$b.err"
        st=$?
        n=$(sed -n 's/.*: \([0-9]*\) record(s) read, \([0-9]*\) written.*/\2/p' "$b.err")
        if [ $st -eq 0 ] && ! grep -qE ': (warning|error): ' "$b.err" && [ "${n:-0}" -gt 0 ] &&
            grep -q "read as $2 " "$b.err"; then
            pass "corpus $1/$b: read as $2, $n record(s), no warning"
        else
            fail "corpus $1/$b: read as $2 with no warning" "$(grep -vE ': note: ' "$b.err" | head -n 4)"
        fi
    done
}
corpus_dir endnote-xml endnotexml
corpus_dir pubmed-xml pubmedxml
corpus_dir mods mods
corpus_dir word-xml wordbib

# ---- detection on standard input ---------------------------------------------------------------
detect_is() { # FILE FORMAT
    $PCW -v - -t csljson < "$1" > /dev/null 2> det.err
    if grep -q "read as $2 (content)" det.err; then pass "stdin: $(basename "$1") is $2"; else
        fail "stdin: $(basename "$1") is $2" "$(head -n 3 det.err)"; fi
}
detect_is "$ROOT/samples/endnote-export.xml" endnotexml
detect_is "$ROOT/samples/pubmed-efetch.xml" pubmedxml
detect_is "$D/endnotexml-fields.xml" endnotexml
detect_is "$D/pubmedxml-fields.xml" pubmedxml
for f in "$D/mods-fields.xml" "$ROOT/samples/library.mods"; do [ -f "$f" ] && detect_is "$f" mods; done
for f in "$D/wordbib-fields.xml" "$D/wordbib-jabref.xml" "$ROOT/samples/Sources.xml"; do [ -f "$f" ] && detect_is "$f" wordbib; done
detect_is "$ROOT/samples/arxiv-query.atom" atom
detect_is "$ROOT/samples/arxiv-cs-lg.rss" atom
detect_is "$D/rss-rdf.xml" atom
printf '<?xml version="1.0"?>\n<xml><data>not a reference list</data></xml>\n' > other.xml
$PCW -v - -t csljson < other.xml > /dev/null 2> det.err
check "stdin: an <xml> root without <records> is no EndNote XML" grep -q 'cannot tell which format' det.err

# ---- hostile shapes -------------------------------------------------------------------------------
# run_bad NAME FILE FORMAT WANT-EXIT TEXT: exit status, message, time bound
run_bad() {
    "$BUILD/tests/cpu_run" -c 20000000 -w 60 ${MEM:+-m "$MEM"} -e bad.err -- $PC -f "$3" "$2" -t ris > bad.st
    st=$(cut -d' ' -f1 bad.st)
    if [ "$st" = "exit:$4" ] && grep -qF -- "$5" bad.err; then pass "$1"; else
        fail "$1" "status $st, want exit:$4" "$(head -n 3 bad.err)"; fi
}
MEM=2000
grep -q __asan_init "$PC" 2> /dev/null && MEM=
python3 - << 'PY'
n = 100000
style = '<style face="italic">' * n + 'x' + '</style>' * n
good = '<record><ref-type name="Book">6</ref-type><titles><title>Good</title></titles></record>'
open('deep.xml', 'w').write('<xml><records><record><ref-type name="Book">6</ref-type><titles><title>'
                            + style + '</title></titles></record>' + good + '</records></xml>\n')
open('deep-out.xml', 'w').write('<xml><records>' + '<a>' * 300 + '</a>' * 300 + good + '</records></xml>\n')
open('cut.xml', 'w').write('<xml><records>' + good + '\n<record><titles><title>Two</title>')
open('entity.xml', 'w').write('<!DOCTYPE xml [<!ENTITY e "boom">]>\n<xml><records><record><titles><title>&e;</title>'
                              '</titles></record>' + good + '</records></xml>\n')
open('xxe.xml', 'w').write('<!DOCTYPE xml [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<xml><records><record>'
                           '<titles><title>&e;</title></titles></record></records></xml>\n')
open('notutf8.xml', 'wb').write(b'<?xml version="1.0" encoding="UTF-8"?>\n<xml><records>\n<record><titles><title>B'
                                b'\xc3\x28d</title></titles></record></records></xml>\n')
open('attrs.xml', 'w').write('<xml><records><record><titles><title ' + ' '.join('a%d="v"' % i for i in range(300))
                             + '>T</title></titles></record>' + good + '</records></xml>\n')
PY
run_bad "100 000 nested <style>: a positioned error, the next record read" deep.xml endnotexml 1 \
    "deep.xml:1:15: error: record not read: its element at 1:"
check "... and the record after it is converted" sh -c "$PC -q -f endnotexml deep.xml -t ris 2>/dev/null | grep -q '^TI  - Good'"
run_bad "nesting past libxml2's 256 levels outside the records: libxml2's positioned error" deep-out.xml endnotexml 1 \
    "deep-out.xml:1:"
run_bad "a file cut inside a record: said, the record before it read" cut.xml endnotexml 1 \
    "record not converted: the file ends inside it (truncated?)"
check "... and the record before it is converted" sh -c "$PC -q -f endnotexml cut.xml -t ris 2>/dev/null | grep -q '^TI  - Good'"
run_bad "an entity reference: its record skipped, the next read" entity.xml endnotexml 1 \
    "entity.xml:2: error: entity reference &e; is not expanded"
run_bad "an external entity (XXE): the file refused" xxe.xml endnotexml 1 "declares an external entity (&e)"
check "... and nothing of /etc/passwd reaches the output" sh -c "! $PC -q -f endnotexml xxe.xml -t ris 2>/dev/null | grep -q root:"
# the same for the other readers (one shared XML layer: no entity loaded, no network)
printf '<!DOCTYPE PubmedArticleSet [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>1</PMID><Article><ArticleTitle>&e;</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>\n' > xxe-pm.xml
printf '<!DOCTYPE modsCollection [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<modsCollection xmlns="http://www.loc.gov/mods/v3"><mods><titleInfo><title>&e;</title></titleInfo></mods></modsCollection>\n' > xxe-mods.xml
printf '<!DOCTYPE b:Sources [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<b:Sources xmlns:b="http://schemas.openxmlformats.org/officeDocument/2006/bibliography"><b:Source><b:SourceType>Book</b:SourceType><b:Title>&e;</b:Title></b:Source></b:Sources>\n' > xxe-wb.xml
for x in pubmedxml:xxe-pm.xml mods:xxe-mods.xml wordbib:xxe-wb.xml; do
    $PC --list-formats | grep -q "^${x%%:*} " || continue
    run_bad "${x%%:*}: an external entity (XXE): the file refused" "${x#*:}" "${x%%:*}" 1 "declares an external entity (&e)"
done
# a PubMed file's DOCTYPE names NLM's DTD by URL: read offline, the DTD never fetched
printf '<?xml version="1.0"?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2019//EN" "http://127.0.0.1:9/pubmed_190101.dtd">\n<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>7</PMID><Article><ArticleTitle>Offline.</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>\n' > dtd-url.xml
check "pubmedxml: a DOCTYPE with a DTD URL reads without loading it (XML_PARSE_NONET, no DTD load), the article converted" \
    sh -c "$PC -f pubmedxml dtd-url.xml -t ris 2> dtd.err | grep -q '^TI  - Offline' && ! grep -q . dtd.err"
run_bad "bytes that are not UTF-8: read as Windows-1252 (the input layer's rule), a positioned warning" notutf8.xml endnotexml 0 \
    "notutf8.xml:3:25: warning: invalid UTF-8 byte 0xC3"
run_bad "300 attributes on one element: the record skipped, positioned" attrs.xml endnotexml 1 \
    "has more than 256 attributes"

# ---- the writers' output is XML, valid, for hostile text ------------------------------------------
printf '[{"id":"h<&>","type":"article-journal","title":"a\\u0001b <i>x</i> & ]]> \\u000b end \\"q\\"","container-title":"J & <K>","author":[{"literal":"A & B <C>"},{"family":"O\\u0002Brien","given":"]]>"}],"note":"line1\\nline2\\u0007","issued":{"date-parts":[[2020,3]]}}]' > hostile.json
printf 'TY  - JOUR\nTI  - Bad \303\050 bytes \377 here\nAU  - M\374ller, Hans\nER  - \n' > hostile-bytes.ris
for w in endnotexml mods wordbib; do
    $PC --list-formats | grep -q "^$w " || continue
    if $PCW -v -f csljson hostile.json -t "$w" -o "hostile.$w" 2> "hostile.$w.err" && xmllint --noout "hostile.$w" 2> lint.err; then
        pass "$w: hostile text gives well-formed XML (xmllint)"
    else
        fail "$w: hostile text gives well-formed XML (xmllint)" "$(head -n 3 lint.err hostile.$w.err)"
    fi
    contains "$w: the control characters left out are counted (-v)" "hostile.$w.err" "control characters XML cannot hold (left out)"
    if $PCW -q -f ris hostile-bytes.ris -t "$w" -o "bytes.$w" 2> /dev/null && xmllint --noout "bytes.$w" 2> lint.err &&
        grep -q 'Bad' "bytes.$w"; then
        pass "$w: bytes that are not UTF-8 give well-formed XML (xmllint)"
    else
        fail "$w: bytes that are not UTF-8 give well-formed XML (xmllint)" "$(head -n 3 lint.err)"
    fi
done
# validity: EndNote XML against the DTD written from the spec, for the fixture and hostile text
if [ -f hostile.endnotexml ]; then
    for f in "$D/endnotexml-fields.xml" "$ROOT/samples/endnote-export.xml" "$D/fields.json" hostile.json; do
        $PC -q "$f" -t endnotexml -o valid.xml 2> /dev/null
        if xmllint --noout --dtdvalid "$D/endnotexml.dtd" valid.xml 2> lint.err; then
            pass "endnotexml of $(basename "$f") is valid against endnotexml.dtd"
        else
            fail "endnotexml of $(basename "$f") is valid against endnotexml.dtd" "$(head -n 3 lint.err)"
        fi
    done
fi
# MODS against the RELAX NG subset of MODS 3.8 it writes (mods-subset.rng):
# the writer's own vocabulary, from inputs of other formats (a MODS input's
# pass-through elements are MODS of any kind, beyond the subset)
if [ -f hostile.mods ]; then
    for f in "$D/fields.json" "$ROOT/samples/references.bib" "$D/bib-biblatex.bib" "$D/endnotexml-fields.xml" \
        "$D/pubmedxml-fields.xml" "$ROOT/samples/zotero-export.ris" hostile.json; do
        $PC -q "$f" -t mods -o valid.mods 2> /dev/null
        if xmllint --noout --relaxng "$D/mods-subset.rng" valid.mods 2> lint.err; then
            pass "mods of $(basename "$f") is valid against mods-subset.rng"
        else
            fail "mods of $(basename "$f") is valid against mods-subset.rng" "$(grep -v validates lint.err | head -n 3)"
        fi
    done
fi
# Word XML against the RELAX NG form of ECMA-376's shared bibliography
# schema (wordbib-subset.rng), from inputs of other formats and hostile text
if [ -f hostile.wordbib ]; then
    for f in "$D/wordbib-fields.xml" "$D/fields.json" "$ROOT/samples/references.bib" "$D/bib-biblatex.bib" \
        "$D/endnotexml-fields.xml" "$D/mods-fields.xml" "$D/pubmedxml-fields.xml" "$ROOT/samples/zotero-export.ris" \
        hostile.json; do
        $PC -q "$f" -t wordbib -o valid.wb.xml 2> /dev/null
        if xmllint --noout --relaxng "$D/wordbib-subset.rng" valid.wb.xml 2> lint.err; then
            pass "wordbib of $(basename "$f") is valid against wordbib-subset.rng"
        else
            fail "wordbib of $(basename "$f") is valid against wordbib-subset.rng" "$(grep -v validates lint.err | head -n 3)"
        fi
    done
fi
