# SPDX-License-Identifier: MIT
# test_man.sh — the man pages (doc/paperconv.1, paperconv-formats.7,
# libpaperconv.3): each lints clean (mandoc -Tlint, and groff -ww when
# installed: any message fails), paperconv(1) renders, and every
# option that `paperconv --help` prints (parsed from --help, not a hand list)
# has an entry of its own in the man page's OPTIONS and a row in README's
# option table.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "man page" "a text file: checked in the normal pass"; exit 0 ;;
esac
MAN=$ROOT/doc/paperconv.1
# every page lints clean: mandoc -Tlint and groff -ww -z print nothing
linted=""
for page in paperconv.1 paperconv-formats.7 libpaperconv.3; do
    if command -v mandoc > /dev/null 2>&1; then
        mandoc -Tlint -W warning "$ROOT/doc/$page" > "$T/mandoc.log" 2>&1
        if [ $? -eq 0 ] && [ ! -s "$T/mandoc.log" ]; then pass "$page: mandoc -Tlint: no warning"; else
            fail "$page: mandoc -Tlint: no warning" "$(head -n 10 "$T/mandoc.log")"; fi
        linted=1
    fi
    if command -v groff > /dev/null 2>&1; then
        groff -ww -z -man "$ROOT/doc/$page" > "$T/groff.log" 2>&1
        if [ $? -eq 0 ] && [ ! -s "$T/groff.log" ]; then pass "$page: groff -ww -z -man: no warning"; else
            fail "$page: groff -ww -z -man: no warning" "$(head -n 10 "$T/groff.log")"; fi
        linted=1
    fi
    # what lintian runs: man at 80 columns, any warning (a table too wide)
    if command -v man > /dev/null 2>&1 && man --help 2>&1 | grep -q -- --warnings; then
        LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$ROOT/doc/$page" \
            2> "$T/man.log" > /dev/null
        if [ ! -s "$T/man.log" ]; then pass "$page: man --warnings at 80 columns: no warning"; else
            fail "$page: man --warnings at 80 columns: no warning" "$(head -n 5 "$T/man.log")"; fi
    fi
done
[ -n "$linted" ] || skip "man page lint" "neither mandoc nor groff is installed (make deps-test installs mandoc)"

# the section headings a man page has
for sec in NAME SYNOPSIS DESCRIPTION OPTIONS FORMATS "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    check "man page has $sec" grep -qx ".SH \"*$sec\"*" "$MAN"
done

# ---- every option of --help -------------------------------------------------
$PC --help > "$T/help"
# option lines start with spaces and "-"; the option part ends at two spaces
sed -n 's/^ \{1,\}\(-[^ ].*\)/\1/p' "$T/help" | sed 's/  .*//' |
    grep -oE '(^|[ ,])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[ ,]*//' | sort -u > "$T/options"
n=$(wc -l < "$T/options")
check "--help lists options ($n)" [ "$n" -ge 10 ]

# the man page's option entries: the tag line after each .TP in OPTIONS,
# with roff's \- and font escapes undone
awk '/^\.SH OPTIONS/ { on = 1; next } /^\.SH/ { on = 0 } on && tag { print; tag = 0 } on && /^\.TP/ { tag = 1 }' \
    "$MAN" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' > "$T/man-tags"
# README: the first cell of each table row
awk -F'|' '/^\|/ { print $2 }' "$ROOT/README.md" > "$T/readme-cells"
while read -r opt; do
    re="(^|[^A-Za-z0-9-])$opt([^A-Za-z0-9-]|\$)"
    check "man page OPTIONS has $opt" grep -qE -- "$re" "$T/man-tags"
    check "README's option table has $opt" grep -qE -- "$re" "$T/readme-cells"
done < "$T/options"

# it renders, and the text says what --help says about -t
if command -v mandoc > /dev/null 2>&1; then
    mandoc -Tascii "$MAN" | col -b > "$T/man.txt"
    contains "the rendered page shows the -t entry" "$T/man.txt" "-t, --to FORMAT"
fi

# ---- libpaperconv(3): the library's page -------------------------------------
MAN3=$ROOT/doc/libpaperconv.3
for sec in NAME LIBRARY SYNOPSIS DESCRIPTION "RETURN VALUE" THREADS EXAMPLES "SEE ALSO"; do
    check "libpaperconv.3 has $sec" grep -qx ".SH \"*$sec\"*" "$MAN3"
done
# every function the header declares (what the .so exports) is on the page
CC=${CC:-cc} sh "$ROOT/tools/exports.sh" X "$ROOT/include" | sed -n 's/^ *\(pc_[a-z0-9_]*\);$/\1/p' > "$T/functions"
: > "$T/undocumented"
while read -r fn; do
    grep -qw -- "$fn" "$MAN3" || echo "$fn" >> "$T/undocumented"
done < "$T/functions"
if [ -s "$T/undocumented" ]; then
    fail "libpaperconv.3 names every function of paperconv.h" "$(tr '\n' ' ' < "$T/undocumented")"
else
    pass "libpaperconv.3 names every function of paperconv.h ($(wc -l < "$T/functions"))"
fi
check "paperconv.1 points to libpaperconv(3)" grep -q 'libpaperconv (3)' "$MAN"
