# test_install.sh — make install honours PREFIX and DESTDIR, and the
# installed binary runs.
. "$ROOT/tests/lib.sh"
[ -n "$PREFIX" ] && exit 0   # once is enough (not again in the ASan pass)
bdir=${BUILD#$ROOT/}
if make -s -C "$ROOT" install BUILD="$bdir" DESTDIR="$T/root" PREFIX=/opt/pc > "$T/install.log" 2>&1; then
    pass "make install DESTDIR=… PREFIX=/opt/pc"
else
    fail "make install" "$(tail -5 "$T/install.log")"
fi
check "installed binary" [ -x "$T/root/opt/pc/bin/paperconv" ]
check "installed library" [ -f "$T/root/opt/pc/lib/libpaperconv.a" ]
check "installed header" [ -f "$T/root/opt/pc/include/paperconv.h" ]
check "installed binary runs" "$T/root/opt/pc/bin/paperconv" --version
