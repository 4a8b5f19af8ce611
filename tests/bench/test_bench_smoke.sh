# SPDX-License-Identifier: MIT
# test_bench_smoke.sh — `make bench-smoke` inside `make check`: the benchmark
# driver (bench/run.sh --smoke) on a 200-record corpus, so it cannot rot.
# Checks that every reader -> writer path `--list-formats` shows has a row with
# numbers (time, MB/s, records/s, peak RSS), that the floors and the library
# baselines were measured, that each path converted every record, and that
# the -j rows (-j 1 beside -j 2) ran for an input of each kind -j cuts.
. "$ROOT/tests/lib.sh"

case ${PREFIX:-} in
asan*) skip "bench smoke" "the benchmark measures the normal build only (not under ASan)"; exit 0 ;;
esac
N=200
R=$T/RESULTS.md
if ! PAPERCONV=$PC BENCH_BIN=$BUILD/bench sh "$ROOT/bench/run.sh" --smoke --out "$R" --corpus "$T/corpus" $N 2> "$T/log"; then
    fail "bench/run.sh --smoke runs" "$(tail -n 5 "$T/log")"
    exit 0
fi
pass "bench/run.sh --smoke runs"
check "RESULTS file written" [ -s "$R" ]

# the inputs the driver must have made, from the format table alone
"$PC" --list-formats > "$T/formats"
readers=$(awk 'NR > 1 && $2 == "yes" { print $1 }' "$T/formats")
writers=$(awk 'NR > 1 && $3 == "yes" { print $1 }' "$T/formats")
labels=
for r in $readers; do
    case $r in
    listing | pubmedxml | scopuscsv) labels="$labels $r" ;; # the generator writes these
    atom) labels="$labels atom rss" ;;
    json) labels="$labels json-csl json-arxiv" ;;
    csljson) echo "$readers" | grep -qx json || labels="$labels csljson" ;; # else json-csl reads it (bench/run.sh)
    *) if echo "$writers" | grep -qx "$r"; then labels="$labels $r"; else
        contains "reader $r without a corpus is named" "$R" "$r"; fi ;;
    esac
done

# a path row: | path | records | runs | median s | MB/s | rec/s | RSS MB | out MB | floor | status |
num='[0-9][0-9.]*'
for l in $labels; do
    for w in $writers; do
        row=$(grep -F "| $l>$w | $N |" "$R" | head -n 1)
        if [ -z "$row" ]; then
            fail "row for $l>$w" "no row in the paths table"
            continue
        fi
        if echo "$row" | grep -Eq "^\| $l>$w \| $N \| 1 \| $num \| $num \| $num \| $num \| $num \| "; then
            pass "row for $l>$w has numbers"
        else
            fail "row for $l>$w has numbers" "$row"
        fi
        rss=$(echo "$row" | awk -F'|' '{ gsub(/ /, "", $8); print $8 }')
        check "peak RSS of $l>$w measured ($rss MB)" awk -v r="$rss" 'BEGIN { exit !(r > 0.5) }'
        st=$(echo "$row" | awk -F'|' '{ gsub(/^ +| +$/, "", $11); print $11 }')
        check "$l>$w converts all $N generated records ($st)" [ "$st" = ok ]
    done
done

# compressed inputs (issue 25): json-arxiv gzip'd and zstd'd, to two writers
for zl in json-arxiv.gz json-arxiv.zst; do
    for w in bibtex csljsonl; do
        row=$(grep -F "| $zl>$w | $N |" "$R" | head -n 1)
        if echo "$row" | grep -Eq "^\| $zl>$w \| $N \| 1 \| $num \| $num \| $num \| $num \| $num \| .*\| ok"; then
            pass "row for $zl>$w has numbers and converted every record"
        else
            fail "row for $zl>$w has numbers and converted every record" "${row:-no row}"
        fi
    done
done

# the -j rows (issue 25): an input of each kind -j cuts, -j 1 beside -j 2
for l in json-arxiv ris bibtex nbib endnotexml mods wordbib atom rss scopuscsv; do
    row=$(grep -E "^\| $l>[a-z]+ \| $N \| $num \| $num \| ${num}x \|" "$R" | head -n 1)
    if echo "$row" | grep -Eq '\| ok \|$'; then
        pass "-j row for $l has numbers and converted every record"
    else
        fail "-j row for $l has numbers and converted every record" "${row:-no row}"
    fi
done

# floors and baselines
grep -E "^\| $N \| c$N\.txt \| $num \| $num \| $num \|" "$R" > /dev/null &&
    pass "floors (cat, memchr) measured" || fail "floors (cat, memchr) measured" "$(grep -A4 'Floors' "$R")"
echo "$readers" | grep -qx atom && contains "xmlTextReader baseline measured" "$R" "| xmlTextReader walk |"
echo "$readers" | grep -qx json && contains "jansson baseline measured" "$R" "| jansson parse |"
echo "$writers" | grep -qx yaml && contains "libyaml emit baseline measured" "$R" "| libyaml emit (output MB/s) |"
contains "targets section" "$R" "## Targets"
contains "machine described" "$R" "- Machine:"

# the CSL processor's table (bench/citeproc.sh, issue 24): a row of numbers at
# 200 records, the -j 1 output the same as the default's, the style's load cost
if [ -f /usr/share/citation-style-language/styles/apa.csl ]; then
    row=$(grep -E "^\| 200 \| $num s \| $num \| $num s \| $num \| $num s \| $num \|" "$R" | head -n 1)
    check "CSL processor row at 200 records (${row:-none})" [ -n "$row" ]
    check "CSL processor: -j 1 writes what the default -j writes" sh -c "! grep -q 'differs from the default' '$R'"
    contains "CSL processor: the style's load cost measured" "$R" "Loading apa.csl and its locale (en-US): "
else
    skip "CSL processor table" "no APA style (citation-style-language-styles)"
fi
