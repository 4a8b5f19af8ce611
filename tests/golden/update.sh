#!/bin/sh
# SPDX-License-Identifier: MIT
# update.sh — rewrites the golden files from the current build (make golden-update).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
PC="$BUILD/paperconv"
. "$ROOT/tests/golden/formats.sh"
cd "$ROOT" || exit 1
for f in $(golden_inputs); do
    for fmt in $(golden_writers); do
        g="tests/golden/$(basename "$f").$fmt"
        LC_ALL=C "$PC" "${f#$ROOT/}" -t "$fmt" > "$g" 2> "$g.err"
        echo "wrote $g" >&2
    done
done
