# SPDX-License-Identifier: MIT
# test_citeproc_js.sh — citeproc-js (npm `citeproc`, the reference CSL
# processor) as oracle for our formatted references: the same CSL-JSON
# items (tests/interop/data/csl-types.json: every CSL type, hostile names
# and titles; and our reading of the project's samples) formatted with the
# most used styles of Debian's package, compared entry by entry as HTML
# (tests/interop/citeproc_js_cmp.py).  Known differences are listed, each
# with its reason, in tests/interop/citeproc-js-differences.txt: a new
# difference fails, and so does a listed one that is gone.
. "$ROOT/tests/lib.sh"
STYLES=/usr/share/citation-style-language/styles
LOCALES=/usr/share/citation-style-language/locales
NODE_PATH=${NODE_PATH:-$(npm root -g 2>/dev/null)}
export NODE_PATH
if ! command -v node > /dev/null 2>&1 || ! node -e 'require("citeproc")' > /dev/null 2>&1; then
    skip "citeproc-js oracle" "node or the npm package citeproc not installed (make deps-test)"
    exit 0
fi
if [ ! -d "$STYLES" ] || [ ! -d "$LOCALES" ]; then
    skip "citeproc-js oracle" "citation-style-language-styles/-locales not installed (make deps-test)"
    exit 0
fi
HERE=$ROOT/tests/interop
LIST=$HERE/citeproc-js-differences.txt
# the items: every CSL type and hostile text, then the samples as we read them
cp "$HERE/data/csl-types.json" "$T/types.json"
$PC "$ROOT/samples/references.bib" -t csljson > "$T/samples.json" 2> /dev/null
python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]));
json.dump(a+b, open(sys.argv[3], "w"), ensure_ascii=False)' "$T/types.json" "$T/samples.json" "$T/items.json"
for style in apa apa-6th-edition chicago-author-date chicago-note-bibliography chicago-fullnote-bibliography \
             ieee ieee-with-url vancouver nature modern-language-association harvard-cite-them-right \
             elsevier-harvard elsevier-with-titles elsevier-vancouver association-for-computing-machinery \
             american-medical-association american-sociological-association american-chemical-society \
             american-physics-society american-political-science-association science cell bmj plos \
             springer-basic-author-date springer-lecture-notes-in-computer-science \
             oxford-university-press-humsoc turabian-fullnote-bibliography; do
    if [ ! -f "$STYLES/$style.csl" ]; then
        skip "citeproc-js vs ours: $style" "$STYLES/$style.csl not found"
        continue
    fi
    if ! node "$HERE/citeproc_js.js" "$STYLES/$style.csl" "$T/items.json" "$LOCALES" "$STYLES" \
            > "$T/theirs.tsv" 2> "$T/theirs.err"; then
        fail "citeproc-js vs ours: $style" "citeproc-js failed: $(head -c 300 "$T/theirs.err")"
        continue
    fi
    if ! $PC "$T/items.json" -f csljson -t html --style "$style" > "$T/ours.html" 2> "$T/ours.err"; then
        fail "citeproc-js vs ours: $style" "paperconv failed: $(head -c 300 "$T/ours.err")"
        continue
    fi
    python3 "$HERE/citeproc_js_cmp.py" "$style" "$T/theirs.tsv" "$T/ours.html" "$LIST" ${CITEPROC_JS_LIST:+--list}
done
