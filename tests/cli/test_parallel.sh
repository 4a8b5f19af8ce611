#!/bin/sh
# SPDX-License-Identifier: MIT
# test_parallel.sh — the GNU parallel recipe of paperconv(1), MANY CORES AND
# MACHINES (issue 25), run as written on a generated 200 000-line JSON Lines
# file (20 000 under ASan) cut in several blocks, against one process over
# the whole: the same records (the BibTeX entries, sorted; the blank line
# between entries aside, which a chunk's last entry has not), no key twice,
# the same stats once --merge-stats adds the chunks' up (but seconds and
# runs); and the csljsonl outputs of the chunks concatenate into one
# process's.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
command -v parallel >/dev/null 2>&1 || { skip "GNU parallel recipe" "no parallel (apt-get install parallel)"; exit 0; }
command -v python3 >/dev/null 2>&1 || { skip "GNU parallel recipe" "no python3"; exit 0; }

n=200000 block=4M
[ -n "${PREFIX:-}" ] && n=20000 block=400k # ASan: ten times slower
python3 "$ROOT/tests/tools/gen_works.py" $n > works.jsonl
PAR="parallel --will-cite --pipepart -a works.jsonl --block $block --recend \\n --keep-order -j 2"

$PC -f json -t bibtex --key-scope=global --stats=json=one.json works.jsonl > one.bib 2> one.err
$PAR $PC -j 1 -f json -t bibtex --key-scope=global --stats=json=stats.{#}.json > par.bib 2> par.err
rc=$?
check "parallel --pipepart: exit 0 (rc $rc)" [ $rc -eq 0 ]
chunks=$(ls stats.*.json 2>/dev/null | wc -l)
check "parallel --pipepart: several chunks ($chunks)" [ "$chunks" -ge 3 ]
entries() { awk '/^$/ { next } /^@/ { if (e != "") print e; e = $0; next } { e = e "\t" $0 } END { if (e != "") print e }' "$1" | LC_ALL=C sort; }
entries one.bib > one.sorted
entries par.bib > par.sorted
check "parallel: every work written ($(wc -l < par.sorted) of $n)" [ "$(wc -l < par.sorted)" -eq $n ]
same "parallel: the same records, keys included, as one process" one.sorted par.sorted
grep '^@' par.bib | sed 's/^@[a-z]*{\(.*\),$/\1/' | tr 'A-Z' 'a-z' | sort | uniq -d > dup.keys
check "parallel: no key twice (without case, as BibTeX compares)" [ ! -s dup.keys ]
$PCW --merge-stats stats.*.json > merged.json 2> merge.err
check "--merge-stats of the chunks: exit 0" [ $? -eq 0 ]
python3 - one.json merged.json "$chunks" > cmp.out 2>&1 <<'PY'
import json, sys
one, merged = (json.load(open(p)) for p in sys.argv[1:3])
assert merged["runs"] == int(sys.argv[3]), "runs %s" % merged["runs"]
for j in (one, merged):
    del j["seconds"], j["runs"]
assert one == merged, "one process %s\nchunks merged %s" % (one, merged)
assert one["warnings"]["total"] > 0, "the input has warnings to count"
PY
check "parallel: the same stats, merged, as one process (but seconds and runs)" [ ! -s cmp.out ]
[ -s cmp.out ] && sed 's/^/# /' cmp.out | head -n 6

# csljsonl: the chunks' outputs concatenate into one process's
$PC -f json -t csljsonl --key-scope=global works.jsonl > one.jsonl 2> /dev/null
$PAR $PC -f json -t csljsonl --key-scope=global > par.jsonl 2> /dev/null
same "parallel -t csljsonl --keep-order: the chunks' outputs are one process's" one.jsonl par.jsonl
