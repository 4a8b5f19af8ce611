# SPDX-License-Identifier: MIT
# test_ris_kinds.sh — every kind of work through RIS and back (issue 14):
# one CSL-YAML item per CSL type (include/paperconv/kinds.def), each with
# every variable RIS has a tag for (pctool fields --holds ris) and a name
# RIS has none for (interviewer); CSL-YAML -> RIS -> model must give back
# every field but those the RIS writer reported with -v, and nothing else:
# a field read back from a tag as another field than the one written (an
# interview's interviewer as an editor, its medium as a genre) is a fault.
# The kind is left out (a kind with no RIS type of its own comes back as
# the kind whose type it borrows: an interview as a generic work).  Also
# checked: a date as written beside its parts comes back (Y2 and C1 on two
# lines), and the TY each kind is written with.
. "$ROOT/tests/lib.sh"
cd "$ROOT" || exit 1
if ! command -v python3 > /dev/null 2>&1; then
    skip "ris kinds" "python3 not installed"
    exit 0
fi
CHECK="python3 $ROOT/tests/writers/ris_check.py"

# --- one item per CSL type, every variable RIS holds -------------------------
sed -n 's/^PC_KIND([A-Z_]*, *[0-9]*, *"\([^"]*\)".*/\1/p' include/paperconv/kinds.def > "$T/types"
"$PCTOOL" fields --holds ris > "$T/holds"
python3 - "$T/types" "$T/holds" > "$T/kinds.yaml" <<'PYEOF'
import sys
# pctool dump's names -> CSL variables, and one value per variable, shaped
# as real records hold them (an ISBN that reads as one, a range of pages)
CSL = {"container": "container-title", "date": "issued", "pages": "page", "doi": "DOI",
       "url": "URL", "comment": "note"}
TEXT = {"title": "Tagged values", "title-short": "Tagged", "original-title": "Valeurs",
        "container-title": "Journal of Tags", "container-title-short": "J. Tags",
        "collection-title": "Studies in Tags", "collection-number": "7",
        "reviewed-title": "A reviewed work", "event-title": "Tag Conference",
        "volume": "12", "issue": "3", "number": "N-42", "page": "101-110",
        "number-of-pages": "412", "number-of-volumes": "4", "chapter-number": "5",
        "edition": "2nd", "section": "Section B", "publisher": "Reference Press",
        "publisher-place": "Oxford", "authority": "Tag Authority", "event-place": "Lisbon",
        "genre": "Field report", "medium": "Vinyl", "status": "Granted", "version": "1.2.3",
        "language": "en", "source": "Tag Index", "dimensions": "42 min", "scale": "1:25000",
        "DOI": "10.5555/tags.2020.1", "ISBN": "978-0-201-13447-6", "ISSN": "1476-4687",
        "URL": "https://example.org/tags", "call-number": "QA76 .T3",
        "archive": "Tag Archive", "archive_location": "Box 7", "citation-label": "Tag20",
        "abstract": "An abstract.", "keyword": "tags", "note": "A note.", "annote": "An annotation.",
        "references": "Cited in Tag v. Tag"}
DATE = {"issued": "[[2020, 5, 17]]", "accessed": "[[2024, 3, 2]]",
        "original-date": "[[1999, 2]]", "submitted": "[[2000, 6, 30]]"}
NAMES = ["author", "editor", "translator", "container-author", "collection-editor",
         "contributor", "performer", "producer", "recipient", "interviewer"]
holds = [CSL.get(l.strip(), l.strip()) for l in open(sys.argv[2])]
print("references:")
for t in (l.strip() for l in open(sys.argv[1])):
    print(f"- id: k-{t}\n  type: {t}")
    for i, role in enumerate(NAMES):
        print(f"  {role}:\n  - {{family: Name{i}, given: Role}}")
    for v in holds:
        if v in TEXT:
            print(f"  {v}: \"{TEXT[v]}\"")
        elif v in DATE:
            print(f"  {v}: {{date-parts: {DATE[v]}}}")
        elif v not in NAMES and v != "arxiv":
            sys.exit(f"no value for {v}: add one to test_ris_kinds.sh")
PYEOF
n=$(wc -l < "$T/types")
"$PCTOOL" dump -f yaml "$T/kinds.yaml" > "$T/a" 2> "$T/a.err"
check "ris kinds: $n items, one per CSL type, read" [ "$(grep -c '^@' "$T/a")" -eq "$n" -a ! -s "$T/a.err" ]
$PCW -v -f yaml "$T/kinds.yaml" -t ris -o "$T/k.ris" 2> "$T/k.v"
"$PCTOOL" dump -f ris "$T/k.ris" > "$T/b" 2> /dev/null
if $CHECK trip "$T/a" "$T/b" "$T/k.v" > "$T/trip.out"; then
    pass "ris kinds: every CSL type -> RIS -> model: every field back or reported, none gained"
else
    fail "ris kinds: every CSL type -> RIS -> model: every field back or reported, none gained" \
        "$(head -n 20 "$T/trip.out")"
fi
contains "ris kinds: an interview's interviewer is reported" "$T/k.v" "ris has no place for interviewer"
# the TY of a few kinds with none of their own (map.c, README)
awk '/^TY  - /{ty=$3} /^ID  - /{print $3 "\t" ty}' "$T/k.ris" | tr -d '\r' > "$T/ty"
for want in k-interview:GEN k-broadcast:MPCT k-review-book:JOUR k-entry:CHAP k-collection:BOOK; do
    contains "ris kinds: ${want%%:*} is written TY ${want#*:}" "$T/ty" "$(echo "$want" | tr ':' '\t')"
done

# --- a date as written beside its parts ---------------------------------------
cat > "$T/lit.yaml" <<'YEOF'
references:
- id: lit-web
  type: webpage
  title: A page
  issued: {date-parts: [[2024]]}
  accessed: {date-parts: [[2024, 3, 2]]}
  custom: {date-literals: {accessed: early March 2024}}
- id: lit-patent
  type: patent
  title: A patent
  submitted: {date-parts: [[2000, 6, 30]]}
  custom: {date-literals: {submitted: mid-2000}}
YEOF
"$PCTOOL" dump -f yaml "$T/lit.yaml" > "$T/la" 2> /dev/null
$PCW -v -f yaml "$T/lit.yaml" -t ris -o "$T/lit.ris" 2> "$T/lit.v"
"$PCTOOL" dump -f ris "$T/lit.ris" > "$T/lb" 2> /dev/null
contains "ris kinds: the accessed date as written is on a second Y2" "$T/lit.ris" "Y2  - early March 2024"
same "ris kinds: dates as written beside their parts come back (Y2, C1)" "$T/la" "$T/lb"
check "ris kinds: ... and are not reported as dropped" sh -c "! grep -q 'as written: dropped' '$T/lit.v'"
$PC -f ris "$T/lit.ris" -t ris -o "$T/lit2.ris" 2> /dev/null
same "ris kinds: ... and RIS -> RIS writes them back the same" "$T/lit.ris" "$T/lit2.ris"
