# test_pandoc_bibtex.sh — BibTeX -> CSL-JSON, ours against pandoc's
# (`pandoc -f bibtex -t csljson`) on our fixtures and the shared BibTeX
# corpus: same entries, and for each the same authors (family, given,
# particle, literal), title (ignoring case: pandoc sentence-cases titles)
# and issued date.  Known, documented differences are listed in KNOWN.
. "$ROOT/tests/lib.sh"
if ! command -v pandoc >/dev/null 2>&1; then
    skip "pandoc bibtex oracle" "pandoc not installed (make deps)"
    exit 0
fi
files="$ROOT/tests/data/bib-names.bib $ROOT/tests/data/bib-types.bib $ROOT/tests/data/bib-syntax.bib"
for f in "$SHARED"/corpus/bibtex/*.bib; do [ -f "$f" ] && files="$files $f"; done
[ -d "$SHARED/corpus/bibtex" ] || skip "pandoc bibtex oracle: shared corpus" "$SHARED/corpus/bibtex not found"
for f in $files; do
    name=$(basename "$f")
    $PC "$f" -f bibtex -t csljson --keep-going > "$T/ours.json" 2> "$T/ours.err"
    if ! pandoc -f bibtex -t csljson "$f" > "$T/pandoc.json" 2> "$T/pandoc.err"; then
        skip "pandoc vs ours: $name" "pandoc cannot read it: $(head -c 200 "$T/pandoc.err")"
        continue
    fi
    python3 - "$T/ours.json" "$T/pandoc.json" "$name" <<'PY'
import json, re, sys, unicodedata
ours = {i["id"]: i for i in json.load(open(sys.argv[1], encoding="utf-8"))}
theirs = {i["id"]: i for i in json.load(open(sys.argv[2], encoding="utf-8"))}
name = sys.argv[3]
# documented differences (README "BibTeX / biblatex (reader)") where we
# follow bibtex itself and pandoc does not: "AND" in upper case separates
# names (names-and), and {\v S}omeone takes the case of its S (L21).
KNOWN = {"names-and", "L21"}
def norm(s):
    s = unicodedata.normalize("NFC", s or "")
    # case protection: we write <span class="nocase">, pandoc 2.17 drops it
    s = re.sub(r'<span class="nocase">(.*?)</span>', r"\1", s)
    s = s.replace("\u2006", " ").replace("\u2009", " ").replace("\u00a0", " ")
    return " ".join(s.split()).lower()
def names(item):
    out = []
    for a in item.get("author", []):
        if "literal" in a:
            out.append(("", "", norm(a["literal"])))
        else:
            fam = a.get("family", "")
            part = a.get("non-dropping-particle", "") or a.get("dropping-particle", "")
            out.append((norm(a.get("given", "")), norm(part), norm(fam)))
    return out
def date(item):
    dp = item.get("issued", {}).get("date-parts", [[]])
    return [int(x) for x in dp[0]] if dp and dp[0] else []
missing = sorted(set(theirs) - set(ours))
print(("ok" if not missing else "not ok") + " - %s: every entry pandoc reads, we read (%d)" % (name, len(theirs)))
if missing:
    print("# missing: %s" % ", ".join(missing[:10]))
for k in sorted(set(theirs) & set(ours)):
    if k in KNOWN:
        continue
    a, b = ours[k], theirs[k]
    probs = []
    if names(a) != names(b):
        probs.append("authors ours %s pandoc %s" % (names(a), names(b)))
    if norm(a.get("title")) != norm(b.get("title")):
        probs.append("title ours %r pandoc %r" % (a.get("title"), b.get("title")))
    if date(a) != date(b):
        probs.append("date ours %s pandoc %s" % (date(a), date(b)))
    print(("ok" if not probs else "not ok") + " - %s %s: names, title and date agree with pandoc" % (name, k))
    for p in probs:
        print("# " + p)
PY
done
