#!/bin/sh
# SPDX-License-Identifier: MIT
# test_csljsonl.sh — -t csljsonl (issue 25): one CSL item a line, compact;
# every line a JSON object, the same items as -t csljson's array (python3
# json compares); the outputs of chunks of an input concatenate into the
# output of the whole; an empty input writes nothing; -o FILE.jsonl picks
# it; it reads back (-f csljsonl, and the json reader's JSON Lines) into the
# same model (pctool dump).
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

PY=$(command -v python3)
[ -n "$PY" ] || { skip "csljsonl" "no python3"; exit 0; }

for f in "$ROOT"/samples/* "$ROOT"/tests/data/listing-*.txt "$ROOT"/tests/data/fields.json; do
    [ -f "$f" ] || continue
    b=$(basename "$f")
    $PC "$f" -t csljson > "$b.json" 2> /dev/null
    $PCW "$f" -t csljsonl > "$b.jsonl" 2> "$b.err"
    if "$PY" - "$b.json" "$b.jsonl" > py.err 2>&1 <<'EOF'
import json, sys
want = json.load(open(sys.argv[1], encoding="utf-8"))
raw = open(sys.argv[2], encoding="utf-8").read()
assert raw == "" or raw.endswith("\n"), "the last line has no line end"
lines = raw.split("\n")[:-1]
got = [json.loads(l) for l in lines]
assert all(isinstance(g, dict) for g in got), "a line that is not an object"
assert got == want, "items differ from -t csljson's"
EOF
    then pass "$b -> csljsonl: one item a line, the items of -t csljson"
    else fail "$b -> csljsonl: one item a line, the items of -t csljson" "$(tail -n 3 py.err)"
    fi
    "$PCTOOL" dump "$b.json" > want.dump 2> /dev/null
    $PC -f csljsonl "$b.jsonl" -t csljson > back.json 2> /dev/null
    "$PCTOOL" dump back.json > got.dump 2> /dev/null
    same "$b -> csljsonl -> csljson (-f csljsonl): the same model" want.dump got.dump
done

# chunks concatenate: the halves of a JSON Lines input, converted apart
S="$ROOT/tests/data/fields.json"
$PC "$S" -t csljsonl > whole.jsonl 2> /dev/null
n=$(wc -l < whole.jsonl)
check "fields.json gives several items ($n)" [ "$n" -ge 2 ]
head -n 1 whole.jsonl > part1.jsonl
tail -n +2 whole.jsonl > part2.jsonl
{ $PC part1.jsonl -t csljsonl; $PC part2.jsonl -t csljsonl; } > joined.jsonl 2> /dev/null
same "two chunks' outputs concatenate into the whole's" whole.jsonl joined.jsonl

: > empty.json
exit_is "an empty input: exit 0" 0 $PCW empty.json -f json -t csljsonl
check "an empty input: nothing written (a chunk's output adds nothing)" [ ! -s "$T/stdout" ]
exit_is "-o out.jsonl picks csljsonl: exit 0" 0 $PCW "$S" -o out.jsonl
same "-o out.jsonl: csljsonl" whole.jsonl out.jsonl
exit_is "-o out.jsonl.gz: exit 0" 0 $PCW "$S" -o out.jsonl.gz
gzip -d -c out.jsonl.gz > out2.jsonl
same "-o out.jsonl.gz: gzip'd csljsonl" whole.jsonl out2.jsonl
