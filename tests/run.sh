#!/bin/sh
# run.sh — runs every test of `make check` and prints one summary line.
#
# Each test (a unit binary in $BUILD/tests/test_*, or a script
# tests/*/test_*.sh) prints one line per case: "ok - NAME", "not ok - NAME"
# (details may follow on lines starting with "#"), or "skip - NAME: WHY".
# The last line is "N passed, N failed, N skipped".
export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
export ROOT BUILD
export PC="$BUILD/paperconv" PCTOOL="$BUILD/tests/pctool"
export SHARED="${SHARED:-$ROOT/../shared}"
export TESTOUT="$BUILD/test-out"
rm -rf "$TESTOUT"
mkdir -p "$TESTOUT"
log="$TESTOUT/run.log"
: > "$log"

run() { # NAME COMMAND...
    name=$1; shift
    out="$TESTOUT/$name.out"
    if [ -n "${PC_TEST_FILTER:-}" ] && ! echo "$name" | grep -q -- "$PC_TEST_FILTER"; then
        return
    fi
    "$@" > "$out" 2>&1
    rc=$?
    cat "$out" >> "$log"
    if [ $rc -ne 0 ] && ! grep -q '^not ok' "$out"; then
        echo "not ok - $name exited with status $rc" >> "$log"
        echo "not ok - $name exited with status $rc"
        tail -n 20 "$out" | sed 's/^/#   /'
    fi
    grep -E '^not ok' -A 12 "$out" | grep -E '^(not ok|#)' | head -n 60
    grep -E '^skip' "$out"
}

for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    run "$(basename "$t")" ${PC_WRAP:-} "$t" "$ROOT"
done
for t in "$ROOT"/tests/*/test_*.sh; do
    [ -f "$t" ] || continue
    run "$(basename "$(dirname "$t")")-$(basename "$t" .sh)" sh "$t"
done

passed=$(grep -c '^ok' "$log")
failed=$(grep -c '^not ok' "$log")
skipped=$(grep -c '^skip' "$log")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
