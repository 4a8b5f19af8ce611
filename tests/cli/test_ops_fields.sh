# SPDX-License-Identifier: MIT
# test_ops_fields.sh — --omit, --keep, --rename, --remove-empty,
# --max-authors on the command line (issue 22): by the output format's
# names or CSL names, each counted in the -v summary; a bad value is a
# usage error; the operations run after --dedupe (the merged record).
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
cp "$ROOT/tests/data/ops/sort.bib" .
field() { awk -v k="$2" -v f="$3" '/^@/ { on = index($0, "{" k ",") > 0 } on && $1 == f { sub(/^[^=]*= */, ""); sub(/,$/, ""); print }' "$1"; }

exit_is "--omit abstract (BibTeX name)" 0 $PCW -v --omit abstract -t bibtex -o o.bib sort.bib
check "--omit: the field is gone" [ -z "$(field o.bib k1 abstract)" ]
check "--omit: the others stay" [ "$(field o.bib k1 journal)" = "{J}" ]
contains "--omit: counted in -v" "$T/stderr" "paperconv: note: --omit: removed abstract from 1 record(s)"
exit_is "--omit container-title (CSL name)" 0 $PCW --omit container-title -t bibtex -o o2.bib sort.bib
check "--omit by CSL name: journal gone" [ -z "$(field o2.bib k1 journal)" ]
exit_is "--keep author,title" 0 $PCW -v --keep author,title -t bibtex -o k.bib sort.bib
check "--keep: year gone" [ -z "$(field k.bib k3 year)" ]
check "--keep: title kept" [ "$(field k.bib k3 title)" = "{Zebra}" ]
contains "--keep: counted in -v" "$T/stderr" "--keep: removed"
exit_is "--rename abstract=note" 0 $PCW -v --rename abstract=note -t bibtex -o r.bib sort.bib
check "--rename: the value moved" [ "$(field r.bib k1 note)" = "{Long}" ] 
contains "--rename: counted in -v" "$T/stderr" "paperconv: note: --rename: abstract=note in 1 record(s)"
exit_is "--rename without = is a usage error" 2 $PCW --rename abstract -t bibtex sort.bib
contains "--rename: the message" "$T/stderr" "--rename takes FROM=TO, not 'abstract'"
exit_is "--rename of a text into a name list is a usage error" 2 $PCW --rename title=author -t bibtex sort.bib
exit_is "--max-authors 2" 0 $PCW -v --max-authors 2 -t bibtex -o m.bib sort.bib
check "--max-authors: two, then and others" [ "$(field m.bib k2 author)" = "{{\\'E}mile, Eve and B, B and others}" ]
contains "--max-authors: counted in -v" "$T/stderr" "--max-authors: cut the author list of 1 record(s)"
exit_is "--max-authors 0 is a usage error" 2 $PCW --max-authors 0 -t bibtex sort.bib
printf '@misc{m1, title = {T}, groups = {}}\n' > empty.bib
exit_is "--remove-empty" 0 $PCW -v --remove-empty -t bibtex -o e.bib empty.bib
check "--remove-empty: groups = {} gone" sh -c "! grep -q groups e.bib"
contains "--remove-empty: counted in -v" "$T/stderr" "--remove-empty: removed an empty groups from 1 record(s)"
printf '[{"id":"e1","type":"book","title":"T","note":" "}]' > e.json
exit_is "--remove-empty (CSL-JSON)" 0 $PCW --remove-empty -t csljson -o e-out.json e.json
check "--remove-empty: a note of white space gone" sh -c "! grep -q note e-out.json"
# after the merge: --omit applies to the merged record
printf '@article{a, title = {T}, doi = {10.1/a}}\n@article{b, title = {T}, doi = {10.1/A}, note = {from b}}\n' > dup.bib
exit_is "--dedupe --omit note" 0 $PCW --dedupe --omit note -t bibtex -o d.bib dup.bib
check "--omit after --dedupe: the merged record has no note" sh -c "! grep -q note d.bib"
