# SPDX-License-Identifier: MIT
# test_ops_dedupe.sh — --dedupe and --merge on the command line (issue 22):
# one record per work by DOI (case, URL form), arXiv id (any version),
# ISBN-10 = ISBN-13, PMID (leading zeros), across inputs and within one;
# --dedupe=fuzzy by folded title + first author + year; two DOIs never
# merged (and -v says so, with both places); the first key kept and the
# others in biblatex ids / CSL custom.ids; authors not doubled, the fuller
# given name winning; input order kept; conflicts counted and named with
# both places and values; standard input as files; --merge first/last;
# deterministic.  Compared with bibtex-tidy --duplicates doi when installed.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
D="$ROOT/tests/data/ops"
cp "$D/lib-a.bib" "$D/lib-b.bib" "$D/fuzzy.bib" .

# keys FILE: the entry keys of a BibTeX file, one a line, in order
keys() { sed -n 's/^@[A-Za-z]*{\([^,]*\),$/\1/p' "$1"; }
# field FILE KEY NAME: the value of NAME in entry KEY (one line)
field() { awk -v k="$2" -v f="$3" '/^@/ { on = index($0, "{" k ",") > 0 } on && $1 == f { sub(/^[^=]*= */, ""); sub(/,$/, ""); print }' "$1"; }

exit_is "--dedupe: two libraries" 0 $PCW --dedupe -t biblatex -o out.bib lib-a.bib lib-b.bib
keys out.bib > got
printf '%s\n' smith2020 lone2019 pre2021 knuth84 pm1 other-doi > want
same "--dedupe: one record per work, the first's key, in input order" want got
check "--dedupe: the summary line" grep -qx 'paperconv: 4 record(s) merged into 4; 4 conflicting value(s) not kept (-v lists them)' "$T/stderr"
check "DOI: case and URL form: ids = {Smith:2020}" [ "$(field out.bib smith2020 ids)" = "{Smith:2020}" ]
check "DOI: the field the first lacked is taken (volume)" [ "$(field out.bib smith2020 volume)" = "{3}" ]
check "DOI: authors not doubled, the fuller given name wins" \
    [ "$(field out.bib smith2020 author)" = "{Smith, John and Doe, Jane}" ]
check "arXiv: v1 and v3 within one input are one work" [ "$(field out.bib pre2021 ids)" = "{later2021}" ]
check "ISBN-10 and ISBN-13 are one work" [ "$(field out.bib knuth84 ids)" = "{texbook}" ]
check "PMID 00012345 and 12345 are one work" [ "$(field out.bib pm1 ids)" = "{pubmed12345}" ]
check "two DOIs never merged: other-doi stays alone" [ -z "$(field out.bib other-doi ids)" ]

exit_is "--dedupe -v" 0 $PCW --dedupe -v -t biblatex lib-a.bib lib-b.bib
contains "-v: each group with the file:line of every member" "$T/stderr" \
    'lib-a.bib:2: note: --dedupe: 2 records of one work merged into this one ("smith2020"): lib-a.bib:2, lib-b.bib:2'
contains "-v: a conflict names both places and both values" "$T/stderr" \
    'lib-b.bib:2: note: --merge: container-title "Journal of Things" not kept: the record at lib-a.bib:2 has "J. Things"'
contains "-v: two DOIs sharing an arXiv id: not merged, both places" "$T/stderr" \
    'lib-b.bib:26: note: --dedupe: not merged with the record at lib-a.bib:16: they share an identifier (arXiv) but their DOIs differ'
check "-v: the same ISBN or PMID written two ways is no conflict" sh -c "! grep -q 'ISBN\|PMID' '$T/stderr'"

# ids in CSL: custom.ids
exit_is "--dedupe -t csljson" 0 $PCW --dedupe -t csljson -o out.json lib-a.bib lib-b.bib
check "CSL: the other keys in custom.ids" python3 -c "
import json,sys; d=json.load(open('out.json')); m={i['id']: i for i in d}
sys.exit(0 if m['knuth84']['custom']['ids'] == ['texbook'] and len(d) == 6 else 1)"

# biblatex ids of an input are kept beside the merged keys
cat > ids.bib <<'EOF'
@article{a1, title = {T}, author = {A, B}, year = 2001, doi = {10.1/x}, ids = {old-a1}}
@article{a2, title = {T}, author = {A, B}, year = 2001, doi = {10.1/X}, ids = {older-a2}}
EOF
exit_is "--dedupe: an input's ids" 0 $PCW --dedupe -t biblatex -o ids-out.bib ids.bib
check "ids: the input's ids and the merged keys all kept" [ "$(field ids-out.bib a1 ids)" = "{old-a1, a2, older-a2}" ]

# fuzzy
exit_is "--dedupe (ids only) on records without ids" 0 $PCW --dedupe -t bibtex -o f0.bib fuzzy.bib
check "without fuzzy: nothing merged" [ "$(keys f0.bib | wc -l)" -eq 3 ]
exit_is "--dedupe=fuzzy" 0 $PCW --dedupe=fuzzy -t bibtex -o f1.bib fuzzy.bib
printf '%s\n' muller2017 muller2018 > want
keys f1.bib > got
same "fuzzy: case, accents, LaTeX, punctuation folded; another year is another work" want got
check "fuzzy: the note the second had is taken" [ "$(field f1.bib muller2017 note)" = "{preprint}" ]

# across inputs and within one, and standard input as a file
cat lib-a.bib lib-b.bib > both.bib
exit_is "--dedupe: one input holding both" 0 $PCW --dedupe -t biblatex -o one.bib both.bib
same "--dedupe: within one input as across two" out.bib one.bib
exit_is "--dedupe: standard input (spooled)" 0 sh -c "cat both.bib | $PCW --dedupe -f bibtex -t biblatex > stdin.bib"
same "--dedupe: standard input as a file" out.bib stdin.bib

# deterministic
$PCW --dedupe=fuzzy -t biblatex lib-a.bib lib-b.bib fuzzy.bib > d1.bib 2> /dev/null
$PCW --dedupe=fuzzy -t biblatex lib-a.bib lib-b.bib fuzzy.bib > d2.bib 2> /dev/null
same "--dedupe: the same bytes every run" d1.bib d2.bib

# --merge
exit_is "--merge=first" 0 $PCW --dedupe --merge=first -t biblatex -o first.bib lib-a.bib lib-b.bib
check "--merge=first: the first as it is (no volume taken)" [ -z "$(field first.bib smith2020 volume)" ]
check "--merge=first: still the others' keys in ids" [ "$(field first.bib smith2020 ids)" = "{Smith:2020}" ]
exit_is "--merge=last" 0 $PCW --dedupe --merge=last -t biblatex -o last.bib lib-a.bib lib-b.bib
check "--merge=last: the last's values, the first's key" \
    [ "$(field last.bib smith2020 journaltitle)" = "{Journal of Things}" ]
exit_is "--merge=other is a usage error" 2 $PCW --dedupe --merge=other -t bibtex lib-a.bib
contains "--merge=other: the message" "$T/stderr" "--merge takes combine, first or last, not 'other'"
exit_is "--dedupe=other is a usage error" 2 $PCW --dedupe=other -t bibtex lib-a.bib
exit_is "-q: no summary line" 0 $PCW -q --dedupe -t bibtex -o q.bib lib-a.bib lib-b.bib
check "-q: nothing on stderr" [ ! -s "$T/stderr" ]

# bibtex-tidy --duplicates doi --merge combine on the same input: the same
# records left, and the same field taken from the duplicate
cat > dois.bib <<'EOF'
@article{d1, title = {One}, author = {A, B}, year = 2001, doi = {10.1/AAA}}
@article{d2, title = {One again}, author = {A, B}, year = 2001, doi = {10.1/aaa}}
@article{d3, title = {Two}, author = {C, D}, year = 2002, doi = {10.2/b}}
@article{d4, title = {Three}, author = {E, F}, year = 2003, doi = {10.3/c}}
@article{d5, title = {Two}, author = {C, D}, year = 2002, doi = {10.2/b}, volume = 4}
EOF
$PCW -q --dedupe -t bibtex dois.bib > ours.bib
printf '%s\n' d1 d3 d4 > want
keys ours.bib > got
same "DOIs only: d2 into d1, d5 into d3" want got
check "DOIs only: d3 took d5's volume" [ "$(field ours.bib d3 volume)" = "{4}" ]
if command -v bibtex-tidy > /dev/null 2>&1; then
    if bibtex-tidy --duplicates=doi --merge=combine < dois.bib > tidy.bib 2> tidy.err; then
        keys tidy.bib > theirs
        same "bibtex-tidy --duplicates doi: the same records left" theirs got
        check "bibtex-tidy --merge combine: it too took d5's volume into d3" \
            [ "$(field tidy.bib d3 volume)" = "4" ]
    else
        fail "bibtex-tidy --duplicates doi ran" "$(head -5 tidy.err)"
    fi
else
    skip "bibtex-tidy --duplicates doi comparison" "bibtex-tidy not installed (npm install -g bibtex-tidy; tools/deps.sh)"
fi
