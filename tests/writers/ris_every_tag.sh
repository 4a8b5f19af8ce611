# SPDX-License-Identifier: MIT
# ris_every_tag.sh TSV — writes the RIS fixture of tests/data/ris-every-tag.tsv
# (one record per TY row, one line per tag and value) on stdout; shared by
# tests/writers/test_ris_tags.sh and tests/robust/test_roundtrip.sh.
awk -F'\t' '/^#/ || /^$/ { next }
    $1 == "TY" { if (open) printf "ER  - \r\n"; open = 1 }
    ($1 "\t" $2) != prev { printf "%s  - %s\r\n", $1, $2 }
    { prev = $1 "\t" $2 }
    END { if (open) printf "ER  - \r\n" }' "$1"
