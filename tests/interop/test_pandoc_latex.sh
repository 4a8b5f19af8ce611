# test_pandoc_latex.sh — pandoc as a second opinion on our Unicode -> LaTeX:
# strings encoded by our encoder, read back by pandoc's biblatex reader,
# must give the original text (compared without regard to case: pandoc
# sentence-cases titles).  Only characters pandoc 2.17 knows are in the
# sample; what it does not know (\TH, \DH, \DJ, tipa's marks below, \ohorn, math) is
# covered by our own round trip in test_tables.
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
