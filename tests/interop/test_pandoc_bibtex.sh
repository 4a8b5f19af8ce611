# SPDX-License-Identifier: MIT
# test_pandoc_bibtex.sh — pandoc as oracle for what we read from BibTeX and
# biblatex, field by field: `pandoc -f biblatex -t csljson` on each input,
# and on our own -t bibtex and -t biblatex output of it, against our
# `-t csljson` of the input (tests/interop/pandoc_csl_cmp.py: every entry
# pandoc reads, we read; every CSL value pandoc gives, ours gives too, and
# the same; the documented differences are listed there).  Inputs: our
# fixtures and the shared BibTeX corpus.
. "$ROOT/tests/lib.sh"
if ! command -v pandoc >/dev/null 2>&1; then
    skip "pandoc bibtex oracle" "pandoc not installed (make deps)"
    exit 0
fi
DATA=$ROOT/tests/data
files="$DATA/bib-classic.bib $DATA/bib-biblatex.bib $DATA/bib-names.bib $DATA/bib-types.bib $ROOT/samples/references.bib"
for f in "$SHARED"/corpus/bibtex/*.bib; do [ -f "$f" ] && files="$files $f"; done
[ -d "$SHARED/corpus/bibtex" ] || skip "pandoc bibtex oracle: shared corpus" "$SHARED/corpus/bibtex not found"
CMP=$ROOT/tests/interop/pandoc_csl_cmp.py
for f in $files; do
    name=$(basename "$f")
    $PC "$f" -t csljson --keep-going > "$T/ours.json" 2> "$T/ours.err"
    "$PCTOOL" dump -f bibtex "$f" > "$T/model.dump" 2> /dev/null
    if ! pandoc -f biblatex -t csljson "$f" > "$T/pandoc.json" 2> "$T/pandoc.err"; then
        skip "pandoc vs ours: $name" "pandoc cannot read it: $(head -c 200 "$T/pandoc.err")"
        continue
    fi
    python3 "$CMP" "$T/ours.json" "$T/pandoc.json" "$T/model.dump" "$name"
    # our BibTeX and biblatex, read by pandoc, say what our CSL-JSON says
    for w in bibtex biblatex; do
        $PC "$f" -t "$w" --keep-going > "$T/out.bib" 2> /dev/null
        if pandoc -f biblatex -t csljson "$T/out.bib" > "$T/pandoc-$w.json" 2> "$T/pandoc.err"; then
            [ $w = bibtex ] && input=$T/pandoc.json || input=
            python3 "$CMP" "$T/ours.json" "$T/pandoc-$w.json" "$T/model.dump" "$name -> $w" $input
        else
            fail "pandoc reads our -t $w of $name" "$(head -c 300 "$T/pandoc.err")"
        fi
    done
done
