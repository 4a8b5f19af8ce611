#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# gen_works.py — writes N works as JSON Lines (CSL items without ids, so
# every key is generated), for the --key-scope=global and GNU parallel
# tests (tests/cli/test_keyscope.sh, test_parallel.sh): few authors, years
# and first title words, so base keys repeat many times; a third of the
# works have a DOI, a third an arXiv id, a third only a title and a year;
# every 97th line a work with a literal date, every 101st one with a type
# that is not CSL's (a warning).
#   python3 gen_works.py N > works.jsonl
import json, sys

FAMILIES = ["Smith", "Garcia", "Müller", "Wang", "Kim", "Rossi", "Silva", "Dubois", "Nowak", "Ivanova",
            "Tanaka", "Okafor", "Haddad", "Larsen", "Costa", "Novak", "Cohen", "Singh", "Lopez", "Brown"]
WORDS = ["Learning", "Graphs", "Quantum", "Sparse", "Neural", "Robust", "Streaming", "Protein", "Optimal",
         "Causal"]


def work(i):
    item = {
        "type": "article-journal",
        "title": "%s %s number %d" % (WORDS[i % len(WORDS)], "methods for data", i),
        "author": [{"family": FAMILIES[(i // 7) % len(FAMILIES)], "given": "A."}],
        "issued": {"date-parts": [[2015 + i % 10]]},
        "container-title": "Journal of Tests",
    }
    if i % 3 == 0:
        item["DOI"] = "10.5555/works.%d" % i
    elif i % 3 == 1:
        item["custom"] = {"arxiv-id": "2401.%05d" % i}
    if i % 97 == 0:
        item["issued"] = {"raw": "sometime in %d or so" % (2015 + i % 10)}
    if i % 101 == 0:
        item["type"] = "preprint-ish"  # warned: not a CSL type
    return item


def main():
    n = int(sys.argv[1])
    out = sys.stdout
    for i in range(n):
        out.write(json.dumps(work(i), ensure_ascii=False, separators=(",", ":")))
        out.write("\n")


main()
