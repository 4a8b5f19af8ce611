#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh — runs every test of `make check` and prints one summary line.
#
# Each test (a unit binary in $BUILD/tests/test_*, or a script
# tests/*/test_*.sh) prints one line per case: "ok - NAME", "not ok - NAME"
# (details may follow on lines starting with "#"), or "skip - NAME: WHY".
# With ASAN_BUILD set, the whole suite runs a second time with the binaries
# of that (ASan + UBSan) build; with TSAN_BUILD, the worker threads' test
# (tests/cli/test_jobs.sh) once more with that build's paperconv under
# ThreadSanitizer (a race fails it).  The last line is "N passed, N failed, N skipped".
export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$ROOT/$1" ;; esac; }
export ROOT
export SHARED="${SHARED:-$ROOT/../shared}"
OUTDIR=$(abs "${BUILD:-build}")/test-out
rm -rf "$OUTDIR"
mkdir -p "$OUTDIR"
log="$OUTDIR/run.log"
: > "$log"

run() { # NAME COMMAND...
    name=$1; shift
    out="$TESTOUT/$name.out"
    if [ -n "${PC_TEST_FILTER:-}" ] && ! echo "$name" | grep -q -- "$PC_TEST_FILTER"; then
        return
    fi
    "$@" > "$out" 2>&1
    rc=$?
    sed "s/^\(not ok\|ok\|skip\) - /\1 - $PREFIX/" "$out" >> "$log"
    if [ $rc -ne 0 ] && ! grep -q '^not ok' "$out"; then
        echo "not ok - $PREFIX$name exited with status $rc" >> "$log"
        echo "not ok - $PREFIX$name exited with status $rc"
        tail -n 20 "$out" | sed 's/^/#   /'
    fi
    grep -E '^not ok' -A 12 "$out" | grep -E '^(not ok|#)' | sed "s/^not ok - /not ok - $PREFIX/" | head -n 60
    grep -E '^skip' "$out" | sed "s/^skip - /skip - $PREFIX/"
}

suite() { # BUILD-DIR PREFIX
    BUILD=$(abs "$1")
    PREFIX=$2
    export BUILD PREFIX
    export PC="$BUILD/paperconv" PCTOOL="$BUILD/tests/pctool"
    export TESTOUT="$OUTDIR/$(echo "${PREFIX:-main}" | tr -cd 'a-z')"
    mkdir -p "$TESTOUT"
    for t in "$BUILD"/tests/test_*; do
        [ -x "$t" ] || continue
        run "$(basename "$t")" ${PC_WRAP:-} "$t" "$ROOT"
    done
    for t in "$ROOT"/tests/*/test_*.sh; do
        [ -f "$t" ] || continue
        case $t in */fuzz/*) [ -n "$PREFIX" ] && continue ;; esac
        run "$(basename "$(dirname "$t")")-$(basename "$t" .sh)" sh "$t"
    done
}

suite "${BUILD:-build}" ""
if [ -n "${ASAN_BUILD:-}" ] && [ -x "$(abs "$ASAN_BUILD")/paperconv" ]; then
    suite "$ASAN_BUILD" "asan: "
fi
if [ -n "${TSAN_BUILD:-}" ] && [ -x "$(abs "$TSAN_BUILD")/paperconv" ] &&
    { [ -z "${PC_TEST_FILTER:-}" ] || echo "cli-test_jobs" | grep -q -- "$PC_TEST_FILTER"; }; then
    (PC_TEST_FILTER=cli-test_jobs TSAN_OPTIONS=halt_on_error=1:exitcode=66 && export TSAN_OPTIONS &&
        suite "$TSAN_BUILD" "tsan: ")
fi

passed=$(grep -c '^ok' "$log")
failed=$(grep -c '^not ok' "$log")
skipped=$(grep -c '^skip' "$log")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
