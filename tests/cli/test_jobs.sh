# SPDX-License-Identifier: MIT
# test_jobs.sh — -j N (issue 25): a JSON Lines or JSON array, RIS, BibTeX,
# MEDLINE, Web of Science, EndNote or refer, listing, Atom or RSS, EndNote
# XML, MODS, Word XML, PubMed XML or Scopus CSV file or standard input,
# compressed or not, read on
# worker threads in chunks gives the output, the messages and the exit
# status of -j 1, byte for byte, for every sample of those formats, every
# writer of a few kinds and the options that change what is said (-v:
# notes, key clashes with their places; --strict; --keep-going; --rekey;
# --date).
# PC_JOBS_CHUNK (bytes) makes chunks of a few records so that a small file
# is cut many times; inputs built here repeat the samples (so keys clash
# across chunks) and hold bad records in the middle.  A usage error for a
# -j that is not a number.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1
D="$ROOT/tests/data"

# Bigger inputs: the samples many times over (repeated keys, bad lines in
# the middle, "noted once" tags in every chunk).
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do cat "$D/json-mixed.jsonl" "$D/json-syntax.jsonl" "$D/json-arxiv.jsonl"; done > many.jsonl
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do cat "$D/ris-hostile.ris"; done > many.ris
cp "$D/json-mixed.jsonl" mixed.ndjson

# compare LABEL IN ARGS...: -j 4 (three chunk sizes) gives -j 1's stdout,
# stderr and exit status; IN: a file on standard input (- read), or empty
compare() {
    label=$1 in=${2:-/dev/null}; shift 2
    $PCW -j 1 "$@" < "$in" > j1.out 2> j1.err
    e1=$?
    bad=
    for chunk in 1 300 ""; do
        PC_JOBS_CHUNK=$chunk $PCW -j 4 "$@" < "$in" > j4.out 2> j4.err
        e4=$?
        if ! cmp -s j1.out j4.out || ! cmp -s j1.err j4.err || [ "$e1" != "$e4" ]; then
            bad="chunk '$chunk': exit $e1 / $e4; $(diff j1.out j4.out | head -n 4; diff j1.err j4.err | head -n 6)"
            break
        fi
    done
    if [ -z "$bad" ]; then pass "$label"; else fail "$label" "$bad"; fi
}
# same_as_j1 NAME ARGS...: on files
same_as_j1() { name=$1; shift; compare "-j 4 = -j 1: $name" "" "$@"; }
# same_on_stdin NAME FILE ARGS...: FILE on standard input
same_on_stdin() { name=$1 file=$2; shift 2; compare "-j 4 = -j 1 on stdin: $name" "$file" "$@" -; }

for f in "$D"/*.jsonl "$D"/*.ris many.jsonl many.ris mixed.ndjson; do
    b=$(basename "$f")
    for t in bibtex biblatex csljson yaml ris; do
        same_as_j1 "$b -> $t" -t "$t" "$f"
    done
    same_as_j1 "$b -> bibtex -v" -v -t bibtex "$f"
    same_as_j1 "$b -> csljson --strict" --strict -t csljson "$f"
    same_as_j1 "$b -> bibtex --keep-going --rekey" --keep-going --rekey -t bibtex "$f"
done
# BibTeX (cut before an '@' in column 1): the samples without @string,
# crossref or xdata many times over, with the slips the lexer repairs or
# reports in the middle (a '}' missing before the next entry, a value left
# open, @comment and @preamble kept with the entry after them, an '@' in
# column 1 inside a value, an entry in parentheses, one without a key)
{
    for i in 1 2 3 4 5 6 7 8; do
        for f in "$D"/bib-classic.bib "$D"/bib-names.bib "$D"/bib-broken.bib "$D"/markup.bib; do
            grep -qiE '@string|crossref|xdata' "$f" || cat "$f"
        done
        printf '@article{open%s, title = {Left open,\n  year = 2000\n@comment{between}\n@preamble{"\\newcommand{\\x}{x}"}\n' "$i"
        printf '@book(paren%s, title = "In (parentheses)", year = 1999)\n@misc{, title = {No key}}\n' "$i"
        printf '@article{at%s, title = {An at sign\n@ in column 1}, year = 2001}\n%% a comment\n\n' "$i"
    done
} > many.bib
# an @string written "@ string" (white space the lexer allows) is still seen
{ printf '@ string{jx = {Journal of X}}\n'; for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
    printf '@article{s%s, title = {T}, journal = jx, year = 2000}\n' "$i"; done; } > spaced.bib
for f in "$D"/*.bib many.bib spaced.bib; do
    b=$(basename "$f")
    for t in csljson ris yaml; do
        same_as_j1 "$b -> $t" -t "$t" "$f"
    done
    same_as_j1 "$b -> bibtex --rewrite" --rewrite -t bibtex "$f"
    same_as_j1 "$b -> bibtex (kept as written: one piece)" -t bibtex "$f"
    same_as_j1 "$b -> csljson --strict" --strict -t csljson "$f"
    same_as_j1 "$b -> biblatex --keep-going --rekey" --keep-going --rekey -t biblatex "$f"
done
# The tagged formats: MEDLINE, EndNote and refer are cut after a blank
# line, Web of Science after an ER line that a blank or PT line follows.
# The samples many times over, with what the reader repairs or warns about
# in the middle: stray text between records, a record without its blank
# line or ER before the next PMID / %0 / PT, a stray ER, text after ER,
# runs of blank lines, the file header (FN, VR) once and EF at the end.
S=$ROOT/samples
for i in 1 2 3 4 5 6; do
    cat "$S/pubmed-export.nbib" "$D/fields.nbib"
    printf '\nstray text between records\nmore stray\n\nPMID- 99%s\nTI  - No blank line after\nAU  - Doe J\n' "$i"
    printf 'PMID- 98%s\nTI  - Restarted without a blank line\n   continued title\n\n\n   \n' "$i"
done > many.nbib
{
    printf 'FN Clarivate Analytics Web of Science\nVR 1.0\n'
    for i in 1 2 3 4 5 6; do
        sed '1,2d;/^EF/d' "$S/wos-savedrecs.isi"
        sed '1,2d;/^EF/d' "$D/fields.isi"
        printf 'PT J\nAU Doe, J\nTI Without its ER\nPT J\nTI Restarted\nER\nER\n\nstray text\nER\n'
        printf 'PT J\nTI After a stray ER\nER trailing text\n\nPT J\nTI No blank after ER\nER\nPT J\nTI Next\nER\n\n'
    done
    printf 'EF\n'
} > many.isi
for i in 1 2 3 4 5 6; do
    cat "$S/endnote-export.enw" "$D/fields.enw" "$S/bibliography.refer"
    printf '\nstray\n%%0 Journal Article\n%%T No blank\n%%0 Book\n%%T Restart\n\n\n%%T A refer record\n%%A Doe, J\n\n'
done > many.enw
for f in "$S"/*.nbib "$S"/*.isi "$S"/*.enw "$S"/*.refer "$D"/fields.nbib "$D"/fields.isi "$D"/fields.enw \
         "$D"/fields.refer many.nbib many.isi many.enw; do
    b=$(basename "$f")
    for t in bibtex csljson ris nbib; do
        same_as_j1 "$b -> $t" -t "$t" "$f"
    done
    same_as_j1 "$b -> csljson --strict" --strict -t csljson "$f"
    same_as_j1 "$b -> bibtex --keep-going --rekey" --keep-going --rekey -t bibtex "$f"
done
# The XML formats are cut at the line end after a record's end tag; a later
# chunk's reader gets the file's start up to its first record (xmlchunk.h).
# The samples and fixtures, and each sample's records many times over in
# one file with the shapes a cut must get right between them
# (gen_xml_many.py: the end tag in a comment, in CDATA and in an attribute
# value, records on one line, a record skipped by the look-ahead, an
# entity reference last), with CRLF line ends too; EndNote's <record>
# outside <records> first (no cut may follow it).  RSS 2.0 (items inside
# <channel>) and RSS 1.0 (items beside it in <rdf:RDF>); arXiv's error
# title before the items (not cut: every chunk's channel would end with
# it) and half-way between them (no cut may follow it: the error is said
# at the channel's real end).
GENX="$ROOT/tests/cli/gen_xml_many.py"
if command -v python3 > /dev/null 2>&1; then
    python3 "$GENX" record "$S/endnote-export.xml" many.endnotexml &&
        python3 "$GENX" mods "$S/library.mods" many.mods &&
        python3 "$GENX" Source "$S/Sources.xml" many.wordbib &&
        python3 "$GENX" PubmedArticle "$S/pubmed-efetch.xml" many.pubmedxml &&
        python3 "$GENX" entry "$S/arxiv-query.atom" many.atom &&
        python3 "$GENX" item "$S/arxiv-cs-lg.rss" many.rss &&
        python3 "$GENX" item "$D/rss-rdf.xml" many-rdf.rss || fail "gen_xml_many.py failed"
    python3 - <<'PY'
s = open("many.rss").read()
k = s.index("&nope;")
s = s[:s.rindex("<item", 0, k)] + s[s.index("</item>", k) + 7:] # the entity item ends the reading
err = "<title>Feed error for query: http://rss.arxiv.org/rss/x</title>\n<description>Bad archive</description>\n"
mid = s.index("<item", len(s) // 2)
open("late-error.rss", "w").write(s[:mid] + err + s[mid:])
t = s.index("<title>")
open("first-error.rss", "w").write(s[:t] + err + s[s.index("</title>", t) + 8:])
PY
    sed 's/$/\r/' many.rss > crlf.rss
    sed 's/$/\r/' many.mods > crlf.mods
    sed 's|<xml><records>|<xml><record>stray</record>\n<records>|' many.endnotexml > stray.endnotexml
    sed 's/$/\r/' many.atom > crlf.atom
    xml_many="many.endnotexml many.mods many.wordbib many.pubmedxml crlf.mods stray.endnotexml many.atom crlf.atom
              many.rss many-rdf.rss crlf.rss late-error.rss first-error.rss"
else
    skip "XML formats many times over" "needs python3"
    xml_many=
fi
for f in "$S"/endnote-export.xml "$S"/library.mods "$S"/Sources.xml "$S"/pubmed-efetch.xml \
         "$D"/endnotexml-fields.xml "$D"/mods-fields.xml "$D"/wordbib-fields.xml "$D"/wordbib-jabref.xml \
         "$D"/pubmedxml-fields.xml "$S"/arxiv-query.atom "$S"/arxiv-cs-lg.rss "$D"/atom-*.xml "$D"/rss-*.xml \
         $xml_many; do
    b=$(basename "$f")
    case $b in
        *atom*|*rss*) fmt=atom ;;
        endnote*|*.endnotexml) fmt=endnotexml ;; *mods*) fmt=mods ;; Sources*|wordbib*|*.wordbib) fmt=wordbib ;;
        *) fmt=pubmedxml ;;
    esac
    for t in bibtex csljson ris $fmt; do
        [ "$t" = pubmedxml ] || [ "$t" = atom ] && continue # no writer
        same_as_j1 "$b -> $t" -f "$fmt" -t "$t" "$f"
    done
    same_as_j1 "$b -> csljson --strict" --strict -f "$fmt" -t csljson "$f"
    same_as_j1 "$b -> bibtex --keep-going --rekey" --keep-going --rekey -f "$fmt" -t bibtex "$f"
done
for f in $xml_many; do
    same_on_stdin "$f -> bibtex" "$f" -t bibtex
done
# Listings are cut before a record's bullet line; a later chunk's records
# take the heading of the input's header (its context).  The samples many
# times over: a header with a label and stray text, records the reader
# repairs or reports (listing-bad.txt) in the middle, CRLF line ends.
S=$ROOT/samples
{
    printf 'Calcul parall\\`ele {\\em et} optimisation\n\nDerniers papiers\nstray text in the header\n\n'
    for i in 1 2 3 4 5 6 7 8; do
        sed '1,3d' "$S/latest-parallel-computing.fr.txt"
        grep -v '^[^• ]' "$D/listing-bad.txt" "$D/listing-names.txt" | sed 's/^[^:]*://'
    done
} > many.txt
sed 's/$/\r/' many.txt > crlf.txt
{ printf '\n\n'; sed '1,3d' "$S/latest-parallel-computing.fr.txt"; sed '1,3d' "$S/latest-parallel-computing.fr.txt"; } > noheading.txt
for f in "$S"/*.txt "$D"/listing-*.txt many.txt crlf.txt noheading.txt; do
    b=$(basename "$f")
    for t in bibtex csljson; do
        same_as_j1 "$b -> $t" -t "$t" "$f"
    done
    same_as_j1 "$b -> csljson --strict" --strict -t csljson "$f"
    same_as_j1 "$b -> bibtex --keep-going --rekey" --keep-going --rekey -t bibtex "$f"
done
# A file that is one JSON array is cut after a line end that follows an
# element's ','.  Hostile arrays: elements that are arrays, strings and
# numbers; strings holding '"', '],', brackets and braces; a bad element;
# a trailing comma; a missing comma (fatal half-way); white space and CR
# around the commas; one line (not cut); no closing ']' and a raw control
# character in a string (not cut: read in one piece); a 600-deep element.
python3 - "$D/json-csl.json" <<'PY'
import json, sys
items = json.load(open(sys.argv[1]))
def el(i):
    it = dict(items[i % len(items)]); it["id"] = "x%d" % i
    it["title"] = 'A "quoted" ], \\ title,\n with [brackets] {braces} %d' % i
    return json.dumps(it, ensure_ascii=False, indent=1)
shapes = {3: '[1, [2, [3]], {"a": [4]}]', 5: '{"id": "bad", "type": "book", "title": }',
          7: '"a string element, ]"', 8: '42'}
parts = [shapes.get(i % 10) or el(i) for i in range(60)]
def w(name, text): open(name, "w").write(text)
w("arr-hostile.json", "[\n" + ",\n".join(parts) + "\n]\n")
w("arr-trailing.json", "[\n" + ",\n".join(parts[:20]) + ",\n]\n")
w("arr-missing.json", "[\n" + ",\n".join(parts[:10]) + "\n" + ",\n".join(parts[10:30]) + "\n]\n")
w("arr-spaced.json", "  \n[ " + " ,  \r\n".join(parts[:30]) + "\t\n  ]  \n\n")
w("arr-line.json", "[" + ",".join(p.replace("\n", " ") for p in parts[:30]) + "]\n")
w("arr-open.json", "[\n" + ",\n".join(parts[:30]) + "\n")
w("arr-control.json", "[\n" + ",\n".join(parts[:10] + ['"a\x01b"'] + parts[10:20]) + "\n]\n")
w("arr-deep.json", "[\n" + ",\n".join(parts[:10] + ["[" * 600 + "]" * 600] + parts[10:20]) + "\n]\n")
PY
for f in "$D"/json-*.json "$ROOT"/samples/*.json arr-*.json; do
    b=$(basename "$f")
    for t in bibtex csljson yaml; do
        same_as_j1 "$b -> $t" -t "$t" "$f"
    done
    same_as_j1 "$b -> csljson --strict" --strict -t csljson "$f"
    same_as_j1 "$b -> bibtex --keep-going --rekey" --keep-going --rekey -t bibtex "$f"
done
for f in "$D"/json-csl.json arr-hostile.json arr-missing.json; do # the csljson reader cuts as json's
    same_as_j1 "-f csljson $(basename "$f") -> bibtex" -f csljson -t bibtex "$f"
done
# Compressed files are checked and cut on their text (gzip, zstd, xz);
# one cut short or with bytes after its data is read in one piece, its
# error at the same place.
for z in "gzip -c" "zstd -qc" "xz -c"; do
    cmd=${z%% *}
    ext=$(case $cmd in gzip) echo gz ;; zstd) echo zst ;; xz) echo xz ;; esac)
    if ! command -v "$cmd" > /dev/null 2>&1; then
        skip "-j 4 = -j 1: .$ext inputs" "$cmd not installed (make deps-test)"
        continue
    fi
    for f in many.jsonl arr-hostile.json many.nbib many.ris many.bib; do
        $z "$f" > "$f.$ext"
        same_as_j1 "$f.$ext -> csljson" -t csljson "$f.$ext"
        same_as_j1 "$f.$ext -> bibtex --keep-going --rekey" --keep-going --rekey -t bibtex "$f.$ext"
    done
done
if command -v gzip > /dev/null 2>&1; then
    gzip -c arr-hostile.json > whole.json.gz
    head -c $(($(wc -c < whole.json.gz) / 2)) whole.json.gz > cut.json.gz
    { cat whole.json.gz; printf 'not gzip'; } > junk.json.gz
    same_as_j1 "a gzip file cut short" -t csljson cut.json.gz
    same_as_j1 "a gzip file with bytes after its data" -t csljson junk.json.gz
fi
same_as_j1 "json-arxiv.jsonl --date updated -v" -v --date updated -t yaml "$D/json-arxiv.jsonl"
same_as_j1 "two inputs, keys clash across them" -v -t bibtex many.ris many.jsonl
same_as_j1 "-o FILE" -t csljson -o out.json many.jsonl
PC_JOBS_CHUNK=1 $PCW -j 0 -t bibtex many.jsonl > j0.out 2> j0.err
$PCW -t bibtex many.jsonl > ref.out 2> ref.err
same "-j 0 (one per core) = the default" ref.out j0.out

# Standard input and pipes are cut as files are (JSON Lines and arrays by
# their first value; BibTeX read in one piece: @string or crossref could
# come after a cut).  Bytes the source has something to say about (not
# UTF-8, compressed data cut short) are read on the driver's thread in one
# piece from the chunk they are in: the messages come at their places,
# among the reader's, as with -j 1.
python3 - <<'PY'
import random
lines = open("many.ris", "rb").read().split(b"\n")
random.seed(7)
for k in random.sample(range(len(lines)), 12):   # Latin-1 bytes on a dozen lines
    lines[k] = lines[k] + b" caf\xe9 \xff"
open("latin.ris", "wb").write(b"\n".join(lines))
j = open("many.jsonl", "rb").read().split(b"\n")
j[len(j) // 2] = j[len(j) // 2].replace(b'"title":"', b'"title":"\xe9t\xe9 ', 1)
open("latin.jsonl", "wb").write(b"\n".join(j))
PY
same_as_j1 "latin.ris (bytes that are not UTF-8 half-way) -> bibtex" -t bibtex latin.ris
same_as_j1 "latin.jsonl -> csljson" -t csljson latin.jsonl
for f in many.jsonl many.ris many.nbib many.isi many.enw many.bib many.txt crlf.txt latin.ris latin.jsonl arr-hostile.json \
         arr-trailing.json arr-missing.json arr-spaced.json arr-line.json arr-open.json arr-control.json \
         "$D/json-mixed.jsonl" "$D/json-syntax.jsonl" "$D/json-csl.json"; do
    b=$(basename "$f")
    same_on_stdin "$b -> bibtex" "$f" -t bibtex
    same_on_stdin "$b -> csljson --strict" "$f" --strict -t csljson
    same_on_stdin "$b -> bibtex --keep-going --rekey" "$f" --keep-going --rekey -t bibtex
done
same_on_stdin "many.ris -> bibtex -v" many.ris -v -t bibtex
if command -v gzip > /dev/null 2>&1; then
    for f in many.jsonl.gz arr-hostile.json.gz many.nbib.gz cut.json.gz junk.json.gz; do
        [ -f "$f" ] && same_on_stdin "$f -> csljson" "$f" -t csljson
    done
    for f in many.ris latin.ris many.jsonl; do # a pipe, compressed
        gzip -c "$f" | $PCW -j 1 -t csljson - > p1.out 2> p1.err
        e1=$?
        gzip -c "$f" | PC_JOBS_CHUNK=300 $PCW -j 4 -t csljson - > p4.out 2> p4.err
        e4=$?
        if cmp -s p1.out p4.out && cmp -s p1.err p4.err && [ "$e1" = "$e4" ]; then
            pass "-j 4 = -j 1: gzip -c $f | paperconv -"
        else
            fail "-j 4 = -j 1: gzip -c $f | paperconv -" "exit $e1 / $e4; $(diff p1.err p4.err | head -n 6)"
        fi
    done
fi

# A line over the limit (16 MB) ends the input where it is, as one reader
# stops there: the chunks after it are not read, and the input counts as
# one that could not be read (exit 1 under --keep-going too).
python3 - <<'PY'
ris = open("many.ris", "rb").read()
half = ris.index(b"ER  -", len(ris) // 2) + 6
open("long.ris", "wb").write(ris[:half] + b"\nTY  - JOUR\nTI  - " + b"x" * (17 << 20) + b"\nER  - \n" + ris[half:])
nb = open("many.nbib", "rb").read()
open("long.nbib", "wb").write(nb + b"\nPMID- 1\nTI  - " + b"y" * (17 << 20) + b"\n\n" + nb)
PY
for f in long.ris long.nbib; do
    same_as_j1 "$f (a line over 16 MB half-way) --keep-going" --keep-going -t csljson "$f"
    same_on_stdin "$f --keep-going" "$f" --keep-going -t bibtex
done
rm -f long.ris long.nbib

# Scopus CSV is cut after the line feed that ends a row, found by walking
# libcsv's strict states as the reader reads (chunk.c); every later chunk
# reads the header from the file's first line.  The shapes a cut must get
# right, 40 times over: quoted cells over several lines (LF, CRLF and CR
# inside), doubled quotes, a quote inside an unquoted cell and text (or
# spaces, then a quote) after a closing quote (the reader skips the rest
# of the line and starts a row on the next, where a cell then opens over
# two lines), blank and empty rows, a byte-order mark at a line start, a
# row more than the header (noted once), a NUL byte; with ';' as the
# delimiter, LF line ends, and a quote never closed half-way.
python3 - "$D" <<'PY'
import sys
D = sys.argv[1]
head = '\ufeff"Authors","Title","Year","EID","Abstract"\r\n'
sample = open(D + "/scopus-every-column.csv", encoding="utf-8-sig").read()
rows = [
    '"Doe J.; Roe R.","A ""quoted"" title, with commas","2020","2-s2.0-%d","Line one\nline two, with ""quotes""\r\nand ""a\n"" quote at a line start"\n',
    '"Bad "quote" here","x","2021","2-s2.0-%d","an error: text after a closing quote"\n',
    'unquoted,cells"with a quote,2022,2-s2.0-%d,"an error: the rest of the line is not read\n',
    '"a cell that opens on the line after an error\n',
    'and closes here",row,2022,2-s2.0-%d,"x"\n',
    '"Spaces J.","after ""a"" closing quote"  ,2023,2-s2.0-%d,"x"  "an error: spaces, then a quote\n',
    '"a cell that opens after that error\n',
    'and closes here",row,2023,2-s2.0-%d,"x"\n',
    '\n,,,,\n  \t\n',
    '\ufeff"Bom R.","a byte-order mark at a line start","2019","2-s2.0-%d",""\n',
    '"Cr J.","CR-only line ends\rinside\r","2018","2-s2.0-%d","y"\r',
    '"Extra C.","more cells than the header","2017","2-s2.0-%d","a","b","c"\n',
    '"Nul J.","a NUL \x00 byte","2016","2-s2.0-%d",""\n',
    '"Semi; Colon","a;b;c","2015","2-s2.0-%d","; inside"\n',
]
out = [head]
k = 0
for rep in range(40):
    for r in rows:
        k += 1
        out.append(r.replace("%d", str(k)) if "%d" in r else r)
text = "".join(out)
open("many.csv", "w", encoding="utf-8", newline="").write(text)
open("unclosed.csv", "w", encoding="utf-8", newline="").write(text + '"Open J.","a quote never closed\n' + text[len(head):])
semi = text.replace('","', '";"').replace(',,,,', ';;;;')
open("semi.csv", "w", encoding="utf-8", newline="").write(semi)
open("lf.csv", "w", encoding="utf-8", newline="").write(text.replace("\r\n", "\n").lstrip("\ufeff"))
PY
for f in "$ROOT"/samples/scopus-export.csv "$D"/scopus-*.csv many.csv unclosed.csv semi.csv lf.csv; do
    b=$(basename "$f")
    for t in bibtex csljson ris; do
        same_as_j1 "scopus $b -> $t" -f scopuscsv -t "$t" "$f"
    done
    same_as_j1 "scopus $b -> bibtex --keep-going --rekey" --keep-going --rekey -f scopuscsv -t bibtex "$f"
done
same_on_stdin "scopus many.csv -> csljson" many.csv -f scopuscsv -t csljson
# A UTF-8 byte-order mark: the first chunk's reader reads it, as one reader
# does; the context later chunks get is without it.
for f in many.ris many.jsonl many.txt many.bib many.nbib many.isi many.enw many.mods many.rss arr-hostile.json; do
    [ -f "$f" ] || continue
    printf '\357\273\277' | cat - "$f" > "bom-$f"
    same_as_j1 "bom-$f (a byte-order mark) -> csljson" -t csljson "bom-$f"
done

# The chunks are read by threads (not one piece): a thread is made per worker.
if command -v strace > /dev/null 2>&1 && [ -z "${PC_WRAP:-}" ]; then
    n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t bibtex many.ris 2>&1 > /dev/null | grep -c 'clone')
    if [ "$n" -ge 3 ]; then pass "-j 3 on a RIS file starts 3 threads"; else fail "-j 3 starts threads" "clone calls: $n"; fi
    for f in many.nbib many.isi many.enw many.txt arr-hostile.json many.jsonl.gz many.csv bom-many.ris bom-many.txt bom-many.mods; do
        n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t csljson $f 2>&1 > /dev/null | grep -c 'clone')
        if [ "$n" -ge 3 ]; then pass "-j 3 on $f starts 3 threads"; else fail "-j 3 on $f starts threads" "clone calls: $n"; fi
    done
    for f in many.atom many.rss many-rdf.rss; do
        [ -f "$f" ] || continue
        n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -f atom -t csljson $f 2>&1 > /dev/null | grep -c 'clone')
        if [ "$n" -ge 3 ]; then pass "-j 3 on $f starts 3 threads"; else fail "-j 3 on $f starts threads" "clone calls: $n"; fi
    done
    if [ -f first-error.rss ]; then
        n1=$(strace -f -e trace=clone,clone3 "$PC" -j 1 -f atom -t csljson first-error.rss 2>&1 > /dev/null | grep -c 'clone')
        n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -f atom -t csljson first-error.rss 2>&1 > /dev/null | grep -c 'clone')
        if [ "$n" -eq "$n1" ]; then pass "arXiv's RSS error feed is read in one piece"; else fail "RSS error feed: one piece" "clone calls: $n"; fi
    fi
    n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t csljson many.bib 2>&1 > /dev/null | grep -c 'clone')
    if [ "$n" -ge 3 ]; then pass "-j 3 on a BibTeX file starts 3 threads"; else fail "-j 3 on BibTeX starts threads" "clone calls: $n"; fi
    printf '@string{j = {J}}\n' | cat - many.bib > strings.bib
    n0=$(strace -f -e trace=clone,clone3 "$PC" -j 1 -t csljson strings.bib 2>&1 > /dev/null | grep -c 'clone')
    n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t csljson strings.bib 2>&1 > /dev/null | grep -c 'clone')
    if [ "$n" -eq "$n0" ]; then pass "a BibTeX file with @string is read in one piece"; else fail "@string: one piece" "clone calls: $n"; fi
    n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t bibtex many.bib 2>&1 > /dev/null | grep -c 'clone')
    if [ "$n" -eq "$n0" ]; then pass "bibtex -> bibtex kept as written is read in one piece"; else fail "kept as written: one piece" "clone calls: $n"; fi
    for f in many.ris many.jsonl arr-hostile.json; do
        n=$(cat $f | PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t bibtex - 2>&1 > /dev/null | grep -c 'clone')
        if [ "$n" -ge 3 ]; then pass "-j 3 on $f from a pipe starts 3 threads"; else fail "-j 3 on a pipe starts threads" "$f: clone calls: $n"; fi
    done
    n=$(PC_JOBS_CHUNK=1 strace -f -e trace=clone,clone3 "$PC" -j 3 -t csljson - < many.bib 2>&1 > /dev/null | grep -c 'clone')
    if [ "$n" -eq "$n0" ]; then pass "BibTeX on standard input is read in one piece"; else fail "stdin BibTeX in one piece" "clone calls: $n, -j 1: $n0"; fi
else
    skip "-j 3 starts threads" "strace not installed (or under a wrapper)"
fi

exit_is "-j x is a usage error" 2 $PCW -j x -t bibtex many.ris
contains "-j x: the message" "$T/stderr" "-j takes a number of threads"
