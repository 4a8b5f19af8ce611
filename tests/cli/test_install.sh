# SPDX-License-Identifier: MIT
# test_install.sh — make install honours PREFIX and DESTDIR and installs
# everything README's "Installing" lists (binary, both libraries with the
# SONAME links, the one header with its .def tables and nothing else,
# paperconv.pc, the man pages paperconv(1), paperconv-formats(7) and
# libpaperconv(3), bash/zsh/fish completion, README.md, NEWS and LICENSE);
# the installed binary links the installed shared library through its
# SONAME with no rpath, and runs; install-strip strips; make uninstall
# removes exactly what install made: every file, and the directories it
# created (a directory that was there before stays).
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
?*) skip "make install / uninstall" "once is enough: checked in the normal pass"; exit 0 ;;
esac
bdir=${BUILD#$ROOT/}
R=$T/root
P=$R/opt/pc
mkdir -p "$P/share/man/man1" "$R/opt/other"     # there before: uninstall keeps them
(cd "$R" && find . | LC_ALL=C sort) > "$T/before"
if make -s -C "$ROOT" install BUILD="$bdir" DESTDIR="$R" PREFIX=/opt/pc > "$T/install.log" 2>&1; then
    pass "make install DESTDIR=… PREFIX=/opt/pc"
else
    fail "make install" "$(tail -5 "$T/install.log")"
fi
check "installed binary" [ -x "$P/bin/paperconv" ]
check "installed binary runs (the installed library on LD_LIBRARY_PATH)" \
    env LD_LIBRARY_PATH="$P/lib" "$P/bin/paperconv" --version
readelf -d "$P/bin/paperconv" > "$T/dynamic" 2>&1
check "installed binary: no rpath or runpath" sh -c "! grep -qE 'R(UN)?PATH' '$T/dynamic'"
contains "installed binary needs the SONAME libpaperconv.so.0" "$T/dynamic" "Shared library: [libpaperconv.so.0]"
readelf -d "$PC" > "$T/dynamic.build" 2>&1
contains "the build tree's binary finds the library beside it (\$ORIGIN)" "$T/dynamic.build" 'runpath: [$ORIGIN]'
for d in README.md NEWS LICENSE; do
    check "installed $d" cmp -s "$ROOT/$d" "$P/share/doc/paperconv/$d"
done
check "installed paperconv-formats(7)" cmp -s "$ROOT/doc/paperconv-formats.7" "$P/share/man/man7/paperconv-formats.7"
check "installed static library" [ -f "$P/lib/libpaperconv.a" ]
so=$(cd "$P/lib" && ls libpaperconv.so.*.*.* 2> /dev/null)
check "installed shared library libpaperconv.so.X.Y.Z ($so)" [ -f "$P/lib/$so" ]
soname=$(readelf -d "$P/lib/$so" 2> /dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
check "SONAME link $soname -> $so" [ "$(readlink "$P/lib/$soname")" = "$so" ]
check "development link libpaperconv.so -> $soname" [ "$(readlink "$P/lib/libpaperconv.so")" = "$soname" ]
for h in $(cd "$ROOT/include" && find . -name '*.h' | sed 's|^\./||'); do
    check "installed header $h" cmp -s "$ROOT/include/$h" "$P/include/$h"
done
(cd "$P/include" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) > "$T/headers"
printf 'paperconv.h\npaperconv/fields.def\npaperconv/kinds.def\n' > "$T/headers.want"
same "installed headers: paperconv.h and the tables it includes, nothing internal" "$T/headers.want" "$T/headers"
pc=$P/lib/pkgconfig/paperconv.pc
check "installed paperconv.pc" [ -f "$pc" ]
contains "paperconv.pc: prefix is PREFIX" "$pc" "prefix=/opt/pc"
contains "paperconv.pc: libdir" "$pc" "libdir=/opt/pc/lib"
contains "paperconv.pc: Requires.private" "$pc" "Requires.private: jansson yaml-0.1 libxml-2.0 libutf8proc"
check "paperconv.pc: no @VARIABLE@ left" sh -c "! grep -q '@[A-Z]*@' '$pc'"
check "installed man page" cmp -s "$ROOT/doc/paperconv.1" "$P/share/man/man1/paperconv.1"
check "installed library man page" cmp -s "$ROOT/doc/libpaperconv.3" "$P/share/man/man3/libpaperconv.3"
check "installed bash completion" cmp -s "$ROOT/completions/paperconv.bash" "$P/share/bash-completion/completions/paperconv"
check "installed zsh completion" cmp -s "$ROOT/completions/_paperconv" "$P/share/zsh/site-functions/_paperconv"
check "installed fish completion" cmp -s "$ROOT/completions/paperconv.fish" "$P/share/fish/vendor_completions.d/paperconv.fish"
if command -v man > /dev/null 2>&1; then
    MANPATH="$P/share/man" MANWIDTH=80 man -P cat paperconv > "$T/man.txt" 2> /dev/null
    contains "man finds the installed page" "$T/man.txt" "convert paper listings and bibliographic files"
    MANPATH="$P/share/man" MANWIDTH=80 man -P cat 3 libpaperconv > "$T/man3.txt" 2> /dev/null
    contains "man 3 libpaperconv finds the installed page" "$T/man3.txt" "LIBPAPERCONV(3)"
else
    skip "man finds the installed page" "man is not installed"
fi

# a second install over the first is fine (packagers re-run it)
if make -s -C "$ROOT" install BUILD="$bdir" DESTDIR="$R" PREFIX=/opt/pc > "$T/install2.log" 2>&1; then
    pass "make install twice"
else
    fail "make install twice" "$(tail -5 "$T/install2.log")"
fi

# directories moved with their variables
if make -s -C "$ROOT" install BUILD="$bdir" DESTDIR="$T/root2" PREFIX=/usr \
    LIBDIR=/usr/lib/x86_64-linux-gnu MANDIR=/usr/man > "$T/install3.log" 2>&1; then
    check "LIBDIR moves the libraries" [ -f "$T/root2/usr/lib/x86_64-linux-gnu/libpaperconv.a" ]
    check "LIBDIR moves paperconv.pc" grep -q "libdir=/usr/lib/x86_64-linux-gnu" \
        "$T/root2/usr/lib/x86_64-linux-gnu/pkgconfig/paperconv.pc"
    check "MANDIR moves the man pages" sh -c "[ -f '$T/root2/usr/man/man1/paperconv.1' ] &&
        [ -f '$T/root2/usr/man/man3/libpaperconv.3' ]"
else
    fail "make install LIBDIR=… MANDIR=…" "$(tail -5 "$T/install3.log")"
fi

if make -s -C "$ROOT" uninstall BUILD="$bdir" DESTDIR="$R" PREFIX=/opt/pc > "$T/uninstall.log" 2>&1; then
    pass "make uninstall"
else
    fail "make uninstall" "$(tail -5 "$T/uninstall.log")"
fi
find "$R" ! -type d > "$T/left"
check "make uninstall leaves no file behind ($(wc -l < "$T/left") left)" [ ! -s "$T/left" ]
(cd "$R" && find . | LC_ALL=C sort) > "$T/after"
same "make uninstall removes the directories install created, and only those" "$T/before" "$T/after"

# install-strip: the same files, the binary and the shared library stripped
if make -s -C "$ROOT" install-strip BUILD="$bdir" DESTDIR="$T/root4" PREFIX=/usr > "$T/install4.log" 2>&1; then
    pass "make install-strip"
    check "install-strip: the binary has no symbol table" \
        sh -c "! readelf -S '$T/root4/usr/bin/paperconv' | grep -q '\.symtab'"
    check "install-strip: the shared library has no symbol table" \
        sh -c "! readelf -S '$T/root4/usr/lib/$so' | grep -q '\.symtab'"
    check "install-strip: the stripped binary runs" \
        env LD_LIBRARY_PATH="$T/root4/usr/lib" "$T/root4/usr/bin/paperconv" --version
    check "install-strip leaves the build tree's binary as it was" sh -c "readelf -S '$PC' | grep -q '\.symtab'"
else
    fail "make install-strip" "$(tail -5 "$T/install4.log")"
fi
