#!/bin/sh
# SPDX-License-Identifier: MIT
# test_yaml_read.sh — the CSL-YAML reader on bytes libyaml refuses (issue 12):
# a byte that is not UTF-8, a NUL, a control character YAML forbids.  Each is
# an error at its line:column (libyaml alone knows only a byte offset), only
# the item that holds it is lost, and one outside every item (a comment)
# loses nothing; the same with CRLF and CR line ends, in a flow (JSON-like)
# list, after a byte-order mark, and for UTF-16 input, which libyaml decodes.
. "$(dirname "$0")/../lib.sh"

# titles NAME FILE "A B C": the RIS titles written, in order
titles() {
    got=$(sed -n 's/^TI  - //p' "$2" | tr -d '\r' | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$3" ]; then pass "$1"; else fail "$1" "titles \"$got\", want \"$3\""; fi
}

python3 - "$T" <<'EOF'
import sys
t = sys.argv[1]
doc = (b"references:\n"
       b"- id: a\n  title: One\n"
       b"# caf\xe9 in a comment\n"
       b"- id: b\n  title: \"Tw\xc3\xa9\xe9o\"\n  author: [{family: X}]\n"
       b"- id: c\n  title: Three\n  note: \"x\x07y\"\n"
       b"- id: d\n  title: Four \xff\xfe\n"
       b"- id: e\n  title: Five\n  note: \"a\x00b\"\n"
       b"- id: f\n  title: Six\n")
open(t + "/bad.yaml", "wb").write(doc)
open(t + "/crlf.yaml", "wb").write(doc.replace(b"\n", b"\r\n"))
open(t + "/cr.yaml", "wb").write(doc.replace(b"\n", b"\r"))
open(t + "/bom.yaml", "wb").write(b"\xef\xbb\xbf" + doc)
open(t + "/flow.yaml", "wb").write(b'[{"id": "a", "title": "One"},\n {"id": "b", "title": "T\xe9wo"}, {"id": "c", "title": "Three"}]\n')
open(t + "/utf16.yaml", "wb").write("references:\n- id: a\n  title: One\n- id: b\n  title: Two\n".encode("utf-16"))
EOF

for f in bad crlf cr bom; do
    exit_is "yaml: bad bytes ($f): exit 1" 1 $PCW "$T/$f.yaml" -t ris
    cp "$T/stdout" "$T/out.ris"
    titles "yaml: bad bytes ($f): only the items with NUL or controls are lost" "$T/out.ris" "One Twééo Four ÿþ Six"
    contains "yaml: bad bytes ($f): one in a comment, at line:column" "$T/stderr" \
        "$f.yaml:4:6: warning: invalid UTF-8 byte 0xE9, read as Windows-1252"
    contains "yaml: bad bytes ($f): one in an item, at line:column (a column counts characters)" "$T/stderr" \
        "$f.yaml:6:14: warning: invalid UTF-8 byte 0xE9, read as Windows-1252 \"é\""
    contains "yaml: bad bytes ($f): a control character" "$T/stderr" \
        "$f.yaml:10:11: error: YAML: control character U+0007 is not allowed: the reference at 8:3 is skipped"
    contains "yaml: bad bytes ($f): the first of several on a line" "$T/stderr" \
        "$f.yaml:12:15: warning: invalid UTF-8 byte 0xFF, read as Windows-1252 \"ÿ\""
    contains "yaml: bad bytes ($f): a NUL" "$T/stderr" \
        "$f.yaml:15:11: error: YAML: NUL byte: the reference at 13:3 is skipped"
done

exit_is "yaml: a bad byte in a flow list: a warning (exit 0)" 0 $PCW "$T/flow.yaml" -f yaml -t ris
cp "$T/stdout" "$T/out.ris"
titles "yaml: a bad byte in a flow list: every item kept" "$T/out.ris" "One Téwo Three"
contains "yaml: a bad byte in a flow list: at line:column" "$T/stderr" \
    "flow.yaml:2:25: warning: invalid UTF-8 byte 0xE9, read as Windows-1252 \"é\"; the text looks like Latin-1: try --encoding latin1"

exit_is "yaml: UTF-16 with a byte-order mark is still read" 0 $PCW "$T/utf16.yaml" -t ris
cp "$T/stdout" "$T/out.ris"
titles "yaml: UTF-16: every item" "$T/out.ris" "One Two"
