# SPDX-License-Identifier: MIT
# seeds.sh — builds the seed corpora of the fuzz targets (sourced):
# fuzz_seeds for the readers' (fuzz_reader.c), fuzz_style_seeds and
# fuzz_locale_seeds for the CSL parsers' (fuzz_style.c).
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


# fuzz_style_seeds DIR: CSL styles, each one file in DIR: the repository's
# own (tests/citeproc/data/*.csl, tests/data/*.csl), the crashers kept as
# tests/fuzz/regress/style-*, the CSL section of every fixture of
# $SHARED/csl-test-suite/humans (small styles, each aimed at one feature),
# and a few installed styles of every class (author-date, numeric, note,
# German, one dependent) from /usr/share/citation-style-language/styles.
# Those are read where they are, never copied into the repository; each
# source that is absent is one line on stdout saying so (the caller shows
# it: test_fuzz.sh as a skip).
fuzz_style_seeds() {
    mkdir -p "$1"
    for f in "$ROOT"/tests/citeproc/data/*.csl "$ROOT"/tests/data/*.csl "$ROOT"/tests/fuzz/regress/style-*; do
        [ -f "$f" ] || continue
        cp "$f" "$1/$(echo "$f" | sed "s|^$ROOT/||; s|/|_|g")"
    done
    suite="${SHARED:-$ROOT/../shared}/csl-test-suite/humans"
    if [ -d "$suite" ]; then
        # run_suite.c's split: ">>== CSL ==>>" opens the section, "<<==" closes it
        find "$suite" -name '*.txt' -exec awk -v dir="$1" '
            FNR == 1 { if (out) close(out); n = split(FILENAME, p, "/"); out = dir "/humans_" p[n] ".csl"; on = 0 }
            /^<<==/ { on = 0 }
            on { print > out }
            /^>>==+ *CSL *==+>>/ { on = 1 }' {} +
    else
        echo "no $suite: no seeds from the CSL test-suite"
    fi
    styles=/usr/share/citation-style-language/styles
    if [ -d "$styles" ]; then
        for s in apa chicago-author-date chicago-fullnote-bibliography ieee modern-language-association \
                vancouver nature elsevier-harvard din-1505-2 dependent/plos-one; do
            [ -f "$styles/$s.csl" ] || continue
            cp "$styles/$s.csl" "$1/installed_$(echo "$s" | tr / _).csl"
        done
    else
        echo "no $styles (citation-style-language-styles): no installed styles as seeds"
    fi
}

# fuzz_locale_seeds DIR: CSL locale files: the repository's
# (tests/citeproc/data/locales-*.xml), the crashers kept as
# tests/fuzz/regress/locale-*, and every installed one
# (/usr/share/citation-style-language/locales, read there); an absent
# source is one line on stdout, as above.
fuzz_locale_seeds() {
    mkdir -p "$1"
    locales=/usr/share/citation-style-language/locales
    for f in "$ROOT"/tests/citeproc/data/locales-*.xml "$ROOT"/tests/fuzz/regress/locale-* "$locales"/locales-*.xml; do
        [ -f "$f" ] || continue
        cp "$f" "$1/$(echo "$f" | sed "s|^$ROOT/||; s|^/usr/share/||; s|/|_|g")"
    done
    [ -d "$locales" ] || echo "no $locales (citation-style-language-locales): no installed locales as seeds"
}
