# SPDX-License-Identifier: MIT
# test_encoding.sh — inputs that are not UTF-8 (issues 12 and 15), for every
# reader: UTF-16LE/BE and UTF-32LE/BE with a byte-order mark, --encoding
# NAME, JabRef's "% Encoding:" header, the hint on invalid UTF-8, decoding
# errors, and Atom/XML's own encoding declaration.
#
# Oracles: iconv makes every fixture from a UTF-8 original, and the
# conversion of the original is what the re-encoded file must give (same
# records, same messages at the same line:column: positions are those of
# the decoded text).  Nothing is compared with a stored output of ours.
. "$ROOT/tests/lib.sh"
D="$ROOT/tests/data"
cd "$T" || exit 1

# enc FILE ENCODING [BOM-BYTES]: FILE re-encoded (a UTF-8 BOM dropped first)
enc() {
    { [ -n "${3:-}" ] && printf "$3"; sed '1s/^\xEF\xBB\xBF//' "$1" | iconv -f UTF-8 -t "$2"; }
}
# conv FILE OUT [options]: converts to BibTeX (UTF-8 kept), the file name
# in messages replaced by "F" so two inputs can be compared
conv() {
    c_in=$1 c_out=$2; shift 2
    $PCW "$c_in" -t bibtex --unicode "$@" > "$c_out" 2> "$c_out.err"
    echo $? > "$c_out.rc"
    sed "s|$c_in|F|g" "$c_out.err" > "$c_out.msg"
}
# same_conv NAME A B: the two conversions gave the same output, messages and status
same_conv() {
    if cmp -s "$2" "$3" && cmp -s "$2.msg" "$3.msg" && cmp -s "$2.rc" "$3.rc"; then
        pass "$1"
    else
        fail "$1" "status $(cat "$2.rc") vs $(cat "$3.rc")" "$(diff "$2" "$3" | head -n 6)" \
            "$(diff "$2.msg" "$3.msg" | head -n 6)"
    fi
}

# --- UTF-16 and UTF-32 with a byte-order mark, every reader -----------------
# one input per reader: samples (listing, Atom, JSON Lines) and fixtures
# (BibTeX, RIS with a UTF-8 BOM and CRLF, CSL-YAML, Crossref JSON, RSS,
# a listing with errors whose positions must survive)
inputs="$ROOT/samples/latest-parallel-computing.fr.txt $ROOT/samples/arxiv-query.atom
$ROOT/samples/papers.jsonl $D/bib-syntax.bib $D/encoding-cp1252.bib $D/ris-tolerant.ris
$D/csl-loose.yaml $D/json-crossref-work.json $D/rss-arxiv.xml $D/listing-bad.txt"
for f in $inputs; do
    b=$(basename "$f")
    ext=${b##*.}
    conv "$f" u8.out
    for e in "UTF-16LE \377\376" "UTF-16BE \376\377" "UTF-32LE \377\376\0\0" "UTF-32BE \0\0\376\377"; do
        name=${e%% *} bom=${e#* }
        enc "$f" "$name" "$bom" > "x.$ext"
        conv "x.$ext" x.out
        same_conv "$b as $name with a BOM: same records and messages as UTF-8" u8.out x.out
    done
done
# read from a pipe too (no extension: the format is told from the decoded text)
enc "$ROOT/samples/arxiv-query.atom" UTF-16LE '\377\376' > pipe16
$PCW -t bibtex --unicode < pipe16 > pipe.out 2> pipe.err
$PCW "$ROOT/samples/arxiv-query.atom" -t bibtex --unicode > pipe.want 2> /dev/null
same "UTF-16 on stdin: format told from the decoded text" pipe.want pipe.out

# Atom/XML: libxml2 reads declared encodings itself; a transcoded feed
# declaring UTF-16 is UTF-8 when libxml2 sees it, and must still parse
sed "1s/encoding='UTF-8'/encoding='UTF-16'/" "$ROOT/samples/arxiv-query.atom" > decl16.atom
check "Atom fixture declares UTF-16" grep -q "encoding='UTF-16'" decl16.atom
iconv -f UTF-8 -t UTF-16 decl16.atom > feed16.atom # iconv's UTF-16 writes a BOM
conv "$ROOT/samples/arxiv-query.atom" a8.out
conv feed16.atom a16.out
same_conv "Atom: a UTF-16 feed declaring encoding='UTF-16'" a8.out a16.out
check "Atom: the UTF-16 feed has its entries" [ "$(grep -c '^@' a16.out)" -eq "$(grep -c '<entry>' decl16.atom)" ]
check "Atom: the UTF-8 feed still reads (exit 0)" [ "$(cat a8.out.rc)" -eq 0 ]
printf '<?xml version="1.0" encoding="ISO-8859-1"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Caf\351 cr\350me</title><author><name>Ren\351 Dupr\351</name></author><published>2020-01-02T00:00:00Z</published></entry></feed>\n' > l1decl.atom
conv l1decl.atom l1decl.out
contains "Atom: Latin-1 declared in the XML declaration: libxml2 decodes it" l1decl.out "Café crème"

# --- --encoding, JabRef's header, the hint --------------------------------
have_opt=1
"$PC" --encoding UTF-8 --list-formats > /dev/null 2>&1 || have_opt=0

# without --encoding: invalid UTF-8 stays an error, with the hint
enc "$D/encoding-latin1.bib" LATIN1 > latin1.bib
conv latin1.bib l1.out
check "Latin-1 .bib without --encoding: exit 1" [ "$(cat l1.out.rc)" -eq 1 ]
contains "Latin-1 .bib: error positioned at the first bad byte" l1.out.err "latin1.bib:5:14: error: invalid UTF-8 byte 0xFC"
contains "Latin-1 .bib: the message suggests --encoding latin1" l1.out.err "try --encoding latin1"
# the same hint from every reader: listing, RIS, JSON, YAML, Atom
printf '\342\200\242 Caf\351\n\n  Ren\351 Dupr\351 \302\267 2 octobre 2026\n' > hint.txt
printf 'TY  - JOUR\nTI  - Caf\351\nER  - \n' > hint.ris
printf '[{"id": "a", "type": "book", "title": "Caf\351"}]\n' > hint.json
printf 'references:\n- id: a\n  type: book\n  title: "Caf\351"\n' > hint.yaml
printf '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Caf\351</title></entry></feed>\n' > hint.atom
for f in hint.txt hint.ris hint.json hint.yaml hint.atom; do
    conv "$f" h.out
    check "$f: Latin-1 byte is an error (exit 1)" [ "$(cat h.out.rc)" -eq 1 ]
    contains "$f: the message suggests --encoding latin1" h.out.err "try --encoding latin1"
done
printf 'TY  - JOUR\nTI  - \223Caf\351\224\nER  - \n' > hint1252.ris
conv hint1252.ris h.out
contains "Windows-1252 quotes: the message suggests --encoding windows-1252" h.out.err \
    "hint1252.ris:2:7: error: invalid UTF-8 byte 0x93; record skipped; the text looks like Windows-1252: try --encoding windows-1252"
printf 'TY  - JOUR\nTI  - Caf\351\200 cut\n' > cut.ris # a 3-byte sequence cut short: no charset hint
conv cut.ris h.out
check "broken UTF-8 (not an 8-bit charset) gets no hint" sh -c "grep -q 'invalid UTF-8' h.out.err && ! grep -q 'try --encoding' h.out.err"

# JabRef's header decodes the file (no --encoding needed)
{ printf '%% This file was created with JabRef 2.10.\n%% Encoding: windows-1252\n\n'; enc "$D/encoding-cp1252.bib" WINDOWS-1252; } > jabref.bib
{ printf '%% This file was created with JabRef 2.10.\n%% Encoding: windows-1252\n\n'; cat "$D/encoding-cp1252.bib"; } > jabref-utf8.bib
conv "$D/encoding-cp1252.bib" cp.want
conv jabref.bib cp.got -v
check "JabRef header windows-1252: exit 0" [ "$(cat cp.got.rc)" -eq 0 ]
same "JabRef header windows-1252: the records of the UTF-8 original" cp.want cp.got
contains "JabRef header: -v says how the file was decoded" cp.got.err "decoded from windows-1252 (JabRef's % Encoding header)"
conv jabref-utf8.bib cpu.got
same "JabRef header left on a file converted to UTF-8: read as UTF-8" cp.want cpu.got
contains "stale JabRef header: warned" cpu.got.err "the % Encoding header says windows-1252 but the text is UTF-8"
{ printf '%% Encoding: ISO8859_1\n\n'; enc "$D/encoding-latin1.bib" LATIN1; } > jabref-java.bib
conv "$D/encoding-latin1.bib" l1.want
conv jabref-java.bib l1j.got
same "JabRef header with a Java charset name (ISO8859_1)" l1.want l1j.got

if [ $have_opt = 1 ]; then
    conv latin1.bib l1e.got --encoding latin1
    same_conv "--encoding latin1: the records and messages of the UTF-8 original" l1.want l1e.got
    enc "$ROOT/samples/latest-parallel-computing.fr.txt" WINDOWS-1252 > fr1252.txt
    conv "$ROOT/samples/latest-parallel-computing.fr.txt" fr.want
    conv fr1252.txt fr.got --encoding windows-1252
    same_conv "--encoding windows-1252: listing (bullets, ellipses, accents)" fr.want fr.got
    for fmt in ris yaml csljson; do
        "$PC" "$D/encoding-latin1.bib" -t $fmt > "orig.$fmt" 2> /dev/null
        from=$fmt; [ $fmt = csljson ] && from=json
        iconv -f UTF-8 -t LATIN1 "orig.$fmt" > "l1.$fmt"
        conv "orig.$fmt" o.out -f $from
        conv "l1.$fmt" e.out -f $from --encoding ISO-8859-1
        same_conv "--encoding ISO-8859-1: $fmt reader" o.out e.out
    done
    printf '<?xml version="1.0" encoding="ISO-8859-1"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Caf\351</title><author><name>A B</name></author><published>2020-01-02T00:00:00Z</published></entry></feed>\n' > l1x.atom
    conv l1x.atom l1x.out --encoding latin1
    contains "--encoding on an XML file that declares it: decoded once, not twice" l1x.out "Café"
    conv latin1.bib utf.got --encoding UTF-8
    check "--encoding UTF-8: invalid UTF-8 stays an error" [ "$(cat utf.got.rc)" -eq 1 ]
    conv jabref.bib jx.got --encoding utf-8
    check "--encoding wins over JabRef's header" [ "$(cat jx.got.rc)" -eq 1 ]
    enc "$D/bib-syntax.bib" UTF-16LE '\377\376' > bom16.bib
    conv "$D/bib-syntax.bib" bs.want
    conv bom16.bib bs.got --encoding latin1
    same_conv "a byte-order mark wins over --encoding" bs.want bs.got
    conv latin1.bib unk.got --encoding no-such-charset
    check "unknown --encoding: exit 1" [ "$(cat unk.got.rc)" -eq 1 ]
    contains "unknown --encoding: named" unk.got.err 'unknown encoding "no-such-charset"'
else
    skip "--encoding" "this build has no --encoding option (src/main.c)"
fi

# --- decoding errors: positioned, never silent --------------------------------
{ printf '\377\376'; printf 'TY  - JOUR\nTI  - First\nER  - \nTY  - JOUR\nTI  - X' | iconv -f UTF-8 -t UTF-16LE
  printf '\000\330A\000'; printf 'B\nER  - \n' | iconv -f UTF-8 -t UTF-16LE; } > surrogate.ris
conv surrogate.ris s.out
check "UTF-16 with an unpaired surrogate: exit 1" [ "$(cat s.out.rc)" -eq 1 ]
contains "UTF-16 unpaired surrogate: error at its line:column in the decoded text" s.out.err \
    "surrogate.ris:5:8: error: cannot decode the input as UTF-16LE: invalid byte sequence at byte 98"
contains "UTF-16 unpaired surrogate: the records before it are converted" s.out "title = {First}"
{ enc "$D/ris-tolerant.ris" UTF-16LE '\377\376'; printf 'T'; } > odd.ris
conv odd.ris o.out
check "UTF-16 cut inside a character: exit 1" [ "$(cat o.out.rc)" -eq 1 ]
contains "UTF-16 cut inside a character: said" o.out.err "the input ends inside a UTF-16LE character"
