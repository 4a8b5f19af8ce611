# SPDX-License-Identifier: MIT
# test_bibtex_spool.sh — what a BibTeX input with crossref or xdata keeps
# for its second pass (issue 19), and where.
#
#  - a file is read again from its path, under --encoding too, and
#    standard input redirected from a file through /dev/stdin: nothing is
#    written to disk (checked by a file-size limit that kills on a write);
#  - a pipe is kept in memory up to 1 MB, then under $TMPDIR; before its
#    first entry with crossref or xdata only its first 16 MB (a pipe
#    without crossref needs no disk beyond that); a parent in what was let
#    go is reported as such;
#  - a store that cannot be written (TMPDIR missing, a file-size limit, a
#    full tmpfs) is one clear error and the end of the input, never a pass
#    over part of it.
. "$ROOT/tests/lib.sh"

# limited KIND BYTES COMMAND...: COMMAND may write at most BYTES to any file;
# past it KIND "kill" ends it with SIGXFSZ, KIND "full" fails the write
# (EFBIG) as a full disk would.  Output goes to a pipe, which no limit counts.
limited() {
    python3 -c '
import os, resource, signal, sys
n = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))
signal.signal(signal.SIGXFSZ, signal.SIG_DFL if sys.argv[1] == "kill" else signal.SIG_IGN)
signal.signal(signal.SIGPIPE, signal.SIG_DFL)
os.execvp(sys.argv[3], sys.argv[3:])' "$@"
}

python3 - "$T" <<'EOF'
import sys
t = sys.argv[1]
def children(f, n, parents):
    for i in range(n):
        f.write("@inproceedings{c%d,\n  author = {Author, A%d},\n  title = {Paper %d},\n  crossref = {p%d},\n"
                "  abstract = {%s},\n}\n\n" % (i, i, i, i % parents, "x" * 300))
def parents(f, n):
    for j in range(n):
        f.write("@proceedings{p%d,\n  title = {Proceedings %d},\n  year = {2001},\n}\n\n" % (j, j))
with open(t + "/big.bib", "w") as f:      # 7 MB: children first, parents at the end
    children(f, 20000, 50)
    parents(f, 50)
with open(t + "/small.bib", "w") as f:    # under 1 MB
    children(f, 100, 5)
    parents(f, 5)
with open(t + "/many.bib", "w") as f:     # 30 001 records, 3 MB
    children(f, 30000, 1)
    parents(f, 1)
with open(t + "/latin1.bib", "wb") as f:  # 2 MB of Windows-1252
    f.write(b"@inproceedings{c0, title = {Caf\xe9}, crossref = {p0}}\n\n")
    for i in range(6000):
        f.write(b"@misc{m%d, title = {Na\xefve %d}, abstract = {%s}}\n\n" % (i, i, b"y" * 300))
    f.write(b"@proceedings{p0, title = {Acta \xc6}, year = {1999}}\n")
with open(t + "/plain.bib", "w") as f:    # 20 MB, no crossref
    for i in range(40000):
        f.write("@misc{m%d,\n  title = {Plain %d},\n  abstract = {%s},\n}\n\n" % (i, i, "z" * 480))
with open(t + "/late.bib", "w") as f:     # a parent, then 20 MB, then its child, a chain, a parent
    f.write("@proceedings{early, title = {Early}, year = {1990}}\n\n")
    for i in range(40000):
        f.write("@misc{m%d,\n  title = {Plain %d},\n  abstract = {%s},\n}\n\n" % (i, i, "z" * 480))
    f.write("@inproceedings{late, title = {Late}, crossref = {early}, xdata = {xp}}\n\n")
    f.write("@misc{b, title = {B}, crossref = {late}}\n\n@xdata{xp, publisher = {Pub}}\n")
EOF

$PC "$T/big.bib" -t bibtex --rewrite > "$T/big.want" 2> /dev/null
grep -q 'booktitle = {Proceedings 7},' "$T/big.want" && pass "spool: the file's children take their parents" ||
    fail "spool: the file's children take their parents" "$(head -12 "$T/big.want")"

# read again, never kept: a write of more than 64 KB would kill these runs
limited kill 65536 $PC "$T/big.bib" -t bibtex --rewrite 2> "$T/err" | cat > "$T/out"
same "spool: a file is read again from its path, nothing kept on disk" "$T/big.want" "$T/out"
limited kill 65536 $PC -f bibtex - -t bibtex --rewrite < "$T/big.bib" 2> "$T/err" | cat > "$T/out"
same "spool: standard input from a file is read again, nothing kept on disk" "$T/big.want" "$T/out"
limited kill 65536 $PC --encoding windows-1252 "$T/latin1.bib" -t bibtex --rewrite 2> "$T/err" | cat > "$T/out"
contains "spool: an --encoding file is read again (transcoded), nothing kept on disk" "$T/out" \
    'booktitle = {Acta {\AE}},'
contains "spool: ... its text transcoded" "$T/out" 'title = {Na{\"i}ve 5999},'

# a pipe: kept under $TMPDIR, and only from the first entry with crossref
mkdir -p "$T/tmp"
cat "$T/big.bib" | TMPDIR="$T/tmp" $PC -f bibtex - -t bibtex --rewrite > "$T/out" 2> "$T/err"
same "spool: a pipe as the file, kept under \$TMPDIR" "$T/big.want" "$T/out"
cat "$T/small.bib" | TMPDIR=/nonexistent $PC -f bibtex - -t bibtex --rewrite > "$T/out" 2> "$T/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q 'booktitle = {Proceedings 4},' "$T/out" &&
    pass "spool: a pipe under 1 MB is kept in memory (no TMPDIR needed)" ||
    fail "spool: a pipe under 1 MB is kept in memory (no TMPDIR needed)" "exit $rc" "$(head -3 "$T/err")"
cat "$T/plain.bib" | limited kill $((17 << 20)) $PC -f bibtex - -t bibtex --rewrite -v 2> "$T/err" > /dev/null
grep -q '40000 record(s) read, 40000 written' "$T/err" &&
    pass "spool: a 20 MB pipe without crossref keeps at most 16 MB on disk" ||
    fail "spool: a 20 MB pipe without crossref keeps at most 16 MB on disk" "$(tail -3 "$T/err")"
cat "$T/late.bib" | TMPDIR="$T/tmp" $PC -f bibtex - -t bibtex --rewrite > "$T/out" 2> "$T/err"
contains "spool: a parent in the 16 MB let go of a pipe is reported as such" "$T/err" \
    '<stdin>:200003:50: warning: crossref: no entry "early" after line 200003 of this pipe (its start is not kept past 16 MB: give the input as a file)'
grep -q 'booktitle = {Early}' "$T/out" && fail "spool: ... and not inherited" || pass "spool: ... and not inherited"
[ "$(grep -c ' = {Pub},' "$T/out")" -eq 2 ] &&
    pass "spool: past what was let go, the first child's parents are found, and it is a parent itself" ||
    fail "spool: past what was let go, the first child's parents are found, and it is a parent itself" "$(tail -12 "$T/out")"

# the store cannot be written: one error, the input not read further
cat "$T/big.bib" | TMPDIR=/nonexistent $PC -f bibtex - -t bibtex --rewrite > "$T/out" 2> "$T/err"
rc=$?
[ "$rc" -eq 1 ] && pass "spool: TMPDIR missing: exit 1" || fail "spool: TMPDIR missing: exit 1" "exit $rc"
contains "spool: TMPDIR missing: the error names it" "$T/err" \
    '<stdin>:6:2: error: cannot keep the rest of the input for crossref and xdata in /nonexistent (TMPDIR): No such file or directory; the input is not read further'
cat "$T/many.bib" | limited full $((1 << 20)) $PC -f bibtex - -t bibtex --rewrite -v 2> "$T/err" | cat > "$T/out"
contains "spool: a file-size limit: the error says so" "$T/err" \
    'error: cannot keep the rest of the input for crossref and xdata in /tmp (TMPDIR): File too large; the input is not read further'
if grep -q "missing '}'" "$T/err"; then
    fail "spool: a file-size limit: no pass over part of the input" "$(grep -m2 error "$T/err")"
else
    pass "spool: a file-size limit: no pass over part of the input"
fi
if [ "$(id -u)" -eq 0 ] && mkdir -p "$T/tiny" && mount -t tmpfs -o size=256k tmpfs "$T/tiny" 2> /dev/null; then
    cat "$T/many.bib" | TMPDIR="$T/tiny" $PC -f bibtex - -t bibtex --rewrite > /dev/null 2> "$T/err"
    rc=$?
    umount "$T/tiny"
    [ "$rc" -eq 1 ] && grep -q "in $T/tiny (TMPDIR): No space left on device; the input is not read further" "$T/err" &&
        pass "spool: a full tmpfs: exit 1 and the error says so" ||
        fail "spool: a full tmpfs: exit 1 and the error says so" "exit $rc" "$(head -3 "$T/err")"
else
    skip "spool: a full tmpfs" "mounting a tmpfs needs root (and a machine that allows it)"
fi
rm -f "$T"/*.bib "$T/out" "$T/big.want"
