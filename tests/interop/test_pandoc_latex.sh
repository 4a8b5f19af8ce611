# SPDX-License-Identifier: MIT
# test_pandoc_latex.sh — pandoc as the oracle of our LaTeX, both ways:
#  - LaTeX -> Unicode: every input of tests/data/latex_decode.tsv, read by
#    pandoc's biblatex reader (as a `note`, markup tags stripped), gives the
#    table's expected text, except on the rows whose third column says why
#    pandoc differs (a command pandoc 2.17 does not know, math, a choice);
#  - Unicode -> LaTeX: strings encoded by our encoder, read back by pandoc's
#    biblatex reader, give the original text (compared without regard to
#    case: pandoc sentence-cases titles).  Only characters pandoc 2.17 knows
#    are in the sample; what it does not know (\TH, \DH, \DJ, tipa's marks
#    below, \ohorn, math) is covered by our own round trip in test_tables.
. "$ROOT/tests/lib.sh"
if ! command -v pandoc >/dev/null 2>&1; then
    skip "pandoc LaTeX check" "pandoc not installed (make deps)"
    exit 0
fi
cat > "$T/strings.txt" <<'STR'
Richtárik Ølgaard Łukasz Müller Ångström
François Soljačić Dvořák Erdős Gödel Łódź
Nguyễn Thị Ngọc Ánh Trần Lê
Straße Æther œuvre Øresund ıi
a–b—c “quoted” ‘single’ and an ellipsis…
50% & $ # _ ~ ^ \ specials
paired {braces} stay and no-break space
Ž Š Č ž š č ř ů ě ą ę ć ń ś ź ż
§3 and ¶2 – Müller’s “x” and ‘y’
àáâãäå èéêë ìíîï òóôõö ùúûü ýÿ ñ ç
ĀāĂăĄąĆćĈĉĊċČčĎď ĒēĔĕĖėĘęĚě
STR
i=0
while IFS= read -r line; do
    i=$((i + 1))
    printf '@misc{k%d, title = {%s}}\n' "$i" "$(printf '%s\n' "$line" | "$PCTOOL" encode)"
done < "$T/strings.txt" > "$T/strings.bib"
if ! pandoc -f biblatex -t csljson "$T/strings.bib" > "$T/strings.json" 2> "$T/pandoc.err"; then
    fail "pandoc reads our LaTeX" "$(head -c 400 "$T/pandoc.err")"
    exit 0
fi
python3 - "$T/strings.txt" "$T/strings.json" <<'PY' > "$T/result"
import json, sys, unicodedata
want = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
got = {it["id"]: it.get("title", "") for it in json.load(open(sys.argv[2], encoding="utf-8"))}
for i, w in enumerate(want, 1):
    g = unicodedata.normalize("NFC", got.get("k%d" % i, "")).replace("\u00a0", " ")
    w = unicodedata.normalize("NFC", w)
    ok = " ".join(g.lower().split()) == " ".join(w.lower().split())
    print(("ok - pandoc reads back line %d" % i) if ok else
          ("not ok - pandoc reads back line %d\n# want: %s\n# got:  %s" % (i, w, g)))
PY
cat "$T/result"

# ---- LaTeX -> Unicode: the decode table against pandoc -----------------------------
python3 - "$ROOT/tests/data/latex_decode.tsv" "$T" <<'PY'
import json, re, subprocess, sys, unicodedata
table, tmp = sys.argv[1], sys.argv[2]
rows, known = [], 0
for n, line in enumerate(open(table, encoding="utf-8"), 1):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    f = ["" if x == '""' else x for x in line.split("\t")]
    src, want, why = f[0], f[1] if len(f) > 1 else "", f[2] if len(f) > 2 else ""
    depth, ok = 0, True
    for c in src:  # BibTeX must be able to read it as a braced value
        depth += (c == "{") - (c == "}")
        ok = ok and depth >= 0
    if why.startswith("pandoc:"):
        known += 1
    elif src and ok and depth == 0:
        rows.append((n, src, want))
bib = "\n".join("@misc{r%d, note = {%s}}" % (n, src) for n, src, _ in rows)
out = subprocess.run(["pandoc", "-f", "biblatex", "-t", "csljson"], input=bib,
                     capture_output=True, text=True)
if out.returncode != 0:
    print("not ok - pandoc reads the decode table\n# " + out.stderr[:300])
    sys.exit(0)
got = {it["id"]: it.get("note", "") for it in json.loads(out.stdout)}
def norm(s):
    s = re.sub(r"</?(i|b|sup|sub|span)( [^>]*)?>", "", s)
    return re.sub(r"[ \t\n]+", " ", unicodedata.normalize("NFC", s)).strip(" ")
bad = 0
for n, src, want in rows:
    g = norm(got.get("r%d" % n, ""))
    if g != norm(want):
        bad += 1
        print("not ok - latex_decode.tsv:%d: pandoc reads %s as [%s], the table says [%s]"
              % (n, src, g, want))
if not bad:
    print("ok - pandoc agrees with latex_decode.tsv on %d rows (%d rows say why it differs)"
          % (len(rows), known))
PY

# ---- our CSL-YAML (pandoc Markdown) and our CSL-JSON of LaTeX with markup ---------
# Every LaTeX input of markup.tsv and latex_rich.tsv as a title: pandoc must
# read the same rich text from our YAML as from our CSL-JSON (italic, bold,
# super/subscripts, a raw TeX command as plain text, math), normalised
# where the two say one thing two ways (math with or without $, quotes,
# Unicode super/subscript digits, which pandoc's CSL-JSON reader marks up).
python3 - "$ROOT/tests/data/markup.tsv" "$ROOT/tests/data/latex_rich.tsv" > "$T/mk.bib" <<'PY'
import sys
n = 0
for path in sys.argv[1:]:
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 2 or (f[0] != "latex" and "rich" not in path):
            continue
        src = f[1].replace("\\n", " ")
        if src.count("{") == src.count("}"):
            n += 1
            print("@misc{m%d, title = {%s}}" % (n, src))
PY
$PC -q "$T/mk.bib" -t csljson > "$T/mk.json" 2> "$T/mk.err"
$PC -q "$T/mk.bib" -t yaml > "$T/mk.yaml" 2>> "$T/mk.err"
{ echo ---; cat "$T/mk.yaml"; echo ---; } > "$T/mk.md"
if pandoc -f markdown -t csljson "$T/mk.md" > "$T/mk-md.json" 2> "$T/p.err" &&
    pandoc -f csljson -t csljson "$T/mk.json" > "$T/mk-js.json" 2>> "$T/p.err"; then
    python3 - "$T/mk-js.json" "$T/mk-md.json" <<'PY'
import json, re, sys, unicodedata
def norm(s):
    s = unicodedata.normalize("NFC", s or "").replace("$", "").replace("\u00a0", " ")
    for q in "\u2018\u2019\u201c\u201d\"":
        s = s.replace(q, "'")
    for d in range(10):
        s = s.replace("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"[d], "<sup>%d</sup>" % d)
        s = s.replace(chr(0x2080 + d), "<sub>%d</sub>" % d)
    for c, t in zip("\u207a\u207b\u207c\u207d\u207e", "+\u2212=()"):
        s = s.replace(c, "<sup>%s</sup>" % t).replace(chr(ord(c) + 0x10), "<sub>%s</sub>" % t)
    s = re.sub(r"</sup><sup>|</sub><sub>", "", s)
    s = re.sub(r"<b><i>(.*?)</i></b>", r"<i><b>\1</b></i>", s)
    return "".join(s.split())
js = {it["id"]: norm(it.get("title")) for it in json.load(open(sys.argv[1], encoding="utf-8"))}
md = {it["id"]: norm(it.get("title")) for it in json.load(open(sys.argv[2], encoding="utf-8"))}
bad = [k for k in js if js[k] != md.get(k)]
for k in bad[:10]:
    print("# %s: from our CSL-JSON [%s], from our YAML [%s]" % (k, js[k], md.get(k)))
print(("ok" if js and not bad else "not ok") +
      " - pandoc reads our YAML of %d LaTeX titles with markup as our CSL-JSON (%d differ)"
      % (len(js), len(bad)))
PY
else
    fail "pandoc reads our YAML and CSL-JSON of LaTeX with markup" "$(head -c 300 "$T/p.err")"
fi
