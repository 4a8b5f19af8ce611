# SPDX-License-Identifier: MIT
# test_ris.sh — the RIS writer and reader (issues 3 and 6), checked against
# bibutils' ris2xml (the consumer) and our model (pctool dump), never
# against our own output taken as the truth:
#  - every sample -> RIS: one tag per line, CRLF, TY first and ER last;
#    ris2xml reads the same records, titles and authors as the model, and
#    each tag it maps where it maps it (tests/writers/ris_check.py);
#  - hostile strings (VT, NEL, U+2028, tabs, "ER  - ", "TY  - ",
#    braces, <b>, emoji; real newlines through the YAML reader) stay on
#    their line, and ris2xml counts the right records;
#  - round trips: our RIS -> model -> RIS gives the same bytes, and
#    model -> RIS -> model keeps every field but those the writer reports;
#  - the reader's tolerance (tests/data/ris-tolerant.ris) and errors
#    (tests/data/ris-bad-utf8.ris), and $SHARED/corpus/ris.
. "$ROOT/tests/lib.sh"
# times are compared across sizes (CPU time, under a CPU limit): one thread, as
# the small sizes that -j does not cut are read
export PAPERCONV_JOBS=1
. "$ROOT/tests/golden/formats.sh"
cd "$ROOT" || exit 1

# --- helpers --------------------------------------------------------------

# ris_check.py: `mods` compares what bibutils' ris2xml read from our RIS
# (MODS) with the model (pctool dump) and with each line of the RIS, tag by
# tag; `kept` checks model -> RIS -> model: every field comes back unless
# the RIS writer reported it with -v (normalised: the kind "none", written
# as JOUR with a container, else UNPB; the pages separator "--" -> "-").
CHECK="python3 $ROOT/tests/writers/ris_check.py"

# lines_ok FILE: every line is "XY  - value" with CRLF, records are TY ... ER
lines_ok() {
    LC_ALL=C awk '
        { if (sub(/\r$/, "") != 1) { print "# line " NR ": no CRLF"; bad = 1 } }
        /\r/ { print "# line " NR ": a CR inside a value"; bad = 1 }
        !/^[A-Z][A-Z0-9]  - / { print "# line " NR ": not one tag: " substr($0, 1, 80); bad = 1 }
        /^TY  - / { if (open) { print "# line " NR ": TY inside a record"; bad = 1 } open = 1 }
        /^ER  - $/ { if (!open) { print "# line " NR ": ER outside a record"; bad = 1 } open = 0; next }
        !/^TY  - / { if (!open) { print "# line " NR ": tag outside a record"; bad = 1 } }
        /[\001-\010\013-\037\177]/ { print "# line " NR ": control character"; bad = 1 }
        END { if (open) { print "# no final ER"; bad = 1 } exit bad }' "$1"
}

# ris2xml FILE > MODS (stderr kept for the failure message)
have_ris2xml=1
command -v ris2xml > /dev/null 2>&1 || have_ris2xml=0
command -v python3 > /dev/null 2>&1 || have_ris2xml=0

count_mods() { grep -c '<mods[ >]' "$1"; }

# --- every sample -> RIS --------------------------------------------------

for f in $(golden_inputs); do
    rel=${f#$ROOT/}
    b=$(basename "$f")
    $PCW -v "$rel" -t ris > "$T/$b.ris" 2> "$T/$b.err"
    "$PCTOOL" dump "$rel" > "$T/$b.model" 2> /dev/null
    if lines_ok "$T/$b.ris" > "$T/$b.lines"; then pass "ris: $b: one tag per line, CRLF, TY..ER"
    else fail "ris: $b: one tag per line, CRLF, TY..ER" "$(head -n 5 "$T/$b.lines")"; fi
    n_model=$(grep -c '^@' "$T/$b.model")
    n_ty=$(grep -c '^TY  - ' "$T/$b.ris")
    check "ris: $b: one TY per record of the model ($n_model)" [ "$n_model" -eq "$n_ty" ]
    if [ $have_ris2xml = 1 ]; then
        ris2xml "$T/$b.ris" > "$T/$b.mods" 2> "$T/$b.mods.err"
        if $CHECK mods "$T/$b.mods" "$T/$b.mods.err" "$T/$b.model" "$T/$b.ris" > "$T/$b.cmp"; then
            pass "ris: $b: ris2xml reads the model's records, titles, authors and mapped tags"
        else
            fail "ris: $b: ris2xml reads the model's records, titles, authors and mapped tags" \
                "$(grep '^#' "$T/$b.cmp" | head -n 8)"
        fi
    else
        skip "ris: $b: ris2xml" "bibutils (ris2xml) or python3 not installed"
    fi
    # round trips
    $PC "$T/$b.ris" -t ris > "$T/$b.ris2" 2> /dev/null
    same "ris: $b: our RIS -> model -> RIS is identical" "$T/$b.ris" "$T/$b.ris2"
    "$PCTOOL" dump "$T/$b.ris" > "$T/$b.model2" 2> /dev/null
    if $CHECK kept "$T/$b.model" "$T/$b.model2" "$T/$b.err" > "$T/$b.mdiff"; then
        pass "ris: $b: model -> RIS -> model keeps all but what -v reports"
    else
        fail "ris: $b: model -> RIS -> model keeps all but what -v reports" "$(head -n 10 "$T/$b.mdiff")"
    fi
done

# --- hostile strings ------------------------------------------------------

hostile() { # NAME FILE [FORMAT] EXPECTED-RECORDS
    hname=$1 file=$2 from=$3 want=$4
    $PCW ${from:+-f "$from"} "$file" -t ris > "$T/h.ris" 2> "$T/h.err"
    if lines_ok "$T/h.ris" > "$T/h.lines"; then pass "ris: hostile $hname: one tag per line"
    else fail "ris: hostile $hname: one tag per line" "$(head -n 5 "$T/h.lines")"; fi
    got=$(grep -c '^TY  - ' "$T/h.ris")
    check "ris: hostile $hname: $want records written" [ "$got" -eq "$want" ]
    if [ $have_ris2xml = 1 ]; then
        ris2xml "$T/h.ris" > "$T/h.mods" 2> /dev/null
        got=$(count_mods "$T/h.mods")
        check "ris: hostile $hname: ris2xml reads $want records (got $got)" [ "$got" -eq "$want" ]
    fi
    $PC "$T/h.ris" -t ris > "$T/h2.ris" 2> /dev/null
    same "ris: hostile $hname: round trip of our output" "$T/h.ris" "$T/h2.ris"
}
hostile "RIS fixture" tests/data/ris-hostile.ris "" 2

if "$PC" --list-formats | awk '$1 == "yaml" && $2 == "yes" { f = 1 } END { exit !f }'; then
    # real newlines, which no RIS file can put inside a value
    cat > "$T/hostile.yaml" <<'YEOF'
references:
- id: h1
  type: article-journal
  title: "Line one\nER  - \nTY  - JOUR\r\n\tTab {braces} <b>bold</b> \U0001F600"
  container-title: "J\nER  - "
  author:
  - family: "Smith\nER  - "
    given: "- John\r\nTY  - BOOK"
  - literal: "The\nER  - Collaboration"
  abstract: "- a\u2028b\u2029c\u0085d\u000be\ff # x: 'y' \"z\"\n\nER  - \n"
  keyword: "a\nTY  - b"
  note: "\nER  - "
- id: h2
  type: article
  title: "Second\n\nER  -"
YEOF
    hostile "YAML with newlines" "$T/hostile.yaml" yaml 2
else
    skip "ris: hostile YAML with newlines" "no YAML reader in this build"
fi

# --- reader: tolerance ----------------------------------------------------

d=tests/data/ris-tolerant.ris
"$PCTOOL" dump "$d" > "$T/tol" 2> "$T/tol.err"
want() { contains "ris read: $1" "$T/tol" "$2"; }
check "ris read: BOM, CRLF/LF, missing ER: 4 records" [ "$(grep -c '^@' "$T/tol")" -eq 4 ]
want "BOM before TY" "kind	article"
want "ID kept as the key" "@	tolerant1"
want "particle stays with the family" "author	Jean-Luc|van der|Berg||"
want "Family, Given, Suffix" "author	Karl||Müller|Jr.|"
want "AD after its AU" "affiliation	1	ETH Zürich"
want "A1 with \" and \" (1)" "author	John||Smith||"
want "A1 with \" and \" (2)" "author	Jane||Doe||"
want "organisation kept whole" "author	||||The ATLAS Collaboration"
want "continuation line" "title	A title that continues on the next line"
want "three spaces before the dash" "volume	121"
want "one space before the dash" "issue	4"
want "SP/EP" "pages	310-324"
want "PY 2016/12//" "date	2016-12"
want "DO holding a URL" "doi	10.1016/j.actamat.2016.09.028"
want "DO with doi: prefix" "doi	10.1145/12345.67890"
want "UR protocol-relative" "url	https://www.sciencedirect.com/science/article/pii/S1359645416307273"
want "T2 container" "container	Journal of Tolerance"
want "abstract over LF lines, … = truncated" "abstract	First part of the abstract second line of the abstract"
want "truncated flag" "abstract_truncated	yes"
want "Y1 YYYY/MM/DD/other" "date	2020-05-17"
want "CPAPER" "kind	conference"
want "DA YYYY///" "date	2026"
want "UNPB is a preprint" "kind	preprint"
want "\"UK - based\" is a continuation, not a tag" "abstract	A study UK - based, on a continuation line"
want "BT is a book's title" "title	The Art of Computer Programming"
check "ris read: empty KW ignored" [ "$(grep -c '^keyword' "$T/tol")" -eq 1 ]
$PCW -v "$d" -t ris > "$T/stdout" 2> "$T/tol.v"
contains "ris read: missing ER warned with its position" "$T/tol.v" "ris-tolerant.ris:27:1: warning: record has no ER line before the next TY (line 33)"
contains "ris read: unknown tag noted once" "$T/tol.v" "ris-tolerant.ris:20:1: note: unknown RIS tag ZZ kept as it is for RIS output"
check "ris read: each unknown tag noted once" [ "$(grep -c 'unknown RIS tag ZZ' "$T/tol.v")" -eq 1 ]
contains "ris: an unknown tag comes back on RIS -> RIS" "$T/stdout" "ZZ  - an unknown tag"
$PCW -v "$d" -t csljson > /dev/null 2> "$T/tol.csl"
contains "ris: another writer counts the unknown tag" "$T/tol.csl" "csljson has no place for ZZ (ris): dropped from 1 record(s)"
# sniffing: no extension to go by
exit_is "ris read: RIS found by content on stdin" 0 sh -c "$PC -t bibtex < '$d'"
contains "ris read: sniffed input converted" "$T/stdout" "@book{knuth1968art,"

# invalid UTF-8: read as Windows-1252, a warning with its position, every record kept
exit_is "ris read: invalid UTF-8 is a warning" 0 $PCW tests/data/ris-bad-utf8.ris -t ris
contains "ris read: invalid UTF-8 named with line:col" "$T/stderr" "ris-bad-utf8.ris:7:11: warning: invalid UTF-8 byte 0xFF"
check "ris read: every record kept" [ "$(grep -c '^TY' "$T/stdout")" -eq 3 ]
contains "ris read: record after the bad one kept" "$T/stdout" "TI  - Good two"

# output errors
exit_is "ris write: a full disk is an error" 1 $PC "$d" -t ris -o /dev/full

# --- URLs: written so that they read back whole (issue 12) ------------------
cat > "$T/url.yaml" <<'YEOF'
references:
- id: u1
  type: article
  title: URLs
  URL: "https://e.org/a b\tc\u2028d?q=1&x=%41"
YEOF
$PCW "$T/url.yaml" -t ris > "$T/url.ris" 2> "$T/url.err"
contains "ris write: a space, a tab and U+2028 in a URL percent-encoded" "$T/url.ris" "UR  - https://e.org/a%20b%09c%E2%80%A8d?q=1&x=%41"
"$PCTOOL" dump "$T/url.ris" > "$T/url.dump" 2> /dev/null
contains "ris read: our UR comes back as one URL" "$T/url.dump" "url	https://e.org/a%20b%09c%E2%80%A8d?q=1&x=%41"
check "ris read: one URL, not pieces" [ "$(grep -c '^url' "$T/url.dump")" -eq 1 ]
if [ $have_ris2xml = 1 ]; then
    ris2xml "$T/url.ris" > "$T/url.mods" 2> /dev/null
    contains "ris2xml reads our UR as one URL" "$T/url.mods" "<url>https://e.org/a%20b%09c%E2%80%A8d?q=1&amp;x=%41</url>"
fi
printf 'TY  - JOUR\r\nTI  - T\r\nUR  - https://e.org/a b\r\nUR  - http://a.org/x http://b.org/y //c.org/z\r\nER  - \r\n' > "$T/url2.ris"
"$PCTOOL" dump "$T/url2.ris" > "$T/url2.dump" 2> /dev/null
contains "ris read: 'UR  - https://e.org/a b' is one URL" "$T/url2.dump" "url	https://e.org/a%20b"
contains "ris read: a space before another URL separates two (1)" "$T/url2.dump" "url	http://a.org/x"
contains "ris read: a space before another URL separates two (2)" "$T/url2.dump" "url	http://b.org/y"
contains "ris read: protocol-relative URL after a space" "$T/url2.dump" "url	https://c.org/z"
$PC "$T/url2.ris" -t ris > "$T/url2.out" 2> /dev/null
$PC "$T/url2.out" -t ris > "$T/url2.out2" 2> /dev/null
same "ris: URLs round trip RIS -> RIS -> RIS unchanged" "$T/url2.out" "$T/url2.out2"

# --- linear time on repeated tags (issue 12) --------------------------------
# One record with N lines of one tag, at N and 10 N: the larger may take
# at most 15 times the smaller (a floor of 0.1 s absorbs start-up and
# noise).  Joined by copying, 100 000 AB, N1, N2 or AD lines took 10-20 s and
# 100 000 JA/J2 lines (each rescanning the record) 24-29 s.
ms() { echo $(($(date +%s%N) / 1000000)); }
ris_shape() { # TAG N FILE: a record with two authors and N TAG lines
    { printf 'TY  - JOUR\r\nAU  - Smith, John\r\nAU  - Doe, Jane\r\nTI  - T\r\n'
      awk -v n="$2" -v t="$1" 'BEGIN { for (i = 0; i < n; i++) printf "%s  - value number %d here\r\n", t, i }'
      printf 'ER  - \r\n'; } > "$3"
}
for tag in AB N1 N2 AD JA J2; do
    ris_shape $tag 10000 "$T/small.ris"
    ris_shape $tag 100000 "$T/big.ris"
    t0=$(ms); timeout 60 $PC "$T/small.ris" -t bibtex > /dev/null 2>&1; rc1=$?
    t1=$(ms); timeout 60 $PC "$T/big.ris" -t bibtex > /dev/null 2>&1; rc2=$?
    t2=$(ms)
    small=$((t1 - t0)) big=$((t2 - t1))
    floor=$small; [ $floor -lt 100 ] && floor=100
    check "ris read: 10x more $tag lines take at most 15x longer (${small} ms -> ${big} ms)" \
        [ $rc1 -le 1 -a $rc2 -le 1 -a $big -le $((15 * floor)) ]
done

# --- shared corpus ----------------------------------------------------------

if [ -d "$SHARED/corpus/ris" ]; then
    bom=$(printf '\357\273\277')
    for f in "$SHARED"/corpus/ris/*.ris; do
        b=$(basename "$f")
        want_n=$(LC_ALL=C grep -c "^\($bom\)\{0,1\}TY  *-" "$f")
        $PC "$f" -t ris > "$T/c.ris" 2> "$T/c.err"
        got=$(grep -c '^TY  - ' "$T/c.ris")
        check "ris corpus $b: $want_n record(s) converted (got $got)" [ "$got" -eq "$want_n" ]
        if lines_ok "$T/c.ris" > "$T/c.lines"; then pass "ris corpus $b: output is well formed"
        else fail "ris corpus $b: output is well formed" "$(head -n 5 "$T/c.lines")"; fi
        "$PCTOOL" dump "$f" > "$T/$b.dump" 2> /dev/null
    done
    c="$T/utf8-bom-cyrillic-multiline.ris.dump"
    contains "ris corpus: BOM before TY, long type name" "$c" "kind	article"
    contains "ris corpus: first author after the BOM" "$c" "author	Yu E.||Dobrokhotova||"
    contains "ris corpus: Cyrillic continued on an untagged line" "$c" "периоде The state of the receptor"
    contains "ris corpus: VO volume" "$c" "volume	8"
    contains "ris corpus: German umlauts" "$c" "comment	Ä,Ö,Ü,ä,ö,ü,ß"
    c="$T/sciencedirect-export.ris.dump"
    contains "ris corpus: ScienceDirect DO URL -> DOI" "$c" "doi	10.1016/j.actamat.2016.09.028"
    contains "ris corpus: ScienceDirect //www URL" "$c" "url	https://www.sciencedirect.com/"
    contains "ris corpus: ScienceDirect PY 2016/12//" "$c" "date	2016-12"
    contains "ris corpus: ScienceDirect Greek" "$c" "title	Phase separation and ω transformation"
    check "ris corpus: ScienceDirect empty IS ignored" sh -c "! grep -q '^issue' '$c'"
    c="$T/zoterobib-export.ris.dump"
    contains "ris corpus: Zotero DA 2018/03/01/" "$c" "date	2018-03-01"
    contains "ris corpus: Zotero ELEC" "$c" "kind	webpage"
    contains "ris corpus: Zotero T2 journal" "$c" "container	eLife"
    c="$T/scopus-export.ris.dump"
    check "ris corpus: Scopus 3 authors" [ "$(grep -c '^author	' "$c")" -eq 3 ]
    # the Scopus dialect (issue 23): AD lines are the record's addresses
    contains "ris corpus: Scopus AD block is the record's addresses" "$c" "author-address	Human Performance Laboratory"
    contains "ris corpus: Scopus dialect recognised" "$c" "ris-dialect	scopus"
    contains "ris corpus: Scopus EID from the record URL" "$c" "scopus-eid	2-s2.0-4544289390"
    contains "ris corpus: Scopus UTF-8" "$c" "Facoltà di Ingegneria"
    if [ $have_ris2xml = 1 ]; then
        for f in "$SHARED"/corpus/ris/*.ris; do
            b=$(basename "$f")
            $PC "$f" -t ris > "$T/c.ris" 2> /dev/null
            "$PCTOOL" dump "$T/c.ris" > "$T/c.model" 2> /dev/null
            ris2xml "$T/c.ris" > "$T/c.mods" 2> "$T/c.mods.err"
            if $CHECK mods "$T/c.mods" "$T/c.mods.err" "$T/c.model" "$T/c.ris" > "$T/c.cmp"; then
                pass "ris corpus $b: ris2xml reads our output as the model"
            else
                fail "ris corpus $b: ris2xml reads our output as the model" "$(grep '^#' "$T/c.cmp" | head -n 8)"
            fi
        done
    fi
else
    skip "ris corpus" "$SHARED/corpus/ris not found"
fi

# A book's single page ("300": no range, which SP of a book would read as
# its number of pages) leaves SP to the number of pages: before, both were
# withheld.
echo '[{"id":"b","type":"book","title":"T","page":"300","number-of-pages":"250"},
 {"id":"c","type":"book","title":"T","page":"3-9","number-of-pages":"250"}]' > "$T/np.json"
$PC "$T/np.json" -t ris 2> /dev/null | tr -d '\r' > "$T/np.ris"
check "ris: a book's number of pages is written when its page is no range" \
    [ "$(grep -c '^SP  - 250$' "$T/np.ris")" -eq 1 ]
check "ris: a page range keeps SP/EP for itself" grep -q '^EP  - 9$' "$T/np.ris"
