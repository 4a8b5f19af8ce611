# SPDX-License-Identifier: MIT
# citeproc_js_cmp.py — our HTML bibliography of a style against
# citeproc-js's, entry by entry (tests/interop/test_citeproc_js.sh).
#
#   python3 citeproc_js_cmp.py STYLE THEIRS.tsv OURS.html DIFFERENCES.txt [--list]
#
# THEIRS.tsv is tests/interop/citeproc_js.js's output (ID<TAB>ENTRY, in the
# bibliography's order); OURS.html is `paperconv -t html --style STYLE`.
# The n-th entry of ours is compared with the n-th of theirs (the sort
# order is part of what is compared), as the same bytes once the white
# space between tags is removed.  DIFFERENCES.txt lists the known
# differences, one a line: STYLE<TAB>ID<TAB>reason.  Prints one
# "ok - ..." / "not ok - ..." line for the style: not ok when an entry
# differs and is not listed, when a listed entry no longer differs (take it
# off the list), or when the entry counts differ.  --list prints the
# differing entries as list lines instead ("?" as the reason).
import re
import sys


def ours_entries(html):
    body = html.split('<div class="csl-bib-body">', 1)
    if len(body) < 2:
        return []
    body = body[1].rsplit('</body>', 1)[0]
    body = re.sub(r"\n\s*", "", body)
    parts = body.split('<div class="csl-entry">')[1:]
    out = []
    for i, p in enumerate(parts):
        if i == len(parts) - 1:
            p = p.rsplit("</div>", 1)[0]          # the csl-bib-body's end
        out.append('<div class="csl-entry">' + p.strip())
    return out


def main():
    style, theirs_path, ours_path, list_path = sys.argv[1:5]
    listing = "--list" in sys.argv[5:]
    theirs = []
    with open(theirs_path, encoding="utf-8") as f:
        for line in f:
            ident, _, entry = line.rstrip("\n").partition("\t")
            theirs.append((ident, entry))
    with open(ours_path, encoding="utf-8") as f:
        ours = ours_entries(f.read())
    known = {}
    with open(list_path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            s, ident, reason = (line.rstrip("\n").split("\t") + ["", ""])[:3]
            if s == style:
                known[ident] = reason
    label = "citeproc-js vs ours: %s" % style
    if len(ours) != len(theirs):
        print("not ok - %s: %d entries, citeproc-js %d" % (label, len(ours), len(theirs)))
        return
    bad, gone, same = [], [], 0
    for (ident, want), got in zip(theirs, ours):
        if want == got:
            same += 1
            if ident in known:
                gone.append(ident)
        elif listing:
            print("%s\t%s\t?" % (style, ident))
        elif ident not in known:
            bad.append((ident, want, got))
    if listing:
        return
    if bad or gone:
        print("not ok - %s: %d of %d entries identical" % (label, same, len(theirs)))
        for ident, want, got in bad[:10]:
            print("# %s differs and is not in the list:\n#   citeproc-js: %s\n#   ours:        %s"
                  % (ident, want, got))
        for ident in gone:
            print("# %s is listed as a difference but is now identical: take it off the list" % ident)
    else:
        print("ok - %s: %d of %d entries identical, %d listed differences"
              % (label, same, len(theirs), len(theirs) - same))


main()
