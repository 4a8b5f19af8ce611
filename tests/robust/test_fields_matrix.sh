# SPDX-License-Identifier: MIT
# test_fields_matrix.sh — README's "what each format keeps" is the table
# the format maps give (pctool fields, written by `make readme-fields`):
# a map that changes without the README failing here.
. "$ROOT/tests/lib.sh"

R=$ROOT/README.md
begin=$(grep -c '^<!-- fields-matrix:begin' "$R")
end=$(grep -c '^<!-- fields-matrix:end' "$R")
check "README has one fields-matrix block" test "$begin" = 1 -a "$end" = 1
awk '/^<!-- fields-matrix:end/ { on = 0 } on { print } /^<!-- fields-matrix:begin/ { on = 1 }' "$R" > "$T/readme"
"$PCTOOL" fields > "$T/maps"
if cmp -s "$T/maps" "$T/readme"; then
    pass "README's field matrix is the maps' (make readme-fields)"
else
    fail "README's field matrix is the maps' (run make readme-fields)" \
        "$(diff -u "$T/readme" "$T/maps" | head -n 20)"
fi
# the table has a row per field of the model and a column per map
rows=$(grep -c '^| `' "$T/maps")
check "the matrix has a row per field ($rows)" test "$rows" = "$("$PCTOOL" fields --names | wc -l)"
maps=$("$PCTOOL" formats | awk '$4 == 1' | wc -l)
check "the matrix names every format with a map ($maps)" \
    test "$(head -n 1 "$T/maps" | grep -o '`[a-z]*`' | wc -l)" = "$maps"
