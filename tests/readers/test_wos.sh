# SPDX-License-Identifier: MIT
# test_wos.sh — the Web of Science tagged (isi) reader and writer (issue 23):
#  - records: FN/VR/EF headers, PT to ER, a record without its ER (a
#    warning, both kept), "EFFN" (two files joined), three-space
#    continuation lines: one value a line for AU, AF, C1, CR, ..., one value
#    for the others;
#  - names: AF over AU, AU's initials, Medline's "; " lists, CA groups, BE;
#    C1 "[A; B] Address" to each author, a bracket-less C1 of one author;
#    OI ORCIDs by name;
#  - PY with PD ("JUN 14", "MAY-JUN", "SPR", "04 2006", "2006 May-Jun"),
#    BP/EP/PS pages, UT (WOS:, MEDLINE:), PT with DT (the kind);
#  - the writer: headers, ER and EF, continuation lines, nothing that could
#    start a tag or a record;
#  - detection by content, the corpus ($SHARED/corpus/wos-isi) read with
#    no error.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

dump() { "$PCTOOL" dump "$@" > "$T/dump" 2> "$T/dump.err"; }
has() {
    if grep -qxF "$(printf '%s\t%s' "$2" "$3")" "$T/dump"; then pass "$1"; else
        fail "$1" "no line '$2	$3' in the model:" "$(grep "^$2	" "$T/dump" | head -5)"; fi
}
records() { grep -c '^@' "$T/dump"; }

# ---- records -----------------------------------------------------------------------
printf '\357\273\277FN Clarivate Analytics Web of Science\r\nVR 1.0\r\nPT J\r\nTI First, no ER\r\nPT J\r\nTI Second\r\nER\r\n\r\nEFFN ISI Export Format\r\nVR 1.0\r\nPT B\r\nTI Third\r\nER\r\nEF\r\n' > rec.isi
dump -f isi rec.isi
check "isi: a PT without ER before it, and EFFN: 3 records" [ "$(records)" -eq 3 ]
$PC -f isi rec.isi -t csljson > /dev/null 2> rec.err
contains "isi: the record without ER is a warning at its start" rec.err "rec.isi:3:1: warning: Web of Science record has no ER line before the next PT (line 5); both kept"

# ---- names, addresses, ORCIDs -------------------------------------------------------------
cat > names.isi <<'WOS'
PT J
AU Gamernyk, RV
   Smith, JQ
AF Gamernyk, Roman V.
   Smith, John Q.
CA The Group
TI Names
C1 [Gamernyk, Roman V.; Smith, John Q.] Inst Phys, Kiev, Ukraine.
   [Smith, JQ] Lviv Univ, Lvov, Ukraine.
   [Nobody, N] Somewhere.
OI Smith, John Q./0000-0002-1825-0097; Other, O/0000-0001-5109-3700
ER
PT J
AU Brown, JM
   Doe, A
TI Initials only
ER
PT J
AU Joffe, Hadine; Hall, Janet E
TI Medline via WoK
C1 Harvard Medical School, Boston, USA.
ER
PT J
AU Single, S
TI One author
C1 Single Institute, Zurich.
ER
WOS
dump -f isi names.isi
has "isi: AF is the name" author "Roman V.||Gamernyk||"
has "isi: CA a group, after the persons" author "||||The Group"
has "isi: C1 [A; B] is an affiliation of A" affiliation "0	Inst Phys, Kiev, Ukraine."
has "isi: ... and of B (by its AU form too)" affiliation "1	Lviv Univ, Lvov, Ukraine."
has "isi: a C1 naming no author is kept as it is" extra "isi	C1	[Nobody, N] Somewhere."
has "isi: OI gives the named author its ORCID" author_orcid "1	0000-0002-1825-0097"
has "isi: an OI pair of no author is kept as it is" extra "isi	OI	Other, O/0000-0001-5109-3700"
has "isi: AU alone: its initials read as initials" author "J. M.||Brown||"
has "isi: Medline's AU list parted by '; '" author "Janet E||Hall||"
has "isi: a C1 without brackets of several authors is kept" extra "isi	C1	Harvard Medical School, Boston, USA."
has "isi: a C1 without brackets of the only author is its affiliation" affiliation "0	Single Institute, Zurich."
$PC -f isi names.isi -t isi > names.out 2> /dev/null
"$PCTOOL" dump -f isi names.out > names.dump2 2>&1
same "isi -> isi keeps every name, affiliation and ORCID" "$T/dump" names.dump2

# ---- dates, pages, identifiers, types -----------------------------------------------------
for d in 'JUN 14:date:2006-06-14' 'MAY-JUN:date_edtf:2006-05/2006-06' 'SPR:date_edtf:2006-21' \
         '04 2006:date:2006-04' '2006 May-Jun:date_edtf:2006-05/2006-06' 'FEB 2006:date:2006-02' 'DEC 15 2006:date:2006-12-15'; do
    printf 'PT J\nTI D\nPY 2006\nPD %s\nER\n' "${d%%:*}" > pd.isi
    dump -f isi pd.isi
    rest=${d#*:}
    has "isi: PD ${d%%:*}" "${rest%%:*}" "${rest#*:}"
done
printf 'PT J\nTI P\nBP 5323\nEP 5331\nUT ISI:000238592600006\nDI 10.1088/0953-8984/18/23/004\nSN 0953-8984\nEI 1361-648X\nER\nPT J\nTI Q\nPS 467-72\nUT MEDLINE:16842170\nER\nPT B\nDT Book Chapter\nTI C\nER\nPT J\nDT Article; Proceedings Paper\nTI D\nER\nPT S\nTI E\nER\nPT P\nTI F\nER\n' > ids.isi
dump -f isi ids.isi
has "isi: BP-EP" pages 5323-5331
has "isi: UT ISI: the accession number" wos-ut ISI:000238592600006
has "isi: DI" doi 10.1088/0953-8984/18/23/004
has "isi: SN and EI: both ISSNs" ISSN "0953-8984, 1361-648X"
has "isi: PS (MEDLINE's abbreviated range) expanded" pages 467-472
has "isi: UT MEDLINE: the PMID" PMID 16842170
has "isi: PT B + DT Book Chapter" kind chapter
has "isi: DT Article; Proceedings Paper" kind conference
has "isi: PT P" kind patent

# ---- the writer -----------------------------------------------------------------------------
printf '[{"id":"w","type":"article-journal","title":"A title with a line break\\nER\\nPT J and more text to wrap at seventy columns, it goes on","author":[{"family":"Doe","given":"Jane Q."}],"keyword":"a; b, c","issued":{"date-parts":[[2019,6,14]]},"page":"101-110"}]' > w.json
$PC w.json -t isi > w.isi 2> /dev/null
contains "isi: the FN header" w.isi "FN Clarivate Analytics Web of Science"
contains "isi: EF at the end" w.isi "EF"
contains "isi: PD as Web of Science writes it" w.isi "PD JUN 14"
contains "isi: AU the short form" w.isi "AU Doe, JQ"
contains "isi: BP" w.isi "BP 101"
check "isi: no written line is longer than 70 columns but a name's" [ "$(awk 'length > 70' w.isi | wc -l)" -eq 0 ]
dump -f isi w.isi
check "isi: a line break, ER and PT in a value start no record" [ "$(records)" -eq 1 ]
printf 'PT J\nTI Bad \000 byte\nER\nPT J\nTI Good\nER\n' > nul.isi
exit_is "isi: a NUL byte: exit 1" 1 $PC -f isi nul.isi -t csljson
contains "isi: ... an error at its line and column" "$T/stderr" "nul.isi:2:"
contains "isi: ... the next record is read" "$T/stdout" '"title": "Good"'

# ---- detection and the corpus -------------------------------------------------------------------
$PC -v -t csljson < "$ROOT/tests/data/fields.isi" > /dev/null 2> det.err
contains "fields.isi on standard input is read as isi" det.err "read as isi (content)"
printf 'PT Journal\nAU Smith, J\nTI From xml2isi\nER\n\n' > bu.isi
$PC -v -t csljson < bu.isi > /dev/null 2> det.err
contains "bibutils' xml2isi output (no header) is read as isi" det.err "read as isi (content)"
C=$SHARED/corpus/wos-isi
if [ -d "$C" ]; then
    for f in "$C"/*; do
        b=$(basename "$f")
        want=$(grep -c '^PT ' "$f")
        if $PC -q -f isi "$f" -t csljson -o "$b.json" 2> "$b.err"; then
            n=$(grep -c '"id":' "$b.json")
            check "corpus $b: read with no error, $n record(s) (its PT lines: $want)" [ "$n" -eq "$want" ]
        else
            fail "corpus $b: read with no error" "$(head -n 3 "$b.err")"
        fi
        $PC -v -t csljson < "$f" > /dev/null 2> det.err
        contains "corpus $b on standard input is read as isi" det.err "read as isi (content)"
    done
else
    skip "Web of Science corpus" "no $C"
fi
