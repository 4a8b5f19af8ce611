# SPDX-License-Identifier: MIT
# test_ris_read.sh — the RIS reader loses nothing (issue 19, "Nothing lost,
# round 2"):
#  - tags of databases with a home in the model reach it: a second SN (the
#    other ISSN, Web of Science and PubMed give both), Web of Science's PU,
#    PI, J9 and JI, JO beside JF (the abbreviation: Zotero's reading), a
#    DOI in CINAHL's L3; RIS -> RIS writes them back under tags that read
#    back the same;
#  - tag lines with odd spacing or case: accepted with a warning when the
#    tag is one RIS has, a positioned warning for the other tag-like lines
#    (read as continuation lines); text after "ER  -" is a warning;
#  - PY, Y1 and DA of the same year but another month or day are not
#    merged: the date the specification gives precedence (DA) is the date,
#    the other is kept as it is, with a warning.
# The oracle for tags is the model (pctool dump) and, where it helps,
# bibutils' ris2xml reading our RIS back.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

# dump FILE: the model in $T/dump, stderr in $T/dump.err
dump() { "$PCTOOL" dump "$1" > "$T/dump" 2> "$T/dump.err"; }
# has NAME FIELD VALUE: the last dump holds the line FIELD<TAB>VALUE
has() {
    if grep -qxF "$(printf '%s\t%s' "$2" "$3")" "$T/dump"; then
        pass "$1"
    else
        fail "$1" "no line '$2	$3' in the model:" "$(grep "^$2	" "$T/dump" | head -5)"
    fi
}
lacks() { # NAME FIELD VALUE: the last dump has no such line
    if grep -qxF "$(printf '%s\t%s' "$2" "$3")" "$T/dump"; then
        fail "$1" "the model has '$2	$3'"
    else
        pass "$1"
    fi
}
# ris FILE LINE...: a RIS file of the lines given, CRLF
ris() {
    f=$1; shift
    : > "$f"
    for l in "$@"; do printf '%s\r\n' "$l" >> "$f"; done
}

# ---- Web of Science: two SN, PU, PI, J9, JI --------------------------------
ris wos.ris 'TY  - JOUR' 'AU  - Smith, John' 'TI  - Cells in the wild' \
    'T2  - PROCEEDINGS OF THE NATIONAL ACADEMY OF SCIENCES OF THE UNITED STATES OF AMERICA' \
    'J9  - P NATL ACAD SCI USA' 'JI  - Proc. Natl. Acad. Sci. U. S. A.' \
    'PU  - NATL ACAD SCIENCES' 'PI  - WASHINGTON' \
    'PA  - 2101 CONSTITUTION AVE NW, WASHINGTON, DC 20418 USA' \
    'SN  - 0027-8424' 'SN  - 1091-6490' 'PY  - 2020' 'VL  - 117' 'ER  - '
dump wos.ris
has "ris: a second SN is the other ISSN" ISSN "0027-8424, 1091-6490"
has "ris: WoS PU is the publisher" publisher "NATL ACAD SCIENCES"
has "ris: WoS PI is the publisher's place" publisher-place "WASHINGTON"
has "ris: WoS JI (ISO abbreviation) is the short container title" container-title-short "Proc. Natl. Acad. Sci. U. S. A."
has "ris: WoS J9 beside JI kept as it is" extra "ris	J9	P NATL ACAD SCI USA"
has "ris: WoS PA (an address) kept as it is" extra "ris	PA	2101 CONSTITUTION AVE NW, WASHINGTON, DC 20418 USA"
$PC wos.ris -t csljson > wos.json 2> wos.err
contains "ris -> csljson: both ISSNs" wos.json '"ISSN": "0027-8424, 1091-6490"'
contains "ris -> csljson: the publisher" wos.json '"publisher": "NATL ACAD SCIENCES"'
contains "ris -> csljson: the publisher's place" wos.json '"publisher-place": "WASHINGTON"'
contains "ris -> csljson: the ISO abbreviation" wos.json '"container-title-short": "Proc. Natl. Acad. Sci. U. S. A."'
$PC wos.ris -t ris 2> /dev/null | tr -d '\r' > wos.out
contains "ris -> ris: the first ISSN on its SN line" wos.out "SN  - 0027-8424"
contains "ris -> ris: the second ISSN on its SN line" wos.out "SN  - 1091-6490"
contains "ris -> ris: J9 written back" wos.out "J9  - P NATL ACAD SCI USA"
"$PCTOOL" dump wos.out > wos.dump2 2> /dev/null
same "ris -> ris -> model is the model (WoS tags)" "$T/dump" wos.dump2
if command -v ris2xml > /dev/null 2>&1; then
    $PC wos.ris -t ris 2> /dev/null > wos.ris2
    ris2xml wos.ris2 > wos.mods 2> /dev/null
    contains "ris2xml reads both ISSNs of our RIS (1)" wos.mods '<identifier type="issn">0027-8424</identifier>'
    contains "ris2xml reads both ISSNs of our RIS (2)" wos.mods '<identifier type="issn">1091-6490</identifier>'
else
    skip "ris2xml: both ISSNs" "bibutils (ris2xml) not installed"
fi

# J9 alone names the short title; the same ISSN twice is one
ris j9.ris 'TY  - JOUR' 'TI  - T' 'T2  - NATURE' 'J9  - NATURE' 'SN  - 0028-0836' 'SN  - 0028-0836' 'ER  - '
dump j9.ris
has "ris: J9 alone is the short container title" container-title-short "NATURE"
has "ris: the same ISSN twice is one" ISSN "0028-0836"
# a book's two ISBNs
ris isbn.ris 'TY  - BOOK' 'TI  - A Book' 'SN  - 978-0-201-13447-6' 'SN  - 978-0-201-13448-3' 'ER  - '
dump isbn.ris
has "ris: a book's second ISBN" ISBN "978-0-201-13447-6, 978-0-201-13448-3"
$PC isbn.ris -t ris 2> /dev/null | tr -d '\r' > isbn.out
check "ris -> ris: one SN line per ISBN" [ "$(grep -c '^SN  - 978-' isbn.out)" -eq 2 ]

# ---- JO beside JF: the abbreviation ------------------------------------------
for order in jo-first jf-first; do
    if [ $order = jo-first ]; then
        ris jo.ris 'TY  - JOUR' 'TI  - T' 'JO  - J. Chem. Phys.' 'JF  - The Journal of Chemical Physics' 'ER  - '
    else
        ris jo.ris 'TY  - JOUR' 'TI  - T' 'JF  - The Journal of Chemical Physics' 'JO  - J. Chem. Phys.' 'ER  - '
    fi
    dump jo.ris
    has "ris: JF is the journal ($order)" container "The Journal of Chemical Physics"
    has "ris: JO beside JF is its abbreviation ($order)" container-title-short "J. Chem. Phys."
    lacks "ris: JO beside JF is not kept aside ($order)" extra "ris	JO	J. Chem. Phys."
done
ris jo.ris 'TY  - JOUR' 'TI  - T' 'JO  - Acta Materialia' 'ER  - '
dump jo.ris
has "ris: JO alone is the journal (ScienceDirect)" container "Acta Materialia"
ris jo.ris 'TY  - JOUR' 'TI  - T' 'T2  - Physical Review B' 'JO  - Phys. Rev. B' 'ER  - '
dump jo.ris
has "ris: JO beside T2 is its abbreviation" container-title-short "Phys. Rev. B"

# ---- CINAHL: the DOI in L3 ---------------------------------------------------
ris l3.ris 'TY  - JOUR' 'TI  - T' 'T2  - Nursing Research' 'L3  - 10.1097/NNR.0000000000000123' 'ER  - ' \
    'TY  - JOUR' 'TI  - U' 'L3  - http://search.ebscohost.com/login.aspx?direct=true' 'ER  - '
dump l3.ris
has "ris: L3 holding a DOI is the DOI (CINAHL)" doi "10.1097/NNR.0000000000000123"
has "ris: L3 holding no DOI is kept as it is" extra "ris	L3	http://search.ebscohost.com/login.aspx?direct=true"
$PC l3.ris -t ris 2> /dev/null | tr -d '\r' > l3.out
contains "ris -> ris: the DOI of L3 written as DO" l3.out "DO  - 10.1097/NNR.0000000000000123"

# ---- tag lines with odd spacing or case --------------------------------------
ris odd.ris 'TY  - JOUR' 'TI  - Odd tags' 'ZZ    - not a tag we know' 'au  - Lower, Lisa' \
    "$(printf 'AU\t- Tab, Tina')" 'AU    - Four, Fay' "$(printf 'AU  -\tTab, Theo')" 'ER  - trailing words' \
    'between the records' 'TY  - BOOK' 'TI  - Second' 'ER  - '
dump odd.ris
has "ris: a lower-case tag (au) is read" author "Lisa||Lower||"
has "ris: a tab before the dash is read" author "Tina||Tab||"
has "ris: four spaces before the dash are read" author "Fay||Four||"
has "ris: a tab after the dash is read" author "Theo||Tab||"
has "ris: a tag-like line that is no tag stays a continuation" title "Odd tags ZZ - not a tag we know"
check "ris: both records read" [ "$(grep -c '^@' "$T/dump")" -eq 2 ]
$PC -v odd.ris -t ris > /dev/null 2> odd.err
contains "ris: the lower-case tag warned with its position" odd.err "odd.ris:4:1: warning: RIS tag \"au  -\" read as AU"
contains "ris: the tab warned with its position" odd.err "odd.ris:5:1: warning: RIS tag \"AU\\t-\" read as AU"
contains "ris: the four spaces warned with its position" odd.err "odd.ris:6:1: warning: RIS tag \"AU    -\" read as AU"
contains "ris: the tab after the dash warned with its position" odd.err "odd.ris:7:1: warning: RIS tag \"AU  -\\t\" read as AU"
contains "ris: a tag-like line read as a continuation is warned" odd.err "odd.ris:3:1: warning: \"ZZ    -\" looks like a RIS tag"
contains "ris: text after ER warned with its position" odd.err "odd.ris:8:7: warning: text after \"ER  -\" ignored"
contains "ris: text between records warned" odd.err "odd.ris:9:1: warning: text outside a record ignored"
ris word.ris 'TY  - JOUR' 'TI  - T' 'AB  - Measured' 'In - situ, at 4 K' 'ER  - '
dump word.ris
has "ris: 'In - situ' continues the abstract" abstract "Measured In - situ, at 4 K"
check "ris: ... without a warning" sh -c "! grep -q 'looks like' '$T/dump.err'"
exit_is "ris: odd tag lines are no error" 0 $PC odd.ris -t csljson
exit_is "ris: --strict fails on them" 1 $PC --strict odd.ris -t csljson

# ---- dates of one year that differ in month or day ---------------------------
ris dates.ris 'TY  - JOUR' 'TI  - T' 'PY  - 2020' 'DA  - 2020/05/17/' 'Y1  - 2020/06/01/' 'ER  - ' \
    'TY  - JOUR' 'TI  - U' 'Y1  - 2019/03/02/' 'DA  - 2019/03//' 'ER  - ' \
    'TY  - JOUR' 'TI  - V' 'Y1  - 2018/03/02/' 'PY  - 2018/04//' 'ER  - '
dump dates.ris
has "ris: DA is the date" date "2020-05-17"
has "ris: a Y1 of the same year, another day, kept as it is" extra "ris	Y1	2020/06/01/"
lacks "ris: the dates are not merged" date "2020-06-01"
has "ris: a DA that agrees with a Y1 adds nothing (the more precise is the date)" date "2019-03-02"
check "ris: nothing kept aside when the dates agree" sh -c "! grep -q 'extra	ris	\\(DA\\|Y1\\)	2019' '$T/dump'"
has "ris: Y1 before PY when they differ in month" date "2018-03-02"
has "ris: the PY of another month kept as it is" extra "ris	PY	2018/04//"
$PC -v dates.ris -t ris > dates.out 2> dates.err
contains "ris: the differing dates warned at the later line" dates.err "dates.ris:5:7: warning: "
tr -d '\r' < dates.out > dates.lf
contains "ris -> ris: the other date written back" dates.lf "Y1  - 2020/06/01/"
