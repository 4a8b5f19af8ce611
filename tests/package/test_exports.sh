# SPDX-License-Identifier: MIT
# test_exports.sh — libpaperconv.so exports exactly the public API: the
# functions include/paperconv.h, the one installed header, declares, in both
# directions (no symbol outside it, no declaration without its symbol), and
# no variable; the header shows none of the libraries the library uses
# (jansson, libyaml, libxml2, utf8proc: neither a header nor a type) and no
# struct but the two read-only views it hands to callbacks.
#
# The oracle is the compiler, not tools/exports.sh (which wrote the .so's
# version script): every pc_ word in a header under include/ is taken as a
# candidate, and a probe that takes its address (`&NAME`) is compiled against
# the headers.  A candidate is public when that compiles and leaves NAME as an
# undefined symbol of the probe: a function or object with external linkage
# (types, parameters and static inline functions drop out).  The .so's
# dynamic table (`nm -D --defined-only`) must hold exactly those names, each
# with the version node PAPERCONV_N; SONAME libpaperconv.so.N; no text
# relocations; and the static library's objects are PIC (they link into a
# shared object).
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "exports" "the symbol table does not depend on the sanitizer; checked in the normal pass"; exit 0 ;;
esac
CC=${CC:-cc}
SO=$(ls "$BUILD"/libpaperconv.so.*.*.* 2>/dev/null | head -n 1)
if [ -z "$SO" ]; then
    fail "libpaperconv.so.N.N.N is built" "none in $BUILD (make check-bins builds it)"
    exit 0
fi
pass "shared library built: ${SO#$BUILD/}"

# ---- the oracle: pc_ names with external linkage declared in include/ ------
find "$ROOT/include" -name '*.h' | LC_ALL=C sort > "$T/headers"
sed 's/.*/#include "&"/' "$T/headers" > "$T/all.h"
grep -ohE '\<pc_[A-Za-z0-9_]+' $(cat "$T/headers") | LC_ALL=C sort -u > "$T/candidates"
: > "$T/public"
while read -r name; do
    printf '#include "%s"\nvoid *pc_probe_ref = (void *)&%s;\n' "$T/all.h" "$name" > "$T/probe.c"
    if $CC -std=c11 -w -c -I"$ROOT/include" -o "$T/probe.o" "$T/probe.c" 2> /dev/null &&
        nm -u "$T/probe.o" | awk '{ print $2 }' | grep -qx "$name"; then
        echo "$name" >> "$T/public"
    fi
done < "$T/candidates"
n=$(wc -l < "$T/public")
check "the headers declare public functions and variables ($n of $(wc -l < "$T/candidates") pc_ words)" [ "$n" -gt 10 ]
contains "pc_version is declared" "$T/public" "pc_version"

# the command line is built on the public API only: it includes paperconv.h
# and its own cli.h, no header of the library's own
grep -hE '^#include "' "$ROOT"/src/cli/*.c "$ROOT"/src/cli/*.h | sort -u > "$T/cli-includes"
printf '#include "cli.h"\n#include "paperconv.h"\n' > "$T/cli-includes.want"
same "src/cli includes only paperconv.h and cli.h" "$T/cli-includes.want" "$T/cli-includes"

# the driver and the API know no format by name: what differs per format
# is the format's row (its hooks: JabRef's encoding header for BibTeX)
names=$(sed -n 's/.*[{ ]\.name = "\([a-z0-9]*\)".*/\1/p' "$ROOT"/formats/*/*.c | grep . | sort -u | tr '\n' '|' | sed 's/|$//')
grep -nE "\"($names)\"" "$ROOT"/src/io/*.c "$ROOT"/src/api/*.c "$ROOT"/src/model/*.c > "$T/named"
check "src/io, src/api and src/model name no format ($names)" [ ! -s "$T/named" ]

# ---- the .so's dynamic symbol table ------------------------------------------
nm -D --defined-only "$SO" > "$T/nm"
awk '$2 != "A" { print $3 }' "$T/nm" | sed 's/@.*//' | LC_ALL=C sort > "$T/exported"
same "exported symbols = the functions paperconv.h declares (both ways)" "$T/public" "$T/exported"
awk '$2 != "A" && $2 != "T" && $2 != "W" && $2 != "i" { print }' "$T/nm" > "$T/data"
check "no variable is exported (a table or a buffer a program could write)" [ ! -s "$T/data" ]

# ---- the header: only paperconv.h is installed, and it shows no library -------
ls "$ROOT/include" > "$T/inc.got"
printf 'paperconv\npaperconv.h\n' > "$T/inc.want"
same "include/ holds paperconv.h (and paperconv/, its .def tables) only" "$T/inc.want" "$T/inc.got"
ls "$ROOT/include/paperconv" > "$T/defs"
printf 'fields.def\nkinds.def\n' > "$T/defs.want"
same "include/paperconv/ holds fields.def and kinds.def only" "$T/defs.want" "$T/defs"
printf '#include "paperconv.h"\n' > "$T/h.c"
if $CC -std=c11 -M -I"$ROOT/include" "$T/h.c" > "$T/deps" 2> "$T/deps.err"; then
    tr ' \\' '\n\n' < "$T/deps" | grep -E '(jansson|yaml|libxml|utf8proc|iconv)' > "$T/libdeps"
    check "paperconv.h includes no header of jansson, libyaml, libxml2, utf8proc, iconv" [ ! -s "$T/libdeps" ]
else
    fail "paperconv.h compiles alone" "$(head -c 400 "$T/deps.err")"
fi
$CC -std=c11 -E -P -I"$ROOT/include" "$ROOT/include/paperconv.h" 2> /dev/null |
    grep -oE '\<(json_[a-z_]+|yaml_[a-z_]+|xml[A-Z][A-Za-z]+|utf8proc_[a-z0-9_]+|iconv_t)\>' | sort -u > "$T/libtypes"
check "paperconv.h names no type of those libraries" [ ! -s "$T/libtypes" ]
grep -oE 'struct pc_[a-z_]+ \{' "$ROOT/include/paperconv.h" | sort > "$T/structs"
printf 'struct pc_diag {\nstruct pc_progress {\n' > "$T/structs.want"
same "paperconv.h defines no struct but pc_diag and pc_progress (views for callbacks)" "$T/structs.want" "$T/structs"
soname=$(readelf -d "$SO" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
case $soname in
libpaperconv.so.[0-9]*) pass "SONAME $soname" ;;
*) fail "SONAME libpaperconv.so.N" "readelf -d: '$soname'" ;;
esac
node=PAPERCONV_${soname#libpaperconv.so.}
awk '$2 != "A"' "$T/nm" | grep -v "@@$node\$" > "$T/unversioned"
check "every export has the version node $node" [ ! -s "$T/unversioned" ]
check "the version node $node is defined" grep -q " A $node\$" "$T/nm"
check "no text relocations (position-independent code)" sh -c "! readelf -d '$SO' | grep -q TEXTREL"
if $CC -shared -o "$T/whole.so" -Wl,--whole-archive "$BUILD/libpaperconv.a" -Wl,--no-whole-archive \
    2> "$T/whole.err"; then
    pass "libpaperconv.a links into a shared object (its objects are PIC)"
else
    fail "libpaperconv.a links into a shared object" "$(head -c 400 "$T/whole.err")"
fi

# the generator is not fooled by what a header may hold: statics, inline
# definitions, typedefs, struct bodies, function pointers, attributes
mkdir -p "$T/inc"
cat > "$T/inc/x.h" <<'H'
#include <stdio.h>
typedef struct pc_t { int (*pc_member)(void); char pc_arr[2]; } pc_t;
typedef void (*pc_cb)(void *pc_user);
enum pc_e { PC_A = '{', PC_B };
static inline int pc_inline_static(void) { return '}'; }
static const char pc_static_str[] = "{;}";
extern const pc_t *const pc_table[];
extern int pc_one, pc_two;
int pc_fn(pc_cb cb, void *u) __attribute__((nonnull(1)));
__attribute__((warn_unused_result)) const char *pc_fn2(const char *s);
struct pc_fwd;
int not_ours(void);
H
CC=$CC sh "$ROOT/tools/exports.sh" TEST_0 "$T/inc" > "$T/x.map" 2> "$T/x.err"
sed -n 's/^ *\(pc_[a-z0-9_]*\);$/\1/p' "$T/x.map" | tr '\n' ' ' > "$T/x.names"
printf "pc_fn pc_fn2 pc_one pc_table pc_two " > "$T/x.want"
same "exports.sh: only functions and extern objects, from a tricky header" "$T/x.want" "$T/x.names"
