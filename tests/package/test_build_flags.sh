# SPDX-License-Identifier: MIT
# test_build_flags.sh — the Makefile as a packager drives it (GNU Coding
# Standards, Debian's dpkg-buildflags): CPPFLAGS, CFLAGS and LDFLAGS from the
# command line or the environment are honoured and come after the
# project's own flags (which stay: -Iinclude, -std=c11, the libraries'
# flags); -Werror only with WERROR=1 (make check and CI set it); a real
# compile with `make CFLAGS="-O2 -g"` works (it failed when a command-line
# CFLAGS replaced the `+=` lines); the version is written once, in
# paperconv.h; tools/deps.sh without apt-get: nothing to do when the
# libraries are there, the package named when one is missing.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "build flags" "checked in the normal pass"; exit 0 ;;
esac
B=$T/b
# the commands make would run, for a fresh build directory
dry() { make -n -C "$ROOT" BUILD="$B" "$@" all 2> "$T/dry.err"; }

dry CPPFLAGS=-DPC_PKG_CPP=1 CFLAGS="-O1 -g3" LDFLAGS=-Wl,-z,now > "$T/cmdline"
grep -E '^(cc|gcc|clang)? ?.* -c src/cli/main\.c' "$T/cmdline" > "$T/compile"
grep -E ' -o [^ ]*/paperconv ' "$T/cmdline" | head -n 1 > "$T/link"
check "command line: a compile line for src/cli/main.c" [ -s "$T/compile" ]
for f in -DPC_PKG_CPP=1 -O1 -g3 -Iinclude -std=c11 -Wall; do
    contains "command line: the compile has $f" "$T/compile" " $f"
done
check "command line: CFLAGS come after the project's flags" \
    sh -c "grep -qE -- '-std=c11.* -O1 -g3' '$T/compile'"
check "command line: no -O2 left from the default CFLAGS" sh -c "! grep -q -- ' -O2' '$T/compile'"
contains "command line: the link has LDFLAGS" "$T/link" "-Wl,-z,now"
check "no -Werror by default" sh -c "! grep -q -- '-Werror\\( \\|$\\)' '$T/compile'"

CPPFLAGS=-D_FORTIFY_SOURCE=2 CFLAGS="-O2 -fstack-protector-strong" LDFLAGS=-Wl,-z,relro dry > "$T/env"
grep -E ' -c src/cli/main\.c' "$T/env" > "$T/compile.env"
contains "environment: CPPFLAGS honoured (Debian's -D_FORTIFY_SOURCE=2)" "$T/compile.env" "-D_FORTIFY_SOURCE=2"
contains "environment: CFLAGS honoured" "$T/compile.env" "-fstack-protector-strong"
grep -E ' -o [^ ]*/paperconv ' "$T/env" | head -n 1 > "$T/link.env"
contains "environment: LDFLAGS honoured" "$T/link.env" "-Wl,-z,relro"

dry WERROR=1 > "$T/werror"
check "WERROR=1: -Werror" grep -qE -- ' -c src/cli/main\.c' "$T/werror"
check "WERROR=1: the compile has -Werror" sh -c "grep -E ' -c src/cli/main\\.c' '$T/werror' | grep -q -- '-Werror'"
check "make check builds with WERROR=1" sh -c "sed -n '/^check:/,/^[a-z]/p' '$ROOT/Makefile' | grep -q 'WERROR=1'"

# a real compile of one object with a command-line CFLAGS
if make -s -C "$ROOT" BUILD="$B" CFLAGS="-O2 -g" "$B/src/util/util.o" > "$T/real.log" 2>&1; then
    pass "make CFLAGS=\"-O2 -g\" compiles (the project's -I flags kept)"
else
    fail "make CFLAGS=\"-O2 -g\" compiles" "$(tail -n 5 "$T/real.log")"
fi
# changed flags rebuild the object
touch -d '2000-01-01' "$B/src/util/util.o"
make -s -C "$ROOT" BUILD="$B" CFLAGS="-O1 -g" "$B/src/util/util.o" > "$T/real2.log" 2>&1
check "other CFLAGS rebuild the object" [ "$B/src/util/util.o" -nt "$ROOT/Makefile" ]

# the version, once
n=$(grep -rhE '"[0-9]+\.[0-9]+\.[0-9]+"' "$ROOT/include" "$ROOT/src" | grep -cvE '^ *(/\*|\*)')
check "no version string literal in include/ or src/ (PC_VERSION is made of MAJOR.MINOR.PATCH)" [ "$n" -eq 0 ]
v=$($PC --version | sed 's/^paperconv //')
check "make's VERSION is paperconv --version ($v)" \
    sh -c "make -s -C '$ROOT' BUILD='$B' -p -n help 2> /dev/null | grep -qx 'VERSION := $v'"

# ---- tools/deps.sh where apt-get is not there --------------------------------
mkdir -p "$T/bin" "$T/bin-nojansson"
for f in /usr/bin/* /bin/*; do
    n=${f##*/}
    [ "$n" = apt-get ] || [ -e "$T/bin/$n" ] || ln -s "$f" "$T/bin/$n"
done
if PATH=$T/bin sh "$ROOT/tools/deps.sh" build > "$T/deps.out" 2>&1; then
    pass "deps.sh build without apt-get, libraries there: exit 0"
else
    fail "deps.sh build without apt-get, libraries there: exit 0" "$(cat "$T/deps.out")"
fi
contains "deps.sh build: says everything is there" "$T/deps.out" "everything is installed"
# a pkg-config that does not find jansson
printf '#!/bin/sh\nfor a; do case $a in jansson) exit 1 ;; esac; done\nexec /usr/bin/pkg-config "$@"\n' \
    > "$T/bin-nojansson/pkg-config"
chmod +x "$T/bin-nojansson/pkg-config"
PATH=$T/bin-nojansson:$T/bin sh "$ROOT/tools/deps.sh" build > "$T/deps2.out" 2>&1
check "deps.sh build without apt-get, jansson missing: exit 1" [ $? -eq 1 ]
contains "deps.sh names the package to install" "$T/deps2.out" "libjansson-dev"
check "deps.sh: no compiler error, no apt-get" sh -c "! grep -qiE 'apt-get: |error:' '$T/deps2.out'"
# make itself, with jansson missing: the package named before any compile
PATH=$T/bin-nojansson:$T/bin make -s -C "$ROOT" BUILD="$T/b2" all > "$T/make-missing.out" 2>&1
check "make with jansson missing: fails" [ $? -ne 0 ]
contains "make with jansson missing: names libjansson-dev" "$T/make-missing.out" "libjansson-dev"
check "make with jansson missing: no compiler error" sh -c "! grep -q 'No such file or directory' '$T/make-missing.out'"
# make demo with no apt-get: works (the libraries are there)
if PATH=$T/bin make -s -C "$ROOT" BUILD="${BUILD#$ROOT/}" demo > "$T/demo.out" 2>&1; then
    pass "make demo without apt-get (the libraries there)"
else
    fail "make demo without apt-get" "$(tail -n 5 "$T/demo.out")"
fi
contains "make demo: says where the binary is" "$T/demo.out" "the binary is"
contains "make demo: says how to install it" "$T/demo.out" "make install PREFIX=~/.local"
