#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ris_check.py — checks for the RIS tests (tests/writers/test_ris*.sh).

    ris_check.py expect TSV DUMP      every row of tests/data/ris-every-tag.tsv
                                      lands in its field (`pctool dump` lines)
    ris_check.py mods MODS ERR DUMP RIS  what bibutils' ris2xml read from our
                                      RIS (MODS, its stderr) agrees with our
                                      model (title, authors) and with every
                                      line of RIS, tag by tag
    ris_check.py kept BEFORE AFTER ERR  every field of BEFORE (a dump) is in
                                      AFTER, unless the RIS writer reported it
                                      dropped (ERR: its -v messages)
    ris_check.py trip BEFORE AFTER ERR  `kept`, and AFTER has no line BEFORE
                                      lacks (a tag read back as another field
                                      than the one written); kinds aside

Each prints one "# ..." line per difference (at most 20) and exits 1 if
there is any; `expect` and `mods` print "RECORD<TAB>N" per record checked
on stdout for the test's ok lines."""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.loc.gov/mods/v3}"


def read_dump(path):
    """Records of `pctool dump`: a list of (key, [(field, value), ...])."""
    recs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            field, _, value = line.rstrip("\n").partition("\t")
            if field == "@":
                recs.append((value, []))
            elif recs:
                recs[-1][1].append((field, value))
    return recs


def read_ris(path):
    """Records of a RIS file: lists of (tag, value), TY first."""
    recs = []
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            m = re.match(r"([A-Z][A-Z0-9])  - ?(.*?)\r?$", line.rstrip("\n"))
            if not m:
                continue
            tag, value = m.groups()
            if tag == "TY":
                recs.append([])
            if tag != "ER" and recs:
                recs[-1].append((tag, value))
    return recs


def report(bad):
    for b in bad[:20]:
        print("# " + b)
    if len(bad) > 20:
        print(f"# ... and {len(bad) - 20} more")
    sys.exit(1 if bad else 0)


# ---- expect --------------------------------------------------------------------

def read_tsv(path):
    """Records of the tag table: lists of (tag, value, field, model value)."""
    recs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = (line.split("\t") + ["", "", "", ""])[:4]
            if cols[0] == "TY":
                recs.append([])
            recs[-1].append(tuple(c.replace("\\t", "\t") for c in cols))
    return recs


def expect(tsv, dump):
    rows, recs = read_tsv(tsv), read_dump(dump)
    bad = []
    if len(rows) != len(recs):
        bad.append(f"{len(rows)} records in the table, {len(recs)} read")
    for want, (key, lines) in zip(rows, recs):
        have = set(lines) | {("@", key)}
        extras = {(f, v) for f, v in lines if f == "extra"}
        for tag, value, field, model in want:
            if not field:
                continue
            if field == "extra":
                line = ("extra", f"ris\t{model}\t{value}")
                extras.discard(line)
            else:
                line = (field, model)
            if line not in have:
                bad.append(f"{key}: {tag}  - {value}: no '{line[0]}\t{line[1]}' in the model")
        for _, v in sorted(extras):
            bad.append(f"{key}: unexpected pass-through value {v!r}")
        print(f"{want[0][1]}\t{key}\t{len(want)}")
    report(bad)


# ---- mods ----------------------------------------------------------------------

def squash(s):
    """Name text without spaces, dots and commas: "H. N." -> "HN"."""
    return "".join(ch for ch in s if ch not in " .,\u00a0")


def words(s):
    return [w for w in (t.strip(".,") for t in s.split()) if w]


def texts(elem, path):
    return [e.text or "" for e in elem.iterfind(path, {"m": NS[1:-1]})]


def mods_record(m):
    """What the checks need of one <mods>: main title, authors, and the text
    of every element by kind, at any level (bibutils puts a tag at the
    host or series level depending on the type)."""
    ti = m.find(NS + "titleInfo")
    title = ""
    if ti is not None:
        sub = ti.findtext(NS + "subTitle")
        title = (ti.findtext(NS + "title") or "") + (": " + sub if sub else "")
    names, everyone = [], []
    for n in m.iter(NS + "name"):
        parts = {"given": [], "family": [], "suffix": [], "": []}
        for p in n.findall(NS + "namePart"):
            parts.setdefault(p.get("type", ""), []).append(p.text or "")
        everyone.append(" ".join(x for k in ("given", "family", "suffix", "") for x in parts[k]))
        role = n.findtext(f"{NS}role/{NS}roleTerm") or "author"
        if role == "author" and n in list(m.findall(NS + "name")):
            names.append(parts)
    all_text = {(e.text or "").strip() for e in m.iter()} - {""}
    return {
        "title": title, "names": names, "everyone": everyone, "text": all_text,
        "titles": set(texts(m, ".//m:titleInfo/m:title")),
        "dates": texts(m, ".//m:dateIssued") + texts(m, ".//m:part/m:date"),
        "places": set(texts(m, ".//m:placeTerm")),
        "publishers": set(texts(m, ".//m:publisher")),
        "editions": set(texts(m, ".//m:edition")),
        "languages": set(texts(m, ".//m:languageTerm")),
        "urls": set(texts(m, ".//m:location/m:url")),
        "topics": set(texts(m, ".//m:subject/m:topic")),
        "abstracts": set(texts(m, ".//m:abstract")),
        "notes": set(texts(m, ".//m:note")),
        "classes": set(texts(m, ".//m:classification")),
        "ids": {(e.get("type"), e.text or "") for e in m.iter(NS + "identifier")},
        "details": {(e.get("type"), e.findtext(NS + "number") or "") for e in m.iter(NS + "detail")},
        "extents": {(e.get("unit"), e.findtext(NS + "start") or "", e.findtext(NS + "end") or "",
                     e.findtext(NS + "total") or "") for e in m.iter(NS + "extent")},
    }


def check_authors(i, m, authors, bad):
    if len(m["names"]) != len(authors):
        bad.append(f"record {i}: {len(m['names'])} authors != model {len(authors)}")
        return
    for k, (p, a) in enumerate(zip(m["names"], authors), 1):
        given, particle, family, suffix, literal = a.split("|")
        if literal or not given and not suffix:
            got = [w for key in ("given", "family", "suffix", "") for x in p[key] for w in words(x)]
            want = words(literal or " ".join(x for x in (particle, family) if x))
            if sorted(got) != sorted(want):
                bad.append(f"record {i} author {k}: {got} != model {want}")
            continue
        fam = " ".join(x for x in (particle, family) if x)
        if " ".join(p["family"]) != fam:
            bad.append(f"record {i} author {k}: family {p['family']} != model {fam!r}")
        if squash("".join(p["given"])) != squash(given):
            bad.append(f"record {i} author {k}: given {p['given']} != model {given!r}")
        if squash("".join(p["suffix"])) != squash(suffix):
            bad.append(f"record {i} author {k}: suffix {p['suffix']} != model {suffix!r}")


def notes_or(kind):
    return lambda m, v: v in m[kind] or v in m["notes"]


def has_name(m, v):
    """A name value ("Family, Given"): its family words in some name."""
    family = squash(v.split(",")[0])
    return any(family in squash(n) for n in m["everyone"])


def has_pages(m, v):
    return any(v in (s, e, t) for _, s, e, t in m["extents"]) or ("page", v) in m["details"]


# where ris2xml (bibutils 7.2) puts the value of each tag our writer
# writes, for the tags it maps (for some kinds it files a tag under a note)
TAG_IN = {
    "TI": lambda m, v: " ".join(v.split()) == " ".join(m["title"].split()),
    "ST": lambda m, v: v in m["titles"], "T2": lambda m, v: v in m["titles"],
    "J2": lambda m, v: v in m["titles"], "T3": lambda m, v: v in m["titles"],
    "AU": has_name, "A2": has_name, "A3": has_name, "A4": has_name, "ED": has_name,
    "PY": lambda m, v: any(d.startswith(v) for d in m["dates"]),
    "DA": lambda m, v: any(d.startswith(v[:4]) for d in m["dates"]),
    "VL": lambda m, v: ("volume", v) in m["details"],
    "IS": lambda m, v: ("issue", v) in m["details"],
    "SE": lambda m, v: ("section", v) in m["details"],
    "NV": lambda m, v: any(u == "volumes" and t == v for u, _, _, t in m["extents"]),
    "SP": has_pages, "EP": has_pages,
    "PB": lambda m, v: v in m["publishers"], "CY": lambda m, v: v in m["places"],
    "ET": lambda m, v: v in m["editions"], "LA": lambda m, v: v in m["languages"],
    # bibutils 7.2 takes a DOI only with a four-digit registrant (10.1234/...)
    "DO": lambda m, v: ("doi", v) in m["ids"] or re.match(r"10\.\d{5,}/", v) is not None,
    "SN": lambda m, v: any(t in ("isbn", "issn", "serial number") and x == v for t, x in m["ids"]),
    "UR": lambda m, v: v in m["urls"], "L1": lambda m, v: v in m["urls"],
    "KW": lambda m, v: v in m["topics"],
    "AB": lambda m, v: any(a.startswith(v.rstrip("\u2026")) for a in m["abstracts"]),
    "CN": lambda m, v: v in m["classes"],
    "N1": notes_or("notes"), "RN": notes_or("notes"), "M1": notes_or("notes"),
    "M2": notes_or("notes"), "M3": notes_or("notes"),
}
TAG_IN.update({t: notes_or("notes") for t in ("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8",
                                              "U1", "U2", "U3", "U4", "U5")})


# (type, tag) that ris2xml 7.2 drops without a word: its conference and
# unpublished types have no DO row (bibutils' ristypes.c)
SILENT = {("CONF", "DO"), ("UNPB", "DO")}


def unused(err_path):
    """The values ris2xml says it read but has no place for, per record."""
    out, rec = {}, 0
    for line in open(err_path, encoding="utf-8", errors="replace"):
        m = re.match(r"ris2xml: Reference (\d+) has unused tags", line)
        if m:
            rec = int(m.group(1))
        m = re.match(r"ris2xml:\s+'[A-Z:]+', '(.*)', \d+$", line.rstrip("\n"))
        if m and rec:
            out.setdefault(rec, set()).add(m.group(1))
    return out


def check_lines(i, m, ris, skip, bad):
    ty = ris[0][1] if ris else ""
    for tag, value in ris:
        ok = TAG_IN.get(tag)
        if ok and value not in skip and (ty, tag) not in SILENT and not ok(m, value):
            bad.append(f"record {i}: {tag}  - {value}: not where ris2xml puts {tag}")


def mods(mods_path, err_path, dump_path, ris_path):
    data = open(mods_path, "rb").read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    recs = [mods_record(m) for m in ET.fromstring(data).findall(NS + "mods")]
    dump, ris, skip = read_dump(dump_path), read_ris(ris_path), unused(err_path)
    bad = []
    if not len(recs) == len(dump) == len(ris):
        bad.append(f"ris2xml read {len(recs)} records, the model has {len(dump)}, the RIS {len(ris)}")
    for i, (m, (key, fields), lines) in enumerate(zip(recs, dump, ris), 1):
        title = dict(fields).get("title", "")
        if " ".join(m["title"].split()) != " ".join(title.split()):
            bad.append(f"record {i}: title {m['title']!r} != model {title!r}")
        check_authors(i, m, [v for f, v in fields if f == "author"], bad)
        check_lines(i, m, lines, skip.get(i, set()), bad)
        print(f"{key}\t{len(fields)}")
    report(bad)


# ---- kept ----------------------------------------------------------------------

# pctool dump's names for the fields it names the old way
LEGACY = {"date": "issued", "doi": "DOI", "arxiv": "arxiv-id", "arxiv_version": "arxiv-version",
          "arxiv_primary": "arxiv-primary-class", "url": "URL", "container": "container-title",
          "pages": "page", "journal_ref": "journal-ref", "comment": "note"}


def excuses(err_path):
    """The labels the writer counted (-v: "ris has no place for X: ...")."""
    got = set()
    for line in open(err_path, encoding="utf-8"):
        m = re.search(r" has no place for (.*): dropped from \d+ record", line)
        if m:
            got.add(m.group(1))
    return got


def excused(field, value, seen, drops):
    """True if losing the dump line (field, value) was reported."""
    name = LEGACY.get(field, field)
    if name in drops:
        return True
    if field.endswith("_markup"):
        return "italic/bold (text kept)" in drops
    if field.endswith("_nocase"):  # pctool's case-protected words of a title
        return "case protection (text kept)" in drops
    if field == "et_al":
        return "et al. (cut author list)" in drops
    if field.endswith("_et_al"):
        return "et al. (cut name list)" in drops
    if field.endswith("_orcid"):
        return "ORCID" in drops
    if field.endswith("_edtf"):
        return LEGACY.get(field[:-5], field[:-5]) + ": range, season, circa or uncertain" in drops
    if field == "affiliation":  # an editor's; or an author's where a dialect's AD is the record's
        return "affiliation (not an author's)" in drops or "affiliation (the dialect's AD lines are the record's)" in drops
    if field == "extra":
        fmt, tag, _ = value.split("\t", 2)
        return f"{tag} ({fmt})" in drops
    if seen.get(field, 0) > 0 and re.match(r"\d", value or "x") is None:
        return f"{name} as written" in drops  # a date's literal, after its parts
    return False


def normal(rec):
    """The differences no writer can avoid: pages "--" -> "-", the kind of a
    record of no kind (written JOUR with a container, else UNPB)."""
    out = []
    container = any(f == "container" for f, _ in rec)
    for f, v in rec:
        if f == "pages":
            v = re.sub("(--|\u2013|\u2014)", "-", v)
        if f == "kind" and v == "unknown":
            v = "article" if container else "preprint"
        out.append((f, v))
    return out


def kept(before_path, after_path, err_path):
    before, after, drops = read_dump(before_path), read_dump(after_path), excuses(err_path)
    bad = []
    if len(before) != len(after):
        bad.append(f"{len(before)} records before, {len(after)} after")
    for (key, a), (_, b) in zip(before, after):
        have, seen = set(normal(b)), {}
        for field, value in normal(a):
            if (field, value) not in have and not excused(field, value, seen, drops):
                bad.append(f"{key}: lost {field}\t{value[:120]} (not reported by -v)")
            seen[field] = seen.get(field, 0) + 1
    report(bad)


def trip(before_path, after_path, err_path):
    """Every line of BEFORE is in AFTER or reported, and AFTER gains none;
    the kind is left out (a kind with no RIS type of its own comes back as
    the kind whose type it was written with)."""
    before, after, drops = read_dump(before_path), read_dump(after_path), excuses(err_path)
    bad = []
    if len(before) != len(after):
        bad.append(f"{len(before)} records before, {len(after)} after")
    for (key, a), (_, b) in zip(before, after):
        a = [fv for fv in normal(a) if fv[0] != "kind"]
        b = [fv for fv in normal(b) if fv[0] != "kind"]
        have, had, seen = set(b), set(a), {}
        for field, value in a:
            if (field, value) not in have and not excused(field, value, seen, drops):
                bad.append(f"{key}: lost {field}\t{value[:120]} (not reported by -v)")
            seen[field] = seen.get(field, 0) + 1
        for field, value in b:
            if (field, value) not in had:
                bad.append(f"{key}: gained {field}\t{value[:120]}")
    report(bad)


if __name__ == "__main__":
    {"expect": expect, "mods": mods, "kept": kept, "trip": trip}[sys.argv[1]](*sys.argv[2:])
