# SPDX-License-Identifier: MIT
# test_ops_cited.sh — --cited FILE on the command line (issue 22): a LaTeX
# .aux (\citation, \@input of an included .aux, \nocite{*}), a biblatex
# .bcf, pandoc Markdown ([@a; -@b], not e-mail addresses, not code), a
# list of keys; records cited by an old key (ids); crossref parents pulled
# in; a cited key no input has is a warning at the citation's file:line:col.
# Oracle: the real bibtex makes the same .bbl from the selection as from
# the whole library.  Compared with bibtool -x when installed.
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/interop/bibtex_lib.sh"
cd "$T" || exit 1
cp "$ROOT/tests/data/ops/cited/library.bib" .
keys() { sed -n 's/^@[A-Za-z]*{[[:space:]]*\([^,]*\),$/\1/p' "$1"; }

printf '\\relax\n\\citation{alpha,beta}\n\\@input{ch1.aux}\n\\citation{nokey}\n\\bibstyle{plain}\n\\bibdata{library}\n' > paper.aux
printf '\\relax\n\\citation{child1}\n\\citation{oldkey}\n' > ch1.aux

exit_is "--cited paper.aux" 0 $PCW --cited paper.aux library.bib -t bibtex -o sel.bib
printf '%s\n' alpha beta child1 renamed procs > want
keys sel.bib > got
same "--cited .aux: the cited records (\\@input followed, an old key in ids, the crossref parent), in input order" want got
contains "--cited: a missing key is a warning at its citation" "$T/stderr" \
    "paperconv: paper.aux:4:11: warning: cited key 'nokey' is in no input"
check "--cited: a key found through ids is not missing" sh -c "! grep -q oldkey '$T/stderr'"
exit_is "--cited -v" 0 $PCW -v --cited paper.aux library.bib -t bibtex -o sel.bib
contains "-v: the records left out are counted" "$T/stderr" "paperconv: 1 record(s) left out: not cited"

# the oracle: bibtex over the selection and over the whole library
if command -v bibtex > /dev/null 2>&1 && kpsewhich plain.bst > /dev/null 2>&1; then
    (bibtex -terse paper > /dev/null 2>&1); cp paper.bbl whole.bbl
    sed 's/bibdata{library}/bibdata{sel}/' paper.aux > sel-paper.aux
    (bibtex -terse sel-paper > /dev/null 2>&1)
    check "bibtex: the selection's .bbl is not empty" grep -q 'bibitem{child1}' sel-paper.bbl
    same "bibtex: the same .bbl from the selection as from the whole library" whole.bbl sel-paper.bbl
else
    skip "bibtex oracle for --cited" "bibtex or plain.bst not installed"
fi

# \nocite{*}: every record
printf '\\citation{*}\n' > all.aux
exit_is "--cited with \\nocite{*}" 0 $PCW --cited all.aux library.bib -t bibtex -o all.bib
check "\\nocite{*}: every record" [ "$(keys all.bib | wc -l)" -eq 6 ]

# Markdown: [@alpha; -@beta], an e-mail address, a code span
printf 'As [@alpha; -@beta, p. 3] say, and @child1 too.\nMail me: someone@gamma.org, not `@renamed`.\n' > paper.md
exit_is "--cited paper.md" 0 $PCW --cited paper.md library.bib -t bibtex -o md.bib
printf '%s\n' alpha beta child1 procs > want
keys md.bib > got
same "--cited Markdown: citations, not e-mail addresses or code" want got

# a .bcf and a list of keys, together (repeatable)
cat > paper.bcf <<'EOX'
<?xml version="1.0" encoding="UTF-8"?>
<bcf:controlfile version="3.10" xmlns:bcf="https://sourceforge.net/projects/biblatex">
  <bcf:section number="0"><bcf:citekey order="1">gamma</bcf:citekey></bcf:section>
</bcf:controlfile>
EOX
printf '# keys\nbeta, renamed\n' > keys.txt
exit_is "--cited paper.bcf --cited keys.txt" 0 $PCW --cited paper.bcf --cited keys.txt library.bib -t bibtex -o two.bib
printf '%s\n' beta gamma renamed > want
keys two.bib > got
same "--cited twice: the union, in input order" want got

# standard input as the library
exit_is "--cited, the library on standard input" 0 sh -c "$PCW --cited paper.aux -f bibtex -t bibtex < library.bib > stdin.bib"
same "--cited: standard input as a file" sel.bib stdin.bib

exit_is "--cited: a file that cannot be read is exit 1" 1 $PCW --cited nothere.aux library.bib -t bibtex -o x.bib
check "--cited nothere.aux: -o left nothing" [ ! -e x.bib ]

# bibtool -x on an .aux: the same records (bibtool knows no ids: the .aux
# cites no old key)
printf '\\citation{alpha}\n\\@input{ch2.aux}\n\\bibdata{library}\n' > bt.aux
printf '\\citation{child1}\n' > ch2.aux
$PCW -q --cited bt.aux library.bib -t bibtex -o ours.bib
keys ours.bib > got
printf '%s\n' alpha child1 procs > want
same "--cited bt.aux: alpha, child1 and its parent" want got
if command -v bibtool > /dev/null 2>&1; then
    if bibtool -q -x bt.aux -o theirs.bib > bibtool.log 2>&1; then
        keys theirs.bib > theirs
        same "bibtool -x: the same records" theirs got
    else
        fail "bibtool -x ran" "$(head -5 bibtool.log)"
    fi
else
    skip "bibtool -x comparison" "bibtool not installed (Debian package bibtool; tools/deps.sh)"
fi
