# SPDX-License-Identifier: MIT
# test_manners.sh — command-line manners (issue 15): -t from -o's
# extension, an input that gives no record, a renamed citation key named
# with both places, -v naming each input's reader, the hint on a terminal,
# --encoding, the progress line.
. "$ROOT/tests/lib.sh"
S="$ROOT/samples/latest-parallel-computing.fr.txt"
D="$ROOT/tests/data"
cd "$T" || exit 1

# -- -t from the extension of -o ----------------------------------------
$PC "$S" -t yaml > want.yaml 2>/dev/null
$PC "$S" -t ris > want.ris 2>/dev/null
exit_is "-o refs.yaml without -t: exit 0" 0 $PCW "$S" -o refs.yaml
same "-o refs.yaml without -t: YAML written" want.yaml refs.yaml
exit_is "-o refs.ris without -t: exit 0" 0 $PCW "$S" -o refs.ris
same "-o refs.ris without -t: RIS written" want.ris refs.ris
$PC "$S" -t csljson > want.json 2>/dev/null
exit_is "-o refs.json without -t: exit 0" 0 $PCW "$S" -o refs.json
same "-o refs.json without -t: CSL-JSON written (.json is read by the JSON reader)" want.json refs.json
exit_is "-o refs.bib without -t: exit 0" 0 $PCW "$S" -o refs.bib
exit_is "-t wins over the extension" 0 $PCW "$S" -t ris -o other.yaml
same "-t wins over the extension: RIS written" want.ris other.yaml
exit_is "-o with an extension no writer has, no -t: usage error" 2 $PCW "$S" -o refs.xyz
contains "... says so" "$T/stderr" "no output format: use -t FORMAT (the extension of 'refs.xyz' names none)"
contains "... lists the valid formats" "$T/stderr" "valid formats: bibtex"
check "... writes nothing" [ ! -e refs.xyz ]
exit_is "neither -t nor -o: usage error" 2 $PCW "$S"
contains "neither -t nor -o: lists the valid formats" "$T/stderr" "valid formats: bibtex"

# -- an input that gives no record ---------------------------------------
echo hello > junk.txt
exit_is "text that is no listing: exit 1" 1 $PCW junk.txt -t bibtex
contains "... names the reader" "$T/stderr" \
    "paperconv: junk.txt: error: read as listing: no record found; is it another format? try -f"
exit_is "-f ris on a BibTeX file: exit 1" 1 $PCW -f ris "$D/bib-types.bib" -t bibtex
contains "... names the reader and what it looks like" "$T/stderr" "read as ris (-f): no record found; this looks like BibTeX"
cp "$D/bib-types.bib" types.bib
exit_is "-f listing on a BibTeX file: exit 1" 1 $PCW -f listing types.bib -t ris
contains "... names the reader" "$T/stderr" "types.bib: error: read as listing (-f): no record found"
exit_is "--keep-going: still exit 1 (no bad record: a whole input)" 1 $PCW junk.txt -t bibtex --keep-going
: > empty.bib
exit_is "0-byte input: exit 0" 0 $PCW empty.bib -t bibtex
check "0-byte input: nothing said" [ ! -s "$T/stderr" ]
exit_is "0-byte input with -f: exit 0" 0 $PCW -f ris empty.bib -t bibtex
printf '\n  \n\t\n' > blank.txt
exit_is "white space only: exit 0" 0 $PCW blank.txt -t bibtex
# inputs of the reader's own format that hold no record are fine
exit_is "an empty RSS channel: exit 0" 0 $PCW "$D/rss-empty.xml" -t bibtex
echo '[]' > none.json
exit_is "an empty JSON array: exit 0" 0 $PCW none.json -t bibtex
printf 'references: []\n' > none.yaml
exit_is "an empty CSL-YAML list: exit 0" 0 $PCW none.yaml -t bibtex
printf '@comment{nothing here}\n@string{x = "y"}\n' > none.bib
exit_is "BibTeX with only @comment and @string: exit 0" 0 $PCW none.bib -t ris

# -- a citation key renamed because an earlier record had it ---------------
printf '@article{knuth1984,\n  title = {Literate Programming},\n  author = {Knuth, Donald E.},\n  year = 1984}\n' > a.bib
printf '%% another copy\n\n@book{knuth1984,\n  title = {The TeXbook},\n  author = {Knuth, Donald E.},\n  year = 1984}\n' > b.bib
exit_is "same key in two files: exit 0" 0 $PCW a.bib b.bib -t bibtex
contains "same key in two files: second renamed" "$T/stdout" "@book{knuth1984a,"
contains "same key in two files: a warning names both places" "$T/stderr" \
    'paperconv: b.bib:3: warning: citation key "knuth1984" is taken by the record at a.bib:1: this record gets "knuth1984a"'
exit_is "same key in two files, --strict: exit 1" 1 $PCW a.bib b.bib -t bibtex --strict
cat a.bib b.bib > ab.bib
exit_is "same key twice in one file: exit 0" 0 $PCW ab.bib -t bibtex
contains "same key twice in one file: both places" "$T/stderr" \
    'ab.bib:7: warning: citation key "knuth1984" is taken by the record at ab.bib:1'
$PC - b.bib -t bibtex < a.bib > /dev/null 2> stdin-key.err
contains "the first place on stdin" stdin-key.err 'b.bib:3: warning: citation key "knuth1984" is taken by the record at <stdin>:1'
exit_is "generated keys that repeat: no warning" 0 $PCW a.bib b.bib -t bibtex --rekey
check "generated keys that repeat: stderr empty" [ ! -s "$T/stderr" ]
exit_is "generated keys that repeat, -v: a note" 0 $PCW "$S" "$S" -t bibtex -v
contains "generated keys that repeat, -v: note with both places" "$T/stderr" \
    "latest-parallel-computing.fr.txt:5: note: generated key \"ilin2026qkwanda\" is taken by the record at $S:5"
# a key with characters no key can hold (a brace, a comma, a bidi control)
# is written with "_" for them, and said with -v
printf '[{"id":"x}y,z","type":"book","title":"T"},{"id":"a\342\200\256b","type":"book","title":"U"}]' > badkey.json
exit_is "an input key no key can be: exit 0" 0 $PCW badkey.json -t bibtex -v
contains "an input key no key can be: written with _" "$T/stdout" "@book{x_y_z,"
contains "an input key no key can be: -v says so" "$T/stderr" \
    'note: citation key "x}y,z" holds characters a key cannot'
contains "a bidi control is no key character" "$T/stdout" "@book{a_b,"

# -- -v names the reader of each input and why -----------------------------
exit_is "-v: exit 0" 0 $PCW a.bib -t ris -v
contains "-v: reader from the extension" "$T/stderr" "paperconv: a.bib: note: read as bibtex (extension .bib)"
cp a.bib a.dat
exit_is "-v on content: exit 0" 0 $PCW a.dat -t ris -v
contains "-v: reader from the content" "$T/stderr" "a.dat: note: read as bibtex (content)"
$PC -t ris -v < a.bib > /dev/null 2> v.err
contains "-v: stdin read by content" v.err "<stdin>: note: read as bibtex (content)"
exit_is "-v with -f: exit 0" 0 $PCW -f bibtex a.bib -t ris -v
contains "-v: reader from -f" "$T/stderr" "a.bib: note: read as bibtex (-f)"

# -- --encoding is an option with a value ---------------------------------
exit_is "--encoding NAME: accepted" 0 $PCW "$S" -t bibtex --encoding UTF-8
exit_is "--encoding without a value: usage error" 2 $PCW "$S" -t bibtex --encoding
exit_is "--help: exit 0" 0 $PCW --help
for o in --to --from --output --encoding --unicode --rekey --date --strict --keep-going \
    --progress --no-progress --list-formats --quiet --verbose --help --version; do
    contains "--help names $o" "$T/stdout" "$o"
    check "README's usage table names $o" grep -q -- "\`.*$o" "$ROOT/README.md"
done

# -- a terminal: the stdin hint and the progress line (script gives a pty) --
if script -qec true /dev/null < /dev/null > /dev/null 2>&1; then
    script -qec "$PC -t bibtex" /dev/null < /dev/null > tty.out 2>&1
    contains "stdin a terminal: a one-line hint" tty.out "paperconv: reading standard input (end with Ctrl-D"
    script -qec "$PC -t bibtex < '$S' > /dev/null" /dev/null < /dev/null > tty-small.out 2>&1
    check "terminal, small input: no progress line" sh -c "! grep -q records tty-small.out"
    # 54 MB of comment lines around one entry: over the 50 MB threshold,
    # and only one record to write
    awk 'BEGIN { for (i = 0; i < 750000; i++) printf "%% padding line %056d\n", i }' > big.bib
    cat a.bib >> big.bib
    script -qec "$PC big.bib -t ris > /dev/null" /dev/null < /dev/null > tty-big.out 2>&1
    contains "terminal, big input: a progress line" tty-big.out "paperconv: 1 record, 54.0 MB, "
    contains "terminal, big input: percent" tty-big.out "100%"
    check "terminal, big input: redrawn in place" grep -q "$(printf '\r')paperconv: " tty-big.out
    script -qec "$PC big.bib -t ris --no-progress > /dev/null" /dev/null < /dev/null > tty-off.out 2>&1
    check "terminal, --no-progress: no line" sh -c "! grep -q records tty-off.out"
    script -qec "$PC big.bib -t ris" /dev/null < /dev/null > tty-screen.out 2>&1
    contains "terminal, output on the screen: the output" tty-screen.out "TY  - "
    check "terminal, output on the screen: no progress line" sh -c "! grep -q records tty-screen.out"
    rm -f big.bib
else
    skip "terminal tests" "script (util-linux) cannot open a pty here"
fi
$PC "$S" -t bibtex > /dev/null 2> pipe.err
check "not a terminal: no progress line" sh -c "! grep -q records pipe.err"
exit_is "--progress into a file: exit 0" 0 $PCW "$S" -t bibtex -q --progress
contains "--progress into a file: the last line counts every record" "$T/stderr" \
    "paperconv: 25 records, 0.0 MB"
contains "--progress into a file: percent" "$T/stderr" "100%"
check "--progress into a file: plain lines, no escapes" sh -c "! grep -q \"$(printf '\033')\" '$T/stderr'"
