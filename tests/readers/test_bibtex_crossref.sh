# SPDX-License-Identifier: MIT
# test_bibtex_crossref.sh — crossref and xdata inheritance (issue 14), as
# biber applies it, from a file and from a pipe, in bounded memory.
#
#  - a child before its parent takes booktitle (the parent's title),
#    year, publisher, editor; its own fields win; crossref stays;
#  - a chain (incollection -> collection -> mvcollection) and xdata;
#  - a missing parent: a warning with the position, the child kept;
#    a cycle ends;
#  - stdin: the same output as the file (the input is kept in a
#    temporary file for the second pass), also past 1 MB;
#  - memory: 20 000 children of 50 parents at the end of the file use
#    about what the same file without crossref uses.
. "$ROOT/tests/lib.sh"
# times are compared across sizes (CPU time, under a CPU limit): one thread, as
# the small sizes that -j does not cut are read
export PAPERCONV_JOBS=1
DATA=$ROOT/tests/data

field() { # DUMP KEY FIELD: the field's values in the record KEY
    awk -F'\t' -v k="$2" -v f="$3" '$1 == "@" { in_ = ($2 == k) } in_ && $1 == f { print $2 }' "$1"
}
want() { # NAME DUMP KEY FIELD VALUE
    got=$(field "$2" "$3" "$4")
    [ "$got" = "$5" ] && pass "$1" || fail "$1" "$3 $4: got '$got', want '$5'"
}

"$PCTOOL" dump -f bibtex "$DATA/bib-classic.bib" > "$T/classic.dump" 2> "$T/classic.err"
want "crossref: a child takes its parent's title as booktitle" "$T/classic.dump" lee2010paper container \
    "Proceedings of the 10th Workshop on Checking"
want "crossref: ... its year and month" "$T/classic.dump" lee2010paper date "2010-05"
want "crossref: ... its publisher and place" "$T/classic.dump" lee2010paper publisher "IEEE Computer Society"
want "crossref: ... its editor" "$T/classic.dump" lee2010paper editor "Karl||Miller||"
want "crossref: the child's own fields win" "$T/classic.dump" lee2010paper pages "12-21"
awk -F'\t' '$1 == "@" { k = $2 } k == "lee2010paper" && $1 == "extra" && $3 == "crossref" { print $4 }' \
    "$T/classic.dump" | grep -qx proc2010 && pass "crossref: the crossref field stays" ||
    fail "crossref: the crossref field stays" "$(grep -A30 'lee2010paper' "$T/classic.dump" | grep extra)"
want "crossref: the child stays a conference paper" "$T/classic.dump" lee2010paper kind conference

"$PCTOOL" dump -f bibtex "$DATA/bib-biblatex.bib" > "$T/biblatex.dump" 2> /dev/null
want "crossref: a chain: the main title from the grandparent" "$T/biblatex.dump" incoll:westfahl container \
    "Science Fiction Studies"
want "crossref: a chain: the parent's title is the volume's" "$T/biblatex.dump" incoll:westfahl volume-title \
    "Space and Beyond"
want "crossref: a chain: the series from the grandparent" "$T/biblatex.dump" incoll:westfahl collection-title \
    "Contributions to the Study of Science Fiction"
want "crossref: a proceedings' event reaches its papers" "$T/biblatex.dump" inproc:salam event-title \
    "Eighth Nobel Symposium"
want "xdata: the publisher" "$T/biblatex.dump" xdata:child publisher "Springer"
want "xdata: the place" "$T/biblatex.dump" xdata:child publisher-place "Berlin and Heidelberg"
if grep -q '^@	xd:springer' "$T/biblatex.dump"; then
    fail "xdata: the @xdata entry is no record"
else
    pass "xdata: the @xdata entry is no record"
fi

# a missing parent, a cycle
printf '@inproceedings{a, title={A}, crossref={nowhere}}\n@book{b, title={B}, crossref={c}}\n@book{c, title={C}, crossref={b}, year=2000}\n' > "$T/bad.bib"
exit_is "crossref: a missing parent and a cycle: exit 0" 0 timeout 10 $PCW "$T/bad.bib" -t bibtex --rewrite
contains "crossref: a missing parent is reported at its field" "$T/stderr" 'bad.bib:1:40: warning: crossref: no entry "nowhere" in this input'
cp "$T/stderr" "$T/bad.err"
[ "$(grep -c '^@' "$T/stdout")" -eq 3 ] && pass "crossref: every entry of a cycle written" ||
    fail "crossref: every entry of a cycle written" "$(cat "$T/stdout")"

# stdin: the input is kept for the second pass, in memory then on disk
python3 - "$T" <<'EOF'
import sys
t = sys.argv[1]
with open(t + "/big.bib", "w") as f:
    for i in range(20000):
        f.write("@inproceedings{c%d,\n  author = {Author, A%d},\n  title = {Paper %d},\n  crossref = {p%d},\n"
                "  pages = {%d--%d},\n  abstract = {%s},\n}\n\n" % (i, i, i, i % 50, i, i + 5, "x" * 300))
    for j in range(50):
        f.write("@proceedings{p%d,\n  title = {Proceedings %d},\n  year = {20%02d},\n  publisher = {P%d},\n}\n\n"
                % (j, j, j % 30, j))
with open(t + "/plain.bib", "w") as f:
    for i in range(20000):
        f.write("@inproceedings{c%d,\n  author = {Author, A%d},\n  title = {Paper %d},\n  booktitle = {B},\n"
                "  pages = {%d--%d},\n  abstract = {%s},\n}\n\n" % (i, i, i, i, i + 5, "x" * 300))
EOF
for f in bad big; do
    $PC "$T/$f.bib" -t bibtex --rewrite > "$T/$f.file" 2> /dev/null
    $PC -f bibtex - -t bibtex --rewrite < "$T/$f.bib" > "$T/$f.stdin" 2> /dev/null
    cat "$T/$f.bib" | $PC -f bibtex - -t bibtex --rewrite > "$T/$f.pipe" 2> /dev/null
    if cmp -s "$T/$f.file" "$T/$f.stdin" && cmp -s "$T/$f.file" "$T/$f.pipe"; then
        pass "crossref: $f.bib ($(wc -c < "$T/$f.bib") bytes) from a pipe as from the file"
    else
        fail "crossref: $f.bib from a pipe as from the file" "$(diff "$T/$f.file" "$T/$f.pipe" | head -5)"
    fi
done
grep -q 'booktitle = {Proceedings 7},' "$T/big.file" && pass "crossref: 20 000 children of parents at the end" ||
    fail "crossref: 20 000 children of parents at the end" "$(head -12 "$T/big.file")"
rss() { /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -n 1; }
if [ -x /usr/bin/time ] && [ -z "${PC_WRAP:-}" ] && [ -z "${PREFIX:-}" ]; then
    with=$(rss $PC "$T/big.bib" -t bibtex --rewrite)
    without=$(rss $PC "$T/plain.bib" -t bibtex --rewrite)
    piped=$(cat "$T/big.bib" | rss $PC -f bibtex - -t bibtex --rewrite)
    if [ "$with" -lt $((without + 2048)) ] && [ "$piped" -lt $((without + 2048)) ]; then
        pass "crossref: memory stays bounded (${with} KB, ${piped} KB from a pipe; ${without} KB without crossref)"
    else
        fail "crossref: memory stays bounded" "${with} KB, ${piped} KB from a pipe; ${without} KB without crossref"
    fi
else
    skip "crossref: memory" "no /usr/bin/time, or under valgrind or ASan"
fi

# issue 19: one rule for chains, whichever order the file has: an entry
# inherits from at most 8 levels of parents, a warning where a longer chain
# is cut; a cycle is a warning at the field that closes it
python3 - "$T" <<'EOF2'
import sys
t = sys.argv[1]
def chain(name, n, child_first):
    with open("%s/%s.bib" % (t, name), "w") as f:
        for i in range(n):
            parent = i + 1 if child_first else i - 1
            root = i == n - 1 if child_first else i == 0
            f.write("@misc{c%d,\n  title = {T%d},\n" % (i, i))
            f.write("  author = {Lovelace, Ada},\n" if root else "  crossref = {c%d},\n" % parent)
            f.write("}\n\n")
chain("child12", 12, True)
chain("parent30", 30, False)
chain("child30", 30, True)
EOF2
for c in child12:3 parent30:21 child30:21; do
    f=${c%:*} cuts=${c#*:}
    $PC "$T/$f.bib" -t bibtex --rewrite > "$T/$f.out" 2> "$T/$f.err"
    got=$(grep -c 'author = {Lovelace, Ada}' "$T/$f.out")
    [ "$got" -eq 9 ] && pass "crossref: a chain ($f): the root and the 8 levels below it have the author" ||
        fail "crossref: a chain ($f): the root and the 8 levels below it have the author" "$got have it" "$(head -3 "$T/$f.err")"
    got=$(grep -c 'warning: crossref: more than 8 levels of parents' "$T/$f.err")
    [ "$got" -eq "$cuts" ] && pass "crossref: a chain ($f): a warning for each of the $cuts entries it is cut for" ||
        fail "crossref: a chain ($f): a warning for each of the $cuts entries it is cut for" "$got warnings"
done
contains "crossref: the cut is reported at the entry's field, naming the last parent followed" "$T/child12.err" \
    'child12.bib:3:15: warning: crossref: more than 8 levels of parents: not followed past "c8", the 8th'
contains "crossref: ... in a parent-first chain too" "$T/parent30.err" \
    'parent30.bib:48:15: warning: crossref: more than 8 levels of parents: not followed past "c1", the 8th'
contains "crossref: a cycle is a warning at the field that closes it" "$T/bad.err" \
    'bad.bib:2:31: warning: crossref: "c" leads back to this entry (a cycle): not followed from here'
printf '@book{self, title={S}, crossref={Self}}\n' > "$T/self.bib"
exit_is "crossref: an entry that is its own parent: exit 0" 0 $PCW "$T/self.bib" -t bibtex --rewrite
contains "crossref: an entry that is its own parent: a warning at its field" "$T/stderr" \
    'self.bib:1:34: warning: crossref: "Self" leads back to this entry (a cycle): not followed from here'
# an @xdata chain with a missing link: the @xdata entry is no record, so its
# own missing parent is reported where it is named
printf '@xdata{x1, xdata={x2}, note={N}}\n@xdata{x2, xdata={nowhere}}\n@misc{m, title={M}, xdata={x1}}\n' > "$T/xmiss.bib"
exit_is "xdata: a missing link in an @xdata chain: exit 0" 0 $PCW "$T/xmiss.bib" -t bibtex --rewrite
contains "xdata: a missing link in an @xdata chain is reported at its field" "$T/stderr" \
    'xmiss.bib:2:19: warning: xdata: no entry "nowhere" in this input'
contains "xdata: ... and the rest of the chain is followed" "$T/stdout" 'note = {N}'

# the 16 MB entry limit counts what an entry inherits: an entry of 4 KB
# that would take 25 MB from two parents is an error at its crossref field,
# it is written with what fits
python3 - "$T" <<'EOF2'
import sys
t = sys.argv[1]
with open(t + "/huge.bib", "w") as f:
    f.write("@inproceedings{child,\n  title = {C},\n  crossref = {p1},\n}\n\n")
    f.write("@proceedings{p1,\n  title = {P1},\n  crossref = {p2},\n  abstract = {%s},\n}\n\n" % ("a" * (12 << 20)))
    f.write("@proceedings{p2,\n  title = {P2},\n  note = {%s},\n}\n" % ("n" * (13 << 20)))
EOF2
exit_is "crossref: 25 MB inherited: exit 1" 1 $PCW "$T/huge.bib" -t bibtex --rewrite
contains "crossref: 25 MB inherited: an error at the crossref field" "$T/stderr" \
    'huge.bib:3:15: error: crossref: the entry would be larger than 16 MB with what it inherits: 1 field of "p1" not inherited (note)'
[ "$(grep -c '^@' "$T/stdout")" -eq 3 ] && pass "crossref: 25 MB inherited: every entry written" ||
    fail "crossref: 25 MB inherited: every entry written" "$(grep '^@' "$T/stdout")"
rm -f "$T/huge.bib" "$T/stdout"

# the limit counts levels per entry, not per parent: q takes "note" from
# its xdata chain 8 levels up, its child e (9 levels from there) the nearer
# one of q's crossref parent; in either order of the file
{
    printf '@misc{e, title = {E}, crossref = {q}}\n\n@misc{q, title = {Q}, xdata = {x1}, crossref = {r}}\n\n'
    printf '@misc{r, title = {R}, note = {Near}}\n\n'
    for i in 1 2 3 4 5 6 7; do printf '@xdata{x%d, xdata = {x%d}}\n\n' $i $((i + 1)); done
    printf '@xdata{x8, note = {Far}}\n'
} > "$T/levels.bib"
awk 'BEGIN { RS = ""; ORS = "\n\n" } { e[NR] = $0 } END { for (i = NR; i > 0; i--) print e[i] }' \
    "$T/levels.bib" > "$T/levels-rev.bib"
for f in levels levels-rev; do
    "$PCTOOL" dump -f bibtex "$T/$f.bib" > "$T/$f.dump" 2> /dev/null
    want "crossref: levels per entry ($f): q takes the note 8 levels up" "$T/$f.dump" q comment "Far"
    want "crossref: levels per entry ($f): its child takes the nearer one" "$T/$f.dump" e comment "Near"
done

# the issue's sizes (test_complexity.sh's rows keep them linear at smaller
# ones): a parent of 300 000 fields inherited through a parent took > 60 s
if [ -x "$BUILD/tests/gen_hostile" ]; then
    "$BUILD/tests/gen_hostile" -o "$T/wide.bib" xref-wide-parent/bibtex 300000 > /dev/null
    exit_is "crossref: a parent of 300 000 fields through a parent: done within 40 s" 0 \
        timeout 40 $PCW "$T/wide.bib" -t bibtex --rewrite
    [ "$(grep -c '^@misc' "$T/stdout")" -eq 3 ] && pass "crossref: ... its three entries written" ||
        fail "crossref: ... its three entries written" "$(grep '^@' "$T/stdout")"
    rm -f "$T/wide.bib" "$T/stdout"
else
    skip "crossref: a parent of 300 000 fields" "no $BUILD/tests/gen_hostile (make check-bins)"
fi
