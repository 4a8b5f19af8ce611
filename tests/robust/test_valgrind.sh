# SPDX-License-Identifier: MIT
# test_valgrind.sh — every sample through every writer under valgrind: no
# memory error and no leak (the full suite under valgrind is make valgrind).
. "$ROOT/tests/lib.sh"
if [ -n "$PREFIX" ]; then exit 0; fi   # not under ASan: valgrind and ASan do not mix
if ! command -v valgrind >/dev/null 2>&1; then
    skip "valgrind" "not installed (make deps)"
    exit 0
fi
for f in "$ROOT"/samples/* "$ROOT"/tests/data/listing-bad.txt; do
    for fmt in $("$PC" --list-formats | awk 'NR > 1 && $3 == "yes" { print $1 }'); do
        valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
            "$PC" "$f" -t "$fmt" > /dev/null 2> "$T/vg.err"
        rc=$?
        if [ $rc -ne 99 ] && ! grep -q '==[0-9]*==' "$T/vg.err"; then
            pass "valgrind $(basename "$f") -> $fmt: clean"
        else
            fail "valgrind $(basename "$f") -> $fmt" "$(grep '==' "$T/vg.err" | head -8)"
        fi
    done
done
