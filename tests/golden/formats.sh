# SPDX-License-Identifier: MIT
# formats.sh — lists the inputs that have golden outputs and the writers
# (sourced by test_golden.sh and update.sh).
golden_inputs() {
    for f in "$ROOT"/samples/* "$ROOT"/tests/data/listing-*.txt; do
        [ -f "$f" ] && echo "$f"
    done
}
golden_writers() {
    "$PC" --list-formats | awk 'NR > 1 && $3 == "yes" { print $1 }'
}
