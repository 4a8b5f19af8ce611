# SPDX-License-Identifier: MIT
# seeds.sh — builds a seed corpus for the fuzz targets (sourced).
# fuzz_seeds DIR: every sample, fixture and golden output, and the crashers
# kept in tests/fuzz/regress/, each as one file in DIR; and, when the
# complexity test's generator is built ($BUILD/tests/gen_hostile), every
# hostile shape of tests/robust/gen_hostile.c at a tenth of the size that
# test starts from: braces, \'{ and \emph{ nested past every depth limit,
# JSON, YAML and XML nesting, long lines, thousands of keywords, fields and
# namespaces, UTF-16, CR-only line ends; and the XML readers' shapes of
# tests/robust/gen_xml_shapes.py (EndNote XML, PubMed XML, MODS, Word XML:
# 300-deep nesting, a record cut before its end tag, many authors and
# keywords) when python3 is there.  libFuzzer only grows an input a
# little at a time (with -max_len, run_fuzz.sh), so deep and long inputs
# have to be seeds to be reached at all.
fuzz_seeds() {
    mkdir -p "$1"
    for f in "$ROOT"/samples/* "$ROOT"/tests/data/* "$ROOT"/tests/golden/* "$ROOT"/tests/fuzz/regress/*; do
        case $f in *.tsv|*.sh|*.err) continue ;; esac
        [ -f "$f" ] || continue
        [ "$(wc -c < "$f")" -le 200000 ] || continue
        cp "$f" "$1/$(echo "$f" | sed "s|^$ROOT/||; s|/|_|g")"
    done
    if command -v python3 > /dev/null 2>&1; then
        for fmt in endnotexml pubmedxml mods wordbib; do
            for shape in deep:300 cut:1 authors:200 keywords:200 records:20; do
                python3 "$ROOT/tests/robust/gen_xml_shapes.py" "$fmt" "${shape%:*}" "${shape#*:}" \
                    "$1/xmlshape_${fmt}_${shape%:*}.xml" > /dev/null
            done
        done
    fi
    gen="${BUILD:-build}/tests/gen_hostile"
    case $gen in /*) ;; *) gen="$ROOT/$gen" ;; esac
    [ -x "$gen" ] || return 0
    "$gen" -l | while read -r id rd wr n opts; do # opts: the row's options (key formulas), not for seeds
        "$gen" -o "$1/hostile_$(echo "$id" | tr / _)" "$id" $((n / 10 > 0 ? n / 10 : 1)) > /dev/null
    done
}
