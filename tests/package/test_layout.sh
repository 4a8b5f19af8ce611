# SPDX-License-Identifier: MIT
# test_layout.sh — the rooms of issue 20: no include cycle, no format
# including another format's headers, the parsing libraries only in the
# format families, every file's first comment naming it, no stale path in a
# comment, no circle between two units, no reader using a writer (the rules
# and their known exceptions: tests/package/layout.py).  The checker is
# first shown a small tree that breaks each rule, so that an ok below means
# the rule holds, not that the check saw nothing.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "layout" "the sources and the symbols do not depend on the sanitizer; checked in the normal pass"; exit 0 ;;
esac
if ! command -v python3 > /dev/null 2>&1; then
    skip "layout" "python3 not installed"
    exit 0
fi
LAYOUT="python3 $ROOT/tests/package/layout.py"
units=1
for tool in nm readelf "${CC:-cc}"; do
    command -v "$tool" > /dev/null 2>&1 || units=0
done

# ---- the checker on a tree that breaks every rule ------------------------------
B=$T/bad
mkdir -p "$B/src/a" "$B/formats/f" "$B/formats/g" "$B/formats/h" "$B/include" "$B/build/formats/h"
first() { printf '/* SPDX-License-Identifier: MIT */\n/* %s — a file of the test tree. */\n' "$1"; }
{ first x.h; echo '#include "a/y.h"'; } > "$B/src/a/x.h"
{ first y.h; echo '#include "x.h"'; } > "$B/src/a/y.h"
nowhere=src/a/none # + .c: a file that is not there (not written whole, or this file would name it)
{ first q.c; echo '#include <jansson.h>'; echo "/* see $nowhere.c */"; } > "$B/src/a/z.c"
{ first w.c; echo '#include "../../formats/g/g.h"'; } > "$B/src/a/w.c"
{ first g.h; } > "$B/formats/g/g.h"
{ first r.c; echo '#include "../g/g.h"'; } > "$B/formats/f/r.c"
{ first read_x.c; echo 'int pc_b(void);'; echo 'int pc_a(void) { return pc_b(); }'; } > "$B/formats/h/read_x.c"
{ first write_x.c; echo 'int pc_a(void);'; echo 'int pc_b(void) { return pc_a() + 1; }'; } > "$B/formats/h/write_x.c"
if [ $units = 1 ]; then
    for u in read_x write_x; do
        ${CC:-cc} -O0 -c -o "$B/build/formats/h/$u.o" "$B/formats/h/$u.c" || units=0
    done
fi
$LAYOUT "$B" "$B/build" > "$T/bad.out" 2>&1
seen() { # NAME OK-LINE-PREFIX: the checker says "not ok" for the planted breach
    if grep -q "^not ok - $2" "$T/bad.out"; then pass "the checker sees $1"; else fail "the checker sees $1" "$(cat "$T/bad.out")"; fi
}
seen "an include cycle" "no include cycle"
seen "a format including another format's header" "no file under formats/ includes a header of another"
seen "src/ including a header under formats/" "no file under src/ includes a header under formats/"
seen "src/ including jansson.h" "nothing under src/ includes jansson.h"
seen "a first comment naming another file" "every file's first comment names that file"
seen "a comment naming a file that does not exist" "every file a comment or document names exists"
if [ $units = 1 ]; then
    seen "two units calling each other" "no circle"
    seen "a reader calling a writer" "no reader uses a writer"
else
    skip "the checker sees circles" "needs nm, readelf and a C compiler"
fi

# ---- the tree ------------------------------------------------------------------
[ $units = 1 ] || skip "layout: units" "needs nm, readelf and a C compiler"
$LAYOUT "$ROOT" "$([ $units = 1 ] && echo "${BUILD:-}")"
