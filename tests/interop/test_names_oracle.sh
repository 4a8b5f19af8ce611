# SPDX-License-Identifier: MIT
# test_names_oracle.sh — the whole names table (tests/data/names.tsv)
# written through our BibTeX writer and split again by the real bibtex
# (format.name$ in tests/interop/names.bst): every name must come back as
# the given|particle|family|suffix our model holds.  Zero mismatches.
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/interop/bibtex_lib.sh"
if ! command -v bibtex >/dev/null 2>&1; then
    skip "names oracle" "bibtex not installed (Debian texlive-binaries; make deps)"
    exit 0
fi
for mode in latex unicode; do
    d="$T/$mode"
    mkdir -p "$d"
    cp "$ROOT/tests/interop/names.bst" "$d/"
    flag=""
    [ $mode = unicode ] && flag=--unicode
    "$PCTOOL" namesbib $flag "$ROOT/tests/data/names.tsv" > "$d/out.bib" 2> "$d/model.names"
    bibtex_run "$d" names
    rc=$?
    if [ $rc -eq 0 ] && ! grep -qE 'Warning--|error message' "$d/out.blg"; then
        pass "names table ($mode): bibtex reads every name with 0 errors, 0 warnings"
    else
        fail "names table ($mode): bibtex status $rc" "$(grep -E 'Warning|error|---' "$d/out.blg" | head -5)"
    fi
    bibtex_names "$d/out.bbl" > "$d/bibtex.names"
    left=$(grep -c '^% left out' "$d/out.bib")
    [ "$left" -gt 0 ] && skip "names table ($mode): $left name(s)" "particle without ASCII letters: bibtex cannot see its case"
    total=$(wc -l < "$d/model.names")
    bad=$(diff "$d/model.names" "$d/bibtex.names" | grep -c '^<')
    if [ "$total" -gt 0 ] && [ "$bad" -eq 0 ] && cmp -s "$d/model.names" "$d/bibtex.names"; then
        pass "names table ($mode): bibtex splits all $total names as the model does"
    else
        fail "names table ($mode): $bad of $total names split differently by bibtex" \
            "$(diff "$d/model.names" "$d/bibtex.names" | head -16)"
    fi
done
