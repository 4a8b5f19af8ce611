#!/bin/sh
# SPDX-License-Identifier: MIT
# citeproc.sh — the CSL processor's benchmark (issue 24): N generated
# records (bench/gen_corpus, CSL-JSON) formatted as an APA bibliography,
# `paperconv ITEMS.json -t text --style apa`, for each N given (default
# 10000 100000): wall time and peak memory, with the reading alone beside
# it (-t csljson), and citeproc-js on the same items and style when node
# and the npm package "citeproc" are there (CITEPROC_JS=DIR: a folder with
# node_modules/citeproc).  Prints a Markdown table.
#   BUILD=build sh bench/citeproc.sh [N...]
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
PC="$ROOT/$BUILD/paperconv"
GEN="$ROOT/$BUILD/bench/gen_corpus"
STYLE=${STYLE:-/usr/share/citation-style-language/styles/apa.csl}
LOCALES=/usr/share/citation-style-language/locales
OUT=${OUT:-$ROOT/$BUILD/bench/citeproc}
mkdir -p "$OUT"
[ -x "$GEN" ] || make -s -C "$ROOT" "$BUILD/bench/gen_corpus" > /dev/null
[ -x "$PC" ] || make -s -C "$ROOT" "$BUILD/paperconv" > /dev/null
[ -f "$STYLE" ] || { echo "citeproc.sh: no $STYLE (citation-style-language-styles)" >&2; exit 1; }
[ $# -gt 0 ] || set -- 10000 100000

# measure LABEL COMMAND...: "seconds MB" of one run (GNU time)
measure() {
    label=$1; shift
    /usr/bin/time -o "$OUT/time" -f "%e %M" "$@" > "$OUT/$label.out" 2> "$OUT/$label.err" || return 1
    awk '{ printf "%.2f s | %.0f", $1, $2 / 1024 }' "$OUT/time"
}

echo "| records | paperconv -t text --style apa | MB | reading alone (-t csljson) | MB | citeproc-js | MB |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for n in "$@"; do
    items="$OUT/items-$n.json"
    [ -f "$items" ] || "$GEN" -n "$n" -s 1 -f csljson -o "$items"
    ours=$(measure "apa-$n" "$PC" "$items" -t text --style "$STYLE")
    read_only=$(measure "read-$n" "$PC" "$items" -t csljson)
    js="- | -"
    if [ -n "${CITEPROC_JS:-}" ] && command -v node > /dev/null 2>&1 &&
       [ -d "$CITEPROC_JS/node_modules/citeproc" ]; then
        js=$(NODE_PATH="$CITEPROC_JS/node_modules" measure "js-$n" node "$ROOT/bench/citeproc_js.js" \
            "$items" "$STYLE" "$LOCALES") || js="failed | -"
    fi
    echo "| $n | $ours | $read_only | $js |"
done
