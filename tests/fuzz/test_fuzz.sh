# SPDX-License-Identifier: MIT
# test_fuzz.sh — every fuzz target over its seed corpus and a short smoke
# run: each reader's (samples, fixtures, goldens, past crashers), and the
# CSL parsers' fuzz_style (the repository's styles, the CSL test-suite's,
# a few installed ones) and fuzz_locale (the installed locales); seeds.sh
# says which, and a seed source that is absent is a skip.  The long run is
# `make fuzz`.  Built by make check when clang is installed.  A unit may
# take 60 s (FUZZ_TIMEOUT) in the smoke run, whose inputs are cut at 64 KB
# (FUZZ_MAX_LEN; the seed pass reads them whole): the hostile seeds (10 000
# author lines, 342 KB) take seconds under ASan + coverage, more on a busy
# machine; what is slow because it is quadratic is caught by
# tests/robust/test_complexity.sh.
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/fuzz/seeds.sh"
FB="$ROOT/${FUZZ_BUILD:-build-fuzz}/fuzz"
if ! ls "$FB"/fuzz_* >/dev/null 2>&1; then
    skip "fuzz targets" "not built (needs clang and libclang-rt-14-dev; make deps)"
    exit 0
fi
fuzz_seeds "$T/seeds"
fuzz_style_seeds "$T/seeds-style" | while read -r why; do skip "fuzz_style seeds" "$why"; done
fuzz_locale_seeds "$T/seeds-locale" | while read -r why; do skip "fuzz_locale seeds" "$why"; done
for f in "$FB"/fuzz_*; do
    name=$(basename "$f")
    case $name in
    fuzz_style) seeds="$T/seeds-style" ;;
    fuzz_locale) seeds="$T/seeds-locale" ;;
    *) seeds="$T/seeds" ;;
    esac
    if "$f" -runs=0 -artifact_prefix="$T/$name-seed-" "$seeds" > "$T/$name.seeds.log" 2>&1; then
        pass "$name: every seed ($(ls "$seeds" | wc -l) files) reads and writes well-formed output"
    else
        fail "$name: a seed crashes or gives malformed output" "$(grep -E 'ERROR|fuzz:|SUMMARY' "$T/$name.seeds.log" | head -5)"
    fi
    mkdir -p "$T/$name.corpus"
    if "$f" -max_total_time="${FUZZ_SMOKE_SECONDS:-4}" -max_len="${FUZZ_MAX_LEN:-65536}" -rss_limit_mb=1024 -timeout="${FUZZ_TIMEOUT:-60}" \
            -artifact_prefix="$T/$name-" "$T/$name.corpus" "$seeds" > "$T/$name.smoke.log" 2>&1; then
        pass "$name: smoke run (${FUZZ_SMOKE_SECONDS:-4} s) finds nothing"
    else
        fail "$name: the smoke run found a crash (see $T)" "$(grep -E 'ERROR|fuzz:|SUMMARY' "$T/$name.smoke.log" | head -5)"
    fi
done
