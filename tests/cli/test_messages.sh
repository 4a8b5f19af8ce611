# SPDX-License-Identifier: MIT
# test_messages.sh — messages a user can act on (issue 21): a PDF, gzip or
# ZIP file is named as such; content of another format gets "this looks
# like BibTeX: try -f bibtex" (without "try -f" when -f chose the reader);
# "did you mean" for unknown formats and options; at most 10 positioned
# errors per input, then "… and N more errors like these" (all of them with
# -v); libyaml's and libxml2's messages in our words; "1 record", not
# "1 records".
. "$ROOT/tests/lib.sh"
S=$ROOT/samples
cd "$T" || exit 1

# stderr of one run: err NAME WANT-STATUS ARGS...
err() {
    name=$1; want=$2; shift 2
    $PCW "$@" > out 2> err.txt
    got=$?
    if [ "$got" -eq "$want" ]; then pass "$name: exit $want"; else
        fail "$name: exit $want" "exit status $got" "$(head -c 400 err.txt)"; fi
}
has() { contains "$1" err.txt "$2"; }
hasnt() { if grep -qF -- "$2" err.txt; then fail "$1" "'$2' in:" "$(head -c 400 err.txt)"; else pass "$1"; fi; }

# ---- not a bibliography at all ---------------------------------------------
printf '%%PDF-1.7\n%%\342\343\317\323\n1 0 obj\n<< /Type /Catalog >>\nendobj\n' > paper.pdf
err "a PDF" 1 paper.pdf -t bibtex
has "a PDF: named" "paper.pdf: error: this is a PDF file, not a bibliography"
cp paper.pdf refs.bib
err "a PDF named .bib" 1 refs.bib -t bibtex
has "a PDF named .bib: named" "refs.bib: error: this is a PDF file, not a bibliography"
hasnt "a PDF named .bib: no BibTeX syntax errors" "expected"
python3 -c 'import zipfile, sys; z = zipfile.ZipFile("refs.zip", "w"); z.writestr("refs.bib", "@misc{a, title={A}}\n"); z.close()'
err "a ZIP" 1 refs.zip -t bibtex
has "a ZIP: named" "refs.zip: error: this is a ZIP archive, not a bibliography (unpack it first)"
gzip -c "$S/references.bib" > refs.bib.gz
if $PC refs.bib.gz -t bibtex > /dev/null 2>&1; then
    skip "a gzip file" "this build reads gzip input"
else
    err "a gzip file" 1 refs.bib.gz -t bibtex
    has "a gzip file: named" "refs.bib.gz: error: this is a gzip file, not a bibliography (decompress it first"
fi

# ---- another format's content ------------------------------------------------
cp "$S/references.bib" refs.txt
err "BibTeX saved as .txt" 1 refs.txt -t ris
has "BibTeX saved as .txt: the guess" "this looks like BibTeX: try -f bibtex"
hasnt "BibTeX saved as .txt: not the vague hint" "is it another format?"
err "-f ris on a .bib" 1 -f ris "$S/references.bib" -t bibtex
has "-f ris on a .bib: what it looks like" "this looks like BibTeX"
hasnt "-f ris on a .bib: no 'try -f' (-f was given)" "try -f"
cp "$S/references.yaml" refs.json
err "YAML named .json" 1 refs.json -t bibtex
has "YAML named .json: one line guesses" "this looks like CSL-YAML: try -f yaml"

# ---- did you mean ---------------------------------------------------------------
err "-t bibtext" 2 "$S/references.bib" -t bibtext
has "-t bibtext: did you mean bibtex" "unknown output format 'bibtext'; did you mean bibtex?"
err "-t json" 2 "$S/references.bib" -t json
has "-t json: did you mean csljson" "no writer for output format 'json'; did you mean csljson?"
err "-f bibtx" 2 -f bibtx "$S/references.bib" -t ris
has "-f bibtx: did you mean bibtex" "unknown input format 'bibtx'; did you mean bibtex?"
err "--unicdoe" 2 --unicdoe "$S/references.bib" -t bibtex
has "--unicdoe: did you mean --unicode" "unknown option '--unicdoe'; did you mean --unicode?"
err "--kep-going" 2 --kep-going "$S/references.bib" -t bibtex
has "--kep-going: did you mean --keep-going" "did you mean --keep-going?"
err "-t zzzzzz" 2 "$S/references.bib" -t zzzzzz
hasnt "-t zzzzzz: no far-fetched guess" "did you mean"

# ---- a cap on repeated errors --------------------------------------------------
err "YAML named .json (cap)" 1 refs.json -t bibtex
n=$(grep -c ': error: ' err.txt)
check "YAML named .json: at most 10 positioned errors and the input's own lines ($n)" [ "$n" -le 12 ]
grep -o 'and [0-9]* more errors like these' err.txt > more.txt
check "YAML named .json: '… and N more errors like these'" [ -s more.txt ]
err "YAML named .json -v" 1 -v refs.json -t bibtex
nv=$(grep -c ':[0-9]*:[0-9]*: error: ' err.txt)
m=$(sed 's/[^0-9]//g' more.txt)
check "-v shows every error (10 + $m = $nv)" [ "$nv" -eq $((10 + ${m:-0})) ]
hasnt "-v: no '… and N more'" "more errors like these"
printf 'not json at all\n' > words.json
err "not JSON at all" 1 words.json -t bibtex

# ---- library messages in our words -------------------------------------------------
printf 'references:\n- id: a\n\ttitle: x\n' > tab.yaml
err "a tab in YAML" 1 tab.yaml -t bibtex
has "a tab in YAML: said plainly" "tab.yaml:3:1: error: YAML: a tab indents this line; YAML indents with spaces only"
hasnt "a tab in YAML: not libyaml's words" "violates indentation"
head -c 600 "$S/arxiv-query.atom" > cut.atom
err "a truncated feed" 1 cut.atom -t bibtex
hasnt "a truncated feed: not libxml2's 'Premature end of data'" "Premature end of data"
has "a truncated feed: says the file ends early" "the file ends"

# ---- plurals ---------------------------------------------------------------------------
printf 'TY  - JOUR\nTI  - One\nER  - \n' > one.ris
err "--progress on one record" 0 --progress one.ris -t bibtex
has "--progress: 1 record" "paperconv: 1 record, "
hasnt "--progress: never '1 records'" " 1 records"
(cd "$ROOT" && sh tools/demo.sh "$PC") > /dev/null 2> demo.txt
check "make demo: '1 record', never '1 records'" sh -c "grep -q ': 1 record\$' demo.txt && ! grep -q ' 1 records' demo.txt"
