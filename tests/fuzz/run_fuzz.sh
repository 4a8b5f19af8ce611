#!/bin/sh
# SPDX-License-Identifier: MIT
# run_fuzz.sh — `make fuzz`: each reader's target for FUZZ_SECONDS, corpus
# kept in build-fuzz/corpus/NAME; crashers are left in build-fuzz/ — copy
# them to tests/fuzz/regress/ (and fix) so make check replays them.
# Inputs grow up to FUZZ_MAX_LEN bytes (1 MB): libFuzzer's default is the
# largest seed, which kept every input under ~26 KB, too small for deep
# nesting or long lines to cost anything (issue 12).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/fuzz/seeds.sh"
FB="$ROOT/${FUZZ_BUILD:-build-fuzz}"
fuzz_seeds "$FB/seeds"
status=0
for f in "$FB"/fuzz/fuzz_*; do
    name=$(basename "$f")
    mkdir -p "$FB/corpus/$name"
    echo "== $name for ${FUZZ_SECONDS:-60} s" >&2
    "$f" -max_total_time="${FUZZ_SECONDS:-60}" -max_len="${FUZZ_MAX_LEN:-1048576}" -rss_limit_mb=1024 -timeout=10 \
        -artifact_prefix="$FB/$name-" "$FB/corpus/$name" "$FB/seeds" || status=1
done
exit $status
