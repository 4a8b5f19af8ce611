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
    $PCW "$c_in" -t bibtex --unicode --rewrite "$@" > "$c_out" 2> "$c_out.err"
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

# without --encoding: a byte that is not UTF-8 is read as Windows-1252, with
# a warning at its place (one per line) and the guess of the encoding; the
# record is kept.  --strict makes it an error.
enc "$D/encoding-latin1.bib" LATIN1 > latin1.bib
conv latin1.bib l1.out
conv "$D/encoding-latin1.bib" l1.want
check "Latin-1 .bib without --encoding: exit 0" [ "$(cat l1.out.rc)" -eq 0 ]
same "Latin-1 .bib without --encoding: every record kept, the bytes read as Windows-1252" l1.want l1.out
contains "Latin-1 .bib: warning positioned at the first bad byte" l1.out.err \
    'latin1.bib:5:14: warning: invalid UTF-8 byte 0xFC, read as Windows-1252 "ü"; the text looks like Latin-1: try --encoding latin1'
check "Latin-1 .bib: one warning per line, the guess only on the first" \
    [ "$(grep -c 'invalid UTF-8' l1.out.err)" -eq "$(LC_ALL=C grep -c '[^ -~	]' latin1.bib)" \
    -a "$(grep -c 'try --encoding' l1.out.err)" -eq 1 ]
conv latin1.bib l1s.out --strict
check "Latin-1 .bib with --strict: exit 1" [ "$(cat l1s.out.rc)" -eq 1 ]
contains "Latin-1 .bib with --strict: the warning is an error" l1s.out.err "latin1.bib:5:14: error: invalid UTF-8 byte 0xFC"
# every reader: listing, RIS, JSON, JSON Lines, YAML, Atom (UTF-8 by default)
printf '\342\200\242 Caf\351\n\n  Ren\351 Dupr\351 \302\267 2 octobre 2026\n' > hint.txt
printf 'TY  - JOUR\nTI  - Caf\351\nER  - \n' > hint.ris
printf '[{"id": "a", "type": "book", "title": "Caf\351"}]\n' > hint.json
printf '{"id": "a", "type": "book", "title": "Caf\351"}\n' > hint.jsonl
printf 'references:\n- id: a\n  type: book\n  title: "Caf\351"\n' > hint.yaml
printf '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Caf\351</title></entry></feed>\n' > hint.atom
printf '@book{a, title = {Caf\351}}\n' > hint.bib
for f in hint.txt hint.ris hint.json hint.jsonl hint.yaml hint.atom hint.bib; do
    conv "$f" h.out
    check "$f: a Latin-1 byte keeps its record (exit 0)" [ "$(cat h.out.rc)" -eq 0 ]
    contains "$f: the byte is read as Windows-1252" h.out "Café"
    contains "$f: warned, with the guess" h.out.err "read as Windows-1252 \"é\"; the text looks like Latin-1: try --encoding latin1"
    conv "$f" h.out --strict
    check "$f: --strict makes it an error (exit 1)" [ "$(cat h.out.rc)" -eq 1 ]
done
printf 'TY  - JOUR\nTI  - \223Caf\351\224\nER  - \n' > hint1252.ris
conv hint1252.ris h.out
contains "Windows-1252 quotes: the message suggests --encoding windows-1252" h.out.err \
    'hint1252.ris:2:7: warning: invalid UTF-8 byte 0x93, read as Windows-1252 "“"; the text looks like Windows-1252: try --encoding windows-1252'
contains "Windows-1252 quotes: read as such" h.out "title = {“Café”}"
printf 'TY  - JOUR\nTI  - x \201 y\nER  - \n' > undef1252.ris
conv undef1252.ris h.out
contains "a byte Windows-1252 leaves undefined: U+FFFD, said" h.out.err \
    "undef1252.ris:2:9: warning: invalid UTF-8 byte 0x81, not a Windows-1252 character either: replaced by U+FFFD"
printf 'TY  - JOUR\nTI  - Caf\351\200 cut\nER  - \n' > cut.ris # a 3-byte sequence cut short: no charset hint
conv cut.ris h.out
check "broken UTF-8 (not an 8-bit charset) gets no hint" sh -c "grep -q 'invalid UTF-8' h.out.err && ! grep -q 'try --encoding' h.out.err"
# the guess: only encodings the bytes fit, two when unsure
printf 'TY  - JOUR\nTI  - Caf\351 \244 5, \275uvre\nER  - \n' > l9.ris
conv l9.ris h.out
contains "Latin-9 bytes (euro, oe): the guess is Latin-9" h.out.err "the text looks like Latin-9: try --encoding latin9"
printf 'TY  - JOUR\nTI  - 中文文献的标题：并行计算的研究与分析\nER  - \n' | iconv -f UTF-8 -t GB18030 > gb.ris
conv gb.ris h.out
contains "GB18030 text: the guess is GB18030, not Latin-1" h.out.err "the text looks like GB18030 (Chinese): try --encoding gb18030"
printf 'TY  - JOUR\nTI  - 日本語の論文のタイトル：並列計算に関する研究\nER  - \n' | iconv -f UTF-8 -t SHIFT_JIS > sjis.ris
conv sjis.ris h.out
contains "Shift_JIS text: unsure, two names" h.out.err "the text looks like Shift_JIS (Japanese) or GB18030 (Chinese): try --encoding shift_jis (or gb18030)"
conv gb.ris gb.got --encoding gb18030
contains "GB18030 with --encoding gb18030: decoded" gb.got "title = {中文文献的标题：并行计算的研究与分析}"

# coding cookies (Emacs, Vim) decode the file when the bytes fit them
{ printf '%% -*- mode: bibtex; coding: latin-9 -*-\n'; printf '@book{a, title = {Caf\351 \244 5, \275uvre}}\n'; } > cookie9.bib
conv cookie9.bib c9.out -v
check "Emacs coding cookie (latin-9): exit 0, no warning" [ "$(cat c9.out.rc)" -eq 0 -a "$(grep -c ': warning:' c9.out.err)" -eq 0 ]
contains "Emacs coding cookie: decoded as Latin-9" c9.out "title = {Café € 5, œuvre}"
contains "Emacs coding cookie: -v says so" c9.out.err "cookie9.bib:1:1: note: decoded from latin-9 (the coding cookie)"
{ printf '# vim: set fileencoding=cp1252 :\nTY  - JOUR\nTI  - \223Caf\351\224\nER  - \n'; } > vim.txt
conv vim.txt vim.out -f ris
contains "Vim modeline (fileencoding=cp1252): decoded" vim.out "title = {“Café”}"
printf '%% -*- coding: latin-1 -*-\n@book{a, title = {M\303\274ller}}\n' > stale.bib
conv stale.bib st.out
contains "a coding cookie on a file that is UTF-8: warned, read as UTF-8" st.out.err \
    "stale.bib:1:1: warning: the coding cookie says latin-1 but the text is UTF-8; read as UTF-8"
contains "a coding cookie on a file that is UTF-8: the UTF-8 text kept" st.out "Müller"

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
contains "stale JabRef header: warned" cpu.got.err "jabref-utf8.bib:2:1: warning: JabRef's % Encoding header says windows-1252 but the text is UTF-8"
{ printf '%% Encoding: ISO8859_1\n\n'; enc "$D/encoding-latin1.bib" LATIN1; } > jabref-java.bib
conv "$D/encoding-latin1.bib" l1.want
conv jabref-java.bib l1j.got
same "JabRef header with a Java charset name (ISO8859_1)" l1.want l1j.got
# the bytes must fit the header before it is obeyed
{ printf '%% Encoding: UTF-16\n\n'; enc "$D/encoding-latin1.bib" LATIN1; } > jabref16.bib
conv jabref16.bib j16.got
contains "JabRef header UTF-16 over an 8-bit file: warned at the header, ignored" j16.got.err \
    "jabref16.bib:1:1: warning: JabRef's % Encoding header says UTF-16, but it is itself written in 8-bit text"
check "JabRef header UTF-16 over an 8-bit file: no 'no record found'" sh -c "! grep -q 'no record found' j16.got.err"
check "JabRef header UTF-16 over an 8-bit file: the records kept" [ "$(grep -c '^@' j16.got)" -eq "$(grep -c '^@' l1.want)" ]
{ printf '%% Encoding: windows-1252\n\n'; printf '@book{a, title = {x \201 y}}\n'; } > jabref-undef.bib
conv jabref-undef.bib ju.got
contains "JabRef header, a byte the encoding does not have: the header is ignored, at the byte" ju.got.err \
    "jabref-undef.bib:3:21: warning: JabRef's % Encoding header (line 1) says windows-1252, but byte 0x81 is not windows-1252: the header is ignored"

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
    contains "--encoding UTF-8: invalid UTF-8 warned as without it" utf.got.err "latin1.bib:5:14: warning: invalid UTF-8 byte 0xFC"
    conv jabref.bib jx.got --encoding utf-8
    contains "--encoding wins over JabRef's header" jx.got.err "warning: invalid UTF-8 byte"
    # aliases: what people write, and what iconv takes
    for a in latin-1 latin_1 Latin1 L1 iso8859-1 ISO_8859-1; do
        conv latin1.bib al.got --encoding "$a"
        same "--encoding $a: an alias of latin1" l1e.got al.got
    done
    for a in win-1252 windows1252 cp1252 Windows-1252; do
        conv fr1252.txt al.got --encoding "$a"
        same "--encoding $a: an alias of windows-1252" fr.got al.got
    done
    conv "$D/bib-syntax.bib" bs.want
    enc "$D/bib-syntax.bib" UTF-16LE > nobom16.bib
    for a in utf-16le utf_16le UTF16LE; do
        conv nobom16.bib al.got --encoding "$a"
        same "--encoding $a: UTF-16LE without a byte-order mark" bs.want al.got
    done
    # a single-byte encoding asked for on UTF-8 text: said, at its place
    conv "$D/encoding-latin1.bib" u8l1.got --encoding latin1
    contains "--encoding latin1 on UTF-8: warned at the first non-ASCII character" u8l1.got.err \
        'encoding-latin1.bib:5:14: warning: the text is valid UTF-8 ("ü" here), which --encoding latin1 turns into "Ã¼"'
    conv "$D/encoding-latin1.bib" u8l1s.got --encoding latin1 --strict
    check "--encoding latin1 on UTF-8 with --strict: exit 1" [ "$(cat u8l1s.got.rc)" -eq 1 ]
    conv latin1.bib u16.got --encoding utf-16le
    contains "--encoding utf-16le on 8-bit text: said" u16.got.err \
        "latin1.bib: warning: --encoding utf-16le, but the first"
    check "--encoding latin1 on UTF-8: one warning, not a second for its C1 controls" \
        [ "$(grep -c ': warning:' u8l1.got.err)" -eq 1 ]
    printf 'TY  - JOUR\nTI  - \223Caf\351\224\nER  - \n' > c1.ris
    conv c1.ris c1.got --encoding latin1
    contains "--encoding latin1 on Windows-1252 quotes: the C1 control said, once" c1.got.err \
        "c1.ris:2:7: warning: byte 0x93 is a control character (U+0093) in latin1, not text: is the input Windows-1252 (try --encoding windows-1252)?"
    check "--encoding latin1 on Windows-1252 quotes: once" [ "$(grep -c ': warning:' c1.got.err)" -eq 1 ]
    conv latin1.bib l1ok.got --encoding latin1
    check "--encoding latin1 on Latin-1: no such warning" sh -c "! grep -q 'valid UTF-8' l1ok.got.err"
    enc "$D/bib-syntax.bib" UTF-16LE '\377\376' > bom16.bib
    conv "$D/bib-syntax.bib" bs.want
    conv bom16.bib bs.got --encoding latin1
    same_conv "a byte-order mark wins over --encoding" bs.want bs.got
    conv latin1.bib unk.got --encoding no-such-charset
    check "unknown --encoding: a usage error (exit 2)" [ "$(cat unk.got.rc)" -eq 2 ]
    contains "unknown --encoding: named, with examples" unk.got.err \
        "paperconv: error: unknown encoding 'no-such-charset' for --encoding (for example latin1, windows-1252, utf-16le"
    check "unknown --encoding: nothing written" [ ! -s unk.got ]
else
    skip "--encoding" "this build has no --encoding option (src/cli/options.c)"
fi

# --- decoding errors: positioned, said once, decoding goes on ---------------
{ printf '\377\376'; printf 'TY  - JOUR\nTI  - First\nER  - \nTY  - JOUR\nTI  - X' | iconv -f UTF-8 -t UTF-16LE
  printf '\000\330A\000'; printf 'B\nER  - \nTY  - JOUR\nTI  - Third\nER  - \n' | iconv -f UTF-8 -t UTF-16LE; } > surrogate.ris
conv surrogate.ris s.out
check "UTF-16 with an unpaired surrogate: exit 1" [ "$(cat s.out.rc)" -eq 1 ]
contains "UTF-16 unpaired surrogate: error at its line:column in the decoded text" s.out.err \
    "surrogate.ris:5:8: error: cannot decode the input as UTF-16LE: invalid byte sequence at byte 98 (0x00 0xD8), replaced by U+FFFD"
check "UTF-16 unpaired surrogate: the one message" [ "$(wc -l < s.out.err)" -eq 1 ]
contains "UTF-16 unpaired surrogate: the records before it are converted" s.out "title = {First}"
contains "UTF-16 unpaired surrogate: its record is kept, the unit replaced" s.out "title = {{X�AB}}"
contains "UTF-16 unpaired surrogate: the records after it are converted" s.out "title = {Third}"
{ printf '\377\376\000\000'; printf 'TY  - JOUR\nTI  - A' | iconv -f UTF-8 -t UTF-32LE
  printf '\000\000\021\000'; printf 'B\nER  - \n' | iconv -f UTF-8 -t UTF-32LE; } > past.ris
conv past.ris p.out
contains "UTF-32 past U+10FFFF: one error, positioned" p.out.err \
    "past.ris:2:8: error: cannot decode the input as UTF-32LE: invalid byte sequence at byte 76 (0x00 0x00 0x11 0x00), replaced by U+FFFD"
check "UTF-32 past U+10FFFF: the one message, the record kept" [ "$(wc -l < p.out.err)" -eq 1 -a "$(grep -c '^@' p.out)" -eq 1 ]
printf '@article{a,\n  title = {Caf\201 x},\n  year = 2020\n}\n@article{b, title = {B}}\n' > undef.bib
conv undef.bib u.out --encoding windows-1252
check "--encoding windows-1252, an undefined byte: one message" [ "$(wc -l < u.out.err)" -eq 1 ]
contains "--encoding windows-1252, an undefined byte: the decoding error, at the byte" u.out.err \
    "undef.bib:2:15: error: cannot decode the input as windows-1252: invalid byte sequence at byte 26 (0x81), replaced by U+FFFD"
check "--encoding windows-1252, an undefined byte: no 'end of input' first" sh -c "! grep -q 'end of input' u.out.err"
check "--encoding windows-1252, an undefined byte: both records kept" [ "$(grep -c '^@' u.out)" -eq 2 ]
{ enc "$D/ris-tolerant.ris" UTF-16LE '\377\376'; printf 'T'; } > odd.ris
conv odd.ris o.out
check "UTF-16 cut inside a character: exit 1" [ "$(cat o.out.rc)" -eq 1 ]
contains "UTF-16 cut inside a character: said" o.out.err "the input ends inside a UTF-16LE character"

# --- byte-order marks at the start of later documents (cat of files) ------------
printf '\357\273\277---\n- id: a\n  type: book\n  title: A\n...\n' > bom-a.yaml
printf '\357\273\277---\n- id: b\n  type: book\n  title: B\n' > bom-b.yaml
printf '\357\273\277- id: c\n  type: book\n  title: C\n' > bom-c.yaml
cat bom-a.yaml bom-b.yaml bom-c.yaml > bom-cat.yaml
conv bom-cat.yaml bc.out
check "CSL-YAML, cat of files with byte-order marks: exit 0" [ "$(cat bc.out.rc)" -eq 0 ]
check "CSL-YAML, cat of files with byte-order marks: every record" [ "$(grep -c '^@' bc.out)" -eq 3 ]
printf '\357\273\277{"id": "a", "type": "book", "title": "A"}\n' > bom.jsonl
printf '\357\273\277TY  - JOUR\nTI  - A\nER  - \n' > bom.ris
printf '\357\273\277@book{a, title = {A}}\n' > bom.bib
for f in bom.jsonl bom.ris bom.bib; do
    cat "$f" "$f" > "cat-$f"
    conv "cat-$f" bc.out
    check "cat-$f: every record (the marks skipped)" [ "$(grep -c '^@' bc.out)" -eq 2 -a "$(cat bc.out.rc)" -eq 0 ]
done

# --- UTF-8 read straight into the window: characters cut by a read ---------------
# A file of 2-, 3- and 4-byte characters (é € 😀) packed tight, shifted by 0-3
# bytes so that every read boundary (64 KiB) falls inside some character: the
# file, the same file through a pipe in odd-sized writes, and (oracle) the
# records' titles must agree; one byte 0xE9 alone past the first 64 KiB is
# Windows-1252 'é' with one warning at its line and column, as the decoder
# gives it; a character cut by the end of the file is reported, not lost.
mkbig() { # PAD BAD: 300 entries of 240 packed characters
    awk -v pad="$1" -v bad="$2" 'BEGIN {
        printf "%" pad + 1 "s\n", "%"
        for (i = 0; i < 300; i++) {
            t = ""; for (k = 0; k < 80; k++) t = t "é€😀"
            if (bad && i == 150) t = "X" "\351" "Y" t
            printf "@misc{k%d,\n  title = {%s},\n}\n", i, t
        }
    }'
}
for p in 0 1 2 3; do
    mkbig "$p" 0 > big$p.bib
    $PCW -q big$p.bib -t csljson > big$p.file.json 2> big$p.file.err
    dd if=big$p.bib bs=4093 status=none | $PCW -q -f bibtex - -t csljson > big$p.pipe.json 2> big$p.pipe.err
    check "UTF-8 packed tight, shift $p: file and pipe agree, no message" \
        sh -c "cmp -s big$p.file.json big$p.pipe.json && [ ! -s big$p.file.err ] && [ ! -s big$p.pipe.err ]"
    check "UTF-8 packed tight, shift $p: every character kept" \
        [ "$(grep -o '😀' big$p.file.json | wc -l)" -eq 24000 ]
done
mkbig 0 1 > bigbad.bib
$PCW bigbad.bib -t csljson > bigbad.json 2> bigbad.err
line=$(grep -n "X$(printf '\351')Y" bigbad.bib | cut -d: -f1)
contains "one byte 0xE9 past 64 KiB: a warning at its line and column" bigbad.err \
    "bigbad.bib:$line:13: warning:"
check "one byte 0xE9 past 64 KiB: one message" [ "$(grep -c warning: bigbad.err)" -eq 1 ]
check "one byte 0xE9 past 64 KiB: read as Windows-1252 'é'" grep -q '"title": "XéY' bigbad.json
dd if=bigbad.bib bs=4093 status=none | $PCW -f bibtex - -t csljson > bigbad.pipe.json 2> bigbad.pipe.err
check "one byte 0xE9 past 64 KiB, through a pipe: the same output and message" \
    sh -c "cmp -s bigbad.json bigbad.pipe.json && [ \"\$(sed 's|bigbad.bib|F|' bigbad.err)\" = \"\$(sed 's|<stdin>|F|' bigbad.pipe.err)\" ]"
{ cat big0.bib; printf '@misc{cut, title = {A\342\202'; } > bigcut.bib
$PCW bigcut.bib -t csljson > bigcut.json 2> bigcut.err
check "a character cut by the end of a 64 KiB+ file: reported" grep -q "bigcut.bib:" bigcut.err
