# SPDX-License-Identifier: MIT
# test_inputs.sh — an input that fails as a whole (issue 19): a missing
# file, a directory, an unreadable file, a PDF or gzip file, text of no
# format, a file whose reading stops before its end, an unknown encoding.
# --keep-going forgives bad records, not these: exit 1, and -o leaves the
# old file untouched, alone or beside good inputs.  On standard output the
# other inputs are still converted.  An empty input, or one of its format
# holding no record, is fine.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

printf '@article{good2000,\n  title = {Good},\n  author = {Doe, Jane},\n  year = 2000}\n' > good.bib
$PC good.bib -t bibtex > good.out 2>/dev/null
mkdir dir.bib
printf '%%PDF-1.4\n%%\342\343\317\323\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstream\n\000\001\002x\000\nendstream\n%%%%EOF\n' > paper.pdf
cp paper.pdf pdf.bib
gzip -c good.bib > good.bib.gz
cp good.bib.gz gz.bib
echo hello > junk.txt
echo hello > junk.bib
{ cat good.bib; printf '\000\n@book{lost, title = {Lost}}\n'; } > nul.bib

# fails NAME WANT-STDERR ARGS...: with and without --keep-going, to stdout
# and with -o, alone and beside good.bib: exit 1 each time, the old -o file
# intact, no temp file; on stdout good.bib's entry is still written.
fails() {
    what=$1 why=$2; shift 2
    for kg in "" --keep-going; do
        exit_is "$what${kg:+ $kg}: exit 1" 1 $PCW "$@" -t bibtex $kg
        contains "$what${kg:+ $kg}: says why" "$T/stderr" "$why"
        echo OLD > out.bib
        exit_is "$what${kg:+ $kg}, -o: exit 1" 1 $PCW "$@" -o out.bib $kg
        check "$what${kg:+ $kg}, -o: old file intact" [ "$(cat out.bib)" = OLD ]
        check "$what${kg:+ $kg}, -o: no temp file" [ -z "$(ls -A | grep '^\.paperconv')" ]
        exit_is "good.bib + $what${kg:+ $kg}: exit 1" 1 $PCW good.bib "$@" -t bibtex $kg
        contains "good.bib + $what${kg:+ $kg}: the good entry still on stdout" "$T/stdout" "@article{good2000,"
        exit_is "good.bib + $what${kg:+ $kg}, -o: exit 1" 1 $PCW good.bib "$@" -o out.bib $kg
        check "good.bib + $what${kg:+ $kg}, -o: old file intact" [ "$(cat out.bib)" = OLD ]
        exit_is "$what + good.bib${kg:+ $kg}, -o: exit 1" 1 $PCW "$@" good.bib -o out.bib $kg
        check "$what + good.bib${kg:+ $kg}, -o: old file intact" [ "$(cat out.bib)" = OLD ]
    done
    contains "$what --keep-going, -o: says why nothing was written" "$T/stderr" \
        "out.bib: note: not written: an input could not be read (--keep-going forgives bad records, not unread inputs)"
}

fails "a missing file (a typo)" "refrences.bib: error: cannot read: No such file or directory" refrences.bib
fails "a directory" "dir.bib: error: cannot read: Is a directory" dir.bib
fails "a PDF" "paper.pdf: error: this is a PDF file, not a bibliography" paper.pdf
fails "a PDF named .bib" "pdf.bib: error: this is a PDF file, not a bibliography" pdf.bib
fails "a gzip file" "good.bib.gz: error: this is a gzip file, not a bibliography" good.bib.gz
fails "a gzip file named .bib" "gz.bib: error: this is a gzip file, not a bibliography" gz.bib
fails "text of no format" "junk.txt: error: read as listing: no record found" junk.txt
fails "text named .bib" "junk.bib: error: read as bibtex: no record found" junk.bib
fails "a file whose reading stops at a NUL" "nul.bib:5:1: error: NUL byte" nul.bib

# a line over the line readers' 16 MB limit ends the input: the records
# after it are lost, so the input failed as a whole
{ printf 'TY  - BOOK\nTI  - First\nER  - \n\n'; head -c 17000000 /dev/zero | tr '\0' a
  printf '\nTY  - BOOK\nTI  - Lost\nER  - \n'; } > long.ris
exit_is "a RIS line over 16 MB --keep-going: exit 1" 1 $PCW long.ris -t bibtex --keep-going
contains "a RIS line over 16 MB: says why" "$T/stderr" "long.ris:5:1: error: line longer than 16 MB"
contains "a RIS line over 16 MB: the record before it on stdout" "$T/stdout" "title = {First}"
echo OLD > out.bib
exit_is "a RIS line over 16 MB --keep-going, -o: exit 1" 1 $PCW long.ris -o out.bib --keep-going
check "a RIS line over 16 MB --keep-going, -o: old file intact" [ "$(cat out.bib)" = OLD ]
rm -f long.ris

# bytes that are not the --encoding: an error at the place, the byte
# replaced by U+FFFD and decoding goes on, so the records after it are kept:
# a bad record (--keep-going forgives it), not an unread input
{ cat good.bib; printf '@book{b, title = {\202}}\n@book{c, title = {C}}\n'; } > sjis.bib
echo OLD > out.bib
exit_is "undecodable bytes, -o: exit 1" 1 $PCW --encoding SHIFT_JIS sjis.bib -o out.bib
contains "undecodable bytes: says why" "$T/stderr" "cannot decode the input as SHIFT_JIS"
check "undecodable bytes, -o: old file intact" [ "$(cat out.bib)" = OLD ]
exit_is "undecodable bytes --keep-going, -o: exit 0" 0 $PCW --encoding SHIFT_JIS sjis.bib -o out.bib --keep-going
contains "undecodable bytes --keep-going: the record after the bad byte is kept" out.bib "title = {C}"

# a bad option is a usage error whatever the inputs: exit 2, -o untouched
echo OLD > out.bib
exit_is "--encoding nosuch good.bib --keep-going, -o: exit 2" 2 $PCW --encoding nosuch good.bib -o out.bib --keep-going
check "--encoding nosuch good.bib --keep-going, -o: old file intact" [ "$(cat out.bib)" = OLD ]
contains "an unknown encoding: says why" "$T/stderr" "error: unknown encoding 'nosuch' for --encoding"

# the same through an option that applies to every input
echo OLD > out.bib
exit_is "-f ris good.bib --keep-going, -o: exit 1" 1 $PCW -f ris good.bib -o out.bib --keep-going
check "-f ris good.bib --keep-going, -o: old file intact" [ "$(cat out.bib)" = OLD ]
exit_is "-f ris on a BibTeX file --keep-going: exit 1" 1 $PCW -f ris good.bib -t bibtex --keep-going
contains "-f ris on a BibTeX file: says why" "$T/stderr" "good.bib: error: read as ris (-f): no record found; this looks like BibTeX"

# a file one cannot read (as root: as nobody, in a folder nobody may write)
mkdir -p perm && cp good.bib perm/good.bib && cp good.bib perm/secret.bib && chmod 000 perm/secret.bib
chmod 777 perm
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null 2>&1; then
    AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
elif [ "$(id -u)" != 0 ]; then
    AS=
else
    AS=none
fi
if [ "$AS" = none ]; then
    skip "an unreadable file" "running as root without setpriv"
else
    (cd perm && echo OLD > out.bib && chmod 666 out.bib &&
        $AS $PC good.bib secret.bib -o out.bib --keep-going 2> err; echo $? > rc)
    check "an unreadable file --keep-going, -o: exit 1 ($(cat perm/rc))" [ "$(cat perm/rc)" -eq 1 ]
    contains "an unreadable file: says why" perm/err "secret.bib: error: cannot read: Permission denied"
    check "an unreadable file --keep-going, -o: old file intact" [ "$(cat perm/out.bib)" = OLD ]
fi

# standard input that is a directory, or a PDF
exit_is "stdin a PDF --keep-going: exit 1" 1 $PCW -t bibtex --keep-going < paper.pdf
contains "stdin a PDF: says why" "$T/stderr" "<stdin>: error: this is a PDF file, not a bibliography"

# what is fine: an empty input, white space, a file of the format with no
# record; -o is then replaced (nothing was lost)
: > empty.bib
printf '\n \n\t\n' > blank.txt
printf '@comment{nothing}\n' > none.bib
echo '[]' > none.json
for f in empty.bib blank.txt none.bib none.json; do
    echo OLD > out.bib
    exit_is "$f --keep-going, -o: exit 0" 0 $PCW "$f" -o out.bib --keep-going
    check "$f --keep-going, -o: replaced (empty)" [ ! -s out.bib ]
    exit_is "good.bib + $f, -o: exit 0" 0 $PCW good.bib "$f" -o out.bib
    same "good.bib + $f, -o: the good entry written" good.out out.bib
done

# bad records are what --keep-going is for: a record skipped, the file written
printf '@article{bad,\n  title = {Bad\n\n@article{ok2001,\n  title = {Ok},\n  year = 2001}\n' > bad.bib
echo OLD > out.bib
exit_is "bad records, -o: exit 1" 1 $PCW bad.bib -o out.bib
check "bad records, -o: old file intact" [ "$(cat out.bib)" = OLD ]
exit_is "bad records --keep-going, -o: exit 0" 0 $PCW good.bib bad.bib -o out.bib --keep-going
contains "bad records --keep-going, -o: what could be converted is written" out.bib "@article{good2000,"

# -v counts the inputs that could not be read
exit_is "-v with a missing input: exit 1" 1 $PCW good.bib nosuch.bib -t bibtex -v --keep-going
contains "-v: the inputs not read are counted" "$T/stderr" "paperconv: 1 input(s) could not be read"
