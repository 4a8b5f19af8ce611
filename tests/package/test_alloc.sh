# SPDX-License-Identifier: MIT
# test_alloc.sh — the library allocates only through src/util/util.c, with
# the allocator a program installs (pc_set_allocator, paperconv.h), and
# frees only with pc_free: a free() of the library's memory would hand
# memory from the program's allocator to libc.  No call of malloc, calloc,
# realloc or free in src/ (but util.c and the command line, src/cli, a
# program of its own) or formats/, except on memory another library made
# with libc's malloc, or kept for the life of the process (a line that
# says "libc's").  tests/unit/test_api.c
# checks the result at run time: a whole conversion through a counting
# allocator frees all it allocated.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "allocation calls" "the sources do not depend on the sanitizer; checked in the normal pass"; exit 0 ;;
esac
cd "$ROOT" || exit 1
find src formats -name '*.c' -o -name '*.h' | grep -v '^src/cli/' | grep -v '^src/util/util\.c$' |
    LC_ALL=C sort > "$T/files"
: > "$T/calls"
while read -r f; do
    # a call: the name not preceded by a letter, digit, _, . or -> (pc_free, x.free)
    grep -nE '(^|[^A-Za-z0-9_.>])(malloc|calloc|realloc|free)\(' "$f" |
        grep -v "libc's" | grep -vE '^[0-9]+: *(/\*|\*)' | sed "s|^|$f:|" >> "$T/calls"
done < "$T/files"
if [ -s "$T/calls" ]; then
    fail "every allocation goes through util.c's allocator ($(wc -l < "$T/files") files)" "$(head -n 10 "$T/calls")"
else
    pass "every allocation goes through util.c's allocator ($(wc -l < "$T/files") files)"
fi
