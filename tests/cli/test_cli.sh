# SPDX-License-Identifier: MIT
# test_cli.sh — the command line: exit codes, stdin, several inputs, -o
# atomicity, --strict, --keep-going, diagnostics format, faults.
. "$ROOT/tests/lib.sh"
S="$ROOT/samples/latest-parallel-computing.fr.txt"
BAD="$ROOT/tests/data/listing-bad.txt"
cd "$T" || exit 1

exit_is "--help exits 0" 0 $PCW --help
contains "--help shows usage" "$T/stdout" "Usage: paperconv"
exit_is "--version exits 0" 0 $PCW --version
exit_is "--list-formats exits 0" 0 $PCW --list-formats
contains "--list-formats lists bibtex" "$T/stdout" "bibtex"
contains "--list-formats lists listing" "$T/stdout" "listing"
exit_is "no -t is a usage error" 2 $PCW "$S"
exit_is "unknown -t is a usage error" 2 $PCW "$S" -t nosuch
contains "unknown -t lists the valid formats" "$T/stderr" "valid formats: bibtex"
exit_is "unknown -f is a usage error" 2 $PCW "$S" -f nosuch -t bibtex
exit_is "unknown option is a usage error" 2 $PCW --frobnicate -t bibtex
exit_is "-t without a value is a usage error" 2 $PCW "$S" -t
exit_is "bad --date is a usage error" 2 $PCW "$S" -t bibtex --date tomorrow

exit_is "missing file is bad input" 1 $PCW nosuch.txt -t bibtex
contains "missing file: GNU-style message" "$T/stderr" "paperconv: nosuch.txt: error: cannot read: No such file or directory"
exit_is "a directory is bad input" 1 $PCW "$ROOT/samples" -t bibtex
contains "a directory: says so" "$T/stderr" "Is a directory"

exit_is "sample converts" 0 $PCW "$S" -t bibtex
cp "$T/stdout" "$T/file.bib"
n=$(grep -c '^@' "$T/file.bib")
check "sample gives 25 entries (got $n)" [ "$n" -eq 25 ]
contains "title repeat is a warning with file:line:col" "$T/stderr" \
    "latest-parallel-computing.fr.txt:65:101: warning: title ends with a repeat"

$PC -t bibtex < "$S" > "$T/stdin.bib" 2>/dev/null
same "stdin gives the same entries as the file" "$T/file.bib" "$T/stdin.bib"
$PC - -t bibtex < "$S" > "$T/dash.bib" 2>/dev/null
same "- reads stdin" "$T/file.bib" "$T/dash.bib"
$PC -f listing -t bibtex < "$S" > "$T/f.bib" 2>/dev/null
same "-f listing on stdin" "$T/file.bib" "$T/f.bib"

exit_is "several inputs make one output" 0 $PCW "$S" "$S" -t bibtex
n=$(grep -c '^@' "$T/stdout")
check "several inputs: 50 entries (got $n)" [ "$n" -eq 50 ]
dups=$(grep '^@' "$T/stdout" | sort | uniq -d | wc -l)
check "several inputs: keys stay unique" [ "$dups" -eq 0 ]
contains "repeated key gets a suffix" "$T/stdout" "@misc{ilin2026qkwandaa,"

exit_is "--strict turns the warning into an error" 1 $PCW "$S" -t bibtex --strict
contains "--strict: reported as error" "$T/stderr" "error: title ends with a repeat"
exit_is "-q hides warnings" 0 $PCW "$S" -t bibtex -q
check "-q: stderr is empty" [ ! -s "$T/stderr" ]
exit_is "-v prints a summary" 0 $PCW "$S" -t bibtex -v
contains "-v: counts" "$T/stderr" "25 record(s) read, 25 written, 0 skipped; 1 warning(s), 0 error(s)"

exit_is "bad records: exit 1" 1 $PCW "$BAD" -t bibtex
contains "bad date: GNU-style position" "$T/stderr" "listing-bad.txt:11:15: error: cannot read the date"
contains "no authors line: position" "$T/stderr" "listing-bad.txt:15:1: error: record"
n=$(grep -c '^@' "$T/stdout")
check "bad records: the others are still converted ($n)" [ "$n" -eq 2 ]
exit_is "--keep-going: exit 0" 0 $PCW "$BAD" -t bibtex --keep-going

# -o: atomic replacement
echo OLD > out.bib
exit_is "-o with a failing input exits 1" 1 $PCW "$BAD" -t bibtex -o out.bib
check "-o: old file intact after a failure" [ "$(cat out.bib)" = OLD ]
check "-o: no temp file left" [ -z "$(ls -A | grep paperconv)" ]
exit_is "-o with --keep-going writes" 0 $PCW "$BAD" -t bibtex -o out.bib --keep-going
check "-o --keep-going: file replaced" grep -q '^@misc' out.bib
exit_is "-o succeeds" 0 $PCW "$S" -t bibtex -o out.bib
same "-o writes what stdout gets" "$T/file.bib" out.bib
exit_is "-o into a missing folder fails" 1 $PCW "$S" -t bibtex -o nosuch/out.bib

# -o through a symlink replaces the file it points to, keeps the link
echo OLD > target.bib
ln -s target.bib link.bib
exit_is "-o through a symlink" 0 $PCW "$S" -t bibtex -o link.bib
check "-o symlink: still a symlink" [ -L link.bib ]
same "-o symlink: target replaced" "$T/file.bib" target.bib
# a non-regular file is written directly, never renamed over
exit_is "-o /dev/null" 0 $PCW "$S" -t bibtex -o /dev/null
check "-o /dev/null: still a device" [ -c /dev/null ]

# invalid UTF-8: read as Windows-1252, a warning with its position, every record kept
printf 'Head\n\n\342\200\242 Good\n\n  A B \302\267 2026-10-02\n\n\342\200\242 Bad \377 title\n\n  C D \302\267 2026-10-02\n' > bad-utf8.txt
exit_is "invalid UTF-8 is a warning" 0 $PCW bad-utf8.txt -t bibtex
contains "invalid UTF-8: position (a column counts characters)" "$T/stderr" "bad-utf8.txt:7:7: warning: invalid UTF-8 byte 0xFF"
n=$(grep -c '^@' "$T/stdout")
check "invalid UTF-8: both records kept ($n)" [ "$n" -eq 2 ]
exit_is "invalid UTF-8 with --strict: bad input" 1 $PCW --strict bad-utf8.txt -t bibtex

# an empty input is not an error
: > empty.txt
exit_is "empty input: exit 0" 0 $PCW empty.txt -t bibtex
check "empty input: empty output" [ ! -s "$T/stdout" ]

# faults
if [ -w /dev/full ]; then
    exit_is "-o /dev/full: write error is reported" 1 $PCW "$S" -t bibtex -o /dev/full
    check "-o /dev/full: still a device" [ -c /dev/full ]
    $PC "$S" -t bibtex > /dev/full 2> "$T/full.err"
    rc=$?
    check "stdout on /dev/full exits 1" [ $rc -eq 1 ]
    contains "stdout on /dev/full says why" "$T/full.err" "No space left on device"
fi

# several inputs, one bad: the good ones converted, the bad one reported;
# with -o, nothing is written, --keep-going or not: an input that cannot be
# read is no bad record (tests/cli/test_inputs.sh has every such input)
exit_is "several inputs, one missing: exit 1" 1 $PCW "$S" nosuch.txt "$S" -t bibtex
n=$(grep -c '^@' "$T/stdout")
check "several inputs, one missing: both good ones converted ($n)" [ "$n" -eq 50 ]
contains "several inputs, one missing: reported" "$T/stderr" "nosuch.txt: error: cannot read"
echo OLD > multi.bib
exit_is "several inputs, one bad, -o: exit 1" 1 $PCW "$S" nosuch.txt -t bibtex -o multi.bib
check "several inputs, one bad, -o: nothing written" [ "$(cat multi.bib)" = OLD ]
exit_is "several inputs, one missing, -o --keep-going: exit 1" 1 $PCW "$S" nosuch.txt -t bibtex -o multi.bib --keep-going
check "several inputs, one missing, -o --keep-going: nothing written" [ "$(cat multi.bib)" = OLD ]

# format detection: by extension, then content; ambiguity or nothing suggests -f
printf 'not a format we know\n' > mystery.dat
exit_is "unknown content: bad input" 1 $PCW mystery.dat -t bibtex
contains "unknown content: suggests -f" "$T/stderr" "use -f FORMAT"
cp "$S" listing.dat
exit_is "listing recognised by content" 0 $PCW listing.dat -t bibtex
