# SPDX-License-Identifier: MIT
# test_debian.sh — debian/: the symbols file lists exactly what paperconv.h
# exports; where dpkg-buildpackage is installed (make deps-test installs
# debhelper, devscripts, lintian), `dpkg-buildpackage -us -uc -b` in a clean
# copy of the tree builds paperconv, libpaperconv0 and libpaperconv-dev
# (dh_makeshlibs -c4: the library's symbols are the symbols file's), lintian
# reports no error and no warning, and the packages unpacked into a
# scratch root (dpkg -x) run `paperconv --version` and build the example of
# libpaperconv(3) with pkg-config against the packaged header and library.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "Debian package" "checked in the normal pass"; exit 0 ;;
esac
v=$($PC --version | sed 's/^paperconv //')

# ---- the symbols file: the exports of the one public header ------------------
CC=${CC:-cc} sh "$ROOT/tools/exports.sh" X "$ROOT/include" | sed -n 's/^ *\(pc_[a-z0-9_]*\);$/\1/p' |
    LC_ALL=C sort > "$T/exports"
sed -n 's/^ \(pc_[a-z0-9_]*\)@PAPERCONV_0 .*/\1/p' "$ROOT/debian/libpaperconv0.symbols" | LC_ALL=C sort > "$T/symbols"
same "debian/libpaperconv0.symbols lists exactly paperconv.h's functions (a new one: add its line)" \
    "$T/exports" "$T/symbols"
check "the symbols file names the SONAME and the package" \
    grep -qx 'libpaperconv.so.0 libpaperconv0 #MINVER#' "$ROOT/debian/libpaperconv0.symbols"

if ! command -v dpkg-buildpackage > /dev/null 2>&1 || ! command -v dh > /dev/null 2>&1; then
    skip "dpkg-buildpackage -us -uc -b" "dpkg-buildpackage or debhelper is not installed (make deps-test)"
    exit 0
fi

# ---- a clean copy: the tracked files (or, outside git, the tree without builds)
S=$T/src/paperconv-$v
mkdir -p "$S"
if git -C "$ROOT" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    (cd "$ROOT" && git ls-files -z | xargs -0 cp --parents -t "$S")
else
    (cd "$ROOT" && tar --exclude='./build*' --exclude=./tests/out --exclude='./paperconv-*' -cf - .) |
        tar -C "$S" -xf -
fi
(cd "$S" && env -u BUILD -u PREFIX -u ASAN_BUILD DEB_BUILD_OPTIONS=parallel=2 \
    nice dpkg-buildpackage -us -uc -b) > "$T/build.log" 2>&1
rc=$?
if [ $rc -eq 0 ]; then pass "dpkg-buildpackage -us -uc -b"; else
    fail "dpkg-buildpackage -us -uc -b (exit $rc)" "$(grep -E 'error|warning|dpkg-gensymbols' "$T/build.log" | head -n 15)"
    exit 0
fi
arch=$(dpkg --print-architecture)
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2> /dev/null || echo "$(uname -m)-linux-gnu")
for p in paperconv libpaperconv0 libpaperconv-dev; do
    check "built ${p}_${v}_$arch.deb" [ -f "$T/src/${p}_${v}_$arch.deb" ]
done
check "the build used dpkg-buildflags (CPPFLAGS: -D_FORTIFY_SOURCE)" grep -q -- '-D_FORTIFY_SOURCE=2 ' "$T/build.log"

# ---- lintian: no error, no warning ----------------------------------------------
if command -v lintian > /dev/null 2>&1; then
    lintian "$T/src/paperconv_${v}_$arch.changes" > "$T/lintian.log" 2>&1
    grep -E '^[EW]: ' "$T/lintian.log" > "$T/lintian.bad"
    if [ -s "$T/lintian.bad" ]; then fail "lintian: no error, no warning" "$(head -n 10 "$T/lintian.bad")"
    else pass "lintian: no error, no warning"; fi
else
    skip "lintian" "lintian is not installed (make deps-test)"
fi

# ---- what each package holds -----------------------------------------------------
for p in paperconv libpaperconv0 libpaperconv-dev; do
    dpkg-deb -c "$T/src/${p}_${v}_$arch.deb" | awk '{ print $6 }' > "$T/$p.list"
done
for f in ./usr/bin/paperconv ./usr/share/man/man1/paperconv.1.gz ./usr/share/man/man7/paperconv-formats.7.gz \
    ./usr/share/bash-completion/completions/paperconv ./usr/share/doc/paperconv/copyright; do
    check "paperconv has $f" grep -qx -- "$f" "$T/paperconv.list"
done
check "libpaperconv0 has libpaperconv.so.$v" grep -qx -- "./usr/lib/$ma/libpaperconv.so.$v" "$T/libpaperconv0.list"
for f in ./usr/include/paperconv.h "./usr/lib/$ma/libpaperconv.a" "./usr/lib/$ma/pkgconfig/paperconv.pc" \
    ./usr/share/man/man3/libpaperconv.3.gz; do
    check "libpaperconv-dev has $f" grep -qx -- "$f" "$T/libpaperconv-dev.list"
done

# ---- unpacked into a scratch root: the program runs, the example builds -----------
R=$T/root
for p in paperconv libpaperconv0 libpaperconv-dev; do
    dpkg -x "$T/src/${p}_${v}_$arch.deb" "$R"
done
got=$(LD_LIBRARY_PATH="$R/usr/lib/$ma" "$R/usr/bin/paperconv" --version 2>&1)
check "the packaged paperconv --version says $v ($got)" [ "$got" = "paperconv $v" ]
awk '/^\.\\" example:begin/ { on = 1; next } /^\.\\" example:end/ { on = 0 }
     on && !/^\.E[XE]$/ { print }' "$ROOT/doc/libpaperconv.3" | sed -e 's/\\e/\\/g' -e 's/\\-/-/g' > "$T/example.c"
flags=$(PKG_CONFIG_SYSROOT_DIR="$R" PKG_CONFIG_PATH="$R/usr/lib/$ma/pkgconfig" \
    pkg-config --cflags --libs paperconv 2> "$T/pkg.err")
check "pkg-config finds the packaged paperconv.pc ($flags)" [ -n "$flags" ]
if ${CC:-cc} -o "$T/example" "$T/example.c" $flags > "$T/cc.log" 2>&1; then
    pass "libpaperconv(3)'s example compiles against the packaged header and library"
    LD_LIBRARY_PATH="$R/usr/lib/$ma" "$T/example" > "$T/example.out" 2>&1
    contains "the example runs on the packaged library: BibTeX" "$T/example.out" "@inproceedings{vaswani2017attention,"
    contains "the example runs on the packaged library: RIS" "$T/example.out" "TY  - CONF"
    readelf -d "$T/example" > "$T/example.dyn" 2>&1
    contains "the example needs libpaperconv.so.0" "$T/example.dyn" "Shared library: [libpaperconv.so.0]"
else
    fail "libpaperconv(3)'s example compiles against the packaged header and library" "$(head -n 10 "$T/cc.log")"
fi
