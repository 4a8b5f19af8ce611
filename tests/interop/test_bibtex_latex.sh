# SPDX-License-Identifier: MIT
# test_bibtex_latex.sh — the real bibtex as oracle of our Unicode -> LaTeX
# (tests/data/latex_encode.tsv, the encoder's table of expected LaTeX):
#  - bibtex reads every expected value with no warning;
#  - for every row whose input is Latin or Greek letters (and spaces),
#    bibtex sees each letter as one character (text.length$ is the number
#    of letters: an accented letter is one "special character", {\'a}, not
#    \'{a}, a Greek one {\ensuremath{\alpha}}), and its purify$ is the
#    letters BibTeX's own rules give (the base letter of an accented one,
#    ß -> ss, æ -> ae, ø -> o, ł -> l, and nothing for a letter LaTeX
#    names by a command BibTeX has no rule for: {\dh}, {\ohorn}, Greek),
#    so sorting and labels work.  Other scripts have no LaTeX form and stay
#    UTF-8, which bibtex counts by bytes: not checked here.
. "$ROOT/tests/lib.sh"
if ! command -v bibtex >/dev/null 2>&1; then
    skip "bibtex LaTeX oracle" "bibtex not installed (Debian texlive-binaries; make deps)"
    exit 0
fi
. "$ROOT/tests/interop/bibtex_lib.sh"
cp "$ROOT/tests/interop/latex.bst" "$T/"
python3 - "$ROOT/tests/data/latex_encode.tsv" "$T" <<'PY'
import sys
table, tmp = sys.argv[1], sys.argv[2]
bib, rows = [], []
for n, line in enumerate(open(table, encoding="utf-8"), 1):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    f = ["" if x == '""' else x for x in line.split("\t")]
    if len(f) < 2 or not f[1]:
        continue
    bib.append("@misc{r%d, title = {%s}}" % (n, f[1]))
    rows.append("%d\t%s" % (n, f[0]))
open(tmp + "/out.bib", "w", encoding="utf-8").write("\n".join(bib) + "\n")
open(tmp + "/rows.tsv", "w", encoding="utf-8").write("\n".join(rows) + "\n")
PY
bibtex_run "$T" latex
rc=$?
if [ $rc -eq 0 ] && ! grep -qE 'Warning--|error message' "$T/out.blg"; then
    pass "bibtex reads every value of latex_encode.tsv with 0 errors, 0 warnings"
else
    fail "bibtex reads latex_encode.tsv: status $rc" "$(grep -E 'Warning|error|---' "$T/out.blg" | head -5)"
fi
python3 - "$T/rows.tsv" "$T/out.bbl" <<'PY'
import sys, unicodedata
rows = dict(l.rstrip("\n").split("\t", 1) for l in open(sys.argv[1], encoding="utf-8") if "\t" in l)
# BibTeX's purify$ keeps these control words' letters (bibtex.web, "purify$")
special = {"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
           "ł": "l", "Ł": "L", "ı": "i", "ȷ": "j", "å": "a", "Å": "A"}
def purify(text):
    out = ""
    for ch in text:
        if ch in special:
            out += special[ch]
            continue
        nfd = unicodedata.normalize("NFD", ch)
        base = nfd[0]
        if "\u031B" in nfd:  # o/u with a horn: LaTeX's \ohorn, \uhorn
            continue
        if base in special:
            out += special[base]
        elif base.isascii() and base.isalnum():
            out += base
        elif base == " ":
            out += " "
    return out
def latin_or_greek(c):
    return c == " " or (unicodedata.category(c)[0] in "LM" and
                        (ord(c) < 0x0250 or 0x0370 <= ord(c) < 0x0400 or 0x1E00 <= ord(c) < 0x1F00))
checked = bad = 0
for line in open(sys.argv[2], encoding="utf-8"):
    if not line.startswith("@@ "):
        continue
    parts = line.rstrip("\n").split(" ", 3)
    key, length, pure = parts[1], int(parts[2]), parts[3] if len(parts) > 3 else ""
    text = unicodedata.normalize("NFC", rows.get(key[1:], ""))
    if not text or not all(latin_or_greek(c) for c in text):
        continue
    checked += 1
    letters = sum(1 for c in text if unicodedata.category(c)[0] != "M")  # a mark NFC left goes with its letter
    if length != letters or pure != purify(text):
        bad += 1
        print("not ok - latex_encode.tsv:%s %s: bibtex counts %d characters, purify$ [%s];"
              " want %d, [%s]" % (key[1:], text, length, pure, letters, purify(text)))
print(("ok" if checked > 150 and not bad else "not ok") +
      " - bibtex sees every letter of %d letter rows as one character with the letters it sorts by"
      % checked)
PY
