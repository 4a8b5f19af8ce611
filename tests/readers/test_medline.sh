# SPDX-License-Identifier: MIT
# test_medline.sh — the MEDLINE / PubMed (nbib) reader and writer (issue 23):
#  - records: a blank line or a new PMID ends one, six-space continuation
#    lines (PubMed leaves a space at the end of the line it breaks), tags
#    with no space after the dash, empty tags, text between records (a
#    warning), CRLF and a BOM;
#  - author blocks: FAU over AU, AU alone (initials last), AUID and AD of
#    the author before them, CN at its place, editors and investigators;
#  - DP ("2019 Mar-Apr", "2020 Winter", "2013 06 10", "2010   06", ERIC's
#    "Article 10 2019"), PG's abbreviated ranges, LID/AID "[doi]"/"[pii]",
#    IS qualifiers and duplicates, the PT that tells the kind;
#  - the writer: four-column tags, values wrapped at 80 columns with six
#    spaces, nothing that could start a tag;
#  - detection by content, the corpus ($SHARED/corpus/medline-nbib) read
#    with no error.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

dump() { "$PCTOOL" dump "$@" > "$T/dump" 2> "$T/dump.err"; }
has() {
    if grep -qxF "$(printf '%s\t%s' "$2" "$3")" "$T/dump"; then pass "$1"; else
        fail "$1" "no line '$2	$3' in the model:" "$(grep "^$2	" "$T/dump" | head -5)"; fi
}
records() { grep -c '^@' "$T/dump"; }

# ---- records and lines ------------------------------------------------------------
printf '\357\273\277PMID- 1\r\nTI  - A title broken by PubMed \r\n      over two lines.\r\nTI-\r\nPMID-2\r\nTI  - Second\r\n\r\nThis line is junk.\r\n\r\nPMC -22664230\r\nTI  - Third\r\n' > lines.nbib
dump -f nbib lines.nbib
check "nbib: a new PMID and a blank line end records (3)" [ "$(records)" -eq 3 ]
has "nbib: a continuation line joined with one space" title "A title broken by PubMed over two lines."
has "nbib: PMID-2 (no space after the dash)" PMID 2
$PC -f nbib lines.nbib -t csljson > /dev/null 2> lines.err
contains "nbib: text between records is a warning at its line" lines.err "lines.nbib:8:1: warning: text outside a MEDLINE record ignored"

# ---- names ----------------------------------------------------------------------------
cat > names.nbib <<'NB'
PMID- 10
FAU - Long, Vicky
AU  - Long V
AUID- https://orcid.org/0000-0001-8312-6087
AD  - Centre for the History of Science, University of Manchester.
AD  - Electronic address: Vicky.Long@manchester.ac.uk.
AU  - Wong Kee Song LM
FAU - Smith, John A Jr
AU  - Smith JA Jr
CN  - STRATIS Investigators
FAU - Last, Lee
AU  - Last L
FED - Editor, Eve
ED  - Editor E
FIR - Seeker, Sam
IR  - Seeker S
IRAD- Oslo University.
NB
dump -f nbib names.nbib
has "nbib: FAU is the name (its AU pairs with it)" author "Vicky||Long||"
has "nbib: AUID is the ORCID of the author before it" author_orcid "0	0000-0001-8312-6087"
has "nbib: AD lines are the affiliations of the author before them" affiliation "0	Electronic address: Vicky.Long@manchester.ac.uk."
has "nbib: AU alone: the initials last" author "L. M.||Wong Kee Song||"
has "nbib: FAU with a suffix" author "John A||Smith|Jr|"
has "nbib: CN at its place in the list" author "||||STRATIS Investigators"
check "nbib: ... between the personal names (5 authors)" [ "$(grep -c '^author	' "$T/dump")" -eq 5 ]
has "nbib: FED/ED an editor" editor "Eve||Editor||"
has "nbib: FIR/IR an investigator (contributor)" contributor "Sam||Seeker||"
has "nbib: IRAD the investigator's affiliation" affiliation "0	Oslo University."
$PC -f nbib names.nbib -t nbib > names.out 2> /dev/null
"$PCTOOL" dump -f nbib names.out > names.dump2 2>&1
same "nbib -> nbib keeps every name block" "$T/dump" names.dump2
contains "nbib: the writer's short form" names.out "AU  - Smith JA Jr"
contains "nbib: the writer's ORCID" names.out "AUID- ORCID: 0000-0001-8312-6087"

# ---- dates, pages, identifiers, types -----------------------------------------------------
for d in '2019 Mar-Apr:date_edtf:2019-03/2019-04' '2020 Winter:date_edtf:2020-24' '2013 06 10:date:2013-06-10' \
         '2010   06:date:2010-06' '1998 Dec-1999 Jan:date_edtf:1998-12/1999-01' '2018 Jun 1-15:date_edtf:2018-06-01/2018-06-15' \
         'Article 10 2019:date:2019'; do
    printf 'PMID- 1\nDP  - %s\n' "${d%%:*}" > dp.nbib
    dump -f nbib dp.nbib
    rest=${d#*:}
    has "nbib: DP ${d%%:*}" "${rest%%:*}" "${rest#*:}"
done
printf 'PMID- 1\nPG  - 454-81\nIS  - 0955-2359 (Print)\nIS  - 0955-2359 (Linking)\nIS  - 1759-8486 (Electronic)\nLID - e0123\nAID - 10.1007/s00234-019-02258-w [pii]\nPT  - Review\nPT  - Book Chapter\n\nPMID- 2\nPG  - 6913-7, 12-4\nAID - doi:10.1016/j.cpr.2005.02.002\nAID - NBK1826 [bookaccession]\nPT  - Reports - Research\n' > ids.nbib
dump -f nbib ids.nbib
has "nbib: PG 454-81 is 454-481" pages 454-481
has "nbib: PG 6913-7, 12-4 expanded" pages "6913-6917, 12-14"
printf 'PMID- 3\nPG  - 1-0\n\nPMID- 4\nPG  - 99-100\n\nPMID- 5\nPG  - 454-460\n' > pg.nbib
"$PCTOOL" dump -f nbib pg.nbib > pg.dump 2>&1
check "nbib: PG 1-0 (bibutils' xml2nbib for 1-10: the start's common digits cut) is 1-10" grep -qx "$(printf 'pages\t1-10')" pg.dump
check "nbib: PG 99-100 and 454-460 (whole ends) kept" [ "$(grep -c -x -e "$(printf 'pages\t99-100')" -e "$(printf 'pages\t454-460')" pg.dump)" -eq 2 ]
has "nbib: IS qualifiers dropped, each ISSN once" ISSN "0955-2359, 1759-8486"
has "nbib: a bare LID is the e-location" eid e0123
has "nbib: a DOI-shaped [pii] with no [doi] is the DOI" doi 10.1007/s00234-019-02258-w
has "nbib: AID doi: (JabRef)" doi 10.1016/j.cpr.2005.02.002
has "nbib: [bookaccession] kept as it is" extra "nbib	AID	NBK1826 [bookaccession]"
has "nbib: Book Chapter tells the kind" kind chapter
has "nbib: ... the other PT values kept" extra "nbib	PT	Review"
has "nbib: ERIC's Reports - Research is a report" kind report

# ---- the writer ------------------------------------------------------------------------------
printf '[{"id":"w","type":"article-journal","title":"A title long enough to be wrapped by the writer at eighty columns, with a line break\\nPMID- 999 inside it","abstract":"Short.","author":[{"family":"Doe","given":"Jane Q."}],"issued":{"date-parts":[[2019,3]]}}]' > w.json
$PC w.json -t nbib > w.nbib 2> /dev/null
check "nbib: no written line is longer than 80 columns" [ "$(awk 'length > 80' w.nbib | wc -l)" -eq 0 ]
contains "nbib: continuation lines indented by six spaces" w.nbib "      "
dump -f nbib w.nbib
check "nbib: a line break and 'PMID-' in a value start no record" [ "$(records)" -eq 1 ]
has "nbib: ... the title comes back whole" title "A title long enough to be wrapped by the writer at eighty columns, with a line break PMID- 999 inside it"
contains "nbib: DP written as PubMed writes it" w.nbib "DP  - 2019 Mar"
contains "nbib: FAU/AU" w.nbib "AU  - Doe JQ"
printf 'PMID- 1\nTI  - Bad \000 byte\n\nPMID- 2\nTI  - Good\n' > nul.nbib
exit_is "nbib: a NUL byte: exit 1" 1 $PC -f nbib nul.nbib -t csljson
contains "nbib: ... an error at its line and column" "$T/stderr" "nul.nbib:2:"
contains "nbib: ... the next record is read" "$T/stdout" '"title": "Good"'

# ---- detection and the corpus -------------------------------------------------------------------
$PC -v -t csljson < "$ROOT/tests/data/fields.nbib" > /dev/null 2> det.err
contains "fields.nbib on standard input is read as nbib" det.err "read as nbib (content)"
printf 'TY  - JOUR\nAU  - Smith, John\nTI  - A RIS record\nPY  - 2020\nER  - \n' > det.ris
$PC -v -t csljson < det.ris > /dev/null 2> det.err
contains "RIS (AU  - lines) is still RIS" det.err "read as ris (content)"
# records without a PMID, as our writer gives them (PubMed's column-5 tags
# only, a PT line): nbib, more weakly than a PMID first
$PC "$ROOT/samples/references.bib" -t nbib -o nopmid.nbib 2> /dev/null
$PC -v -t csljson < nopmid.nbib > /dev/null 2> det.err
contains "our nbib of records without a PMID on standard input is read as nbib" det.err "read as nbib (content)"
printf 'T1  - No TY line\nAU  - Smith, John\nPY  - 2020\nER  - \n' > det2.ris
$PC -v -t csljson < det2.ris > /dev/null 2> det.err
contains "RIS-shaped lines without TY, PT or a longer tag are not nbib" det.err "cannot tell which format"
printf 'DP  - 2020\nTI  - T\nPT  - Journal Article\nSome text that is no tag line\n' > det3.txt
$PC -v -t csljson < det3.txt > /dev/null 2> det.err
contains "a line that is no tag line nor a continuation: not nbib without a PMID" det.err "cannot tell which format"
C=$SHARED/corpus/medline-nbib
if [ -d "$C" ]; then
    for f in "$C"/*; do
        b=$(basename "$f")
        # records: PMID lines, and tag lines right after a blank line
        want=$(awk 'BEGIN { b = 1 } { sub(/\r$/, "") } /^[ \t]*$/ { b = 1; next }
                    /^[A-Z][A-Z0-9]+ *-/ { if (b || $0 ~ /^PMID/) n++ } { b = 0 } END { print n + 0 }' "$f")
        if $PC -q -f nbib "$f" -t csljson -o "$b.json" 2> "$b.err"; then
            n=$(grep -c '"id":' "$b.json")
            check "corpus $b: read with no error, $n record(s) (records there: $want)" [ "$n" -eq "$want" ]
        else
            fail "corpus $b: read with no error" "$(head -n 3 "$b.err")"
        fi
        $PC -v -t csljson < "$f" > /dev/null 2> det.err
        contains "corpus $b on standard input is read as nbib" det.err "read as nbib (content)"
    done
else
    skip "MEDLINE corpus" "no $C"
fi
