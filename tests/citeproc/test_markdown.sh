# SPDX-License-Identifier: MIT
# test_markdown.sh — the markdown output format read back by pandoc: hostile
# CSL-JSON items (nested italics, bold and small caps, text that looks like
# markup, HTML entities, list and heading marks at the start of an entry)
# rendered with -t markdown and -t html; pandoc is the oracle.  Item by item,
# `pandoc -f markdown -t plain` of our markdown must give the text of our
# HTML (tags stripped, entities decoded), and `pandoc -t html` of it must put
# the same characters in italics, bold and small caps as our HTML does (a
# "normal" span inside italics is text outside <em>).  Whitespace is
# compared collapsed, and whether a space is italic does not matter.
. "$ROOT/tests/lib.sh"
STYLES=/usr/share/citation-style-language/styles
cd "$T" || exit 1

if ! command -v pandoc > /dev/null 2>&1; then
    skip "citeproc markdown read back by pandoc" "no pandoc (install pandoc)"
    exit 0
fi
if ! command -v python3 > /dev/null 2>&1; then
    skip "citeproc markdown read back by pandoc" "no python3"
    exit 0
fi
if [ ! -f /usr/share/citation-style-language/locales/locales-en-US.xml ]; then
    skip "citeproc markdown read back by pandoc" "no CSL locales (install citation-style-language-locales)"
    exit 0
fi

# compare.py MD HTML LABEL: one line per entry, "ok<TAB>name" or
# "fail<TAB>name<TAB>detail"
cat > compare.py <<'PY'
import html, html.parser, re, subprocess, sys

def pandoc(md, to):
    r = subprocess.run(["pandoc", "-f", "markdown", "-t", to, "--wrap=none"],
                       input=md.encode(), capture_output=True, check=True)
    return r.stdout.decode()

class Styled(html.parser.HTMLParser):
    """(character, frozenset of i/b/sc) pairs of an HTML fragment; CSL's
    normal spans (font-style:normal, ...) switch a style off inside."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.chars = [], []
    def style(self):
        on = set()
        for change in self.stack:
            for k, v in change:
                (on.add if v else on.discard)(k)
        return frozenset(on)
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        st, cls = a.get("style") or "", (a.get("class") or "").split()
        change = []
        if tag in ("i", "em"): change.append(("i", True))
        if tag in ("b", "strong"): change.append(("b", True))
        if "font-style:normal" in st: change.append(("i", False))
        if "font-weight:normal" in st: change.append(("b", False))
        if "font-variant:small-caps" in st or "smallcaps" in cls: change.append(("sc", True))
        if "font-variant:normal" in st: change.append(("sc", False))
        self.stack.append(change)
    def handle_endtag(self, tag):
        if self.stack:
            self.stack.pop()
    def handle_data(self, d):
        s = self.style()
        self.chars += [(c, s) for c in d]

def styled(fragment):
    p = Styled()
    p.feed(fragment)
    p.close()
    out = []
    for c, s in p.chars:
        if c.isspace():
            if out and out[-1][0] != " ":
                out.append((" ", None))
        else:
            out.append((c, s))
    while out and out[0][0] == " ": out.pop(0)
    while out and out[-1][0] == " ": out.pop()
    return out

def show(chars):
    """the styled text with {i:...} {b:...} {sc:...} marks, for a report"""
    res, cur = "", frozenset()
    for c, s in chars:
        s = cur if s is None else s
        if s != cur:
            if cur: res += "}"
            if s: res += "{" + "+".join(sorted(s)) + ":"
            cur = s
        res += c
    return res + ("}" if cur else "")

def text(chars, upper_sc=False):
    return "".join(c.upper() if upper_sc and s and "sc" in s else c for c, s in chars)

md = open(sys.argv[1], encoding="utf-8").read().strip("\n")
paras = md.split("\n\n")
ours = re.findall(r'<div class="csl-entry">(.*?)</div>\n', open(sys.argv[2], encoding="utf-8").read(), re.S)
label = sys.argv[3]
def report(*parts):
    print("\t".join(p.replace("\t", " ").replace("\n", "\\n") for p in parts))
if len(paras) != len(ours):
    report("fail", "%s: as many markdown paragraphs as entries" % label,
           "%d paragraphs, %d entries (those below are paired in order); markdown: %s"
           % (len(paras), len(ours), md[:600]))
for n, (m, h) in enumerate(zip(paras, ours), 1):
    want = styled(h)
    name = "%s entry %d (%s)" % (label, n, text(want)[:40])
    # pandoc's plain writer capitalises small caps
    plain = " ".join(pandoc(m, "plain").split())
    if plain != text(want, upper_sc=True):
        report("fail", "%s: pandoc -t plain gives the HTML's text" % name,
               "markdown: %s | pandoc: %s | html: %s" % (m, plain, text(want, upper_sc=True)))
    else:
        report("ok", "%s: pandoc -t plain gives the HTML's text" % name)
    got = styled(pandoc(m, "html"))
    same = len(got) == len(want) and all(
        a[0] == b[0] and (a[1] is None or b[1] is None or a[1] == b[1]) for a, b in zip(got, want))
    if same:
        report("ok", "%s: italics, bold and small caps as in the HTML" % name)
    else:
        report("fail", "%s: italics, bold and small caps as in the HTML" % name,
               "markdown: %s | pandoc: %s | html: %s" % (m, show(got), show(want)))
PY

# compare LABEL MD HTML: the per-entry checks as test lines
compare() {
    if ! python3 compare.py "$2" "$3" "$1" > "$1.cmp" 2> "$1.err"; then
        fail "$1: compared with pandoc" "compare.py failed: $(head -c 400 "$1.err")"
        return
    fi
    while IFS='	' read -r st name detail; do
        if [ "$st" = ok ]; then pass "$name"; else fail "$name" "$detail"; fi
    done < "$1.cmp"
}

# -- APA: italic book titles with italics, bold and small caps inside; text
# that pandoc would read as markup; entries without an author start with
# their title, so a list, heading or quote mark would start the paragraph --
cat > hostile.json <<'JSON'
[
 {"id": "i1", "type": "book", "title": "A study of <i>E. coli</i> growth",
  "author": [{"family": "Smith", "given": "Ann"}], "issued": {"date-parts": [[2001]]}},
 {"id": "i2", "type": "book", "title": "<i>E. coli</i> first, then growth",
  "author": [{"family": "Smith", "given": "Bea"}], "issued": {"date-parts": [[2002]]}},
 {"id": "i3", "type": "book", "title": "Growth of <i>E. coli</i>",
  "author": [{"family": "Smith", "given": "Cy"}], "issued": {"date-parts": [[2003]]}},
 {"id": "i4", "type": "book",
  "title": "Some <b>bold</b> and <sc>small caps</sc> and <i>roman</i><i>twice</i> and <span class=\"nodecor\">plain</span> in italics",
  "author": [{"family": "Smith", "given": "Di"}], "issued": {"date-parts": [[2004]]}},
 {"id": "i5", "type": "book", "title": "Bold <b>with <i>roman</i> inside</b> it",
  "author": [{"family": "Smith", "given": "Ed"}], "issued": {"date-parts": [[2005]]}},
 {"id": "e1", "type": "book",
  "title": "R&amp;D at AT&T <script>x</script> &#38; &#x26; &copy; & so",
  "author": [{"family": "Jones", "given": "Al"}], "issued": {"date-parts": [[2001]]}},
 {"id": "e2", "type": "article-journal",
  "title": "*a* **b** _c_ __d__ [e](f) [@key] @key `g` \\h \\*i $j$ ^k^ ~l~ ~~m~~ | n | {o} #p",
  "author": [{"family": "Jones", "given": "Bo"}], "issued": {"date-parts": [[2002]]}},
 {"id": "e3", "type": "article-journal",
  "title": "Dashes -- and --- dots ... quotes \"q\" and 'r', it's O'Neil's <!-- c --> <b>x</b>",
  "author": [{"family": "Jones", "given": "Cy"}], "issued": {"date-parts": [[2003]]}},
 {"id": "e4", "type": "article-journal",
  "title": "Mail a@b.org, [^1] note, ![img](x) and <http://x.org>\\",
  "author": [{"family": "Jones", "given": "Di"}], "issued": {"date-parts": [[2004]]}},
 {"id": "s1", "type": "article-journal", "container-title": "J",
  "title": "# Not a heading", "issued": {"date-parts": [[2001]]}},
 {"id": "s2", "type": "article-journal", "container-title": "J",
  "title": "> Not a quote", "issued": {"date-parts": [[2002]]}},
 {"id": "s3", "type": "article-journal", "container-title": "J",
  "title": "- Not a list", "issued": {"date-parts": [[2003]]}},
 {"id": "s4", "type": "article-journal", "container-title": "J",
  "title": "+ Not a list either", "issued": {"date-parts": [[2004]]}},
 {"id": "s5", "type": "article-journal", "container-title": "J",
  "title": "1. Not numbered", "issued": {"date-parts": [[2005]]}},
 {"id": "s6", "type": "article-journal", "container-title": "J",
  "title": "2) Not numbered either", "issued": {"date-parts": [[2006]]}},
 {"id": "s7", "type": "article-journal", "container-title": "J",
  "title": "a. Not lettered", "issued": {"date-parts": [[2007]]}},
 {"id": "s8", "type": "article-journal", "container-title": "J",
  "title": "(iv) Not roman", "issued": {"date-parts": [[2008]]}},
 {"id": "s9", "type": "article-journal", "container-title": "J",
  "title": "% Not a title block", "issued": {"date-parts": [[2009]]}},
 {"id": "s10", "type": "article-journal", "container-title": "J",
  "title": "| Not | a table |", "issued": {"date-parts": [[2010]]}},
 {"id": "s12", "type": "article-journal", "container-title": "J", "title": "An author that starts a list",
  "author": [{"literal": "- Dash Group"}], "issued": {"date-parts": [[2012]]}},
 {"id": "s11", "type": "article-journal", "container-title": "J",
  "title": "Two\n\nparagraphs\n===\nand a line", "issued": {"date-parts": [[2011]]}}
]
JSON
if [ -f "$STYLES/apa.csl" ]; then
    exit_is "apa, markdown: exit 0" 0 $PCW hostile.json -t markdown --style apa -o apa.md
    exit_is "apa, html: exit 0" 0 $PCW hostile.json -t html --style apa -o apa.html
    compare apa apa.md apa.html
else
    skip "citeproc markdown, APA" "no $STYLES/apa.csl (install citation-style-language-styles)"
fi

# -- a style that makes titles bold and containers small caps, and the same
# inside: bold inside bold, small caps inside small caps, both at once ------
cat > marks.csl <<'CSL'
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>marks</title><id>marks</id><updated>2024-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography><layout suffix="."><group delimiter=". ">
    <text variable="title" font-weight="bold"/>
    <text variable="container-title" font-variant="small-caps"/>
    <text variable="publisher" font-style="italic" font-weight="bold"/>
  </group></layout></bibliography>
</style>
CSL
cat > marks.json <<'JSON'
[
 {"id": "m1", "type": "book", "title": "Bold <b>not bold</b> bold",
  "container-title": "Caps <sc>not caps</sc> caps", "publisher": "Both <i>bold only</i> and <b>italic only</b>"},
 {"id": "m2", "type": "book", "title": "<b>Light</b> then bold",
  "container-title": "<sc>Plain</sc> then caps", "publisher": "<i>Bold</i> <b>italic</b>"},
 {"id": "m3", "type": "book", "title": "Bold, then <b>light</b>",
  "container-title": "Caps, <i>italic caps</i> caps", "publisher": "Both <sc>caps too</sc> end"},
 {"id": "m4", "type": "book", "title": "A <span class=\"nodecor\">light <i>still light</i> light</span> a-<i>-</i>b",
  "container-title": "<span class=\"nodecor\">Plain <span class=\"nodecor\">plain</span> plain</span> caps",
  "publisher": "<span class=\"nodecor\">x <b>bold <i>italic</i></b> y</span> z"}
]
JSON
exit_is "bold and small-caps style, markdown: exit 0" 0 $PCW marks.json -t markdown --style marks.csl -o marks.md
exit_is "bold and small-caps style, html: exit 0" 0 $PCW marks.json -t html --style marks.csl -o marks.html
compare marks marks.md marks.html

# -- a superscript that starts a small-caps span: "[^" would be a note -------
cat > note.json <<'JSON'
[{"id": "n1", "type": "book", "title": "T", "container-title": "<sup>1</sup>st caps"}]
JSON
$PC note.json -t markdown --style marks.csl > note.md 2> /dev/null
pandoc -f markdown -t html --wrap=none note.md > note.html 2> /dev/null
check "a superscript at the start of small caps: not read as a note" \
    grep -qF '<span class="smallcaps"><sup>1</sup>st caps</span>' note.html
