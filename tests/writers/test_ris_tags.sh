# SPDX-License-Identifier: MIT
# test_ris_tags.sh — every RIS tag, per type (issues 13 and 14):
#  - tests/data/ris-every-tag.tsv, one record per RIS type with every tag
#    the type maps (the RIS spec, Zotero's RIS translator, real exports),
#    becomes a RIS file; each tag must land in its model field, and the
#    tags with no model field are kept as pass-through values;
#  - RIS -> RIS keeps every tag: the model read back is the same (pass-through
#    values included), and a second pass gives the same bytes;
#  - bibutils' ris2xml reads our RIS: title and authors equal to the model,
#    and the value of each tag it maps where it maps that tag;
#  - X -> RIS -> X for CSL-YAML (tests/data/ris-roundtrip.yaml: every CSL
#    type with the variables RIS holds for it) and BibTeX: every field is
#    kept unless the RIS writer reported it with -v;
#  - values that are legal or ignorable (Y2 "yesterday", PY "///") exit 0.
. "$ROOT/tests/lib.sh"
cd "$ROOT" || exit 1
CHECK="python3 $ROOT/tests/writers/ris_check.py"
if ! command -v python3 > /dev/null 2>&1; then
    skip "ris tags" "python3 not installed"
    exit 0
fi

# --- the fixture: one record per TY row, one line per (tag, value) ---------
tsv=tests/data/ris-every-tag.tsv
sh "$ROOT/tests/writers/ris_every_tag.sh" "$tsv" > "$T/every.ris"
n_ty=$(grep -c '^TY  - ' "$T/every.ris")

# --- each tag in its field --------------------------------------------------
"$PCTOOL" dump "$T/every.ris" > "$T/every.dump" 2> "$T/every.err"
if $CHECK expect "$tsv" "$T/every.dump" > "$T/expect.out"; then
    while IFS='	' read -r ty key n; do
        pass "ris tags: $ty ($key): $n tags in their fields"
    done < "$T/expect.out"
else
    fail "ris tags: every tag in its field" "$(grep '^#' "$T/expect.out" | head -n 20)"
fi

# --- legal or ignorable values: exit 0 with every writer ---------------------
for fmt in ris bibtex csljson yaml; do
    exit_is "ris tags: the fixture converts to $fmt with exit 0 (Y2 yesterday, PY ///)" 0 \
        $PCW --strict "$T/every.ris" -t $fmt
done
$PCW -v "$T/every.ris" -t ris > /dev/null 2> "$T/every.v"
contains "ris tags: an empty date is ignored with a note" "$T/every.v" "note: empty date (PY  - ///) ignored"
contains "ris tags: a literal date is kept with a note" "$T/every.v" "note: Y2 \"yesterday\" is not a date paperconv reads; kept as written"
check "ris tags: no warning or error for the fixture" sh -c "! grep -q ': \(warning\|error\):' '$T/every.v'"

# --- RIS -> RIS keeps every tag ----------------------------------------------
$PC "$T/every.ris" -t ris > "$T/out1.ris" 2> /dev/null
$PC "$T/out1.ris" -t ris > "$T/out2.ris" 2> /dev/null
"$PCTOOL" dump "$T/out1.ris" > "$T/out1.dump" 2> /dev/null
same "ris tags: RIS -> RIS -> model is the model (pass-through included)" "$T/every.dump" "$T/out1.dump"
same "ris tags: a second pass RIS -> RIS gives the same bytes" "$T/out1.ris" "$T/out2.ris"
# Zotero reads JO as a journal's abbreviation: the journal goes in T2
contains "ris tags: T2 names the journal, J2 its abbreviation (1)" "$T/out1.ris" "T2  - Journal of Reference Formats"
contains "ris tags: T2 names the journal, J2 its abbreviation (2)" "$T/out1.ris" "J2  - J. Ref. Form."
check "ris tags: $n_ty records written" [ "$(grep -c '^TY  - ' "$T/out1.ris")" -eq "$n_ty" ]
# the writer's TY for each kind read (each code of the table is its kind's own)
awk -F'\t' '$1 == "TY" { print $2 }' "$tsv" | sed 's/^CPAPER$/CONF/; s/^EDBOOK$/BOOK/' > "$T/ty.want"
sed -n 's/^TY  - \(.*\)\r$/\1/p' "$T/out1.ris" > "$T/ty.got"
same "ris tags: each kind written with its own RIS type" "$T/ty.want" "$T/ty.got"

# --- bibutils' ris2xml reads it ----------------------------------------------
if command -v ris2xml > /dev/null 2>&1; then
    ris2xml "$T/out1.ris" > "$T/out1.mods" 2> "$T/out1.mods.err"
    if $CHECK mods "$T/out1.mods" "$T/out1.mods.err" "$T/out1.dump" "$T/out1.ris" > "$T/mods.out"; then
        pass "ris tags: ris2xml reads every record, title, author and mapped tag as the model"
    else
        fail "ris tags: ris2xml reads every record, title, author and mapped tag as the model" \
            "$(grep '^#' "$T/mods.out")"
    fi
else
    skip "ris tags: ris2xml" "bibutils (ris2xml) not installed"
fi

# --- X -> RIS -> X: every field both hold ------------------------------------
# kept NAME INPUT FORMAT: X -> model and X -> RIS -> model agree on every
# field the RIS writer did not report (-v); X -> X -> model and
# X -> RIS -> X -> model likewise.
kept() {
    kname=$1 input=$2 fmt=$3
    "$PCTOOL" dump "$input" > "$T/k.a" 2> /dev/null
    $PC -v "$input" -t ris > "$T/k.ris" 2> "$T/k.v"
    "$PCTOOL" dump "$T/k.ris" > "$T/k.b" 2> /dev/null
    if $CHECK kept "$T/k.a" "$T/k.b" "$T/k.v" > "$T/k.out"; then
        pass "ris tags: $kname -> RIS keeps every field RIS holds"
    else
        fail "ris tags: $kname -> RIS keeps every field RIS holds" "$(cat "$T/k.out")"
    fi
    $PC "$input" -t "$fmt" > "$T/k.x.$fmt" 2> /dev/null
    $PC -v -f ris "$T/k.ris" -t "$fmt" > "$T/k.rx.$fmt" 2> "$T/k.v2"
    cat "$T/k.v" "$T/k.v2" > "$T/k.vall" # what either writer reported
    "$PCTOOL" dump "$T/k.x.$fmt" > "$T/k.xa" 2> /dev/null
    "$PCTOOL" dump "$T/k.rx.$fmt" > "$T/k.xb" 2> /dev/null
    if $CHECK kept "$T/k.xa" "$T/k.xb" "$T/k.vall" > "$T/k.out"; then
        pass "ris tags: $kname -> RIS -> $fmt keeps what $kname -> $fmt keeps"
    else
        fail "ris tags: $kname -> RIS -> $fmt keeps what $kname -> $fmt keeps" "$(cat "$T/k.out")"
    fi
}
kept "CSL-YAML (every type)" tests/data/ris-roundtrip.yaml yaml
contains "ris tags: what RIS cannot hold is reported" "$T/k.v" "ris has no place for event-title: dropped from 2 record(s)"
kept "BibTeX (samples)" samples/references.bib bibtex
kept "BibTeX (every entry type)" tests/data/bib-types.bib bibtex

# --- real shapes ---------------------------------------------------------------
# EndNote writes its keywords one a line under one KW (rispy's example_endnote)
printf 'TY  - JOUR\r\nTI  - T\r\nKW  - citation\r\nreference\r\n  library  \r\nKW  - one, two\r\nER  - \r\n' > "$T/kw.ris"
"$PCTOOL" dump "$T/kw.ris" > "$T/kw.dump" 2> /dev/null
check "ris tags: KW continued on untagged lines is one keyword a line" \
    [ "$(grep -c '^keyword	' "$T/kw.dump")" -eq 4 ]
contains "ris tags: ... the last one trimmed" "$T/kw.dump" "keyword	library"
# the first value of a field wins; another one is kept under its tag
printf 'TY  - BOOK\r\nTI  - T\r\nSN  - 978-0-201-13447-6\r\nSN  - 978-0-201-13448-3\r\nER  - \r\n' > "$T/sn.ris"
$PC "$T/sn.ris" -t ris > "$T/sn.out" 2> /dev/null
contains "ris tags: a second ISBN comes back (1)" "$T/sn.out" "SN  - 978-0-201-13447-6"
contains "ris tags: a second ISBN comes back (2)" "$T/sn.out" "SN  - 978-0-201-13448-3"
