# SPDX-License-Identifier: MIT
# tagged_oracle.py — bibutils as the second reader of our tagged formats
# (tests/interop/test_bibutils_tagged.sh).
#
#   python3 tagged_oracle.py mods OURS.json MODS.xml LABEL
#       bibutils read our output (end2xml, isi2xml: MODS) the way we read
#       it (OURS.json: our CSL-JSON of the same output): the same records,
#       titles, authors' family names, years, DOIs and pages;
#   python3 tagged_oracle.py csl WANT.json GOT.json LABEL
#       we read what bibutils wrote (xml2end, xml2isi) back to the CSL-JSON
#       we read from the original: the same fields, record by record.
#
# Values are compared as a reader sees them: white space folded, a space
# before a colon dropped (bibutils splits a title at its colon), page
# dashes as "-", families without a glued suffix (bibutils writes "Smith
# Jr."), a particle before the family name, curly apostrophes straight
# (xml2end writes "O’Neil"), a DOI in lower case.  Prints "ok - ..." / "not ok - ..." lines.
import json, re, sys
import xml.etree.ElementTree as ET

NS = "{http://www.loc.gov/mods/v3}"


def norm(s):
    s = re.sub(r"\s+", " ", s or "").strip().replace("\u2019", "'")
    return re.sub(r" :", ":", s)


def pages(s):
    return re.sub(r"\s*[-\u2013\u2014]+\s*", "-", s or "").strip()


def family(s):
    s = norm(s).rstrip(",")
    return re.sub(r",? (Jr\.?|Sr\.?|II|III|IV)$", "", s)


def year_of(v):
    m = re.search(r"\d{4}", str(v or ""))
    return m.group(0) if m else ""


def from_csl(item):
    issued = item.get("issued", {})
    parts = issued.get("date-parts", [[None]])[0] if isinstance(issued, dict) else [None]
    return {
        "title": norm(item.get("title")),
        "authors": [family(" ".join(p for p in (a.get("non-dropping-particle"), a.get("family")) if p))
                    for a in item.get("author", []) if a.get("family")],
        "year": year_of(parts[0] if parts and parts[0] else issued.get("literal", "")),
        "DOI": (item.get("DOI") or "").lower(),
        "page": pages(item.get("page")),
    }


def text(el):
    return el.text if el is not None and el.text else ""


def from_mods(m):
    ti = m.find(NS + "titleInfo")
    title = text(ti.find(NS + "title")) if ti is not None else ""
    sub = text(ti.find(NS + "subTitle")) if ti is not None else ""
    if sub:
        title = title.rstrip() + ": " + sub
    authors = []
    for n in m.findall(NS + "name"):
        role = " ".join(text(r) for r in n.iter(NS + "roleTerm"))
        if n.get("type") != "personal" or (role and "author" not in role):
            continue
        fam = [text(p) for p in n.findall(NS + "namePart") if p.get("type") == "family"]
        if fam:
            authors.append(family(fam[0]))
    year = ""
    for d in list(m.iter(NS + "dateIssued")) + list(m.iter(NS + "date")):
        year = year_of(text(d))
        if year:
            break
    doi = ""
    for i in m.iter(NS + "identifier"):
        if i.get("type") == "doi":
            doi = text(i).lower()
            break
    page = ""
    for ext in m.iter(NS + "extent"):
        s, e = text(ext.find(NS + "start")), text(ext.find(NS + "end"))
        if s:
            page = s + ("-" + e if e else "")
            break
    return {"title": norm(title), "authors": authors, "year": year, "DOI": doi, "page": pages(page)}


def compare(want, got, label):
    bad = 0
    if len(want) != len(got):
        print(f"not ok - {label}: {len(got)} records, want {len(want)}")
        return 1
    print(f"ok - {label}: the same {len(want)} records")
    for i, (w, g) in enumerate(zip(want, got)):
        for k in ("title", "authors", "year", "DOI", "page"):
            if w[k] != g[k]:
                print(f"not ok - {label}: record {i + 1} ({w['title'][:40]}): {k} {g[k]!r}, want {w[k]!r}")
                bad = 1
    if not bad:
        print(f"ok - {label}: titles, authors, years, DOIs and pages agree")
    return bad


def main():
    mode, a, b, label = sys.argv[1:5]
    want = [from_csl(x) for x in json.load(open(a, encoding="utf-8"))]
    if mode == "mods":
        raw = open(b, encoding="utf-8-sig").read()
        root = ET.fromstring(raw)
        got = [from_mods(m) for m in root.iter(NS + "mods")]
    else:
        got = [from_csl(x) for x in json.load(open(b, encoding="utf-8"))]
    sys.exit(compare(want, got, label))


main()
