#!/bin/sh
# SPDX-License-Identifier: MIT
# run_fuzz.sh — `make fuzz`: every target (each reader's, fuzz_style,
# fuzz_locale) for FUZZ_SECONDS over its seeds (seeds.sh), corpus kept in
# build-fuzz/corpus/NAME; crashers are left in build-fuzz/ — copy them to
# tests/fuzz/regress/ (and fix) so make check replays them: a style as
# style-WHAT, a locale as locale-WHAT.
# Inputs grow up to FUZZ_MAX_LEN bytes (1 MB): libFuzzer's default is the
# largest seed, which kept every input under ~26 KB, too small for deep
# nesting or long lines to cost anything (issue 12).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/fuzz/seeds.sh"
FB="$ROOT/${FUZZ_BUILD:-build-fuzz}"
fuzz_seeds "$FB/seeds"
fuzz_style_seeds "$FB/seeds-style" | sed 's/^/fuzz_style seeds: /' >&2
fuzz_locale_seeds "$FB/seeds-locale" | sed 's/^/fuzz_locale seeds: /' >&2
status=0
for f in "$FB"/fuzz/fuzz_*; do
    name=$(basename "$f")
    case $name in
    fuzz_style) seeds="$FB/seeds-style" ;;
    fuzz_locale) seeds="$FB/seeds-locale" ;;
    *) seeds="$FB/seeds" ;;
    esac
    mkdir -p "$FB/corpus/$name"
    echo "== $name for ${FUZZ_SECONDS:-60} s" >&2
    "$f" -max_total_time="${FUZZ_SECONDS:-60}" -max_len="${FUZZ_MAX_LEN:-1048576}" -rss_limit_mb=1024 -timeout=10 \
        -artifact_prefix="$FB/$name-" "$FB/corpus/$name" "$seeds" || status=1
done
exit $status
