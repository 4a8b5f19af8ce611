#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""layout.py — the layout rules of issue 20 ("the rooms"), checked on the
sources and on the objects of a build (tests/package/test_layout.sh).

    layout.py ROOT [BUILD]

On the sources (src/, formats/, include/), each #include resolved as the
compiler resolves it with -Iinclude -Isrc (a quoted name first beside the
including file):
  - every quoted include is found (but the build's generated tables);
  - no include cycle, between two files or more;
  - no file under formats/ includes a header of another format's folder,
    no file under src/ a header under formats/;
  - nothing under src/ includes jansson.h or yaml.h (the JSON and YAML
    libraries are the format families'; libxml2 is also the XML parser of
    src/text/html.c and of the CSL processor's styles);
  - every file's first comment (after the SPDX line) names the file, "/*
    NAME — what it owns", NAME its name or the end of its path;
  - every file a comment or a document names (src/..., formats/...,
    include/..., tests/..., tools/..., paperconv/<name>.h) exists.
On the objects of BUILD (one per unit: a .c file), a unit uses another when
its code refers to a function or an object the other defines (a format's
pc_format table naming its reader and writer is data, not a use):
  - no circle: no two units use each other, and no longer cycle either;
  - no reader uses a writer: in a folder, a unit whose name has "read" uses
    no unit whose name has "write", and the other way round.

Known exceptions are listed below with their reason and printed on the ok
line, so they stay visible.  Prints "ok - ..." / "not ok - ..." lines (the
details on "# " lines) as tests/run.sh counts them; exits 0."""
import os
import re
import subprocess
import sys

ROOT = sys.argv[1]
BUILD = sys.argv[2] if len(sys.argv) > 2 else ""
INCLUDE_DIRS = ["include", "src"]  # -Iinclude -Isrc, in the Makefile's order
GENERATED = {"formats.inc", "fields_index.inc"}  # -I$(BUILD): made by the Makefile

# Known exceptions: a path prefix and why.
EXCEPT_SRC_FORMATS = {}
EXCEPT_LIBRARIES = {
    "src/cli/stats.c": "the command line's --stats writes and --merge-stats reads its own JSON (not the "
                       "library's formats)",
}
EXCEPT_FIRST_COMMENT = {}
EXCEPT_UNITS = {
    "src/citeproc/": "the CSL processor is a recursive evaluator: eval.c dispatches each element to "
                     "names.c, dates.c, numbers.c, which evaluate the children (substitute, name-part "
                     "affixes, date parts) through eval.c again; disamb.c and collapse.c re-render "
                     "cites through it",
}
EXCEPT_NAMED = {}
LIBRARY_HEADER = re.compile(r"^(jansson\.h|yaml\.h)$")  # libxml2 is every layer's XML parser


def report(ok, name, details=(), limit=20):
    print(("ok - " if ok else "not ok - ") + name)
    for d in list(details)[:limit]:
        print("# " + d)
    if len(details) > limit:
        print("# ... and %d more" % (len(details) - limit))


def excepted(path, table):
    return next((why for p, why in table.items() if path.startswith(p)), None)


def known(table):
    return "; ".join("%s: %s" % (p, why) for p, why in sorted(table.items()))


def tracked(*tops):
    """The files under tops git knows or would add (every file outside git)."""
    out = None
    if os.path.exists(os.path.join(ROOT, ".git")):
        try:
            out = subprocess.run(["git", "-C", ROOT, "ls-files", "--cached", "--others",
                                  "--exclude-standard", "--", *tops], capture_output=True, text=True)
        except OSError:
            pass
    if out and out.returncode == 0 and out.stdout.strip():
        files = out.stdout.split()
    else:  # not a git checkout (a release tarball): every file
        files = [os.path.relpath(os.path.join(d, f), ROOT) for t in tops
                 for d, _, fs in os.walk(os.path.join(ROOT, t)) for f in fs]
    return sorted(f for f in files if os.path.isfile(os.path.join(ROOT, f)))


SOURCES = [f for f in tracked("src", "formats", "include") if re.search(r"\.(c|h|inc|def)$", f)]
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def resolve(path, quote, name):
    """The project file #include names from path, or None (a system header)."""
    dirs = ([os.path.dirname(path)] if quote == '"' else []) + INCLUDE_DIRS
    for d in dirs:
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(ROOT, p)):
            return p
    return None


def read_includes():
    """{file: [(line, name, resolved or None, quote)]} of every source."""
    inc = {}
    for f in SOURCES:
        inc[f] = []
        with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                m = INCLUDE.match(line)
                if m:
                    inc[f].append((n, m.group(2), resolve(f, m.group(1), m.group(2)), m.group(1)))
    return inc


def cycles(graph):
    """The strongly connected components of more than one node (or a node
    with an edge to itself), each as a sorted list (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        comp.append(x)
                        if x == v:
                            break
                    if len(comp) > 1 or v in graph.get(v, ()):
                        out.append(sorted(comp))
            elif w not in index:
                index[w] = low[w] = counter[0]
                counter[0] += 1
                stack.append(w)
                on.add(w)
                work.append((w, iter(sorted(graph.get(w, ())))))
            elif w in on:
                low[v] = min(low[v], index[w])
    return out


def family(path):
    """The format folder of a path under formats/ ("formats/ris"), or None."""
    p = path.split("/")
    return "/".join(p[:2]) if p[0] == "formats" and len(p) > 2 else None


def check_includes(inc):
    bad = ["%s:%d: \"%s\" is not found (-Iinclude -Isrc)" % (f, n, name)
           for f, l in inc.items() for n, name, to, q in l
           if q == '"' and to is None and name not in GENERATED]
    report(not bad, "every quoted #include resolves (%d files)" % len(inc), bad)

    graph = {f: {to for _, _, to, _ in l if to} for f, l in inc.items()}
    found = cycles(graph)
    report(not found, "no include cycle in src/, formats/, include/",
           ["cycle: " + " <-> ".join(c) for c in found])

    cross = ["%s:%d: includes %s, a header of %s/" % (f, n, to, family(to))
             for f, l in inc.items() for n, _, to, _ in l
             if family(f) and to and family(to) and family(to) != family(f)]
    report(not cross, "no file under formats/ includes a header of another format's folder", cross)

    up = ["%s:%d: includes %s (src/ is below formats/)" % (f, n, to)
          for f, l in inc.items() for n, _, to, _ in l
          if f.startswith("src/") and to and to.startswith("formats/")
          and not excepted(f, EXCEPT_SRC_FORMATS)]
    report(not up, "no file under src/ includes a header under formats/ (known: %s)" %
           known(EXCEPT_SRC_FORMATS), up)

    libs = ["%s:%d: includes <%s>" % (f, n, name)
            for f, l in inc.items() for n, name, to, _ in l
            if f.startswith("src/") and not to and LIBRARY_HEADER.match(name)
            and not excepted(f, EXCEPT_LIBRARIES)]
    report(not libs, "nothing under src/ includes jansson.h or yaml.h (known: %s)" %
           known(EXCEPT_LIBRARIES), libs)


FIRST_COMMENT = re.compile(r"/\*\s*SPDX-License-Identifier: MIT\s*\*/\s*/\*\s*(\S+) \u2014 \S")


def check_first_comments():
    bad = []
    files = [f for f in SOURCES if not excepted(f, EXCEPT_FIRST_COMMENT)]
    for f in files:
        with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
            head = fh.read(600)
        m = FIRST_COMMENT.match(head)
        if not m:
            bad.append("%s: no first comment \"/* %s \u2014 what it owns\" after the SPDX line" %
                       (f, os.path.basename(f)))
        elif not ("/" + f).endswith("/" + m.group(1)):
            bad.append("%s: its first comment names %s" % (f, m.group(1)))
    report(not bad, "every file's first comment names that file (%d files; known: %s)" %
           (len(files), known(EXCEPT_FIRST_COMMENT)), bad)


# A path of the tree named in text: a file with its extension (a folder, a
# glob or a build product is not checked).
NAMED = re.compile(r"(?<![\w/$.-])((?:src|formats|include|tests|tools)/[\w./-]*\w\.(?:c|h|inc|def|sh|py)"
                   r"|paperconv/\w+\.(?:h|def))\b")


def check_named_paths():
    docs = [f for f in tracked("src", "formats", "include", "tests", "tools", "Makefile",
                               "README.md", "HACKING.md", "doc")
            if re.search(r"(\.(c|h|inc|def|sh|py|md|1)|Makefile)$", f)
            and not f.startswith(("tests/data/", "tests/golden/")) and not excepted(f, EXCEPT_NAMED)]
    bad = []
    for f in docs:
        with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                for p in NAMED.findall(line):
                    path = "include/" + p if p.startswith("paperconv/") else p
                    if not os.path.exists(os.path.join(ROOT, path)):
                        bad.append("%s:%d: names %s, which does not exist" % (f, n, p))
    report(not bad, "every file a comment or document names exists (%d files; known: %s)" %
           (len(docs), known(EXCEPT_NAMED)), bad)


def units():
    """{unit: (defined symbols, symbols its code refers to)} of BUILD's objects."""
    out = {}
    for f in SOURCES:
        if not f.endswith(".c"):
            continue
        o = os.path.join(BUILD, f[:-2] + ".o")
        if not os.path.isfile(o):
            continue
        nm = subprocess.run(["nm", "--defined-only", o], capture_output=True, text=True).stdout
        defined = {p[2] for p in (l.split() for l in nm.splitlines()) if len(p) == 3 and p[1] in "TDRBCV"}
        code, used = False, set()
        rel = subprocess.run(["readelf", "-rW", o], capture_output=True, text=True).stdout
        for line in rel.splitlines():
            if line.startswith("Relocation section"):
                code = re.match(r"Relocation section '\.rela?\.text\b", line) is not None
            elif code:
                p = line.split()
                if len(p) >= 5 and p[2].startswith("R_"):
                    used.add(p[4])
        out[f] = (defined, used)
    return out


def check_units():
    if not BUILD:
        print("skip - units: no build directory given")
        return
    u = units()
    if not u:
        print("skip - units: no objects in %s (make check-bins builds them)" % BUILD)
        return
    owner = {s: f for f, (d, _) in u.items() for s in d}
    uses = {f: {} for f in u}
    for f, (_, used) in u.items():
        for s in used:
            if s in owner and owner[s] != f:
                uses[f].setdefault(owner[s], set()).add(s)
    kept = [f for f in u if not excepted(f, EXCEPT_UNITS)]
    graph = {f: {t for t in uses[f] if t in kept} for f in kept}
    bad = []
    for c in cycles(graph):
        bad.append("circle: " + " ".join(c))
        for a in c:
            for b in sorted(graph[a] & set(c)):
                bad.append("  %s uses %s: %s" % (a, b, " ".join(sorted(uses[a][b]))))
    report(not bad, "no circle: no two units use each other's functions (%d units; known: %s)" %
           (len(kept), known(EXCEPT_UNITS)), bad, limit=40)

    role = lambda f: "read" if "read" in os.path.basename(f) else "write" if "write" in os.path.basename(f) else None
    bad = ["%s (a %ser) uses %s: %s" % (a, role(a), b, " ".join(sorted(s)))
           for a in kept for b, s in sorted(uses[a].items())
           if role(a) and role(b) and role(a) != role(b) and os.path.dirname(a) == os.path.dirname(b)]
    report(not bad, "no reader uses a writer, no writer a reader (units named read*, write*)", bad)


inc = read_includes()
check_includes(inc)
check_first_comments()
check_named_paths()
check_units()
