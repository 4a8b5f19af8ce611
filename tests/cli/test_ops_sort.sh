# SPDX-License-Identifier: MIT
# test_ops_sort.sh — --sort=SPEC on the command line (issue 22): several
# keys, '-' descending, stable (ties keep input order), accents and case
# folded the same on every machine (LC_ALL does not matter), a missing
# value last, keys made before sorting; a bad spec is a usage error.  A
# larger input sorted as sort(1) -s sorts its keys.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
cp "$ROOT/tests/data/ops/sort.bib" .
keys() { sed -n 's/^@[A-Za-z]*{\([^,]*\),$/\1/p' "$1"; }
order() { # NAME SPEC WANT...: the keys in that order
    name=$1 spec=$2; shift 2
    printf '%s\n' "$@" > want
    $PCW --sort="$spec" -t bibtex sort.bib > out.bib 2> err
    keys out.bib > got
    same "$name" want got
}
order "--sort=author,-year: Alpha newest first, É folded to E, no author last; k1 k6 tie: input order" \
    author,-year k4 k1 k6 k2 k3 k5
order "--sort=year: ascending, ties in input order" year k3 k2 k5 k1 k6 k4
order "--sort=-year,title: descending then a second key" -year,title k4 k1 k6 k2 k5 k3
order "--sort=title: accents and case folded (Éclairs between Apricots and No)" title k1 k6 k4 k2 k5 k3
order "--sort=key" key k1 k2 k3 k4 k5 k6
order "--sort=-added: input order reversed" -added k6 k5 k4 k2 k1 k3
LC_ALL=C $PCW --sort=author -t bibtex sort.bib > c.bib 2> /dev/null
LC_ALL=C.UTF-8 $PCW --sort=author -t bibtex sort.bib > u.bib 2> /dev/null
same "--sort: the locale does not matter" c.bib u.bib
exit_is "--sort=color is a usage error" 2 $PCW --sort=color -t bibtex sort.bib
check "--sort=color: the message names it" grep -q "color" "$T/stderr"
exit_is "--sort=year,, is a usage error" 2 $PCW --sort=year,, -t bibtex sort.bib
exit_is "--sort: standard input" 0 sh -c "$PCW --sort=author,-year -f bibtex -t bibtex < sort.bib > stdin.bib"
$PCW --sort=author,-year -t bibtex sort.bib > files.bib 2> /dev/null
same "--sort: standard input as a file" files.bib stdin.bib

# 3000 records with years in a shuffled order: the keys' years come out
# as sort -s -n puts them (stable: ties in input order)
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "@misc{r%d, title = {T %d}, year = %d}\n", i, i, 1900 + (i * 7919) % 97 }' > many.bib
$PCW --sort=year -t bibtex many.bib 2> /dev/null | keys /dev/stdin > got
awk 'BEGIN { for (i = 0; i < 3000; i++) print 1900 + (i * 7919) % 97, "r" i }' | sort -s -n -k1,1 | cut -d' ' -f2 > want
same "--sort=year on 3000 records: as sort -s -n" want got
