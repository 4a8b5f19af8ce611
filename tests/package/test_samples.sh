# SPDX-License-Identifier: MIT
# test_samples.sh — samples/ has one file per reader, README shows each, and
# make demo's check (tools/demo.sh) passes, and fails on a bad sample.
# A sample "belongs" to reader R when paperconv picks R for it by itself:
# `-f R` gives the same bytes as no -f, with at least one record.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "samples" "samples run under ASan in the golden, accounting and library tests"; exit 0 ;;
esac
cd "$ROOT" || exit 1
readers=$($PC --list-formats | awk 'NR > 1 && $2 == "yes" { print $1 }')
for r in $readers; do
    found=""
    for f in samples/*; do
        $PC "$f" -t ris > "$T/auto" 2> /dev/null || continue
        $PC -f "$r" "$f" -t ris > "$T/forced" 2> /dev/null || continue
        if grep -q '^ER  -' "$T/auto" && cmp -s "$T/auto" "$T/forced"; then
            found="$found ${f#samples/}"
        fi
    done
    check "reader $r has a sample:${found:- none}" [ -n "$found" ]
done
for f in samples/*; do
    check "README shows $f" grep -qF "$f" "$ROOT/README.md"
done

# make demo's check, on the real samples and on a copy with a bad one added
if sh tools/demo.sh "$PC" 2> "$T/demo.err"; then pass "tools/demo.sh: every sample converts"; else
    fail "tools/demo.sh: every sample converts" "$(grep FAIL "$T/demo.err")"; fi
n=$(grep -c '^demo: ok' "$T/demo.err")
check "tools/demo.sh checked every sample ($n)" [ "$n" -eq "$(ls samples | wc -l)" ]
mkdir -p "$T/copy/samples" "$T/copy/tools"
cp tools/demo.sh "$T/copy/tools/"
cp samples/references.bib "$T/copy/samples/"
echo "hello" > "$T/copy/samples/junk.txt"
if sh "$T/copy/tools/demo.sh" "$PC" 2> "$T/demo2.err"; then
    fail "tools/demo.sh fails on a sample with no record" "$(cat "$T/demo2.err")"
else
    contains "tools/demo.sh names the bad sample" "$T/demo2.err" "FAIL samples/junk.txt"
fi
