# SPDX-License-Identifier: MIT
# test_xml_shapes.sh — issue 23's hostile shapes for the XML readers
# (endnotexml, pubmedxml, mods, wordbib; gen_xml_shapes.py writes them):
#   - linear: one record of 30 000 and 300 000, of 100 000 and 1 000 000
#     authors, the same numbers of keywords, 10 000 and 100 000 records (a
#     record of a million authors is over the readers' 32 MB record limit:
#     refused in bounded time and memory): the 10 N run takes at
#     most LIMIT (20) times the N run's CPU time (net of start-up, the N
#     run's at least FLOOR), never crashes, and writes every record (or
#     refuses one too large for the record limit with a positioned error,
#     the others written);
#   - bounded: a title nested 100 000 elements deep is a positioned error
#     ("nested deeper than"), the record after it converted; a record
#     without its end tag is a positioned error ("the file ends inside it"),
#     the record before it converted; memory stays under 2 GB (not under
#     ASan) in every run.
# Sizes are halved under ASan (as test_complexity.sh does).
. "$ROOT/tests/lib.sh"
# times are compared across sizes (CPU time, under a CPU limit): one thread, as
# the small sizes that -j does not cut are read
export PAPERCONV_JOBS=1
cd "$T" || exit 1
RUN="$BUILD/tests/cpu_run"
GEN="$ROOT/tests/robust/gen_xml_shapes.py"
if [ ! -x "$RUN" ] || ! command -v python3 > /dev/null 2>&1; then
    skip "XML hostile shapes" "needs $RUN (make check-bins) and python3"
    exit 0
fi
# 20, not test_complexity.sh's 15: a record of 300 000 authors or keywords
# holds 150-280 MB of items, whose cache misses and page faults grow faster
# than the work on a loaded machine (x8-9 quiet, x16 seen under make check);
# a quadratic reads x100, n log n x12. XML_SHAPES_LIMIT=K checks a tighter bound.
LIMIT=${XML_SHAPES_LIMIT:-20} FLOOR=20000 MEM=2000 DIV=1
if grep -q __asan_init "$PC" 2> /dev/null; then DIV=2 MEM= FLOOR=50000; fi  # ASan start-up varies by ~20 ms

# run FILE FORMAT: sets st, us (CPU microseconds), rss (KB); stderr in run.err
run() {
    # shellcheck disable=SC2046
    set -- $("$RUN" -c 120000000 -w 300 ${MEM:+-m "$MEM"} -e run.err -- "$PC" -v -f "$2" "$1" -t csljson)
    st=$1 us=$2 rss=$3
}
written() { sed -n 's/.* record(s) read, \([0-9]*\) written.*/\1/p' run.err | tail -n 1; }
skipped() { sed -n 's/.* written, \([0-9]*\) skipped.*/\1/p' run.err | tail -n 1; }

# the base: a run on an empty input
: > empty.xml
run empty.xml endnotexml
BASE=$us

# linear FORMAT SHAPE N: the N and 10 N runs
linear() {
    n=$(($3 / DIV)) big=$(($3 * 10 / DIV))
    want_s=$(python3 "$GEN" "$1" "$2" "$n" s.xml) && want_l=$(python3 "$GEN" "$1" "$2" "$big" l.xml) || {
        fail "$1 $2: the generator failed"
        return
    }
    run s.xml "$1"
    st_s=$st ts=$us ok_s=$(written) sk_s=$(skipped)
    run l.xml "$1"
    st_l=$st tl=$us ok_l=$(written) sk_l=$(skipped) rss_l=$rss
    net_s=$((ts - BASE)); [ "$net_s" -lt "$FLOOR" ] && net_s=$FLOOR
    tries=0 # slow: both sizes again, twice at most, the fastest kept (a hiccup is not a quadratic)
    while [ "$tl" -gt $((BASE + LIMIT * net_s)) ] && [ "$tries" -lt 2 ]; do
        tries=$((tries + 1))
        run s.xml "$1"
        [ "$us" -lt "$ts" ] && ts=$us
        run l.xml "$1"
        [ "$us" -lt "$tl" ] && tl=$us
        net_s=$((ts - BASE)); [ "$net_s" -lt "$FLOOR" ] && net_s=$FLOOR
    done
    net_l=$((tl > BASE ? tl - BASE : 0))
    r10=$((net_l * 10 / net_s))
    what="$n: $((ts / 1000)) ms, $big: $((tl / 1000)) ms (x$((r10 / 10)).$((r10 % 10)), ${rss_l} KB)"
    bad=
    for v in "$st_s/$ok_s/$sk_s/$want_s" "$st_l/$ok_l/$sk_l/$want_l"; do
        IFS=/ read -r s o k w <<EOT
$v
EOT
        case $s in
            exit:0) [ "${o:-0}" -eq "$w" ] || bad="$bad; exit 0 with ${o:-?} of $w written" ;;
            exit:1) # a record over the record limit: refused, positioned, the rest written
                { grep -qE 'error: [a-z]+ larger than [0-9]+ MB: not read' run.err && [ $((${o:-0} + ${k:-0})) -eq "$w" ]; } ||
                    bad="$bad; exit 1: $(grep -m1 error: run.err | cut -c1-160)" ;;
            *) bad="$bad; $s" ;;
        esac
    done
    grep -qE 'Sanitizer|runtime error:' run.err && bad="$bad; sanitizer: $(grep -m1 -E 'Sanitizer|runtime error:' run.err)"
    [ "$tl" -gt $((BASE + LIMIT * net_s)) ] && bad="$bad; slow: more than $LIMIT x"
    if [ -z "$bad" ]; then pass "$1 $2 linear: $what"; else fail "$1 $2 linear: $what" "${bad#; }"; fi
}

# bounded FORMAT SHAPE N MESSAGE: a positioned error, the other record converted
bounded() {
    n=$(($3 / DIV))
    want=$(python3 "$GEN" "$1" "$2" "$n" b.xml)
    run b.xml "$1"
    if [ "$st" = exit:1 ] && grep -qE "b\.xml:[0-9]+:[0-9]+: error: .*$4" run.err && [ "$(written)" = "$want" ] &&
        ! grep -qE 'Sanitizer|runtime error:' run.err; then
        pass "$1 $2 ($n): a positioned error, $want record converted, $((us / 1000)) ms, $rss KB"
    else
        fail "$1 $2 ($n): a positioned error, $want record converted" "status $st, $(written) written" \
            "$(grep -m2 -E 'error|Sanitizer' run.err | cut -c1-200)"
    fi
}

for f in endnotexml pubmedxml mods wordbib; do
    if ! $PC --list-formats | grep -q "^$f "; then
        skip "$f hostile shapes" "no $f reader"
        continue
    fi
    linear "$f" authors 30000    # 300 000 authors: one record under the 32 MB record limit
    linear "$f" authors 100000   # 1 000 000: over it (for most formats), refused
    linear "$f" keywords 30000
    linear "$f" keywords 100000
    linear "$f" records 10000
    bounded "$f" deep 100000 "nested deeper than"
    bounded "$f" cut 10 "the file ends inside it"
done
