# SPDX-License-Identifier: MIT
# test_dist.sh — `make dist` makes paperconv-VERSION.tar.gz of the tracked
# files, in one folder paperconv-VERSION/, that builds where it is unpacked
# (with -Werror, as make check builds) and passes a quick part of make
# check there: the command line, the golden files and the samples (the
# whole suite, twice with ASan, is this tree's make check: too long to run
# twice).  The version is written once (paperconv.h) and NEWS and
# debian/changelog name the same.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "make dist" "checked in the normal pass"; exit 0 ;;
esac
v=$($PC --version | sed 's/^paperconv //')
check "NEWS names the version first ($v)" sh -c "grep -m 1 -E '^[0-9]+\\.[0-9]+' '$ROOT/NEWS' | grep -q '^$v '"
check "debian/changelog's first entry is the version ($v)" \
    sh -c "head -n 1 '$ROOT/debian/changelog' | grep -q '^paperconv ($v)'"

if ! git -C "$ROOT" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    skip "make dist" "not a git checkout (make dist packs the files git tracks)"
    exit 0
fi
bdir=${BUILD#$ROOT/}
tarball=paperconv-$v.tar.gz
if make -s -C "$ROOT" dist BUILD="$bdir" > "$T/dist.log" 2>&1 && [ -f "$ROOT/$tarball" ]; then
    pass "make dist makes $tarball"
else
    fail "make dist makes $tarball" "$(tail -n 5 "$T/dist.log")"
    exit 0
fi
mv "$ROOT/$tarball" "$T/"
tar -tzf "$T/$tarball" > "$T/list"
check "every file is under paperconv-$v/" sh -c "! grep -v '^paperconv-$v/' '$T/list'"
for f in Makefile README.md NEWS LICENSE doc/paperconv.1 doc/paperconv-formats.7 debian/control \
    include/paperconv.h samples/references.bib tests/run.sh; do
    check "the tarball has $f" grep -qx "paperconv-$v/$f" "$T/list"
done
check "the tarball has no build products" sh -c "! grep -E '/build(-[a-z]+)?/|\\.o\$|\\.so' '$T/list'"
git -C "$ROOT" ls-files | sed "s|^|paperconv-$v/|" | LC_ALL=C sort > "$T/tracked"
grep -v '/$' "$T/list" | LC_ALL=C sort > "$T/files"
same "the tarball holds exactly the tracked files" "$T/tracked" "$T/files"

tar -C "$T" -xzf "$T/$tarball"
D=$T/paperconv-$v
# a clean environment for the tree's own make: run.sh exports BUILD and PREFIX
if (cd "$D" && nice env -u BUILD -u PREFIX -u ASAN_BUILD make -s -j2 check-bins WERROR=1) > "$T/build.log" 2>&1; then
    pass "the unpacked tarball builds (make check-bins WERROR=1)"
else
    fail "the unpacked tarball builds" "$(grep -m 5 -E 'error|Error' "$T/build.log")"
    exit 0
fi
(cd "$D" && env -u PREFIX -u ASAN_BUILD BUILD=build PC_TEST_FILTER='cli-test_cli$\|golden-\|package-test_samples' sh tests/run.sh) \
    > "$T/check.log" 2>&1
last=$(tail -n 1 "$T/check.log")
check "the unpacked tarball passes a part of make check ($last)" \
    sh -c "echo '$last' | grep -qE '^[1-9][0-9]* passed, 0 failed'"
