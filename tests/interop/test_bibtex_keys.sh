# SPDX-License-Identifier: MIT
# test_bibtex_keys.sh — citation keys unique the way the output format
# compares them (issue 19), with the real bibtex as oracle: bibtex finds
# entries and repeats without case ("Repeated entry" for Key after key),
# so three records Key, key and KEY must come out of -t bibtex and -t
# biblatex as three keys that differ without case, and bibtex over
# \nocite{*} must give three \bibitem and no "Repeated entry".  The keys
# come from a .bib, a CSL-JSON `id` and a RIS `ID`.  CSL `id` and RIS `ID`
# are compared byte-wise by their consumers (pandoc's citeproc finds
# [@key] and [@Key] as two items): written as they are.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

printf '@book{Key,\n  title = {Upper first},\n  year = 2001}\n\n@book{key,\n  title = {Lower},\n  year = 2002}\n\n@book{KEY,\n  title = {All upper},\n  year = 2003}\n' > keys.bib
printf '[{"id":"Key","type":"book","title":"Upper first"},{"id":"key","type":"book","title":"Lower"},{"id":"KEY","type":"book","title":"All upper"}]\n' > keys.json
printf 'TY  - BOOK\nID  - Key\nTI  - Upper first\nER  - \n\nTY  - BOOK\nID  - key\nTI  - Lower\nER  - \n\nTY  - BOOK\nID  - KEY\nTI  - All upper\nER  - \n' > keys.ris

# folded KEYS-FILE: the keys of a .bib, in lower case, one a line
folded() { sed -n 's/^@[a-z]*{\([^,]*\),$/\1/p' "$1" | tr 'A-Z' 'a-z'; }

for in in keys.bib keys.json keys.ris; do
    for to in bibtex biblatex; do
        what="$in -t $to"
        exit_is "$what: exit 0" 0 $PCW "$in" -t $to
        cp "$T/stdout" "$in.$to.bib"
        check "$what: Key keeps its key" grep -q '^@book{Key,$' "$in.$to.bib"
        n=$(folded "$in.$to.bib" | sort -u | wc -l)
        check "$what: three keys that differ without case ($n)" [ "$n" -eq 3 ]
        contains "$what: the first renamed one is warned, naming both records" "$T/stderr" \
            "citation key \"key\" is taken by the record at $in:"
        contains "$what: ... and why" "$T/stderr" "($to compares keys without case): this record gets \"keya\""
        contains "$what: the second renamed one too" "$T/stderr" "this record gets \"KEYb\""
    done
done
contains "the warning names both places" "$T/stderr" \
    'paperconv: keys.ris:11: warning: citation key "KEY" is taken by the record at keys.ris:1 (biblatex compares keys without case): this record gets "KEYb"'

# a key repeated exactly is warned as before, without the case remark
printf '@book{same,\n  title = {A}}\n@book{same,\n  title = {B}}\n' > same.bib
exit_is "an exact repeat: exit 0" 0 $PCW same.bib -t bibtex
contains "an exact repeat: the warning as before" "$T/stderr" \
    'same.bib:3: warning: citation key "same" is taken by the record at same.bib:1: this record gets "samea"'
# a letter beyond ASCII: folded too (pybtex, typst's biblatex, bibtexu fold
# Unicode; unique folded is unique byte-wise for bibtex and biber)
printf '@book{\303\226l2000,\n  title = {A}}\n@book{\303\266l2000,\n  title = {B}}\n' > ol.bib
exit_is "Öl2000 and öl2000, -t biblatex: exit 0" 0 $PCW ol.bib -t biblatex
contains "Öl2000 and öl2000: the second renamed" "$T/stdout" "@book{öl2000a,"

# CSL-JSON, CSL-YAML and RIS compare keys byte-wise: nothing renamed
for to in csljson yaml ris; do
    exit_is "keys.bib -t $to: exit 0" 0 $PCW keys.bib -t $to
    check "keys.bib -t $to: no rename warning" sh -c "! grep -q 'is taken' '$T/stderr'"
done
$PC keys.bib -t csljson > ids.json 2>/dev/null
check "-t csljson: ids Key, key, KEY as they were" \
    [ "$(grep -o '"id": *"[^"]*"' ids.json | tr -d ' ' | tr '\n' ' ')" = '"id":"Key" "id":"key" "id":"KEY" ' ]
$PC keys.bib -t ris > ids.ris 2>/dev/null
check "-t ris: IDs Key, key, KEY as they were" [ "$(grep '^ID' ids.ris | tr -d '\r' | tr '\n' ' ')" = 'ID  - Key ID  - key ID  - KEY ' ]
if command -v pandoc > /dev/null 2>&1; then
    printf 'A [@Key]. B [@key]. C [@KEY].\n' > cite.md
    pandoc cite.md --citeproc --bibliography ids.json -t plain > cite.txt 2> cite.err
    check "pandoc finds [@Key], [@key] and [@KEY] as three items in our CSL-JSON" \
        sh -c "[ \$(grep -c 'n.d.\\|2001\\|2002\\|2003' cite.txt) -ge 3 ] && ! grep -q 'not found' cite.err"
else
    skip "pandoc and CSL ids" "pandoc not installed"
fi

# the oracle: bibtex over \nocite{*}
if ! command -v bibtex > /dev/null 2>&1 || ! kpsewhich plain.bst > /dev/null 2>&1; then
    skip "bibtex and case-folded keys" "bibtex or plain.bst not installed (make deps)"
    exit 0
fi
. "$ROOT/tests/interop/bibtex_lib.sh"
mkdir raw && cp keys.bib raw/out.bib
bibtex_run raw plain
check "the oracle is sound: bibtex says Repeated entry for keys.bib itself" grep -q 'Repeated entry' raw/out.blg
for in in keys.bib keys.json keys.ris; do
    for to in bibtex biblatex; do
        d="$in-$to" && mkdir "$d" && cp "$in.$to.bib" "$d/out.bib"
        bibtex_run "$d" plain
        check "bibtex over $in -t $to: no Repeated entry" sh -c "! grep -q 'Repeated entry' '$d/out.blg'"
        n=$(grep -c '^\\bibitem' "$d/out.bbl")
        check "bibtex over $in -t $to: three \\bibitem ($n)" [ "$n" -eq 3 ]
    done
done
