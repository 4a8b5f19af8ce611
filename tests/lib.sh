# SPDX-License-Identifier: MIT
# lib.sh — shared helpers for the shell tests (sourced, not run).
# Prints "ok - NAME" / "not ok - NAME" lines that tests/run.sh counts.
: "${PC:?run through tests/run.sh}"
PCW="${PC_WRAP:-} $PC"          # paperconv, under valgrind for `make valgrind`
# the test's scratch folder; without one a test would write where it stands
T=$(mktemp -d "${TESTOUT:?run through tests/run.sh}/t.XXXXXX") && [ -d "$T" ] || {
    echo "not ok - $0: no scratch folder under $TESTOUT (mktemp failed)"
    exit 1
}
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"

pass() { echo "ok - $1"; }
fail() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
skip() { echo "skip - $1: $2"; }

# check NAME CONDITION-COMMAND...
check() {
    name=$1; shift
    if "$@"; then pass "$name"; else fail "$name" "command failed: $*"; fi
}

# same NAME EXPECTED-FILE ACTUAL-FILE: byte comparison with a diff on failure
same() {
    if cmp -s "$2" "$3"; then
        pass "$1"
    else
        echo "not ok - $1"
        diff -u "$2" "$3" | head -n 30 | sed 's/^/# /'
    fi
}

# exit_is NAME WANT COMMAND...: the exit status of COMMAND is WANT
exit_is() {
    name=$1; want=$2; shift 2
    "$@" > "$T/stdout" 2> "$T/stderr"
    got=$?
    if [ "$got" -eq "$want" ]; then
        pass "$name"
    else
        fail "$name" "exit status $got, want $want" "stderr: $(head -c 400 "$T/stderr")"
    fi
}

# contains NAME FILE TEXT: FILE has a line with TEXT (fixed string)
contains() {
    if grep -qF -- "$3" "$2"; then pass "$1"; else fail "$1" "no '$3' in $2:" "$(head -c 600 "$2")"; fi
}
