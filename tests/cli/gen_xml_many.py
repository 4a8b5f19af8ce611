# SPDX-License-Identifier: MIT
# gen_xml_many.py — an XML file of records for test_jobs.sh: the records of
# a sample (elements named RECORD, any prefix) six times over, one a line,
# inside the sample's own document element, with the shapes a cut for -j
# must get right between them: a comment and a CDATA section that hold the
# record's end tag and a line break, an attribute value that holds "/>",
# ">" and a line break, two records on one line, a record after spaces, a
# record with an element of 300 attributes (skipped by the look-ahead); and
# last a record with an entity reference (refused; for most formats the
# end of the reading).
#
#   python3 gen_xml_many.py RECORD IN OUT
import re
import sys


def records(text, name):
    """The outermost RECORD elements: (tag, [(start, end)])."""
    pat = re.compile(r"<(/?)((?:[\w.-]+:)?%s)(?=[\s/>])" % re.escape(name))
    spans, depth, start, tag = [], 0, 0, None
    for m in pat.finditer(text):
        end_tag = m.group(1) == "/"
        gt = text.index(">", m.end())
        empty = not end_tag and text[gt - 1] == "/"
        if not end_tag and depth == 0:
            start, tag = m.start(), m.group(2)
        if empty:
            if depth == 0:
                spans.append((start, gt + 1))
            continue
        depth += -1 if end_tag else 1
        if end_tag and depth == 0:
            spans.append((start, gt + 1))
    return tag, spans


def first_text(rec, what):
    """rec with `what` put before its first text node."""
    return re.sub(r">([A-Za-z0-9])", lambda m: ">" + what + m.group(1), rec, count=1)


def main():
    name, src, out = sys.argv[1:4]
    text = open(src, encoding="utf-8").read()
    tag, spans = records(text, name)
    if not spans:
        sys.exit("gen_xml_many.py: no <%s> in %s" % (name, src))
    head, tail = text[: spans[0][0]], text[spans[-1][1]:]
    recs = [text[a:b] for a, b in spans]
    r0 = recs[0]
    attrs = " ".join('a%d="1"' % i for i in range(300))
    hostile = [
        "<!-- a comment with </%s>\n and <%s> in it -->" % (tag, tag),
        first_text(r0, "<![CDATA[ </%s>\n<%s> ]]>" % (tag, tag)),
        r0.replace("<" + tag, "<%s pcx=\"a/>\\n>b\" q='/>'" % tag, 1),
        r0 + r0,
        "   \t" + r0 + "   \t",
        first_text(r0, "<x %s/>" % attrs),
    ]
    with open(out, "w", encoding="utf-8") as f:
        f.write(head.rstrip() + "\n")
        for i in range(6):
            for r in recs + hostile:
                f.write(r + "\n")
        f.write(first_text(r0, "&nope;") + "\n")  # the last: most readers stop there
        f.write(tail.lstrip())


main()
