# SPDX-License-Identifier: MIT
# test_bibutils_tagged.sh — bibutils as the second reader and writer of our
# line-tagged formats (issue 23, "a real second reader agrees"):
#  - bibutils reads what we write: `paperconv -t endnote` read by end2xml,
#    `-t refer` by end2xml too, `-t isi` by isi2xml, `-t nbib` by
#    rbibutils' nbib reader, with the same records, titles, authors, years,
#    DOIs and pages as our own reading of that output;
#  - we read what bibutils writes: a MODS file made from the same BibTeX by
#    bib2xml, written by xml2end, xml2isi and rbibutils' nbib writer, reads
#    back to the CSL-JSON of the BibTeX original (the same fields).
# The records are tests/data/tagged-oracle.bib.  MEDLINE has no bibutils
# program in Debian's bibutils (nbib2xml and xml2nbib are not packaged):
# the same bibutils code (nbibin.c, nbibout.c) runs through R's rbibutils
# (r-cran-rbibutils, bibConvert), skipped when that is not installed.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
D=$ROOT/tests/data
ORACLE="python3 $ROOT/tests/interop/tagged_oracle.py"
if ! command -v bib2xml > /dev/null 2>&1; then
    skip "bibutils oracles" "bibutils is not installed (make deps)"
    exit 0
fi
$PC -q "$D/tagged-oracle.bib" -t csljson -o want.json || fail "the oracle records convert"
bib2xml "$D/tagged-oracle.bib" > src.mods 2> /dev/null

# oracle FORMAT READER WRITER: both directions through one bibutils pair
oracle() {
    fmt=$1 rd=$2 wr=$3
    if ! command -v "$rd" > /dev/null 2>&1 || ! command -v "$wr" > /dev/null 2>&1; then
        skip "$fmt: bibutils oracles" "$rd or $wr is not installed"
        return
    fi
    # bibutils reads ours
    $PC -q "$D/tagged-oracle.bib" -t "$fmt" -o "ours.$fmt" &&
        $PC -q -f "$fmt" "ours.$fmt" -t csljson -o "ours.$fmt.json" ||
        fail "$fmt: our output reads back"
    "$rd" "ours.$fmt" > "ours.$fmt.mods" 2> "$rd.err"
    $ORACLE mods "ours.$fmt.json" "ours.$fmt.mods" "$rd reads our $fmt"
    # we read bibutils'
    "$wr" -nb src.mods > "bu.$fmt" 2> "$wr.err"
    if $PC -f "$fmt" "bu.$fmt" -t csljson -o "bu.$fmt.json" 2> "bu.$fmt.err"; then
        pass "$fmt: $wr's output reads with exit 0"
    else
        fail "$fmt: $wr's output reads with exit 0" "$(head -n 5 "bu.$fmt.err")"
    fi
    $ORACLE csl want.json "bu.$fmt.json" "$fmt: $wr's output reads back to the CSL-JSON of the original"
    # and with its byte-order mark (every bibutils writer writes one without -nb)
    "$wr" src.mods > "bom.$fmt" 2> /dev/null
    $PC -q "bom.$fmt" -t csljson -o "bom.$fmt.json" 2> "bom.$fmt.err"
    if cmp -s "bu.$fmt.json" "bom.$fmt.json"; then
        pass "$fmt: $wr's output with its BOM is recognised and reads the same"
    else
        fail "$fmt: $wr's output with its BOM is recognised and reads the same" "$(head -n 3 "bom.$fmt.err")"
    fi
}
oracle endnote end2xml xml2end
oracle refer end2xml xml2end
oracle isi isi2xml xml2isi

# nbib through rbibutils: bibConvert(IN, OUT, informat, outformat) as the
# two programs bibutils would have (their MODS with a BOM, as bibutils'
# own; "-nb" strips it)
rbib() { # IN OUT INFORMAT OUTFORMAT
    Rscript -e "suppressMessages(library(rbibutils)); invisible(bibConvert('$1', '$2', informat = '$3', outformat = '$4'))" > /dev/null 2>&1
}
nbib2xml() { rbib "$1" "$T/nbib2xml.out" nbib xml && cat "$T/nbib2xml.out"; }
xml2nbib() {
    nb=; [ "$1" = -nb ] && nb=1 && shift
    rbib "$1" "$T/xml2nbib.out" xml nbib || return 1
    if [ -n "$nb" ]; then sed '1s/^\xEF\xBB\xBF//' "$T/xml2nbib.out"; else cat "$T/xml2nbib.out"; fi
}
if command -v Rscript > /dev/null 2>&1 && Rscript -e 'library(rbibutils)' > /dev/null 2>&1; then
    oracle nbib nbib2xml xml2nbib
else
    skip "nbib: bibutils oracles" "R's rbibutils (r-cran-rbibutils) is not installed"
fi
