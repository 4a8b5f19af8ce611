# SPDX-License-Identifier: MIT
# test_endnote.sh — the EndNote tagged and refer reader and writer (issue 23):
#  - records: a blank line or a new %0 ends one (real exports run records
#    together), continuation lines, indented tags, a BOM, CRLF, lines before
#    the first tag (a warning);
#  - names: one a line, "Family, Given, Suffix", Wiley's comma lists, an
#    organisation's trailing comma, refer's "(eds)"; %+ addresses to their
#    authors; %0 types (an unknown one is a generic work, warned at its
#    place), Edited Book; refer records (no %0) typed by their tags;
#  - dates (%D, %8 ranges and seasons, %D as written), %O (an abbreviation,
#    a note, WoS's "Artn"), identifiers (%R, %M, %2, %@);
#  - hostile values: a line break or a "%A" inside a value never starts a
#    tag; a NUL byte is an error at its line and column;
#  - detection by content (standard input), the corpus files
#    ($SHARED/corpus/endnote-tagged) read with no error.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

dump() { "$PCTOOL" dump "$@" > "$T/dump" 2> "$T/dump.err"; }
has() { # NAME FIELD VALUE: the last dump holds FIELD<TAB>VALUE
    if grep -qxF "$(printf '%s\t%s' "$2" "$3")" "$T/dump"; then pass "$1"; else
        fail "$1" "no line '$2	$3' in the model:" "$(grep "^$2	" "$T/dump" | head -5)"; fi
}
records() { grep -c '^@' "$T/dump"; }

# ---- records -------------------------------------------------------------------
printf '%%0 Journal Article\n%%T One\n%%0 Book\n%%T Two\n%%0 Report\n%%T Three\n' > run.enw
dump -f endnote run.enw
check "endnote: records run together split at each %0 (3)" [ "$(records)" -eq 3 ]
has "endnote: the second record's type" kind book
printf '\357\273\277%%0 Journal Article\r\n%%T A title\r\n   continued\r\n  %%A Smith, John\r\n%%K one\r\ntwo\r\n\r\n%%0 Book\r\n%%T B\r\n' > crlf.enw
dump -f endnote crlf.enw
check "endnote: BOM and CRLF, two records" [ "$(records)" -eq 2 ]
has "endnote: a continuation line continues the title" title "A title continued"
has "endnote: an indented tag is a tag" author "John||Smith||"
has "endnote: each %K line is a keyword (1)" keyword one
has "endnote: each %K line is a keyword (2)" keyword two
printf 'Exported from a library\n\n%%0 Journal Article\n%%T After junk\n' > junk.enw
$PC -f endnote junk.enw -t csljson > junk.json 2> junk.err
contains "endnote: text before the first record is a warning at its line" junk.err "junk.enw:1:1: warning: text outside an EndNote record ignored"
contains "endnote: ... and the record is read" junk.json '"title": "After junk"'

# ---- names ---------------------------------------------------------------------
printf '%%0 Journal Article\n%%T Names\n%%A Müller, Karl, Jr.\n%%A Smith Jr., John Q.\n%%A World Health Organization,\n%%A Author A. X. Last, Author N. B. Next,\n%%A Jean-Luc van der Berg\n%%A et al.\n' > names.enw
dump -f endnote names.enw
has "endnote: Family, Given, Suffix" author "Karl||Müller|Jr.|"
has "endnote: Family Suffix, Given (bibutils)" author "John Q.||Smith|Jr.|"
has "endnote: a trailing comma is an organisation" author "||||World Health Organization"
has "endnote: Wiley's comma list (1)" author "Author A. X.||Last||"
has "endnote: Wiley's comma list (2)" author "Author N. B.||Next||"
has "endnote: natural order" author "Jean-Luc|van der|Berg||"
has "endnote: et al." et_al yes
printf '%%A Knuth, Donald E.\n%%A Plass, Michael, (eds)\n%%T Refer Editors\n%%I Publisher\n%%D 1980\n' > eds.refer
dump -f refer eds.refer
has "refer: (eds) after the last %A makes them editors" editor "Michael||Plass||"
has "refer: ... all of them" editor "Donald E.||Knuth||"
check "refer: ... and no author is left" sh -c "! grep -q '^author	' '$T/dump'"
has "refer: %I alone types a book" kind book
# addresses
printf '%%0 Journal Article\n%%T Grouped\n%%A One, A\n%%A Two, B\n%%+ Address of One\n%%+ Address of Two\n\n%%0 Journal Article\n%%T Positional\n%%A One, A\n%%+ A1\n%%+ A2\n%%A Two, B\n%%+ B1\n\n%%0 Journal Article\n%%T Unassigned\n%%A One, A\n%%A Two, B\n%%+ Somewhere\n' > addr.enw
dump -f endnote addr.enw
has "endnote: grouped %+ lines, one per author (1)" affiliation "0	Address of One"
has "endnote: grouped %+ lines, one per author (2)" affiliation "1	Address of Two"
has "endnote: a %+ after its %A (1)" affiliation "0	A2"
has "endnote: a %+ after its %A (2)" affiliation "1	B1"
has "endnote: an address of no author is kept as it is" extra "endnote	%+	Somewhere"
$PC -f endnote addr.enw -t endnote > addr.out 2> /dev/null
"$PCTOOL" dump -f endnote addr.out > addr.dump2 2>&1
same "endnote -> endnote keeps every address where it was" "$T/dump" addr.dump2
# types
printf '%%0 Test0\n%%T Unknown type\n\n%%0 Edited Book\n%%A Editor, Eve\n%%T Edited\n' > types.enw
dump -f endnote types.enw
has "endnote: an unknown type is a generic work" kind other
has "endnote: Edited Book: %A are the editors" editor "Eve||Editor||"
$PC -f endnote types.enw -t endnote > types.out 2> types.err
contains "endnote: the unknown type warned at its place" types.err 'types.enw:1:4: warning: unknown EndNote type "Test0"'
contains "endnote: a book with editors only is written as an Edited Book" types.out "%0 Edited Book"
contains "endnote: ... its editors on %A lines" types.out "%A Editor, Eve"

# ---- dates, %O, identifiers ---------------------------------------------------------
printf '%%0 Journal Article\n%%T D1\n%%D 2019\n%%8 March 14\n\n%%0 Journal Article\n%%T D2\n%%D 2019\n%%8 Mar-Apr\n\n%%0 Journal Article\n%%T D3\n%%D 2020\n%%8 Winter\n\n%%0 Journal Article\n%%T D4\n%%D In press\n\n%%0 Book\n%%T D5\n%%D 2015\n%%[ 20151028\n' > dates.enw
dump -f endnote dates.enw
has "endnote: %8 March 14" date 2019-03-14
has "endnote: %8 Mar-Apr is a range" date_edtf 2019-03/2019-04
has "endnote: %8 Winter is a season" date_edtf 2020-24
has "endnote: %D In press is the date as written" date "In press"
has "endnote: %[ YYYYMMDD" accessed 2015-10-28
printf '%%0 Journal Article\n%%T O\n%%J Journal of Field Biology\n%%O J. Field Biol.\n%%O Received in a damaged state; see the erratum.\n%%O Artn 123\n%%R doi:10.1234/abc\n%%M ISI:000238592600006\n%%2 PMC4513071\n%%@ 1234-5679\n%%@ 2345-678X\n' > o.enw
dump -f endnote o.enw
has "endnote: %O of an article: its journal's abbreviation" container-title-short "J. Field Biol."
has "endnote: %O with a sentence: a note" comment "Received in a damaged state; see the erratum."
has "endnote: %O Artn: the article number (WoS)" number 123
has "endnote: %R doi: is the DOI" doi 10.1234/abc
has "endnote: %M ISI: is the Web of Science UT" wos-ut ISI:000238592600006
has "endnote: %2 PMC is the PMCID" PMCID PMC4513071
has "endnote: two %@ are both ISSNs" ISSN "1234-5679, 2345-678X"

# ---- hostile values ----------------------------------------------------------------
printf '[{"id":"h","type":"article-journal","title":"Line one\\n%%A Injected, Name\\u2028more\\tand\\u0001control","author":[{"family":"Smith","given":"John"}],"note":"a\\n\\n%%0 Book"}]' > hostile.json
$PC hostile.json -t endnote > hostile.enw 2> /dev/null
dump -f endnote hostile.enw
has "endnote: a line break and %A inside a title stay in the title" title "Line one %A Injected, Name more and control"
check "endnote: ... no author was injected" [ "$(grep -c '^author	' "$T/dump")" -eq 1 ]
check "endnote: ... no record was injected" [ "$(records)" -eq 1 ]
printf '%%0 Journal Article\n%%T Bad\001\000byte\n\n%%0 Book\n%%T Good\n' > nul.enw
exit_is "endnote: a NUL byte: exit 1" 1 $PC -f endnote nul.enw -t csljson
contains "endnote: ... an error at its line and column" "$T/stderr" "nul.enw:2:"
contains "endnote: ... the next record is read" "$T/stdout" '"title": "Good"'

# ---- detection ---------------------------------------------------------------------
for f in fields.enw:endnote fields.refer:refer; do
    $PC -v -t csljson < "$ROOT/tests/data/${f%%:*}" > /dev/null 2> det.err
    contains "${f%%:*} on standard input is read as ${f#*:}" det.err "read as ${f#*:} (content)"
done
printf '%% A BibTeX comment\n%%A not a refer line after it\n@article{k, title={T}}\n' > det.bib.txt
$PC -v -t csljson < det.bib.txt > /dev/null 2> det.err
contains "a .bib with %% comment lines is still BibTeX" det.err "read as bibtex (content)"

# ---- the corpus ------------------------------------------------------------------------
C=$SHARED/corpus/endnote-tagged
if [ -d "$C" ]; then
    for f in "$C"/*; do
        b=$(basename "$f")
        want=$(grep -c '^%0' "$f")
        if $PC -q -f endnote "$f" -t csljson -o "$b.json" 2> "$b.err"; then
            n=$(grep -c '"id":' "$b.json")
            check "corpus $b: read with no error, $n record(s) (its %0 lines: $want)" [ "$n" -eq "$want" ]
        else
            fail "corpus $b: read with no error" "$(head -n 3 "$b.err")"
        fi
        $PC -v -t csljson < "$f" > /dev/null 2> det.err
        contains "corpus $b on standard input is read as endnote" det.err "read as endnote (content)"
    done
else
    skip "endnote corpus" "no $C"
fi
