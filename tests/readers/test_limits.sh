#!/bin/sh
# SPDX-License-Identifier: MIT
# test_limits.sh — the readers' limits (issue 12), each one a positioned
# error with exit 1 that skips only its record, checked before the memory is
# spent, and the line ends and encodings a reader must not get wrong:
#
#  1. BibTeX: the entry limit after @string expansion (a 1 MB macro used 1 000
#     times), keys, names and bare numbers over 1 024 bytes, many macros and
#     fields looked up right, duplicate fields, CR-only and CRLF line ends
#     (every entry kept, positions on the right line), a UTF-16 byte-order
#     mark and NUL bytes refused with a message;
#  2. Atom/RSS: an entry over 8 MB and one with an element of more than 256
#     attributes skipped with their line:column, the entries after them read
#     and still positioned right; such an element outside the entries; a
#     CR-only feed positioned right;
#  3. JSON: an element with more than 4M values refused before jansson.
# The inputs are written by python3 here; each run is bounded in time (and,
# but under ASan, in memory) so a limit checked too late fails the test.
. "$(dirname "$0")/../lib.sh"

# limited SECONDS KB COMMAND...: under a timeout, and ulimit -v but for ASan
limited() {
    secs=$1; kb=$2; shift 2
    if [ -n "${PREFIX:-}" ]; then
        timeout $((secs * 6)) "$@"
    else
        (ulimit -v "$kb" && exec timeout "$secs" "$@")
    fi
}
# run NAME WANT-EXIT FILE ARGS...: paperconv FILE ARGS under 20 s and 400 MB
run() {
    name=$1; want=$2; input=$3; shift 3
    limited 20 400000 $PC "$input" "$@" > "$T/stdout" 2> "$T/stderr"
    rc=$?
    if [ $rc -eq "$want" ]; then
        pass "$name: exit $want"
    else
        fail "$name: exit $rc, want $want (124 = timeout, >128 = a signal)" "$(head -c 400 "$T/stderr")"
    fi
}
# records NAME N: the BibTeX output of the last run has N entries
records() {
    got=$(grep -c '^@' "$T/stdout")
    if [ "$got" -eq "$2" ]; then pass "$1"; else fail "$1" "$got records, want $2"; fi
}
# titles NAME "A B C": the titles written, in order
titles() {
    got=$(sed -n 's/^  title = {\(.*\)},$/\1/p' "$T/stdout" | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$2" ]; then pass "$1"; else fail "$1" "titles \"$got\", want \"$2\""; fi
}

# ---- 1. BibTeX -----------------------------------------------------------------

python3 - "$T" <<'EOF'
import sys
t = sys.argv[1]
def w(name, data):
    open(t + "/" + name, "wb").write(data)
# a 1 MB macro used 1 000 times in one field: 1 GB if expanded
w("bomb.bib", b"@string{m = {" + b"x" * (1 << 20) + b"}}\n"
  b"@article{bomb, author = {A B}, title = " + b" # ".join([b"m"] * 1000) + b"}\n"
  b"@article{after, author = {C D}, title = {After}}\n")
# tokens: 1 025 bytes is too long, 1 024 is not
long_ = lambda c, n: c * n
w("tokens.bib", b"@article{" + long_(b"k", 1025) + b", author = {A B}, title = {Key}}\n"
  b"@article{ok1, author = {A B}, title = {One}}\n"
  b"@article{f, author = {A B}, title = {Field}, " + long_(b"f", 1025) + b" = {v}}\n"
  b"@article{ok2, author = {A B}, title = {Two}}\n"
  b"@article{n, author = {A B}, title = {Number}, year = " + long_(b"1", 1025) + b"}\n"
  b"@" + long_(b"t", 1025) + b"{x, title = {Type}}\n"
  b"@string{" + long_(b"m", 1025) + b" = {v}}\n"
  b"@article{ok3, author = {A B}, title = {Three}, note = " + long_(b"z", 1025) + b"}\n"
  b"@article{" + long_(b"k", 1024) + b", author = {A B}, title = {Four}, " + long_(b"g", 1024) +
  b" = {v}, year = " + long_(b"2", 1024)[:4] + b"}\n")
# 3 000 macros (one defined twice: the last wins), 30 000 references
macros = b"".join(b"@string{mac%d = {v%d}}\n" % (i, i) for i in range(3000))
macros += b"@string{MAC7 = {seven}}\n"
refs = b" # ".join(b"mac%d" % (i % 3000) for i in range(30000))
w("macros.bib", macros + b"@article{m, author = {A B}, title = {Macros}, note = " + refs +
  b"}\n@article{m2, author = {A B}, title = mac2999 # { } # Mac7 # { } # jan}\n")
# 20 000 fields and a duplicate title on line 20 002
w("fields.bib", b"@article{many, author = {A B}, title = {Many},\n" +
  b"".join(b" f%d = {v},\n" % i for i in range(20000)) + b" title = {Again}}\n"
  b"@article{after, author = {C D}, title = {After}}\n")
# CR-only (old Mac, EndNote) and CRLF, with %-comments between the entries
cr = (b"% a comment\r@article{a,\r  title = {One},\r  author = {A B}, year = 2020}\r"
      b"% another\r@article{b,\r  title = {Two},\r  author = {C D}, year = 2021, year = {2022}}\r"
      b"@article{c, title = {Three}, author = {E F}}\r")
w("cr.bib", cr)
w("crlf.bib", cr.replace(b"\r", b"\r\n"))
w("utf16.bib", "@article{a, title = {One}, author = {A B}}\n".encode("utf-16"))
w("nul.bib", b"@article{a, title = {One}, author = {A B}}\n\0\0\0\0\n@article{b, title = {Two}}\n")
EOF

run "bibtex: @string bomb" 1 "$T/bomb.bib" -t bibtex --rewrite
contains "bibtex: @string bomb: the limit applies after expansion, at the macro" "$T/stderr" \
    "bomb.bib:2:100: error: entry larger than 16 MB after @string expansion (macro \"m\" in field \"title\")"
titles "bibtex: @string bomb: the next entry is converted" "After"

run "bibtex: tokens over 1 024 bytes" 1 "$T/tokens.bib" -t bibtex --rewrite
contains "bibtex: a long key at its position" "$T/stderr" "tokens.bib:1:10: error: key longer than 1024 bytes"
contains "bibtex: a long field name at its position" "$T/stderr" "tokens.bib:3:46: error: field name longer than 1024 bytes"
contains "bibtex: a long number at its position" "$T/stderr" \
    "tokens.bib:5:54: error: number longer than 1024 digits in field \"year\""
contains "bibtex: a long entry type at its position" "$T/stderr" "tokens.bib:6:2: error: entry type longer than 1024 bytes"
contains "bibtex: a long macro name at its position" "$T/stderr" "tokens.bib:7:9: error: macro name longer than 1024 bytes"
contains "bibtex: a long macro reference at its position" "$T/stderr" \
    "tokens.bib:8:55: error: macro name longer than 1024 bytes"
# (an entry whose field name, number or macro name is too long keeps the
# fields read before it, as bibtex keeps them: Field, Number, Three)
titles "bibtex: tokens: the other entries (and 1 024 bytes) are converted" "One Field Two Number Three Four"

run "bibtex: 3 000 macros, 30 000 references" 0 "$T/macros.bib" -t bibtex --rewrite
python3 - "$T/stdout" <<'EOF' && pass "bibtex: every macro reference expanded, the redefinition wins" || fail "bibtex: every macro reference expanded, the redefinition wins"
import re, sys
out = open(sys.argv[1], encoding="utf-8").read()
note = re.search(r"note = \{(.*?)\},?\n", out).group(1)
want = "".join("seven" if i % 3000 == 7 else "v%d" % (i % 3000) for i in range(30000))
sys.exit(0 if note == want and "title = {v2999 seven January}" in out else 1)
EOF

run "bibtex: 20 000 fields" 0 "$T/fields.bib" -t bibtex --rewrite
contains "bibtex: a duplicate field is found among 20 000" "$T/stderr" \
    "fields.bib:20002:2: warning: duplicate field \"title\": the first one is kept"
titles "bibtex: 20 000 fields: the first title kept, the next entry read" "Many After"

for f in cr crlf; do
    run "bibtex: $f line ends" 0 "$T/$f.bib" -t bibtex --rewrite
    titles "bibtex: $f line ends: the %-comments end at the line end, every entry kept" "One Two Three"
    contains "bibtex: $f line ends: positions on their line" "$T/stderr" \
        "$f.bib:8:32: warning: duplicate field \"year\": the first one is kept"
done

# the source decodes a file with a UTF-16 byte-order mark (src/io/encoding.c):
# the entry is read, never lost in silence
run "bibtex: UTF-16 with a byte-order mark" 0 "$T/utf16.bib" -t bibtex --rewrite
titles "bibtex: UTF-16 with a byte-order mark is decoded" "One"
run "bibtex: NUL bytes" 1 "$T/nul.bib" -t bibtex --rewrite
contains "bibtex: NUL bytes are an error at their position" "$T/stderr" "nul.bib:2:1: error: NUL byte"
titles "bibtex: NUL bytes: the entry before them is converted" "One"

# @comment bodies wait in memory for the next entry, under a cap that counts
# each body's bytes and what keeping it costs: 1 000 000 empty @comment{}s
# (0 bytes each) are bounded too, with one warning (issue 19)
python3 -c 'import sys; open(sys.argv[1], "w").write("@comment{}\n" * 1000000 + "@misc{a, title = {After}}\n")' \
    "$T/comments.bib"
run "bibtex: 1 000 000 empty @comment{}s" 0 "$T/comments.bib" -t bibtex --rewrite
check "bibtex: empty @comment{}s count against the pending cap, with one warning" \
    test "$(grep -c 'of @preamble and @comment before an entry: the rest not kept' "$T/stderr")" -eq 1
titles "bibtex: empty @comment{}s: the entry after them is converted" "After"

# ---- 2. Atom / RSS -------------------------------------------------------------

python3 - "$T" <<'EOF'
import sys
t = sys.argv[1]
attrs = " ".join('a%d="v"' % i for i in range(300))
big = "word " * 20 + "\n"
big = big * ((9 << 20) // len(big))  # 9 MB over 89 000 lines
entry = '<entry><title>%s</title><author><name>A B</name></author></entry>\n'
feed = ('<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n' + entry % "One" +
        '<entry>\n<title\n ' + attrs + '>T</title>\n<author><name>A B</name></author>\n</entry>\n' +
        entry % "Two" +
        '  <entry><title>' + big + '</title></entry><entry><title>Three</title><author><name>A B</name></author></entry>\n' +
        '<entry><title>Four</title><published>bad date</published><author><name>A B</name></author></entry>\n' +
        '<entry><title>Five &undefined;</title><author><name>A B</name></author></entry>\n' +
        entry % "Six" + '</feed>\n')
open(t + "/big.atom", "w").write(feed)
open(t + "/lines", "w").write("%d\n" % (feed[:feed.index("Four")].count("\n") + 1))
# long values: the tags run over several of the look-ahead's pieces
urls = " ".join('xmlns:a%d="http://example.org/ns/%d"' % (i, i) for i in range(300))
open(t + "/attrs.atom", "w").write('<feed xmlns="http://www.w3.org/2005/Atom">\n' + entry % "One" +
        '<title ' + urls + '>x</title>\n' + entry % "Two" + '</feed>\n')
open(t + "/entrytag.atom", "w").write('<feed xmlns="http://www.w3.org/2005/Atom">\n' + entry % "One" +
        '<entry ' + urls + '><title>Bad</title></entry>\n' + entry % "Two" + '</feed>\n')
open(t + "/cr.rss", "w").write('<?xml version="1.0"?>\r<rss version="2.0">\r<channel><title>c</title>\r'
        '<item ' + attrs + '><title>Bad</title>\r\r</item>\r'
        '<item><title>One</title><pubDate>bad</pubDate></item>\r<item><title>Two</title></item>\r'
        '<item><title>Three &x;</title></item>\r</channel></rss>\r')
EOF
L=$(cat "$T/lines")

run "atom: large entry, many attributes" 1 "$T/big.atom" -t bibtex
contains "atom: an element with too many attributes: its entry at line:column" "$T/stderr" \
    "big.atom:4:1: error: entry not read: its element at 5:1 has more than 256 attributes"
contains "atom: an entry over 8 MB at line:column" "$T/stderr" "big.atom:10:3: error: entry larger than 8 MB: not read"
contains "atom: after them, our positions keep their lines" "$T/stderr" \
    "big.atom:$L: error: cannot read the date \"bad date\""
contains "atom: after them, libxml2's positions keep their lines" "$T/stderr" \
    "big.atom:$((L + 1)):31: error: XML: Entity 'undefined' not defined"
titles "atom: the other entries are converted" "One Two Three Four"

run "atom: an element with too many attributes outside the entries" 1 "$T/attrs.atom" -t bibtex
contains "atom: ... ends the feed with an error at its position" "$T/stderr" \
    "attrs.atom:3:1: error: XML: an element with more than 256 attributes; the rest of the feed is not read"
titles "atom: ... the entries before it are converted" "One"

run "atom: an entry tag with too many attributes" 1 "$T/entrytag.atom" -t bibtex
contains "atom: an entry tag with too many attributes: at its line:column" "$T/stderr" \
    "entrytag.atom:3:1: error: entry not read: its element at 3:1 has more than 256 attributes"
titles "atom: an entry tag with too many attributes: the other entries converted" "One Two"

run "rss: CR line ends" 1 "$T/cr.rss" -t bibtex
contains "rss: CR line ends: a skipped item at its line" "$T/stderr" \
    "cr.rss:4:1: error: item not read: its element at 4:1 has more than 256 attributes"
contains "rss: CR line ends: our positions on their line" "$T/stderr" "cr.rss:7: error: cannot read the date \"bad\""
contains "rss: CR line ends: libxml2's positions on their line" "$T/stderr" \
    "cr.rss:9:23: error: XML: Entity 'x' not defined"
titles "rss: CR line ends: the other items are converted" "One Two"

# ---- 3. JSON -------------------------------------------------------------------

python3 - "$T" <<'EOF'
import sys
open(sys.argv[1] + "/values.json", "w").write('[{"title": "One"},\n {"title": "Big", "x": [' +
        ",".join(["0"] * ((4 << 20) + 10)) + ']},\n {"title": "Two"}]\n')
EOF
run "json: more than 4M values" 1 "$T/values.json" -t bibtex
contains "json: more than 4M values: refused at the element's position" "$T/stderr" \
    "values.json:2:2: error: JSON value with more than 4194304 values: not loaded"
titles "json: more than 4M values: the other elements are converted" "One Two"
