# SPDX-License-Identifier: MIT
# test_roundtrip.sh — issue 14's round trips, computed from the format
# maps (pctool formats, pctool fields --holds), over one fixture per format:
# tests/data/fields.EXT, EXT the format's first extension (CSL-JSON, which
# has none of its own: fields.json), holding every field the format has.
#
#   X -> X keeps everything: for every format X that writes and can be read
#     back, the model of X's output (pctool dump: every field, markup, name
#     flags, pass-through values) is the model of the fixture;
#   X -> Y -> X keeps every field both hold: for every other such Y, the
#     fields both maps read and write (pctool dump --keep X,Y) survive the
#     trip through Y.
#
# A missing fixture, or a format without a field map (X -> Y -> X), is
# skipped with a message.  CSL-JSON is read back by the JSON reader while
# the csljson format has no reader of its own.
. "$ROOT/tests/lib.sh"

D=$ROOT/tests/data
"$PCTOOL" formats > "$T/formats" || { fail "pctool formats" "cannot list the formats"; exit 0; }

# reader_of FORMAT: the reader that reads FORMAT's output back
reader_of() {
    if awk -v f="$1" '$1 == f && $2 == 1 { ok = 1 } END { exit !ok }' "$T/formats"; then
        echo "$1"
    elif [ "$1" = csljson ]; then
        echo json
    fi
}
# fixture_of FORMAT: tests/data/fields.EXT
fixture_of() {
    ext=$(awk -v f="$1" '$1 == f { print $5 }' "$T/formats")
    [ "$1" = csljson ] && ext=json
    echo "$D/fields.$ext"
}
has_map() { awk -v f="$1" '$1 == f && $4 == 1 { ok = 1 } END { exit !ok }' "$T/formats"; }

# the formats that write and can be read back, with a fixture
ROUND=
for x in $(awk '$3 == 1 { print $1 }' "$T/formats"); do
    if [ -z "$(reader_of "$x")" ]; then
        skip "$x round trips" "no reader reads $x back"
    elif [ ! -f "$(fixture_of "$x")" ]; then
        skip "$x round trips" "no fixture $(fixture_of "$x" | sed "s|$ROOT/||")"
    else
        ROUND="$ROUND $x"
    fi
done

# ---- X -> X keeps everything ------------------------------------------------------
for x in $ROUND; do
    rx=$(reader_of "$x") F=$(fixture_of "$x") b=$(basename "$F")
    "$PCTOOL" dump -f "$rx" "$F" > "$T/$x.want" 2> "$T/$x.err"
    if [ ! -s "$T/$x.want" ] || [ -s "$T/$x.err" ]; then
        fail "$b is read without a message" "$(head -n 5 "$T/$x.err")"
        continue
    fi
    if ! $PCW -q -f "$rx" "$F" -t "$x" -o "$T/$x.out" 2> "$T/$x.err"; then
        fail "$b -> $x converts" "$(head -n 5 "$T/$x.err")"
        continue
    fi
    "$PCTOOL" dump -f "$rx" "$T/$x.out" > "$T/$x.got" 2>&1
    same "$b -> $x -> model keeps everything ($(grep -c . "$T/$x.want") lines)" "$T/$x.want" "$T/$x.got"
done

# ---- X -> Y -> X keeps every field both hold --------------------------------------
for x in $ROUND; do
    rx=$(reader_of "$x") F=$(fixture_of "$x") b=$(basename "$F")
    for y in $ROUND; do
        [ "$x" = "$y" ] && continue
        if ! has_map "$x" || ! has_map "$y"; then
            skip "$b: $x -> $y -> $x" "$( (has_map "$x" && echo "$y") || echo "$x") has no field map yet"
            continue
        fi
        ry=$(reader_of "$y")
        "$PCTOOL" fields --holds "$x" > "$T/hx"
        "$PCTOOL" fields --holds "$y" > "$T/hy"
        n=$(grep -cxFf "$T/hy" "$T/hx")
        "$PCTOOL" dump -f "$rx" --keep "$x,$y" "$F" > "$T/want" 2> /dev/null
        if $PCW -q -f "$rx" "$F" -t "$y" -o "$T/mid" 2> "$T/err" &&
            $PCW -q -f "$ry" "$T/mid" -t "$x" -o "$T/back" 2>> "$T/err"; then
            "$PCTOOL" dump -f "$rx" --keep "$x,$y" "$T/back" > "$T/got" 2>&1
            same "$b: $x -> $y -> $x keeps the $n fields both hold" "$T/want" "$T/got"
        else
            fail "$b: $x -> $y -> $x converts" "$(head -n 5 "$T/err")"
        fi
    done
done
