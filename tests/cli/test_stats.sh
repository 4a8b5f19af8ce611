#!/bin/sh
# SPDX-License-Identifier: MIT
# test_stats.sh — --stats=json[=FILE] and --merge-stats (issue 25): the
# counts of a run (records read, written, skipped, merged; warnings and
# errors by kind; input bytes, decompressed; seconds) as JSON on stderr or
# in FILE, read back by python3's json; the merge of several the sum of
# each number and kind; usage errors.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
command -v python3 >/dev/null 2>&1 || { skip "--stats" "no python3"; exit 0; }

printf '@book{a, title={A}, year=2000}\n@book{a, title={B}, year=2000}\n@book{c, title={x\n' > s.bib
# get FILE EXPR: a python expression over the JSON object j
get() { python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

exit_is "--stats=json=FILE: the run's own exit status (1: a bad record)" 1 $PCW s.bib -t bibtex --stats=json=s.json
check "--stats=json=FILE: nothing of it on stderr" [ -z "$(grep -F '"records"' "$T/stderr")" ]
check "records read 3, written 2, skipped 1, merged 0" \
    [ "$(get s.json '[j["records"][k] for k in ("read", "written", "skipped", "merged")]')" = "[3, 2, 1, 0]" ]
check "errors: 1, by kind" [ "$(get s.json 'j["errors"]')" = \
    "{'by-kind': {'end of input inside a braced value': 1}, 'total': 1}" ]
check "warnings: 2, the kinds without the values" [ "$(get s.json 'sorted(j["warnings"]["by-kind"].items())')" = \
    "[('citation key \"…\" is taken by the record', 1), ('entry \"…\": no field read before this error', 1)]" ]
check "bytes-in: the input's size" [ "$(get s.json 'j["bytes-in"]')" -eq "$(wc -c < s.bib)" ]
check "seconds: a number" [ "$(get s.json 'type(j["seconds"]).__name__')" = float ]
gzip -c s.bib > s.bib.gz
$PC s.bib.gz -t bibtex --stats=json=z.json > /dev/null 2>&1
check "bytes-in of a gzip input: the decompressed bytes" [ "$(get z.json 'j["bytes-in"]')" -eq "$(wc -c < s.bib)" ]
$PC s.bib -t bibtex --stats > /dev/null 2> e.err
sed -n '/^{/,/^}/p' e.err > e.json
printf '@article{x, title={Deep Learning}, author={Doe, Jane}, year=2020, doi={10.1/x}}\n@article{y, title={Deep learning}, author={Doe, J.}, year=2020, doi={10.1/X}}\n@article{z, title={Other}, year=2021}\n' > d.bib
$PC d.bib -t bibtex --dedupe --stats=json=d.json > d.out 2> /dev/null
check "--dedupe: records merged into an earlier one counted (1; 2 written)" \
    [ "$(get d.json '[j["records"][k] for k in ("read", "written", "merged")]')" = "[3, 2, 1]" ]
check "--dedupe: the output has the 2 records the stats count" [ "$(grep -c '^@' d.out)" -eq 2 ]
check "--stats: the JSON on stderr, after the messages" [ "$(get e.json 'j["records"]["read"]')" = 3 ]
$PC s.bib -t bibtex --stats=json -q > /dev/null 2> q.err
sed -n '/^{/,/^}/p' q.err > q.json
check "--stats=json -q: the warnings counted though not shown" [ "$(get q.json 'j["warnings"]["total"]')" = 2 ]

exit_is "--merge-stats a b: exit 0" 0 $PCW --merge-stats s.json z.json
cp "$T/stdout" m.json
check "--merge-stats: runs add up (2)" [ "$(get m.json 'j["runs"]')" = 2 ]
check "--merge-stats: records add up" \
    [ "$(get m.json '[j["records"][k] for k in ("read", "written", "skipped")]')" = "[6, 4, 2]" ]
check "--merge-stats: kinds add up" \
    [ "$(get m.json 'j["errors"]["by-kind"]["end of input inside a braced value"]')" = 2 ]
check "--merge-stats: bytes add up" [ "$(get m.json 'j["bytes-in"]')" -eq $(($(wc -c < s.bib) * 2)) ]
$PC --merge-stats m.json s.json > m3.json 2>/dev/null
check "--merge-stats of a merge: runs 3" [ "$(get m3.json 'j["runs"]')" = 3 ]

exit_is "--stats=xml: usage error" 2 $PCW s.bib -t bibtex --stats=xml
contains "--stats=xml: says what it takes" "$T/stderr" "--stats takes 'json' or 'json=FILE'"
exit_is "--merge-stats with no file: usage error" 2 $PCW --merge-stats
exit_is "--merge-stats of a file that is not stats: exit 1" 1 $PCW --merge-stats s.json s.bib
contains "--merge-stats of a file that is not stats: says where" "$T/stderr" "s.bib:1:"
echo '{"x": 1}' > other.json
exit_is "--merge-stats of other JSON: exit 1" 1 $PCW --merge-stats other.json
contains "--merge-stats of other JSON: says so" "$T/stderr" "other.json: error: not paperconv --stats=json output"
