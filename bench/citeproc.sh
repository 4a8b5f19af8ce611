#!/bin/sh
# SPDX-License-Identifier: MIT
# citeproc.sh — the CSL processor's benchmark (issue 24): N generated
# records (bench/gen_corpus, CSL-JSON) formatted as an APA bibliography,
# `paperconv ITEMS.json -t text --style apa`, for each N given (default
# 10000 100000): wall time and peak memory with the default -j (every
# core: the JSON is read in chunks by worker threads) and with -j 1, the
# reading alone beside it (-t csljson), and citeproc-js on the same items
# and style when node and the npm package "citeproc" are there
# (CITEPROC_JS=DIR: a folder with node_modules/citeproc; default: npm's
# global folder), with the ratio to ours.  Then the cost of loading the
# style and its locale: one item formatted, less one item read (CPU time,
# the least of 5 runs).  Prints Markdown; make bench puts it in RESULTS.md.
#   BUILD=build sh bench/citeproc.sh [N...]
# env: PAPERCONV, GEN_CORPUS (the binaries), OUT (its work folder), STYLE,
# CITEPROC_JS, JS_MAX (citeproc-js up to N records, 10000; 0: never).
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
PC=${PAPERCONV:-$ROOT/$BUILD/paperconv}
GEN=${GEN_CORPUS:-$ROOT/$BUILD/bench/gen_corpus}
STYLE=${STYLE:-/usr/share/citation-style-language/styles/apa.csl}
LOCALES=/usr/share/citation-style-language/locales
OUT=${OUT:-$ROOT/$BUILD/bench/citeproc}
mkdir -p "$OUT"
[ -x "$GEN" ] || make -s -C "$ROOT" "$BUILD/bench/gen_corpus" > /dev/null
[ -x "$PC" ] || make -s -C "$ROOT" "$BUILD/paperconv" > /dev/null
[ -f "$STYLE" ] || { echo "citeproc.sh: no $STYLE (citation-style-language-styles)" >&2; exit 1; }
[ $# -gt 0 ] || set -- 10000 100000
if [ -z "${CITEPROC_JS:-}" ] && command -v npm > /dev/null 2>&1; then
    CITEPROC_JS=$(dirname "$(npm root -g 2> /dev/null)")
fi

# measure LABEL COMMAND...: "seconds MB" of one run (GNU time)
measure() {
    label=$1; shift
    /usr/bin/time -o "$OUT/time" -f "%e %M" "$@" > "$OUT/$label.out" 2> "$OUT/$label.err" || return 1
    awk '{ printf "%.2f s | %.0f", $1, $2 / 1024 }' "$OUT/time"
}

# secs LABEL: the seconds of a measure's result
secs() { echo "$1" | sed 's/ s .*//'; }

echo "| records | paperconv -t text --style apa | MB | the same, -j 1 | MB | reading alone (-t csljson) | MB | citeproc-js | MB | citeproc-js / ours (-j 1) |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in "$@"; do
    items="$OUT/items-$n.json"
    [ -f "$items" ] || "$GEN" -n "$n" -s 1 -f csljson -o "$items"
    ours=$(measure "apa-$n" "$PC" "$items" -t text --style "$STYLE")
    one=$(measure "apa1-$n" "$PC" "$items" -t text --style "$STYLE" -j 1)
    cmp -s "$OUT/apa-$n.out" "$OUT/apa1-$n.out" || one="$one (differs from the default -j!)"
    read_only=$(measure "read-$n" "$PC" "$items" -t csljson)
    js="- | -" ratio=-
    if [ "$n" -le "${JS_MAX:-10000}" ] && [ -n "${CITEPROC_JS:-}" ] && command -v node > /dev/null 2>&1 &&
       [ -d "$CITEPROC_JS/node_modules/citeproc" ]; then
        js=$(NODE_PATH="$CITEPROC_JS/node_modules" measure "js-$n" node "$ROOT/bench/citeproc_js.js" \
            "$items" "$STYLE" "$LOCALES") || js="failed | -"
        ratio=$(awk -v j="$(secs "$js")" -v a="$(secs "$ours")" -v b="$(secs "$one")" \
            'BEGIN { if (a > 0 && b > 0) printf "%.0fx (%.0fx)", j / a, j / b; else print "-" }')
    fi
    echo "| $n | $ours | $one | $read_only | $js | $ratio |"
done
[ "${JS_MAX:-10000}" -ge 100000 ] || echo "(citeproc-js is run at 10 000 records at most: JS_MAX=N for more.)"

# the style and locale: one item formatted less one item read, CPU seconds
# (user + sys of 50 runs, for GNU time's 10 ms steps), per run
"$GEN" -n 1 -s 1 -f csljson -o "$OUT/one.json"
per_run() {
    /usr/bin/time -o "$OUT/time" -f "%U %S" sh -c 'for i in $(seq 50); do "$@" > /dev/null 2>&1; done' sh "$@"
    awk '{ print ($1 + $2) / 50 }' "$OUT/time"
}
with=$(per_run "$PC" "$OUT/one.json" -t text --style "$STYLE" -j 1)
without=$(per_run "$PC" "$OUT/one.json" -t csljson -j 1)
echo
awk -v w="$with" -v o="$without" -v s="$(basename "$STYLE")" 'BEGIN {
    printf "Loading %s and its locale (en-US): %.1f ms of CPU (one item as APA text, %.1f ms a run, less one item as CSL-JSON, %.1f ms; 50 runs of each).\n", s, (w - o) * 1000, w * 1000, o * 1000 }'
