# SPDX-License-Identifier: MIT
# test_golden.sh — every sample and listing fixture through every writer,
# compared byte for byte with tests/golden/NAME.FORMAT (stdout) and
# NAME.FORMAT.err (stderr).  After an intended change: make golden-update,
# then read the diff before committing it.
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/golden/formats.sh"
for f in $(golden_inputs); do
    for fmt in $(golden_writers); do
        g="$ROOT/tests/golden/$(basename "$f").$fmt"
        name="golden $(basename "$f") -> $fmt"
        if [ ! -f "$g" ]; then
            fail "$name" "missing $g: run make golden-update and review it"
            continue
        fi
        (cd "$ROOT" && $PCW "${f#$ROOT/}" -t "$fmt" > "$T/out" 2> "$T/err")
        same "$name" "$g" "$T/out"
        same "$name (stderr)" "$g.err" "$T/err"
        # determinism: a second run gives the same bytes
        (cd "$ROOT" && $PC "${f#$ROOT/}" -t "$fmt" > "$T/out2" 2>/dev/null)
        check "$name is deterministic" cmp -s "$T/out" "$T/out2"
    done
done
