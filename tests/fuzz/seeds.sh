# seeds.sh — builds a seed corpus for the fuzz targets (sourced).
# fuzz_seeds DIR: every sample, fixture and golden output, and the crashers
# kept in tests/fuzz/regress/, each as one file in DIR.
fuzz_seeds() {
    mkdir -p "$1"
    for f in "$ROOT"/samples/* "$ROOT"/tests/data/* "$ROOT"/tests/golden/* "$ROOT"/tests/fuzz/regress/*; do
        case $f in *.tsv|*.sh|*.err) continue ;; esac
        [ -f "$f" ] || continue
        [ "$(wc -c < "$f")" -le 200000 ] || continue
        cp "$f" "$1/$(echo "$f" | sed "s|^$ROOT/||; s|/|_|g")"
    done
}
