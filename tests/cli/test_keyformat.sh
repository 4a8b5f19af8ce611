# SPDX-License-Identifier: MIT
# test_keyformat.sh — --key-format and --key-postfix on the command line
# (issue 22): a formula or postfix that does not compile is a usage error
# (exit 2) that names its column and writes nothing; the default formula
# gives today's keys on every sample; keys depend on their record only, the
# postfix of a repeat on the input order.  The formulas' cases are in
# tests/data/keyformula.tsv (tests/unit/test_keyformula.c).
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
REFS="$ROOT/samples/references.bib"
DEFAULT='(auth.ascii.alphanum.lower | family.codepoint | "anon") + year + title.ascii.alphanum.lower.skipwords.select(1,1)'

# bad FORMULA WANT-FIRST-LINE [OPTION]: exit 2, that line first on stderr,
# then the formula and a caret under its column, and nothing on stdout
bad() {
    opt=${3:---key-format}
    exit_is "$opt '$1' is a usage error" 2 $PCW "$opt=$1" -t bibtex "$REFS"
    first=$(head -n 1 "$T/stderr")
    if [ "$first" = "$2" ]; then pass "$opt '$1': '$2'"; else
        fail "$opt '$1': the message" "got:  $first" "want: $2"; fi
    caret=$(sed -n 3p "$T/stderr")
    col=$(echo "$2" | sed 's/^[^:]*: [^:]*:\([0-9]*\):.*/\1/')
    want_caret=$(printf "%$((col + 1))s^" "")
    if [ "$caret" = "$want_caret" ] && [ "$(sed -n 2p "$T/stderr")" = "  $1" ]; then
        pass "$opt '$1': the formula and a caret under column $col"
    else
        fail "$opt '$1': the formula and a caret" "$(cat "$T/stderr")"
    fi
    check "$opt '$1': nothing on stdout" [ ! -s "$T/stdout" ]
}

bad 'auth.lowr + year' "paperconv: --key-format:6: error: unknown filter 'lowr' (alphanum, ascii, capitalize, clean, codepoint, condense, lower, nopunct, select, skipwords, substring, transliterate, upper)"
bad 'auth + yeer' "paperconv: --key-format:8: error: unknown function 'yeer' (auth, authEtAl, authIni, authors, family, field, firstpage, journal, month, shorttitle, shortyear, title, type, veryshorttitle, year)"
bad 'auth year' "paperconv: --key-format:6: error: expected '+' (join), '|' (or) or '.' (a filter) here, not 'y'"
bad 'title.substring(0)' "paperconv: --key-format:17: error: argument 1 of 'substring' must be a whole number from 1 to 1000000, not '0'"
bad '(auth | "x"' "paperconv: --key-format:12: error: expected ')' to close the '(' at column 1"
bad 'field(authr)' "paperconv: --key-format:7: error: unknown field 'authr' (a field's CSL name: publisher, volume, DOI, ...)"
bad '"Müller" + ?' "paperconv: --key-format:12: error: expected a function, a \"text\" or '(' here, not '?'"
bad '-%x' "paperconv: --key-postfix:2: error: '%' must be followed by a, A or n" --key-postfix
bad 'x' "paperconv: --key-postfix:2: error: the postfix needs one of %a (a, b, c...), %A (A, B, C...) or %n (1, 2, 3...)" --key-postfix
exit_is "--key-format '' is a usage error" 2 $PCW --key-format= -t bibtex "$REFS"
contains "--key-format '': says it is empty" "$T/stderr" "paperconv: --key-format:1: error: the formula is empty"
exit_is "--key-format with invalid UTF-8 is a usage error" 2 $PCW "--key-format=auth$(printf '\377')" -t bibtex "$REFS"
contains "invalid UTF-8: its column" "$T/stderr" "paperconv: --key-format:5: error: not valid UTF-8"

# -o: a bad formula leaves the old file as it was
echo old > "$T/old.bib"
exit_is "bad formula with -o: usage error" 2 $PCW --key-format=nosuch "$REFS" -o "$T/old.bib"
check "bad formula with -o: the old file is untouched" [ "$(cat "$T/old.bib")" = old ]

# Better BibTeX's example formula
exit_is "--key-format: converts" 0 $PCW --rekey --key-format 'auth.lower + shorttitle(3,3) + year' -t bibtex "$REFS"
contains "--key-format 'auth.lower + shorttitle(3,3) + year'" "$T/stdout" "@article{watsonMolecularStructureNucleic1953,"
contains "--key-format: an accented word stays UTF-8" "$T/stdout" "@phdthesis{noetherÜberBildungFormensystems1907,"
exit_is "--key-format without --rekey: converts" 0 $PCW --key-format 'auth.upper' -t bibtex "$REFS"
contains "--key-format without --rekey: input keys kept" "$T/stdout" "@article{watson1953,"

# the default formula is today's rule: same keys on every sample
for f in "$ROOT"/samples/* "$ROOT/tests/data/keyformula.bib" "$ROOT/tests/data/keyformula.yaml"; do
    $PC -q --rekey -t csljson "$f" > "$T/today.json" 2> /dev/null
    $PC -q --rekey --key-format="$DEFAULT" -t csljson "$f" > "$T/formula.json" 2> /dev/null
    n=$(grep -c '"id":' "$T/today.json")
    if cmp -s "$T/today.json" "$T/formula.json" && [ "$n" -gt 0 ]; then
        pass "the default formula gives today's keys: $(basename "$f") ($n records)"
    else
        fail "the default formula gives today's keys: $(basename "$f")" \
            "$(diff "$T/today.json" "$T/formula.json" | head -n 6)"
    fi
done
contains "the man page shows the default formula" "$ROOT/doc/paperconv.1" \
    '(auth.ascii.alphanum.lower | family.codepoint | \(dqanon\(dq) + year + title.ascii.alphanum.lower.skipwords.select(1,1)'

# --key-postfix: repeats in input order
exit_is "--key-postfix -%n: converts" 0 $PCW --rekey --key-format 'auth.lower + year' --key-postfix=-%n \
    -t bibtex "$REFS" "$REFS" "$REFS"
grep '^@article{watson' "$T/stdout" | tr '\n' ' ' > "$T/keys"
same_keys="@article{watson1953, @article{watson1953-1, @article{watson1953-2, "
check "--key-postfix -%n: watson1953, -1, -2 ($(cat "$T/keys"))" [ "$(cat "$T/keys")" = "$same_keys" ]
exit_is "--key-postfix %A on input keys" 0 $PCW --key-postfix=%A -t bibtex "$REFS" "$REFS"
contains "--key-postfix %A: a repeated input key gets A" "$T/stdout" "@article{watson1953A,"
contains "--key-postfix %A: the warning names the new key" "$T/stderr" 'this record gets "watson1953A"'

# stable keys: a record's key does not depend on the other records (only
# its postfix does, by input order)
cat > one.bib <<'EOF'
@article{x, author = {Knuth, Donald}, title = {The Art of Computer Programming}, year = 1968}
EOF
cat > others.bib <<'EOF'
@article{a, author = {Lamport, Leslie}, title = {Time, Clocks}, year = 1978}
@article{b, author = {Dijkstra, Edsger}, title = {Go To Statement Considered Harmful}, year = 1968}
EOF
cat > clash.bib <<'EOF'
@book{c, author = {Knuth, Don}, title = {Art of Programming}, year = 1968}
EOF
F='auth.lower + year + shorttitle(2).lower'
for order in "one.bib" "others.bib one.bib" "one.bib others.bib"; do
    # shellcheck disable=SC2086
    $PC -q --rekey --key-format="$F" -t bibtex --rewrite $order | grep -c '^@article{knuth1968artcomputer,' > n
    check "stable key: knuth1968artcomputer from $order" [ "$(cat n)" -eq 1 ]
done
$PC -q --rekey --key-format='auth.lower + year' -t bibtex --rewrite one.bib clash.bib | grep '^@' | tr '\n' ' ' > k1
$PC -q --rekey --key-format='auth.lower + year' -t bibtex --rewrite clash.bib one.bib | grep '^@' | tr '\n' ' ' > k2
check "a repeat's postfix follows the input order ($(cat k1))" \
    [ "$(cat k1)" = "@article{knuth1968, @book{knuth1968a, " ]
check "... and the other order ($(cat k2))" [ "$(cat k2)" = "@book{knuth1968, @article{knuth1968a, " ]
