# SPDX-License-Identifier: MIT
# pandoc_csl_cmp.py — our CSL-JSON of a .bib against pandoc's
# (`pandoc -f biblatex -t csljson`), field by field (tests/interop/
# test_pandoc_bibtex.sh).
#
#   python3 pandoc_csl_cmp.py OURS.json PANDOC.json DUMP LABEL [PANDOC-INPUT.json]
#
# DUMP is our model of the same input (pctool dump): where pandoc composes
# one CSL variable of several fields, the parts must be the model's.  When
# PANDOC.json is pandoc's reading of our classic BibTeX output, give
# PANDOC-INPUT.json (pandoc's reading of the input): an entry whose type
# classic BibTeX cannot hold (@online, @periodical, ...; pandoc's type
# differs) is not compared, and the "PhD thesis" @phdthesis says of a
# @thesis is accepted.
#
# Prints "ok - ..." / "not ok - ..." lines: every entry pandoc reads, we
# read; for every entry, every CSL variable pandoc gives, ours gives too
# (pandoc keeps nothing we drop) with the same value.  Values are compared
# as a reader sees them: case-folded titles (pandoc sentence-cases English
# titles), no markup tags (our case protection is <span class="nocase">),
# math without its $, curly quotes straight, white space folded.
#
# What pandoc does that we deliberately do not (README, "BibTeX and
# biblatex"), accepted here:
#   - pandoc composes one CSL variable of several fields: title + subtitle
#     + titleaddon (also for the container and volume titles), note +
#     addendum, number + issue, volume + part, publisher of school,
#     institution, organization, howpublished and publisher; ours must be
#     the first part and the model must hold the others.  (Our model keeps
#     those fields apart; the CSL writer counts in -v the ones CSL has no
#     variable for.)
#   - lists ("Durham and London"): pandoc joins the items with "; ", we
#     keep the value as written;
#   - particles: BibTeX's von is our non-dropping particle, pandoc's
#     dropping one (both kept apart when a source has both);
#   - "and others": pandoc writes a name "others", CSL has no et al.;
#   - derived values: title-short from a title with a colon, URL from an
#     e-print, other-ids; localisation keys in a patent's location;
#   - names: pandoc splits them as biblatex does (an upper-case "Van de" is
#     part of the family name), we as bibtex does: compared with the
#     particles joined to the family name; and the documented departures
#     of the names tests (KNOWN_NAMES);
#   - seasons: ours as CSL's `season`, pandoc's as month 21-24; a line
#     break in a note is a space for us and for TeX, nothing for pandoc;
#   - where a maintitle has no mainsubtitle, pandoc gives the main title
#     the volume's subtitle (we keep it the volume's);
#   - year 0000 (1 BC): pandoc writes CSL 0, which CSL has no year for; we
#     write -1, as -0876 is -877 for both (no fixture holds it yet);
#   - the entry type: ours follows CSL 1.0.2 where it has a closer type
#     (software, standard, collection, performance, preprint);
#   - an open range (2011/..): pandoc reads its start from the year;
#   - Greek letters, which classic BibTeX writes as \ensuremath{\lambda}:
#     pandoc keeps such math as TeX in CSL.
import json
import re
import sys
import unicodedata

TITLES = {"title", "container-title", "volume-title", "collection-title", "event-title", "event",
          "original-title", "title-short", "container-title-short", "genre", "status"}
PROSE = {"note", "abstract", "annote"}
LISTS = {"publisher-place", "original-publisher-place", "original-publisher"}
NAMES = {"author", "editor", "translator", "container-author", "collection-editor", "director",
         "compiler", "contributor", "organizer", "editorial-director", "original-author",
         "reviewed-author", "recipient", "interviewer", "illustrator", "composer", "chair"}
DERIVED = {"title-short", "URL", "other-ids"}
SKIP = {"id", "type", "citation-key", "jurisdiction"}


def text(v):
    if isinstance(v, (int, float)):
        v = str(v)
    s = unicodedata.normalize("NFC", v)
    s = re.sub(r"<[^>]+>", "", s)
    s = s.replace("$", "").replace("\u2019", "'").replace("\u2018", "'")
    s = s.replace("\u201c", '"').replace("\u201d", '"').replace("\u2013", "-")
    s = re.sub(r"[\s\u00a0\u2000-\u200b\u202f]+", " ", s).strip()
    return s


# bibtex's rules, not biblatex's (tests/readers/test_bibtex_read.sh):
# "AND" splits names, {\v S}omeone and Šomeone are upper case, biber's
# custom "und" separator is not read
KNOWN_NAMES = {"names-and", "L21", "V1", "names-utf8", "L23"}


def names(v):
    out = []
    for n in v:
        if n.get("literal") == "others":
            continue
        fam = " ".join(x for x in (n.get("dropping-particle"), n.get("non-dropping-particle"),
                                   n.get("family")) if x)
        out.append((text(n.get("given", "")), text(fam), text(n.get("literal", ""))))
    return out


def dates(v):
    parts = v.get("date-parts")
    if parts and v.get("season") and len(parts[0]) == 1:  # CSL's season as EDTF's month 21-24
        parts = [[parts[0][0], 20 + int(v["season"])]] + parts[1:]
    return parts or v.get("literal") or v.get("raw")


# The model fields pandoc adds to a CSL variable, and how it joins them.
PARTS = {
    "title": [("subtitle volume-subtitle", ": "), ("title-addon volume-title-addon", ". ")],
    "container-title": [("container-subtitle volume-subtitle", ": "),
                        ("container-title-addon volume-title-addon", ". ")],
    "volume-title": [("volume-subtitle", ": "), ("volume-title-addon", ". ")],
    "event-title": [("event-title-addon", ". ")],
    "note": [("addendum", ". ")],
    "issue": [("extra:issue", ", ")],  # biblatex's issue beside number: kept as written
    "volume": [("part", ".")],
}


def composed(var, ours, model):
    """ours with the model's parts as pandoc joins them: every way pandoc
    may have (a part left out, or taken from the other field named)."""
    out = [ours]
    for fields, sep in PARTS.get(var, []):
        more = []
        for s in out:
            for field in fields.split():
                for v in model.get(field, [])[:1]:
                    more.append(s + (" " if s and s[-1] in "!?.,:;" else sep) + v)
        out += more
    return out


def same(var, ours, theirs, model):
    """True if pandoc's value of var agrees with ours."""
    if var in NAMES:
        return names(ours) == names(theirs)
    if isinstance(theirs, dict):
        a, b = dates(ours), dates(theirs)
        if a == b:
            return True
        if isinstance(a, str) and isinstance(b, list) and re.match(r"-?\d{4}", a):  # an open range
            return b[0][0] == int(re.match(r"-?\d{4}", a).group(0))
        # 1 BC: CSL -1 (ours), 0 (pandoc's, for EDTF 0000)
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            return all(len(x) == len(y) and (x[0] == y[0] or (x[0] == -1 and y[0] == 0)) and x[1:] == y[1:]
                       for x, y in zip(a, b))
        return False
    def norm(x):
        x = text(x)
        if var == "DOI":
            x = re.sub(r"^(https?://(dx\.)?doi\.org/|doi:)", "", x)
        if var == "URL":
            x = x.replace("\\_", "_")
        if var in PROSE:
            x = x.replace(" ", "")
        if var in LISTS:
            x = x.replace(" and ", "; ")
        return x.casefold() if var in TITLES or var in PARTS else x

    if var == "keyword":
        split = lambda s: sorted(x.strip() for x in re.split(r"[,;]", text(s)) if x.strip())
        return split(ours) == split(theirs)
    if var == "publisher":  # pandoc's parts must all be ours (or the model's)
        items = lambda s: {x.strip().casefold() for x in text(s).replace(" and ", "; ").split(";") if x.strip()}
        have = items(ours)
        for f in ("organization", "extra:school", "extra:institution", "extra:howpublished", "extra:publisher"):
            for v in model.get(f, []):
                have |= items(v)
        return items(theirs) <= have and items(ours) <= items(theirs)
    if re.search(r"\\[a-zA-Z]+", text(theirs)) and re.search(r"[^\x00-\x7f]", text(ours)):
        return True  # classic BibTeX's \ensuremath{\lambda}: TeX in pandoc's CSL
    return norm(theirs) in [norm(c) for c in composed(var, ours, model)]


def load_dump(path):
    recs, cur = {}, None
    for line in open(path, encoding="utf-8"):
        k, _, v = line.rstrip("\n").partition("\t")
        if k == "@":
            cur = recs.setdefault(v, {})
        elif k == "extra":
            fmt, _, rest = v.partition("\t")
            name, _, value = rest.partition("\t")
            cur.setdefault("extra:" + name, []).append(value)
        else:
            cur.setdefault(k, []).append(v)
    return recs


def main():
    ours = {i["id"]: i for i in json.load(open(sys.argv[1], encoding="utf-8"))}
    theirs = {i["id"]: i for i in json.load(open(sys.argv[2], encoding="utf-8"))}
    model = load_dump(sys.argv[3])
    label = sys.argv[4]
    pinput = {i["id"]: i for i in json.load(open(sys.argv[5], encoding="utf-8"))} if len(sys.argv) > 5 else None
    missing = sorted(set(theirs) - set(ours))
    print(("ok" if not missing else "not ok") + " - %s: every entry pandoc reads, we read (%d)" % (label, len(theirs)))
    if missing:
        print("# missing: %s" % ", ".join(missing[:10]))
    bad = []
    skipped = 0
    for k in sorted(set(theirs) & set(ours)):
        a, b, m = ours[k], theirs[k], model.get(k, {})
        if pinput is not None and pinput.get(k, {}).get("type") != b.get("type"):
            skipped += 1  # classic BibTeX has no type for it
            continue
        if pinput is not None and b.get("genre") == "PhD thesis" and "genre" not in a:
            b = dict(b)
            del b["genre"]  # a @thesis is written @phdthesis
        for var, val in b.items():
            if var in SKIP or (var in NAMES and k in KNOWN_NAMES):
                continue
            mine = a.get("event-title" if var == "event" else var)
            if mine is None and var == "publisher" and m.get("organization") and a.get("authority"):
                mine = a["authority"]  # a standard's organization: CSL's authority (Zotero's), pandoc's publisher
            if mine is None:
                if var in DERIVED:
                    continue
                bad.append("%s: pandoc keeps %s = %r, we drop it" % (k, var, val))
            elif not same(var, mine, val, m):
                bad.append("%s: %s: ours %r, pandoc %r" % (k, var, mine, val))
    n = sum(len(b) for b in theirs.values())
    print(("ok" if not bad else "not ok") + " - %s: every value pandoc gives, ours gives too (%d values%s)" %
          (label, n, ", %d entries of types classic BibTeX does not have" % skipped if skipped else ""))
    for line in bad[:20]:
        print("# " + line)


main()
