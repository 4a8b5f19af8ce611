#!/bin/sh
# SPDX-License-Identifier: MIT
# test_keyscope.sh — --key-scope=global (issue 25): keys unique across
# separate runs over chunks of an input with no key set shared.  2 000
# works whose base keys repeat (tests/tools/gen_works.py) cut in 3 chunks
# and converted apart: no key given twice (without case, as BibTeX
# compares), the keys of one run over the whole, and the same again on a
# re-run; in the default scope the same chunks do give a key twice (what
# the option is for).  A key taken from the input gets the identity too;
# the identity is the DOI, else the arXiv id, else title and year.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
command -v python3 >/dev/null 2>&1 || { skip "--key-scope" "no python3"; exit 0; }

python3 "$ROOT/tests/tools/gen_works.py" 2000 > works.jsonl
split -l 700 works.jsonl chunk.
keys() { grep '^@' | sed 's/^@[a-z]*{\(.*\),$/\1/'; }

for c in chunk.*; do $PC -f json "$c" -t bibtex --key-scope=global 2>/dev/null; done | keys > chunks.keys
$PCW -f json works.jsonl -t bibtex --key-scope=global 2> whole.err | keys > whole.keys
check "global: every work has a key (2000)" [ "$(wc -l < chunks.keys)" -eq 2000 ]
check "global: chunks converted apart give no key twice (without case)" \
    [ -z "$(tr 'A-Z' 'a-z' < chunks.keys | sort | uniq -d)" ]
same "global: the chunks' keys are one run's over the whole" whole.keys chunks.keys
check "global: one run over the whole repeats no key either" [ -z "$(grep -F "is taken" whole.err)" ]
$PC -f json works.jsonl -t bibtex --key-scope=global 2>/dev/null | keys > again.keys
same "global: a re-run gives the same keys" whole.keys again.keys
for c in chunk.*; do $PC -f json "$c" -t bibtex 2>/dev/null; done | keys > run.keys
check "default scope: the same chunks do give a key twice" [ -n "$(sort run.keys | uniq -d)" ]

# the identity: DOI, arXiv id, title + year; not the order, not the rest
printf '%s\n' '{"type":"book","title":"One","author":[{"family":"Doe"}],"issued":{"date-parts":[[2000]]},"DOI":"10.1/ABC"}' \
    > doi1.jsonl
printf '%s\n' '{"type":"book","title":"Other title","author":[{"family":"Doe"}],"issued":{"date-parts":[[2000]]},"DOI":"10.1/abc"}' \
    > doi2.jsonl
k1=$($PC -f json doi1.jsonl -t bibtex --key-scope=global 2>/dev/null | keys)
k2=$($PC -f json doi2.jsonl -t bibtex --key-scope=global 2>/dev/null | keys)
check "global: the DOI (without case) is the identity: $k1 vs $k2" [ "${k1##*-}" = "${k2##*-}" ]
printf '%s\n' '{"type":"book","title":"One","author":[{"family":"Doe"}],"issued":{"date-parts":[[2001]]}}' > y1.jsonl
printf '%s\n' '{"type":"book","title":"One","author":[{"family":"Doe"}],"issued":{"date-parts":[[2002]]}}' > y2.jsonl
k1=$($PC -f json y1.jsonl -t bibtex --key-scope=global 2>/dev/null | keys)
k2=$($PC -f json y2.jsonl -t bibtex --key-scope=global 2>/dev/null | keys)
check "global: title and year, another year another identity: $k1 vs $k2" [ "${k1##*-}" != "${k2##*-}" ]
case $k1 in doe2001one-????????) pass "global: the key is the base, - and 8 characters ($k1)" ;;
*) fail "global: the key is the base, - and 8 characters" "got $k1" ;; esac

# a key from the input that is taken gets the identity, not "a"
printf '@book{same, title = {First}, year = 2000}\n@book{same, title = {Second}, year = 2000}\n' > in.bib
$PC in.bib -t bibtex --rewrite --key-scope=global 2>/dev/null | keys > in.keys
check "global: the input's key is kept" [ "$(head -n 1 in.keys)" = same ]
case $(sed -n 2p in.keys) in same-????????) pass "global: a taken input key gets the identity" ;;
*) fail "global: a taken input key gets the identity" "got $(sed -n 2p in.keys)" ;; esac

exit_is "--key-scope=run: exit 0" 0 $PCW in.bib -t bibtex --key-scope=run
contains "--key-scope=run: the order's postfix" "$T/stdout" "@book{samea,"
exit_is "--key-scope=bogus: usage error" 2 $PCW in.bib -t bibtex --key-scope=bogus
contains "--key-scope=bogus: says what it takes" "$T/stderr" "--key-scope takes 'run' or 'global'"
