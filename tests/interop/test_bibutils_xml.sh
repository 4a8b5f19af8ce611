# SPDX-License-Identifier: MIT
# test_bibutils_xml.sh — bibutils 7 (Debian's bibutils package) as the
# second reader of the XML formats (issue 23):
#   - endx2xml reads our EndNote XML: the same records, titles, authors,
#     years, DOIs, first pages as our model (bibutils_mods.py);
#   - med2xml reads the PubMed XML we read (the corpus files, our fixture):
#     the same records, DOIs and first pages, its authors among ours and
#     its title words in ours (med2xml drops <i> text and <PubmedBookArticle>
#     altogether, so book files are left out);
#   - xml2bib and modsclean read our MODS, and our MODS reader reads what
#     bib2xml writes (the same model as from the BibTeX bib2xml read);
#   - wordbib2xml reads next to nothing of any Word XML (research notes
#     §7.9): only the record count and the titles of ours are checked (a
#     skip line says so); xml2wordbib's output of bib2xml's MODS, read by
#     us, gives the records our BibTeX reader reads from the .bib.
# Every bibutils program writes a UTF-8 BOM first; the *2xml readers have
# no option against it: bibutils_mods.py reads past it.
. "$ROOT/tests/lib.sh"
D=$ROOT/tests/data
PY=$ROOT/tests/interop/bibutils_mods.py
CORPUS=$SHARED/corpus
if ! command -v endx2xml > /dev/null 2>&1 || ! command -v python3 > /dev/null 2>&1; then
    skip "bibutils XML oracles" "bibutils (endx2xml, med2xml, xml2bib) or python3 not installed (make deps)"
    exit 0
fi

# oracle NAME MODE MODS DUMP: bibutils' MODS against our model
oracle() {
    if python3 "$PY" "$2" "$3" "$4" > "$T/cmp" 2>&1; then
        pass "$1 ($(grep -c '^@' "$4") records)"
    else
        fail "$1" "$(head -n 8 "$T/cmp")"
    fi
}

# ---- EndNote XML: endx2xml reads ours ---------------------------------------------------
for f in "$D/endnotexml-fields.xml" "$ROOT/samples/endnote-export.xml" "$D/fields.json" "$ROOT/samples/references.bib"; do
    b=$(basename "$f")
    if ! $PCW -q "$f" -t endnotexml -o "$T/$b.enx.xml" 2> "$T/err"; then
        fail "$b -> endnotexml converts" "$(head -n 3 "$T/err")"
        continue
    fi
    endx2xml "$T/$b.enx.xml" > "$T/$b.mods" 2> /dev/null
    "$PCTOOL" dump -f endnotexml "$T/$b.enx.xml" > "$T/$b.dump"
    oracle "endx2xml reads our EndNote XML of $b as we do" exact "$T/$b.mods" "$T/$b.dump"
done

# ---- PubMed XML: med2xml reads what we read ------------------------------------------------
files="$D/pubmedxml-fields.xml $ROOT/samples/pubmed-efetch.xml"
if [ -d "$CORPUS/pubmed-xml" ]; then
    files="$files $(ls "$CORPUS"/pubmed-xml/*.xml)"
else
    skip "med2xml on the corpus" "$CORPUS/pubmed-xml is absent"
fi
for f in $files; do
    b=$(basename "$f")
    if grep -q '<PubmedBookArticle' "$f"; then
        # med2xml skips book articles: keep the journal articles
        python3 -c 'import re,sys; s=open(sys.argv[1],encoding="utf-8").read(); print(re.sub(r"<PubmedBookArticle>.*?</PubmedBookArticle>|<DeleteCitation>.*?</DeleteCitation>", "", s, flags=re.S))' "$f" > "$T/$b.journals"
        grep -q '<PubmedArticle>' "$T/$b.journals" || continue
        f=$T/$b.journals
    fi
    med2xml "$f" > "$T/$b.mods" 2> /dev/null
    "$PCTOOL" dump -f pubmedxml "$f" > "$T/$b.dump" 2> "$T/$b.err"
    oracle "med2xml reads $b as we do" pubmed "$T/$b.mods" "$T/$b.dump"
done

# ---- Word XML: wordbib2xml reads ours (titles only); we read xml2wordbib's ----------------------
if $PC --list-formats | grep -q '^wordbib '; then
    skip "wordbib2xml: names, years, DOIs, pages of our Word XML" \
        "wordbib2xml is unreliable (research notes 7.9: it drops names, years and types of any Word XML, ours, Word's or xml2wordbib's): only record counts and titles are compared"
    for f in "$D/wordbib-fields.xml" "$D/fields.json" "$ROOT/samples/references.bib" "$D/endnotexml-fields.xml"; do
        b=$(basename "$f")
        if ! $PCW -q "$f" -t wordbib -o "$T/$b.wb.xml" 2> "$T/err"; then
            fail "$b -> wordbib converts" "$(head -n 3 "$T/err")"
            continue
        fi
        wordbib2xml "$T/$b.wb.xml" > "$T/$b.wb.mods" 2> /dev/null
        "$PCTOOL" dump -f wordbib "$T/$b.wb.xml" > "$T/$b.wb.dump"
        oracle "wordbib2xml reads our Word XML of $b: its records and titles" titles "$T/$b.wb.mods" "$T/$b.wb.dump"
    done
    # xml2wordbib's Word XML of bib2xml's MODS, read by us, against our BibTeX reader
    for f in "$ROOT/samples/references.bib" "$D/bib-classic.bib"; do
        b=$(basename "$f")
        bib2xml "$f" > "$T/$b.bu.mods" 2> /dev/null
        xml2wordbib -nb "$T/$b.bu.mods" > "$T/$b.bu.wb.xml" 2> /dev/null
        "$PCTOOL" dump -f wordbib "$T/$b.bu.wb.xml" > "$T/$b.bu.wb.dump" 2> "$T/$b.bu.wb.err"
        "$PCTOOL" dump -f bibtex "$f" > "$T/$b.ours.dump" 2> /dev/null
        oracle "our Word XML reader reads xml2wordbib's output of $b as our BibTeX reader reads the .bib" models \
            "$T/$b.bu.wb.dump" "$T/$b.ours.dump"
    done
fi

# ---- MODS: modsclean and xml2bib read ours; we read bib2xml's -------------------------------
if ! $PC --list-formats | grep -q '^mods '; then
    skip "bibutils MODS oracles" "no mods reader and writer in this build"
    exit 0
fi
for f in "$D/mods-fields.xml" "$ROOT/samples/library.mods" "$D/fields.json" "$ROOT/samples/references.bib" \
    "$D/endnotexml-fields.xml"; do
    b=$(basename "$f")
    if ! $PCW -q "$f" -t mods -o "$T/$b.mods" 2> "$T/err"; then
        fail "$b -> mods converts" "$(head -n 3 "$T/err")"
        continue
    fi
    "$PCTOOL" dump -f mods "$T/$b.mods" > "$T/$b.dump"
    modsclean "$T/$b.mods" > "$T/$b.clean" 2> /dev/null
    oracle "modsclean reads our MODS of $b as we do" exact "$T/$b.clean" "$T/$b.dump"
    # xml2bib's BibTeX, read by our BibTeX reader: its record count and titles
    xml2bib -nb "$T/$b.mods" > "$T/$b.bib" 2> /dev/null
    "$PCTOOL" dump -f bibtex "$T/$b.bib" > "$T/$b.bibdump" 2> /dev/null
    oracle "xml2bib reads our MODS of $b as we do (its BibTeX read back)" models "$T/$b.bibdump" "$T/$b.dump"
done
for f in "$ROOT/samples/references.bib" "$D/bib-classic.bib"; do
    b=$(basename "$f")
    bib2xml "$f" > "$T/$b.bu.mods" 2> /dev/null
    "$PCTOOL" dump -f mods "$T/$b.bu.mods" > "$T/$b.bu.dump" 2> "$T/$b.bu.err"
    "$PCTOOL" dump -f bibtex "$f" > "$T/$b.ours.dump" 2> /dev/null
    oracle "our MODS reader reads bib2xml's MODS of $b as bibutils wrote it" exact "$T/$b.bu.mods" "$T/$b.bu.dump"
    oracle "bib2xml's MODS of $b reads as our BibTeX reader reads the .bib" models "$T/$b.bu.dump" "$T/$b.ours.dump"
done
