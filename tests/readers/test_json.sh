# SPDX-License-Identifier: MIT
# test_json.sh — the JSON reader (formats/csl/json_*.c): every shape it detects,
# hostile input (deep nesting, huge strings, NUL, invalid UTF-8, truncation),
# streaming memory bounds, error positions, and the shared corpus.
#
# Oracles: the model as pctool dump prints it, checked against values read
# from the fixtures by hand or by python3's json module (never against our
# own writers' output); counts and fields of $SHARED/corpus files from python3.
. "$ROOT/tests/lib.sh"
D="$ROOT/tests/data"

# has NAME FILE LINE...: FILE has each LINE exactly (tab-separated dump lines)
has() {
    name=$1 file=$2; shift 2
    missing=""
    for l in "$@"; do
        grep -qxF -- "$l" "$file" || missing="$missing
  $l"
    done
    if [ -z "$missing" ]; then pass "$name"; else fail "$name" "missing in dump:$missing" "$(head -c 800 "$file")"; fi
}
# count_is NAME FILE N: N records in the dump
count_is() {
    got=$(grep -c '^@' "$2")
    if [ "$got" -eq "$3" ]; then pass "$1"; else fail "$1" "$got records, want $3"; fi
}
dump() { # FILE -> $T/dump, $T/dump.err, $T/rc
    $PCW_TOOL dump "$@" > "$T/dump" 2> "$T/dump.err"
    echo $? > "$T/rc"
}
rc_is() { got=$(cat "$T/rc"); if [ "$got" -eq "$2" ]; then pass "$1"; else fail "$1" "exit $got, want $2" "$(head -c 400 "$T/dump.err")"; fi; }
PCW_TOOL="${PC_WRAP:-} $PCTOOL"
TAB=$(printf '\t')

# ---- shapes ---------------------------------------------------------------------

dump "$D/json-crossref-work.json"
rc_is "crossref /works/{doi} envelope reads cleanly" 0
count_is "crossref work: one record" "$T/dump" 1
has "crossref work: names, affiliations, date, DOI, JATS abstract" "$T/dump" \
    "kind${TAB}article" \
    "title${TAB}Sparse tensor contraction on GPUs: a load-balanced approach" \
    "author${TAB}Jean-Luc|van der|Berg||" \
    "affiliation${TAB}0${TAB}Delft University of Technology" \
    "affiliation${TAB}0${TAB}CWI Amsterdam" \
    "author${TAB}María||García López|Jr.|" \
    "author${TAB}||||The ExaTensor Consortium" \
    "date${TAB}2025-01-15" \
    "doi${TAB}10.1016/j.jcp.2025.113512" \
    "container${TAB}Journal of Computational Physics" \
    "volume${TAB}521" "issue${TAB}2" "pages${TAB}113512" "publisher${TAB}Elsevier BV" \
    "abstract${TAB}We contract sparse tensors with n < 10⁶ non-zeros per slice & balance the load across warps. Speed-ups reach 4× on A100 GPUs."
check "crossref work: no JATS tag or entity left, heading 'Abstract' dropped" \
    sh -c "! grep -E '^abstract.*(<[/a-z]|&[a-z]+;|&#|Abstract)' '$T/dump'"
check "crossref work: a doi.org URL of the same DOI is not kept as a URL" \
    sh -c "! grep -q '^url' '$T/dump'"

dump "$D/json-crossref-list.json"
count_is "crossref message.items[]: three records" "$T/dump" 3
has "crossref list: types, particles, partial dates" "$T/dump" \
    "kind${TAB}conference" "kind${TAB}preprint" "kind${TAB}chapter" \
    "author${TAB}Ana||Dos Santos||" \
    "author${TAB}Ludwig|van|Beethoven||" \
    "date${TAB}2024-02" "date${TAB}2022" \
    "abstract${TAB}We profile 2.1 million cells." \
    "container${TAB}Lecture Notes in Computational Science and Engineering"

dump "$D/json-openalex-work.json"
count_is "openalex work: one record" "$T/dump" 1
has "openalex work: inverted index rebuilt in order, DOI URL stripped, institutions" "$T/dump" \
    "abstract${TAB}Streaming language models keep the first tokens as the sink." \
    "doi${TAB}10.48550/arXiv.2401.01234" \
    "date${TAB}2024-01-03" "kind${TAB}preprint" \
    "author${TAB}Guangxuan||Xiao||" \
    "affiliation${TAB}0${TAB}Massachusetts Institute of Technology" \
    "affiliation${TAB}1${TAB}MIT EECS, Cambridge, MA" \
    "container${TAB}arXiv (Cornell University)"

dump "$D/json-openalex-results.json"
count_is "openalex results[]: two records" "$T/dump" 2
has "openalex results: display names parsed, biblio pages, year fallback" "$T/dump" \
    "author${TAB}Peter H. N.|de|With||" \
    "author${TAB}José María||Olazábal||" \
    "pages${TAB}041601-041606" "pages${TAB}7" "volume${TAB}130" "issue${TAB}4" \
    "date${TAB}1998" "container${TAB}Physical Review Letters"

dump "$D/json-s2-paper.json"
count_is "semantic scholar paper: one record" "$T/dump" 1
has "semantic scholar: externalIds DOI and ArXiv, 'ArXiv' is not a journal" "$T/dump" \
    "doi${TAB}10.48550/arXiv.2106.09685" "arxiv${TAB}2106.09685" \
    "author${TAB}J. E.||Hu||" "date${TAB}2021-06-17"
has "semantic scholar: the venue, not the journal 'ArXiv'; Conference before JournalArticle" "$T/dump" \
    "container${TAB}International Conference on Learning Representations" "kind${TAB}conference"
check "semantic scholar: volume 'abs/…' of the journal 'ArXiv' dropped" \
    sh -c "! grep -q '^volume' '$T/dump'"

dump "$D/json-s2-batch.json"
rc_is "semantic scholar batch with null holes: exit 0" 0
count_is "semantic scholar batch: nulls skipped, two records" "$T/dump" 2
has "semantic scholar batch: fields" "$T/dump" \
    "arxiv${TAB}2310.06825" "kind${TAB}preprint" "doi${TAB}10.1038/s41586-021-03819-2" \
    "container${TAB}Nature" "volume${TAB}596"

dump "$D/json-s2-data.json"
count_is "semantic scholar data[] of citingPaper wrappers: two records" "$T/dump" 2
has "semantic scholar citingPaper: unwrapped" "$T/dump" \
    "title${TAB}Learning to Throw" "container${TAB}IEEE Robotics and Automation Letters" \
    "pages${TAB}576-583" "container${TAB}ICRA" "date${TAB}2024"

dump "$D/json-arxiv.jsonl"
rc_is "arXiv snapshot JSON Lines: exit 0" 0
count_is "arXiv snapshot: two records" "$T/dump" 2
has "arXiv snapshot: authors_parsed, TeX decoded, versions, categories" "$T/dump" \
    "title${TAB}Naïve bounds for NVFP4 training of \$\\mathcal{O}(n)\$ transformers" \
    "author${TAB}Karl||Müller|Jr.|" \
    "author${TAB}François||d'Alembert||" \
    "affiliation${TAB}1${TAB}Université Paris Cité" \
    "author${TAB}||||The ATLAS Collaboration" \
    "date${TAB}2024-09-02" "updated${TAB}2025-01-14" \
    "arxiv${TAB}2409.01234" "arxiv_version${TAB}2" "arxiv_primary${TAB}cs.LG" \
    "keyword${TAB}stat.ML" "keyword${TAB}math.OC" \
    "doi${TAB}10.1088/1742-5468/ad1234" \
    "journal_ref${TAB}J. Stat. Mech. (2025) 013402" \
    "comment${TAB}12 pages, 3 figures; v2: typos in §3" \
    "arxiv${TAB}math/0211159" "date${TAB}2002-11-11" \
    "abstract${TAB}We show that naïve rounding to NVFP4 is enough for \$\\mathcal{O}(n)\$ layers – with Rényi entropy as a guide."
(cd "$T" && $PC "$D/json-arxiv.jsonl" -t bibtex --date updated > upd.bib 2> upd.err)
contains "arXiv snapshot: --date updated takes the last version's date" "$T/upd.bib" "year = {2025}"

dump "$D/json-csl.json"
count_is "CSL-JSON array: two records" "$T/dump" 2
has "CSL-JSON array: items through the CSL mapping" "$T/dump" \
    "@${TAB}knuth1984" "author${TAB}Donald E.||Knuth||" "date${TAB}1984-02" \
    "author${TAB}Jean-Luc|van der|Berg||" "date${TAB}2026-10-02"
dump "$D/json-csl-single.json"
has "CSL-JSON single item" "$T/dump" "@${TAB}lamport1994" "kind${TAB}book" "date${TAB}1994"
dump "$D/json-doi-keyed.json"
count_is "object keyed by DOI (doi.org answers): two records" "$T/dump" 2
has "object keyed by DOI: items" "$T/dump" "doi${TAB}10.1000/xyz.1" "doi${TAB}10.1000/xyz.2"

dump "$D/json-mixed.jsonl"
rc_is "JSON Lines mixing every shape: exit 0" 0
count_is "JSON Lines mixing every shape: five records" "$T/dump" 5
has "JSON Lines mixing every shape: each line mapped by its own shape" "$T/dump" \
    "doi${TAB}10.5555/mixed.1" "abstract${TAB}Hello world" "arxiv${TAB}2001.00001" \
    "title${TAB}Cited paper in a wrapper" "title${TAB}CSL line"

# CSL-JSON round trip: model -> csljson writer -> this reader -> same model
if $PC -f json -t csljson "$D/json-csl.json" > "$T/rt.json" 2> "$T/rt.err"; then
    $PCTOOL dump "$D/json-csl.json" > "$T/a" 2>&1
    $PCTOOL dump "$T/rt.json" > "$T/b" 2>&1
    same "CSL-JSON round trip keeps the model" "$T/a" "$T/b"
else
    skip "CSL-JSON round trip" "the csljson writer failed: $(head -c 200 "$T/rt.err")"
fi

# ---- every field each mapper maps (issue 14) -------------------------------------
# One fixture per service, written for this test with every key its mapper
# reads (shapes from the services' documentation and the corpus), and the
# model it must give, line by line (tests/data/json-*-fields.want: written
# from the fixtures and the mapping rules in formats/csl/*.c, not from our
# output): names of every role with ORCIDs and affiliations, dates and their
# fallbacks, identifiers, licences, funders, events, and every other key as
# a pass-through value (extra<TAB>service<TAB>key<TAB>JSON).
for f in crossref-fields.json openalex-fields.json s2-fields.json arxiv-fields.jsonl; do
    dump "$D/json-$f"
    same "every mapped field of json-$f, as the model holds it" "$D/json-${f%.*}.want" "$T/dump"
    rc_is "json-$f reads cleanly" 0
done
$PC -v "$D/json-crossref-fields.json" -t csljson > "$T/out" 2> "$T/err"
contains "a pass-through value is named by -v when a writer cannot hold it" "$T/err" \
    "csljson has no place for indexed (crossref): dropped from 1 record(s)"
# the licence, a field CSL lacks, is kept in CSL's custom map
check "the licence, a field CSL lacks, is kept in CSL-JSON's custom" grep -q '"license": ' "$T/out"
printf '{"DOI":"10.1/a","title":["A"],"type":"database"}\n{"DOI":"10.1/b","title":["B"],"type":"report-series"}\n{"DOI":"10.1/c","title":["C"],"type":"reference-entry"}\n' > "$T/types.jsonl"
dump "$T/types.jsonl"
has "Crossref type ids through the CSL type table" "$T/dump" "kind${TAB}dataset" "kind${TAB}report" "kind${TAB}entry"
printf '{"paperId":"a","title":"T","externalIds":{"DOI":"10.48550/arXiv.2106.09685"}}\n{"id":"2106.09685","title":"T","authors":"A. B","categories":"cs.LG","versions":[],"doi":"10.48550/arXiv.2106.09685"}\n' > "$T/adoi.jsonl"
dump "$T/adoi.jsonl"
has "the arXiv DOI: kept as the DOI from Semantic Scholar, the arXiv id from the snapshot" "$T/dump" \
    "doi${TAB}10.48550/arXiv.2106.09685" "arxiv${TAB}2106.09685"
check "the snapshot's arXiv DOI is its id, not a second DOI" \
    test "$(grep -c "^doi${TAB}" "$T/dump")" -eq 1

# ---- one date-parts reader (issue 20) -----------------------------------------------
# Crossref's date-parts are read by the CSL item's reader: a part that is no
# number ("2020x", which atoi took for 2020) is refused with the CSL path's
# warning, and the next fallback (published-print) is taken; Crossref's
# [[null]] (a date it does not know) is no date, silently.
printf '%s\n' '{"DOI":"10.1/d","title":["D"],"type":"journal-article","issued":{"date-parts":[["2020x"]]}}' \
    '{"id":"d","type":"article-journal","title":"D","issued":{"date-parts":[["2020x"]]}}' \
    '{"DOI":"10.1/e","title":["E"],"issued":{"date-parts":[["2020x", 5]]},"published-print":{"date-parts":[[2019, 4]]}}' \
    '{"DOI":"10.1/f","title":["F"],"issued":{"date-parts":[[null]]},"published-online":{"date-parts":[["2018", "3"]]}}' \
    > "$T/xdate.jsonl"
dump "$T/xdate.jsonl"
check "Crossref and CSL date-parts: \"2020x\" is no year in either path" \
    sh -c "! grep -q '^date${TAB}2020' '$T/dump'"
has "Crossref date-parts: a refused issued date falls back; digit strings as before" "$T/dump" \
    "date${TAB}2019-04" "date${TAB}2018-03"
$PCW "$T/xdate.jsonl" -t csljson > /dev/null 2> "$T/xdate.err"
for l in 1 2 3; do
    contains "date-parts \"2020x\" (line $l): the CSL path's warning" "$T/xdate.err" \
        "xdate.jsonl:$l: warning: cannot read the date in \"issued\"; left out"
done
check "Crossref date-parts: [[null]] is no date, with no warning" sh -c "! grep -q 'xdate.jsonl:4' '$T/xdate.err'"

# ---- csljson reads CSL-JSON (issue 13) --------------------------------------------
exit_is "-f csljson -t bibtex reads a CSL-JSON array" 0 $PCW "$D/json-csl.json" -f csljson -t bibtex
contains "-f csljson: the records are converted" "$T/stdout" "{knuth1984,"
$PCTOOL dump -f json "$D/json-csl.json" > "$T/a" 2>&1
$PCTOOL dump -f csljson "$D/json-csl.json" > "$T/b" 2>&1
same "-f csljson gives the model -f json gives for CSL items" "$T/a" "$T/b"
$PC -f csljson "$D/json-csl.json" -t csljson > "$T/rt1.json" 2> /dev/null
$PCTOOL dump -f csljson "$T/rt1.json" > "$T/c" 2>&1
same "csljson -> csljson -> csljson keeps the model" "$T/b" "$T/c"
printf '{"id":"a","type":"book","title":"One"}\n{"id":"b","type":"book","title":"Two"}\n' > "$T/items.jsonl"
dump -f csljson "$T/items.jsonl"
count_is "-f csljson reads JSON Lines of items" "$T/dump" 2
printf '[{"paperId":"x","title":"Not CSL but read as CSL","externalIds":{"DOI":"10.1/x"}}]' > "$T/s2.json"
dump -f csljson "$T/s2.json"
has "-f csljson reads every item as CSL (no shape detection): unknown keys kept as CSL extras" "$T/dump" \
    "title${TAB}Not CSL but read as CSL" "extra${TAB}csl${TAB}paperId${TAB}\"x\""
exit_is "csljson is not chosen for .json by itself (json is)" 0 $PCW "$D/json-s2-paper.json" -v -t bibtex
contains "json, not csljson, reads .json" "$T/stderr" "read as json (extension .json)"

# ---- line ends and byte-order marks (issue 12) --------------------------------------
printf '{"paperId":"a","title":"one"}\r{"paperId":"b","title":"two\r{"paperId":"c","title":"three"}\r\r{"paperId":"d","title":"four"}' > "$T/cr.jsonl"
exit_is "JSON Lines with CR-only line ends: the cut line is the only error" 1 $PCW "$T/cr.jsonl" -t bibtex
contains "CR-only: the error is at its own line" "$T/stderr" "cr.jsonl:2:27: error: JSON: premature end of input"
n=$(grep -c '^@' "$T/stdout")
check "CR-only: the three good lines are converted ($n)" test "$n" -eq 3
printf '{"paperId":"a","title":"one"}\r\n{"paperId":"b","title":"two",\r\n"x":1}\r\n' > "$T/crlf.jsonl"
$PCW "$T/crlf.jsonl" -t bibtex > /dev/null 2> "$T/err"
contains "CRLF: positions count one line per CRLF" "$T/err" "crlf.jsonl:2:29: error: JSON"
printf '\357\273\277{"paperId":"a","title":"one"}\n{"paperId":"b","title":"two"}\n' > "$T/a.jsonl"
cat "$T/a.jsonl" "$T/a.jsonl" > "$T/joined.jsonl"
exit_is "two BOM'd JSON Lines files joined with cat: exit 0" 0 $PCW "$T/joined.jsonl" -t bibtex
n=$(grep -c '^@' "$T/stdout")
check "joined with cat: no record lost ($n of 4)" test "$n" -eq 4
printf '[{"paperId":"a","title":"one"}]\n\357\273\277[{"paperId":"b","title":"two"}]\n' > "$T/joined.json"
exit_is "two BOM'd arrays joined with cat: exit 0" 0 $PCW "$T/joined.json" -t bibtex
printf '{"paperId":"a",\r"title":"x",\r"bad":}\r' > "$T/crpos.json"
$PCW "$T/crpos.json" -t bibtex > /dev/null 2> "$T/err"
contains "CR-only inside one value: jansson's error at its line" "$T/err" "crpos.json:3:7: error: JSON"

# ---- detection -------------------------------------------------------------------
$PC -t bibtex < "$D/json-s2-batch.json" > "$T/out" 2> "$T/err"
check "stdin: JSON detected by its first byte" grep -q 'Mistral' "$T/out"
cp "$D/json-arxiv.jsonl" "$T/snapshot.data"
exit_is "unknown extension: JSON Lines detected by content" 0 $PCW "$T/snapshot.data" -t bibtex
exit_is "-f jsonl alias" 0 $PCW -f jsonl "$T/snapshot.data" -t bibtex
cp "$D/json-arxiv.jsonl" "$T/snapshot.ndjson"
exit_is ".ndjson extension" 0 $PCW "$T/snapshot.ndjson" -t bibtex

# ---- errors with positions, bad elements skipped ---------------------------------
exit_is "unknown shape between good ones: exit 1" 1 $PCW "$D/json-unknown-between.json" -t bibtex
contains "unknown shape: reported with position and keys" "$T/stderr" \
    "json-unknown-between.json:3:3: error: unknown JSON shape: keys foo, bar, baz"
n=$(grep -c '^@' "$T/stdout")
check "unknown shape: the two good records are still converted ($n)" test "$n" -eq 2
exit_is "unknown shape with --keep-going: exit 0" 0 $PCW --keep-going "$D/json-unknown-between.json" -t bibtex

exit_is "syntax error on one JSON Lines line: exit 1" 1 $PCW "$D/json-syntax.jsonl" -t bibtex
contains "syntax error: jansson's message at the file position of the bad byte" "$T/stderr" \
    "json-syntax.jsonl:2:66: error: JSON:"
n=$(grep -c '^@' "$T/stdout")
check "syntax error: lines 1 and 3 still converted ($n)" test "$n" -eq 2

printf '{"paperId":"a","title":"one"}\n{"paperId":"b","title":"cut off here\n{"paperId":"c","title":"three"}\n{"paperId":"d","title":"four",\n"x":1}\n' > "$T/cut.jsonl"
exit_is "JSON Lines with a cut line: exit 1" 1 $PCW "$T/cut.jsonl" -t bibtex
contains "JSON Lines with a cut line: reported at the end of that line" "$T/stderr" "cut.jsonl:2:36: error: JSON: premature end of input"
contains "JSON Lines with a cut line: the next line is still read" "$T/stdout" "title = {three}"
contains "JSON Lines: extra text on a line reported once" "$T/stderr" "cut.jsonl:5:4: error: JSON Lines: text after the value"
n=$(grep -c '^@' "$T/stdout")
check "JSON Lines with a cut line: two records ($n)" test "$n" -eq 2

exit_is "truncated array: exit 1" 1 $PCW "$D/json-truncated.json" -t bibtex
contains "truncated array: reported at the end, naming where the element starts" "$T/stderr" \
    "json-truncated.json:3:57: error: unexpected end of input: the JSON value that starts at 3:3"
contains "truncated array: the complete element before it is converted" "$T/stdout" "Survives truncation"
printf '[{"paperId":"a","title":"Only one"}' > "$T/unclosed.json"
exit_is "array never closed: exit 1" 1 $PCW "$T/unclosed.json" -t bibtex
contains "array never closed: reported" "$T/stderr" "the array opened at 1:1 is not closed"
contains "array never closed: its element converted" "$T/stdout" "Only one"

printf '{"status":"failed","message-type":"validation-failure","message":[{"type":"parameter-not-allowed","message":"This route does not support sort"}]}\n' > "$T/xrerr.json"
exit_is "Crossref error envelope: exit 1" 1 $PCW "$T/xrerr.json" -t bibtex
contains "Crossref error envelope: Crossref's message" "$T/stderr" "This route does not support sort"

# ---- hostile input (issue 8) ------------------------------------------------------
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "["; print "" }' > "$T/deep.json"
timeout 10 $PCW "$T/deep.json" -t bibtex > "$T/stdout" 2> "$T/stderr"
rc=$?
check "200 000 nested '[': exit 1 within 10 s, no crash (rc $rc)" test "$rc" -eq 1
contains "200 000 nested '[': depth error with position" "$T/stderr" "deep.json:1:514: error: JSON nested deeper than 512 levels"
awk 'BEGIN { printf "[{\"paperId\":\"a\",\"title\":\"Before\"},"; for (i = 0; i < 600; i++) printf "["; for (i = 0; i < 600; i++) printf "]"; print ",{\"paperId\":\"b\",\"title\":\"After\"}]" }' > "$T/deep2.json"
timeout 10 $PCW "$T/deep2.json" -t bibtex > "$T/stdout" 2> "$T/stderr"
check "too deep element between good ones: both neighbours converted" \
    sh -c "grep -q Before '$T/stdout' && grep -q After '$T/stdout'"

awk 'BEGIN { printf "{\"paperId\":\"x\",\"title\":\"Huge abstract\",\"abstract\":\""; for (i = 0; i < 20000; i++) printf "%0100d", i; print "\"}"; print "{\"paperId\":\"y\",\"title\":\"Next line\"}" }' > "$T/big.jsonl"
timeout 10 $PCW "$T/big.jsonl" -t bibtex > "$T/stdout" 2> "$T/stderr"
rc=$?
check "2 MB line: converted, exit 0 (rc $rc)" test "$rc" -eq 0
check "2 MB line: the 2 000 000-character abstract is kept whole" \
    sh -c "$PCTOOL dump '$T/big.jsonl' | awk -F '\t' '\$1 == \"abstract\" { n = length(\$2) } END { exit n != 2000000 }'"

printf '{"paperId":"a","title":"ok one"}\n{"paperId":"b","title":"nul \000 here"}\n{"paperId":"c","title":"ok three"}\n' > "$T/nul.jsonl"
exit_is "NUL byte: exit 1" 1 $PCW "$T/nul.jsonl" -t bibtex
contains "NUL byte: reported at its position" "$T/stderr" "nul.jsonl:2:29: error: NUL byte"
n=$(grep -c '^@' "$T/stdout")
check "NUL byte: the other two lines converted ($n)" test "$n" -eq 2

printf '{"paperId":"a","title":"caf\303\251 ok"}\n{"paperId":"b","title":"bad \377 here"}\n{"paperId":"c","title":"cut \303"}\n{"paperId":"d","title":"ok four"}\n' > "$T/utf.jsonl"
exit_is "invalid UTF-8: a warning (exit 0)" 0 $PCW "$T/utf.jsonl" -t bibtex
contains "invalid UTF-8: position of the bad byte" "$T/stderr" "utf.jsonl:2:29: warning: invalid UTF-8 byte 0xFF"
contains "invalid UTF-8: a truncated sequence too" "$T/stderr" "utf.jsonl:3:29: warning: invalid UTF-8 byte 0xC3"
n=$(grep -c '^@' "$T/stdout")
check "invalid UTF-8: every line converted ($n)" test "$n" -eq 4

: > "$T/empty.json"
exit_is "0-byte .json: exit 0, nothing written" 0 $PCW "$T/empty.json" -t bibtex
printf '\n  \n' > "$T/blank.jsonl"
exit_is "blank JSON Lines file: exit 0" 0 $PCW "$T/blank.jsonl" -t bibtex
printf '[1, "two", [3]]' > "$T/scalars.json"
exit_is "array of scalars: exit 1" 1 $PCW "$T/scalars.json" -t bibtex
has "array of scalars: each reported at its position" "$T/stderr" \
    "paperconv: $T/scalars.json:1:2: error: unknown JSON shape: a number, not a record object" \
    "paperconv: $T/scalars.json:1:5: error: unknown JSON shape: a string, not a record object" \
    "paperconv: $T/scalars.json:1:12: error: unknown JSON shape: an array, not a record object"

# ---- streaming: memory does not grow with the input -------------------------------
# records with distinct citation keys (the key generator is not what is measured here)
gen() { # N ARRAY(0|1)
    awk -v N="$1" -v ARRAY="$2" '
    function word(i,   s) { s = ""; i += 17576; while (i > 0) { s = s sprintf("%c", 97 + i % 26); i = int(i / 26) } return s }
    BEGIN {
        pad = ""; for (k = 0; k < 30; k++) pad = pad "lorem ipsum dolor sit amet "
        if (ARRAY) print "["
        for (i = 0; i < N; i++)
            printf "%s{\"paperId\":\"p%d\",\"externalIds\":{\"DOI\":\"10.1000/%d\"},\"title\":\"%s streaming paper\",\"abstract\":\"%s\",\"year\":2020,\"authors\":[{\"name\":\"Ada Lovelace\"},{\"name\":\"Alan Turing\"}]}\n", (ARRAY && i ? "," : ""), i, i, word(i), pad
        if (ARRAY) print "]"
    }'
}
peak_rss() { # FILE -> KB on stdout, or nothing
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$T/rss" $PC "$1" -t bibtex > /dev/null 2>&1 && cat "$T/rss"
    elif command -v python3 > /dev/null; then
        python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' $PC "$1" -t bibtex
    fi
}
if ldd "$PC" 2> /dev/null | grep -q libasan; then
    skip "streaming memory bounds" "sanitized build: ASan reserves terabytes of address space and shadow memory"
else
gen 1000 0 > "$T/small.jsonl"
gen 100000 0 > "$T/huge.jsonl"      # about 100 MB
size=$(wc -c < "$T/huge.jsonl")
(ulimit -v 60000; $PC "$T/huge.jsonl" -t bibtex > /dev/null 2> "$T/huge.err")
rc=$?
check "100 MB JSON Lines under ulimit -v 60 MB: converted (rc $rc, $size bytes)" test "$rc" -eq 0
small=$(peak_rss "$T/small.jsonl")
big=$(peak_rss "$T/huge.jsonl")
rm -f "$T/huge.jsonl"
if [ -n "$small" ] && [ -n "$big" ]; then
    check "peak RSS does not grow with the input: 1 MB -> ${small} KB, 100 MB -> ${big} KB" \
        test "$big" -lt $((small + 16384))
else
    skip "peak RSS" "neither /usr/bin/time nor python3"
fi
gen 30000 1 > "$T/huge.json"        # about 30 MB, one array
(ulimit -v 60000; $PC "$T/huge.json" -t bibtex > "$T/huge.bib" 2> "$T/huge.err")
rc=$?
n=$(grep -c '^@' "$T/huge.bib")
rm -f "$T/huge.json" "$T/huge.bib"
check "30 MB single array under ulimit -v 60 MB: streamed, 30000 records (rc $rc, $n)" \
    sh -c "test $rc -eq 0 && test $n -eq 30000"
fi

# ---- the shared corpus ----------------------------------------------------------------
C="$SHARED/corpus"
if [ ! -d "$C" ]; then
    skip "JSON corpus" "$C is absent"
elif ! command -v python3 > /dev/null; then
    skip "JSON corpus" "python3 (the oracle for record counts) is absent"
else
    # records per file by python3's json: arrays and JSON Lines count their
    # elements (nulls excluded), envelopes their items, a DOI-keyed object its
    # values' items
    cat > "$T/count.py" <<'EOF'
import json, sys
def items(v):
    if v is None: return []
    if isinstance(v, list): return [x for e in v for x in items(e)]
    if isinstance(v, dict):
        if isinstance(v.get("message"), dict):
            m = v["message"]
            return m["items"] if isinstance(m.get("items"), list) else [m]
        for k in ("results", "data", "items"):
            if isinstance(v.get(k), list) and "title" not in v: return v[k]
        if v and all(k.startswith("10.") for k in v): return items(list(v.values()))
        return [v]
    return [v]
text = open(sys.argv[1], encoding="utf-8").read()
if sys.argv[1].endswith(".jsonl"):
    print(sum(len(items(json.loads(l))) for l in text.splitlines() if l.strip()))
else:
    print(len(items(json.loads(text))))
EOF
    for dir in crossref-json openalex-json s2-json arxiv-jsonl csl-json; do
        found=0
        for f in "$C/$dir"/*; do
            [ -f "$f" ] || continue
            found=1
            want=$(python3 "$T/count.py" "$f")
            dump "$f"
            got=$(grep -c '^@' "$T/dump")
            name="corpus $dir/$(basename "$f"): $want records"
            if [ "$(cat "$T/rc")" -eq 0 ] && [ "$got" -eq "$want" ]; then
                pass "$name"
            else
                fail "$name" "got $got, exit $(cat "$T/rc")" "$(head -c 400 "$T/dump.err")"
            fi
        done
        [ $found -eq 1 ] || skip "corpus $dir" "no file in $C/$dir"
    done
    for f in "$C"/csl-json/*; do # the same files through -f csljson
        [ -f "$f" ] || continue
        want=$(python3 "$T/count.py" "$f")
        dump -f csljson "$f"
        got=$(grep -c '^@' "$T/dump")
        if [ "$(cat "$T/rc")" -eq 0 ] && [ "$got" -eq "$want" ]; then
            pass "corpus csl-json/$(basename "$f") through -f csljson: $want records"
        else
            fail "corpus csl-json/$(basename "$f") through -f csljson: $want records" "got $got, exit $(cat "$T/rc")" "$(head -c 400 "$T/dump.err")"
        fi
    done
    f="$C/arxiv-jsonl/kaggle-snapshot-head-0704.0001.jsonl"
    if [ -f "$f" ]; then
        check "corpus arxiv-jsonl: 200 lines" test "$(wc -l < "$f")" -eq 200
        $PCTOOL dump "$f" > "$T/dump" 2> /dev/null
        # ids, first DOIs, version counts and primary categories as python reads them
        python3 - "$f" > "$T/want" <<'EOF'
import json, sys
for l in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(l)
    if d["doi"]: print("doi\t" + d["doi"].split()[0])
    print("arxiv\t" + d["id"])
    print("arxiv_version\t%d" % int(d["versions"][-1]["version"][1:]))
    print("arxiv_primary\t" + d["categories"].split()[0])
EOF
        grep -E '^(arxiv|doi|arxiv_version|arxiv_primary)'"$TAB" "$T/dump" > "$T/got"
        same "corpus arxiv-jsonl: ids, DOIs, versions, primary categories match python's reading" "$T/want" "$T/got"
        has "corpus arxiv-jsonl: authors_parsed suffix, TeX in names decoded, RFC 822 date" "$T/dump" \
            "author${TAB}Neal J.||Evans|II|" "author${TAB}C.||Balázs||" "date${TAB}2007-04-02"
    fi
    f="$C/openalex-json/work-W2741809807.json"
    if [ -f "$f" ]; then
        python3 - "$f" > "$T/want" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
words = sorted((p, w) for w, ps in d["abstract_inverted_index"].items() for p in ps)
print("abstract\t" + " ".join(" ".join(w for _, w in words).split()))
EOF
        $PCTOOL dump "$f" 2> /dev/null | grep '^abstract' > "$T/got"
        same "corpus openalex: abstract rebuilt as python rebuilds the inverted index" "$T/want" "$T/got"
    fi
    f="$C/crossref-json/works-10.3847-1538-4357-acacf5.json"
    if [ -f "$f" ]; then
        python3 - "$f" > "$T/want" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1], encoding="utf-8"))["message"]
print("title\t" + m["title"][0])
for a in m["author"]: print("author\t%s||%s||" % (a["given"], a["family"]))
print("doi\t" + m["DOI"])
EOF
        $PCTOOL dump "$f" 2> /dev/null | grep -E '^(title|author|doi)'"$TAB" > "$T/got"
        same "corpus crossref: title, authors, DOI as python reads them" "$T/want" "$T/got"
        $PCTOOL dump "$f" 2> /dev/null | grep '^abstract' > "$T/got"
        check "corpus crossref: JATS stripped (no '<', no entity, no 'Abstract' heading)" \
            sh -c "grep -q 'We present a new method' '$T/got' && ! grep -Eq '<[/a-z]|&[a-z]+;|&#|^abstract.Abstract' '$T/got'"
        contains "corpus crossref: &lt; decoded" "$T/got" "sample of i < 25 AB mag galaxies"
    fi
fi
