# SPDX-License-Identifier: MIT
# test_library.sh — README's "Using the library" example, taken from the
# README itself, built against an installed tree (make install DESTDIR=…
# PREFIX=/usr) three ways: with `pkg-config --cflags --libs paperconv`
# against libpaperconv.so, statically with `pkg-config --static`, and as C++.
# Each build must print, for every sample, each record's title and first
# author's family name as `paperconv -t csljson` gives them (markup tags
# removed).  The example of libpaperconv(3) (between its "example:begin"
# and "example:end" lines) is built the same three ways and must print the
# record it builds as BibTeX, then as RIS.  In the ASan pass both examples
# are built against the sanitized static library of that build instead
# (leaks and overflows in the API's use), and install and pkg-config are
# left to the normal pass.
. "$ROOT/tests/lib.sh"
CC=${CC:-cc}
CXX=${CXX:-g++}

# ---- the example, as README shows it ----------------------------------------
awk '/^## Using the library/ { in_sec = 1; next }
     in_sec && /^## / { exit }
     in_sec && /^```c$/ { code = 1; next }
     code && /^```$/ { exit }
     code { print }' "$ROOT/README.md" > "$T/titles.c"
check "README's \"Using the library\" has a C example with main()" grep -q '^int main' "$T/titles.c"
# the man page's, with roff's escapes undone (\e is a backslash, \- a hyphen)
awk '/^\.\\" example:begin/ { on = 1; next } /^\.\\" example:end/ { on = 0 }
     on && !/^\.E[XE]$/ { print }' "$ROOT/doc/libpaperconv.3" | sed -e 's/\\e/\\/g' -e 's/\\-/-/g' > "$T/man.c"
check "libpaperconv(3) has a C example with main()" grep -q '^int main' "$T/man.c"

# runs one build of the man page's example: NAME PROGRAM [ENV...]
run_man_example() {
    name=$1; prog=$2; shift 2
    if env "$@" "$prog" > "$T/man.raw" 2> "$T/man.err" && tr -d '\r' < "$T/man.raw" > "$T/man.out" &&
        grep -q '^@inproceedings{vaswani2017attention,$' "$T/man.out" &&
        grep -q '^TY  - CONF$' "$T/man.out" &&
        grep -q '^TI  - Attention Is All You Need$' "$T/man.out" &&
        grep -q '^AU  - Vaswani, Ashish$' "$T/man.out"; then
        pass "$name: the man page's example prints its record as BibTeX, then RIS"
    else
        fail "$name: the man page's example" "$(head -c 400 "$T/man.err")" "$(head -n 20 "$T/man.out")"
    fi
}

# ---- what the CLI says: title and first family name per record, via CSL-JSON
cat > "$T/expect.py" <<'PY'
import json, re, sys
tags = re.compile(r'</?(i|b|sup|sub)>|<span class="nocase">|</span>')
for item in json.load(sys.stdin):
    authors = item.get("author") or [{}]
    print("%s\t%s" % (tags.sub("", item.get("title", "")), authors[0].get("family", "")))
PY
samples=$(ls "$ROOT"/samples/*)
for s in $samples; do
    b=$(basename "$s")
    $PC "$s" -t csljson 2> /dev/null | python3 "$T/expect.py" > "$T/$b.want"
done

# runs one build of the example over every sample: NAME PROGRAM [ENV...]
run_example() {
    name=$1; prog=$2; shift 2
    bad=""
    for s in $samples; do
        b=$(basename "$s")
        if ! env "$@" "$prog" "$s" > "$T/$b.got" 2> "$T/$b.err"; then
            bad="$bad $b(exit $?)"
        elif ! cmp -s "$T/$b.want" "$T/$b.got"; then
            bad="$bad $b"
            diff -u "$T/$b.want" "$T/$b.got" | head -n 10 | sed 's/^/# /'
        elif [ ! -s "$T/$b.got" ]; then
            bad="$bad $b(empty)"
        fi
    done
    if [ -z "$bad" ]; then pass "$name: every sample as the CLI reads it"; else fail "$name" "differs on:$bad"; fi
}

case ${PREFIX:-} in
asan*)
    SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
    LIBS="$(pkg-config --libs jansson yaml-0.1 libxml-2.0 libutf8proc zlib libzstd liblzma) -lcsv -pthread"
    if $CC -std=c11 -Wall -Wextra -Werror $SAN -I"$ROOT/include" -o "$T/titles-asan" "$T/titles.c" \
        "$BUILD/libpaperconv.a" $LIBS 2> "$T/cc.err"; then
        pass "example builds against the ASan static library"
        run_example "example under ASan + UBSan" "$T/titles-asan"
    else
        fail "example builds against the ASan static library" "$(head -c 600 "$T/cc.err")"
    fi
    if $CC -std=c11 -Wall -Wextra -Werror $SAN -I"$ROOT/include" -o "$T/man-asan" "$T/man.c" \
        "$BUILD/libpaperconv.a" $LIBS 2> "$T/cc.err"; then
        run_man_example "under ASan + UBSan" "$T/man-asan"
    else
        fail "the man page's example builds against the ASan static library" "$(head -c 600 "$T/cc.err")"
    fi
    skip "library install, pkg-config, static and C++ builds" "checked in the normal pass"
    exit 0 ;;
esac

# ---- install, then build against the installed tree only --------------------
R=$T/root
bdir=${BUILD#$ROOT/}
if ! make -s -C "$ROOT" install BUILD="$bdir" DESTDIR="$R" PREFIX=/usr > "$T/install.log" 2>&1; then
    fail "make install DESTDIR=… PREFIX=/usr" "$(tail -n 5 "$T/install.log")"
    exit 0
fi
pass "make install DESTDIR=… PREFIX=/usr"
export PKG_CONFIG_PATH="$R/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$R"
# -I/usr/include and -L/usr/lib are system paths that pkg-config would drop
# before adding the sysroot; keep them so the DESTDIR copies are used
export PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
version=$($PC --version | awk '{ print $2 }')
mod=$(pkg-config --modversion paperconv 2> "$T/pc.err")
check "pkg-config finds paperconv $version (got '$mod')" [ "$mod" = "$version" ]
cflags=$(pkg-config --cflags paperconv)
libs=$(pkg-config --libs paperconv)
slibs=$(pkg-config --static --libs paperconv)
case "$cflags $libs" in
*"$R/usr/include"*"$R/usr/lib"*) pass "pkg-config points into the installed tree: $cflags $libs" ;;
*) fail "pkg-config points into the installed tree" "cflags: $cflags" "libs: $libs" ;;
esac
for l in -ljansson -lyaml -lxml2 -lutf8proc; do
    case " $slibs " in
    *" $l "*) pass "pkg-config --static names $l" ;;
    *) fail "pkg-config --static names $l" "got: $slibs" ;;
    esac
done

# shared
if $CC -std=c11 -Wall -Wextra -Werror -o "$T/titles-shared" "$T/titles.c" $cflags $libs 2> "$T/cc.err"; then
    pass "example builds with pkg-config --cflags --libs paperconv"
    check "shared build needs libpaperconv.so.0" sh -c "readelf -d '$T/titles-shared' | grep -q 'NEEDED.*\\[libpaperconv.so.0\\]'"
    env LD_LIBRARY_PATH="$R/usr/lib" LD_DEBUG=libs "$T/titles-shared" /dev/null > /dev/null 2> "$T/ld.log"
    check "shared build loads the installed libpaperconv.so.0" grep -q "calling init: $R/usr/lib/libpaperconv.so.0" "$T/ld.log"
    run_example "shared build" "$T/titles-shared" LD_LIBRARY_PATH="$R/usr/lib"
else
    fail "example builds with pkg-config --cflags --libs paperconv" "$(head -c 600 "$T/cc.err")"
fi
if $CC -std=c11 -Wall -Wextra -Werror -o "$T/man-shared" "$T/man.c" $cflags $libs 2> "$T/cc.err"; then
    run_man_example "shared build" "$T/man-shared" LD_LIBRARY_PATH="$R/usr/lib"
else
    fail "the man page's example builds with pkg-config" "$(head -c 600 "$T/cc.err")"
fi

# static: libpaperconv.a by name, everything else as pkg-config --static says
static_libs=$(echo "$slibs" | sed 's/-lpaperconv\>/-l:libpaperconv.a/')
if $CC -std=c11 -Wall -Wextra -Werror -o "$T/titles-static" "$T/titles.c" \
    $(pkg-config --static --cflags paperconv) $static_libs 2> "$T/cc.err"; then
    pass "example builds statically with pkg-config --static"
    check "static build does not need libpaperconv.so" sh -c "! readelf -d '$T/titles-static' | grep -q libpaperconv"
    run_example "static build" "$T/titles-static"
else
    fail "example builds statically with pkg-config --static" "$(head -c 600 "$T/cc.err")"
fi
if $CC -std=c11 -Wall -Wextra -Werror -o "$T/man-static" "$T/man.c" \
    $(pkg-config --static --cflags paperconv) $static_libs 2> "$T/cc.err"; then
    run_man_example "static build" "$T/man-static"
else
    fail "the man page's example builds statically" "$(head -c 600 "$T/cc.err")"
fi

# C++: the header's extern "C" guards
if ! command -v "$CXX" > /dev/null 2>&1; then
    skip "example as C++" "no $CXX"
elif $CXX -x c++ -std=c++11 -Wall -Wextra -Werror -o "$T/titles-cxx" "$T/titles.c" $cflags $libs 2> "$T/cxx.err"; then
    pass "example builds as C++ with $CXX"
    run_example "C++ build" "$T/titles-cxx" LD_LIBRARY_PATH="$R/usr/lib"
    if $CXX -x c++ -std=c++11 -Wall -Wextra -Werror -o "$T/man-cxx" "$T/man.c" $cflags $libs 2> "$T/cxx.err"; then
        run_man_example "C++ build" "$T/man-cxx" LD_LIBRARY_PATH="$R/usr/lib"
    else
        fail "the man page's example builds as C++" "$(head -c 600 "$T/cxx.err")"
    fi
else
    fail "example builds as C++ with $CXX" "$(head -c 600 "$T/cxx.err")"
fi

# pc_version() at run time is the library's version, what paperconv -V says
printf '#include <paperconv.h>\n#include <stdio.h>\nint main(void) { puts(pc_version()); return 0; }\n' > "$T/v.c"
if $CC -o "$T/v" "$T/v.c" $cflags $libs 2> "$T/v.err"; then
    got=$(LD_LIBRARY_PATH="$R/usr/lib" "$T/v")
    check "pc_version() = $version (got '$got')" [ "$got" = "$version" ]
else
    fail "pc_version() program builds" "$(head -c 400 "$T/v.err")"
fi
