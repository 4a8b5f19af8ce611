# SPDX-License-Identifier: MIT
# test_fields_matrix.sh — paperconv-formats(7)'s "what each format keeps" is
# what the format maps give (pctool fields --man, written by `make
# man-fields`): a map that changes without the man page failing here.
. "$ROOT/tests/lib.sh"

M=$ROOT/doc/paperconv-formats.7
begin=$(grep -c '^\.\\" fields-matrix:begin' "$M")
end=$(grep -c '^\.\\" fields-matrix:end' "$M")
check "paperconv-formats(7) has one fields-matrix block" test "$begin" = 1 -a "$end" = 1
awk '/^\.\\" fields-matrix:end/ { on = 0 } on { print } /^\.\\" fields-matrix:begin/ { on = 1 }' "$M" > "$T/man"
"$PCTOOL" fields --man > "$T/maps.man"
if cmp -s "$T/maps.man" "$T/man"; then
    pass "paperconv-formats(7)'s field list is the maps' (make man-fields)"
else
    fail "paperconv-formats(7)'s field list is the maps' (run make man-fields)" \
        "$(diff -u "$T/man" "$T/maps.man" | head -n 20)"
fi
# one entry per field of the model, a line per map in each
"$PCTOOL" fields > "$T/maps"
rows=$(grep -c '^| `' "$T/maps")
check "the matrix has a row per field ($rows)" test "$rows" = "$("$PCTOOL" fields --names | wc -l)"
check "the man page has an entry per field ($rows)" test "$(grep -c '^\.TP$' "$T/man")" = "$rows"
maps=$("$PCTOOL" formats | awk '$4 == 1' | wc -l)
check "the matrix names every format with a map ($maps)" \
    test "$(head -n 1 "$T/maps" | grep -o '`[a-z]*`' | wc -l)" = "$maps"
