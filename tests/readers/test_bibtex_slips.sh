# SPDX-License-Identifier: MIT
# test_bibtex_slips.sh — the BibTeX reader on the slips real files hold
# (issue 19): nothing of an entry lost for one syntax slip.
#
#  - repaired where the intent is plain, with a warning at the place: a
#    missing ',' at a line break, a missing '=' before a braced or quoted
#    value, a missing key (`@article{,` and EndNote's `@article{` + newline);
#  - elsewhere the fields read before the error are kept, as bibtex keeps
#    them, and the message says how many were lost;
#  - an undefined @string macro is its name, as pandoc and Better BibTeX
#    read it; an unknown entry type is a warning ("did you mean @article?")
#    and is written back; Mendeley's types; @periodical's title;
#  - name lists: a trailing "and", biblatex's name-list options.
. "$ROOT/tests/lib.sh"

field() { # DUMP KEY FIELD: the field's values in the record KEY
    awk -F'\t' -v k="$2" -v f="$3" '$1 == "@" { in_ = ($2 == k) } in_ && $1 == f { print $2 }' "$1"
}
want() { # NAME DUMP KEY FIELD VALUE
    got=$(field "$2" "$3" "$4")
    [ "$got" = "$5" ] && pass "$1" || fail "$1" "$3 $4: got '$got', want '$5'"
}

# ---- repaired slips ----------------------------------------------------------
cat > "$T/slips.bib" <<'EOF'
@article{comma,
  title = {One},
  url = {http://x.org/a}
  month = {October},
  year = 2000
}
@article{equals,
  title = {Two},
  month {May},
  note "quoted",
  year = 2001
}
@article{,
  title = {Three},
  year = 2002
}
@article{
  title = {Four},
  year = 2003
}
@article{keycomma
  title = {Five},
  year = 2004
}
EOF
exit_is "slips: repaired slips: exit 0" 0 $PCW "$T/slips.bib" -t bibtex
cp "$T/stderr" "$T/slips.err"
"$PCTOOL" dump -f bibtex "$T/slips.bib" > "$T/slips.dump" 2> /dev/null
want "slips: a missing ',' at a line break: the next field read" "$T/slips.dump" comma date 2000-10
want "slips: ... and the field before it" "$T/slips.dump" comma url "http://x.org/a"
contains "slips: a missing ',' is a warning at its place" "$T/slips.err" \
    "slips.bib:4:3: warning: missing ',' before field \"month\": taken as there"
want "slips: a missing '=' before a braced value: read" "$T/slips.dump" equals date 2001-05
want "slips: a missing '=' before a quoted value: read" "$T/slips.dump" equals comment quoted
contains "slips: a missing '=' is a warning at its place" "$T/slips.err" \
    "slips.bib:9:9: warning: missing '=' after field name \"month\": taken as there"
want "slips: @article{, (no key): read, a key made" "$T/slips.dump" anon2002three title Three
contains "slips: a missing key is a warning at its place" "$T/slips.err" \
    "slips.bib:13:10: warning: entry without a key: a key is made for it"
want "slips: @article{ + newline (EndNote): the first field read, a key made" "$T/slips.dump" anon2003four title Four
contains "slips: EndNote's missing key is a warning at its place" "$T/slips.err" \
    "slips.bib:18:3: warning: entry without a key: a key is made for it"
want "slips: a missing ',' after the key at a line break" "$T/slips.dump" keycomma title Five
if grep -q "error" "$T/slips.err"; then
    fail "slips: repaired slips are no errors" "$(cat "$T/slips.err")"
else
    pass "slips: repaired slips are no errors"
fi

# ---- what cannot be repaired: the fields before the error kept -------------------
cat > "$T/broken.bib" <<'EOF'
@article{junk,
  author = {Doe, Jane},
  title = {Kept},
  year = 2003 ! junk,
  volume = 3,
  pages = {1--2}
}
@article{sameline, title = {Kept too}, journal = {J} year = 2004, volume = 5}
@article{runaway,
  title = {Kept as well},
  note = {never closed,
  year = 2005
@article{after, title = {After}, year = 2006}
@article{nofield, = {x}, title = {T}}
EOF
exit_is "slips: an unrepairable slip is an error (exit 1)" 1 $PCW "$T/broken.bib" -t bibtex
cp "$T/stderr" "$T/broken.err"
"$PCTOOL" dump -f bibtex "$T/broken.bib" > "$T/broken.dump" 2> /dev/null
want "slips: the fields before the error are kept (title)" "$T/broken.dump" junk title Kept
want "slips: ... (author)" "$T/broken.dump" junk author "Jane||Doe||"
want "slips: ... (the year, whose value ended before the junk)" "$T/broken.dump" junk date 2003
contains "slips: the message says how many fields were lost" "$T/broken.err" \
    "broken.bib:4:15: warning: entry \"junk\": the 3 field(s) read before this error are kept, 2 lost"
want "slips: a missing ',' on one line: the fields before it kept" "$T/broken.dump" sameline container J
contains "slips: ... and the lost ones counted" "$T/broken.err" \
    "entry \"sameline\": the 2 field(s) read before this error are kept, 2 lost"
want "slips: a brace never closed: the fields before it kept" "$T/broken.dump" runaway title "Kept as well"
contains "slips: ... the open field counted as lost" "$T/broken.err" \
    "entry \"runaway\": the 1 field(s) read before this error are kept, 1 lost"
want "slips: the entry after a broken one is read" "$T/broken.dump" after title After
if grep -q '^@	nofield' "$T/broken.dump"; then
    fail "slips: an entry with no field before its error is no record"
else
    pass "slips: an entry with no field before its error is no record"
fi
contains "slips: ... its lost fields are counted" "$T/broken.err" \
    "entry \"nofield\": no field read before this error; 2 field(s) lost"

# ---- @string macros ---------------------------------------------------------------
printf '@string{known {Known}}\n@article{m, title = {T}, journal = jPhys, publisher = ieee # { Press}, note = known, year = 2000}\n' > "$T/macro.bib"
exit_is "slips: an undefined macro: exit 0" 0 $PCW "$T/macro.bib" -t bibtex
contains "slips: an undefined macro is a warning at its place" "$T/stderr" \
    "macro.bib:2:36: warning: undefined macro \"jPhys\" in field \"journal\": its name is taken as the value"
"$PCTOOL" dump -f bibtex "$T/macro.bib" > "$T/macro.dump" 2> /dev/null
want "slips: an undefined macro is its name, as written (pandoc, Better BibTeX)" "$T/macro.dump" m container jPhys
want "slips: ... also joined with #" "$T/macro.dump" m publisher "ieee Press"
want "slips: a defined macro is its value" "$T/macro.dump" m comment Known
contains "slips: @string{name {value}}: the missing '=' is a warning at its place" "$T/stderr" \
    "macro.bib:1:15: warning: missing '=' after macro name \"known\": taken as there"
# ADS's journal = \apj (an AAS macro without braces): not a @string macro
printf '@article{aas, title = {T}, journal = \\apj, year = 2000}\n' > "$T/aas.bib"
exit_is "slips: journal = (backslash)apj: exit 0" 0 $PCW "$T/aas.bib" -t bibtex
contains "slips: journal = (backslash)apj: said to be a LaTeX command without braces, not an undefined macro" "$T/stderr" \
    "aas.bib:1:38: warning: LaTeX command \\apj as field \"journal\" without braces: read as {"
"$PCTOOL" dump -f bibtex "$T/aas.bib" > "$T/aas.dump" 2> /dev/null
want "slips: journal = (backslash)apj: read braced, the AAS journal" "$T/aas.dump" aas container "Astrophysical Journal"
# ---- entry types --------------------------------------------------------------------
cat > "$T/types.bib" <<'EOF2'
@artcle{typo, title = {Typo}, journal = {J}, year = 2000}
@frobnicate{odd, title = {Odd}, year = 2000}
@web_page{mweb, title = {Page}, url = {http://x.org}, year = 2000}
@book_section{mchap, title = {Chap}, booktitle = {Book}, year = 2000}
@generic{mgen, title = {Gen}, year = 2000}
@periodical{per, title = {Journal of Things}, year = 2000, volume = 3}
@periodical{perissue, title = {Journal of Things}, issuetitle = {Special Issue}, year = 2000}
EOF2
exit_is "slips: unknown entry types: exit 0" 0 $PCW "$T/types.bib" -t bibtex
cp "$T/stderr" "$T/types.err"
cp "$T/stdout" "$T/types.out"
contains "slips: an unknown entry type is a warning, with the type it is close to" "$T/types.err" \
    'types.bib:1:1: warning: unknown entry type @artcle (did you mean @article?): read as "document"'
contains "slips: ... and without one when none is close" "$T/types.err" \
    'types.bib:2:1: warning: unknown entry type @frobnicate: read as "document"'
contains "slips: an unknown entry type is written back to BibTeX" "$T/types.out" "@artcle{typo,"
$PCW "$T/types.bib" -t biblatex > "$T/types.biblatex" 2> /dev/null
contains "slips: ... and to biblatex" "$T/types.biblatex" "@frobnicate{odd,"
$PCW "$T/types.bib" -t csljson > "$T/types.json" 2> /dev/null
python3 - "$T/types.json" > "$T/types.got" <<'EOF2'
import json, sys
for e in json.load(open(sys.argv[1])):
    print(e["id"], e["type"], e.get("title", "-"), e.get("container-title", "-"))
EOF2
cat > "$T/types.want" <<'EOF2'
typo document Typo J
odd document Odd -
mweb webpage Page -
mchap chapter Chap Book
mgen article Gen -
per periodical Journal of Things -
perissue periodical Special Issue Journal of Things
EOF2
same "slips: Mendeley's @web_page, @book_section, @generic; @periodical's title" "$T/types.want" "$T/types.got"
for t in bibtex biblatex; do
    $PCW "$T/types.bib" -t $t 2> /dev/null | "$PCTOOL" dump -f bibtex /dev/stdin > "$T/types.$t.dump" 2> /dev/null
    want "slips: a periodical's title through $t and back" "$T/types.$t.dump" per title "Journal of Things"
    want "slips: a periodical's issue title through $t and back" "$T/types.$t.dump" perissue title "Special Issue"
done
grep -A3 '^@periodical{per,' "$T/types.biblatex" > "$T/per.bib"
contains "slips: biblatex: a periodical with no issue title has its title in title" "$T/per.bib" \
    "title = {Journal of Things}"

# ---- name lists -------------------------------------------------------------------------
cat > "$T/names.bib" <<'EOF2'
@article{trail, title = {T}, year = 2000, author = {Smith, J and}}
@article{opts, title = {T}, year = 2000, author = {nosortothers=false and Doe, Jane and Roe, Rick}}
@article{lead, title = {T}, year = 2000, editor = {and Doe, Jane}}
EOF2
exit_is "slips: name-list slips: exit 0" 0 $PCW "$T/names.bib" -t bibtex
cp "$T/stderr" "$T/names.err"
"$PCTOOL" dump -f bibtex "$T/names.bib" > "$T/names.dump" 2> /dev/null
want "slips: a trailing \"and\" ends the list" "$T/names.dump" trail author "J||Smith||"
if grep -q "author_dropping" "$T/names.dump"; then
    fail "slips: ... it is no particle" "$(grep author "$T/names.dump")"
else
    pass "slips: ... it is no particle"
fi
contains "slips: a trailing \"and\" is a warning at its place" "$T/names.err" \
    "names.bib:1:62: warning: author: a trailing \"and\" ends the list"
want "slips: a leading \"and\" starts the list" "$T/names.dump" lead editor "Jane||Doe||"
contains "slips: ... a warning at its place" "$T/names.err" \
    "names.bib:3:52: warning: editor: a leading \"and\" starts the list"
want "slips: biblatex name-list options are no author" "$T/names.dump" opts author "Jane||Doe||
Rick||Roe||"
contains "slips: ... and are reported" "$T/names.err" \
    "names.bib:2:52: warning: author: biblatex name-list options (key=value before the first name) are no name: not kept"
# a hyphenated given name is one given name (bibtex's First; pandoc too:
# tests/data/bib-names.bib checks both), also before a dropping particle
printf '@article{hy, title = {T}, year = 2000, author = {Lee, Seung-jae and Souza, Mary-ann de}}\n' > "$T/hy.bib"
"$PCTOOL" dump -f bibtex "$T/hy.bib" > "$T/hy.dump" 2> /dev/null
want "slips: \"Lee, Seung-jae\": given Seung-jae, no particle" "$T/hy.dump" hy author "Seung-jae||Lee||
Mary-ann||Souza||"
contains "slips: \"Souza, Mary-ann de\": the dropping particle de" "$T/hy.dump" "author_dropping_particle	1	de"
$PCW "$T/hy.bib" -t ris 2> /dev/null > "$T/hy.ris"
contains "slips: ... RIS gets the given name whole" "$T/hy.ris" "AU  - Lee, Seung-jae"

# ---- biblatex years are astronomical (EDTF): year 0 is 1 BC ------------------------
# CSL counts no year 0 (-1 is 1 BC): date = {-0876} is CSL -877 (as pandoc
# reads it), {0000} is 1 BC, CSL -1 (pandoc writes 0, which CSL has no
# year for: pandoc-citeproc#240 asked for -1); `year` is no EDTF, and
# -876 there is CSL -876, as pandoc reads it.  Written back the same way.
cat > "$T/bc.bib" <<'EOF2'
@book{bc876, title = {Iliad}, date = {-0876}}
@book{bc1, title = {One BC}, date = {0000}}
@book{bc2, title = {Two BC}, date = {-0001-03-04}}
@book{bcrange, title = {Range}, date = {-0876/-0800}}
@book{bcyear, title = {Year}, year = {-876}}
EOF2
$PCW "$T/bc.bib" -t csljson > "$T/bc.json" 2> "$T/bc.err"
python3 - "$T/bc.json" > "$T/bc.got" <<'EOF2'
import json, sys
for e in json.load(open(sys.argv[1])):
    print(e["id"], e.get("issued"))
EOF2
cat > "$T/bc.want" <<'EOF2'
bc876 {'date-parts': [[-877]]}
bc1 {'date-parts': [[-1]]}
bc2 {'date-parts': [[-2, 3, 4]]}
bcrange {'date-parts': [[-877], [-801]]}
bcyear {'date-parts': [[-876]]}
EOF2
same "slips: astronomical years: EDTF -0876 is CSL -877, 0000 is CSL -1" "$T/bc.want" "$T/bc.got"
$PCW -f csljson "$T/bc.json" -t biblatex 2> /dev/null | grep 'date = ' > "$T/bc.back"
cat > "$T/bc.bwant" <<'EOF2'
  date = {-0876},
  date = {0000},
  date = {-0001-03-04},
  date = {-0876/-0800},
  date = {-0875},
EOF2
same "slips: astronomical years written back to biblatex the same way" "$T/bc.bwant" "$T/bc.back"
# (not the range: classic BibTeX's "-877--801" is left alone here)
grep -v bcrange "$T/bc.bib" > "$T/bc-norange.bib"
$PCW "$T/bc-norange.bib" -t bibtex --rewrite 2> /dev/null | grep -E '(year|date) = ' > "$T/bc.classic"
cat > "$T/bc.cwant" <<'EOF2'
  year = {-877},
  date = {-0876},
  year = {-1},
  date = {0000},
  year = {-2},
  date = {-0001-03-04},
  year = {-876},
  date = {-0875},
EOF2
same "slips: classic BibTeX: year as CSL counts it (as pandoc reads year), date in EDTF" "$T/bc.cwant" "$T/bc.classic"

# ---- CSL from BibTeX: arXiv e-prints, organization ------------------------------------
# The arXiv id of a published article is its own field (custom.arxiv-id),
# never its number, its publisher or (as the preprint's DOI) its DOI; an
# arXiv-only preprint has them (publisher arXiv, number, the arXiv DOI).
# organization with no publisher is the publisher, as pandoc and citeproc
# read it (a standard's: the authority), and stays organization for BibTeX.
cat > "$T/csl.bib" <<'EOF2'
@article{pubaps, author = {Doe, Jane}, title = {Pub}, journal = {Phys. Rev. D}, publisher = {APS}, year = 2019, eprint = {1901.01234}, archivePrefix = {arXiv}, primaryClass = {hep-th}}
@article{pubdoi, author = {Doe, Jane}, title = {Pub2}, journal = {Phys. Rev. D}, year = 2019, eprint = {1901.01235}, archivePrefix = {arXiv}, doi = {10.1103/x.y}}
@article{pubnodoi, author = {Doe, Jane}, title = {Pub3}, journal = {Phys. Rev. D}, year = 2019, eprint = {1901.01237}, archivePrefix = {arXiv}}
@article{pubarxivdoi, author = {Doe, Jane}, title = {Pub4}, journal = {Phys. Rev. D}, year = 2019, eprint = {1901.01239}, archivePrefix = {arXiv}, doi = {10.48550/arXiv.1901.01239}}
@misc{pre, author = {Doe, Jane}, title = {Pre}, year = 2019, eprint = {1901.01236}, archivePrefix = {arXiv}}
@article{prearticle, author = {Doe, Jane}, title = {Pre2}, year = 2019, eprint = {1901.01238}, archivePrefix = {arXiv}}
@manual{man, title = {Man}, organization = {ACME}, year = 2000}
@techreport{rep, title = {Rep}, organization = {ACME}, institution = {Uni}, year = 2000}
@inproceedings{proc, title = {Proc}, booktitle = {Conf}, organization = {IEEE}, year = 2000}
@standard{std, title = {Std}, organization = {ISO}, year = 2000}
EOF2
$PCW "$T/csl.bib" -t csljson > "$T/csl.json" 2> "$T/csl.err"
python3 - "$T/csl.json" > "$T/csl.got" <<'EOF2'
import json, sys
for e in json.load(open(sys.argv[1])):
    c = e.get("custom", {})
    print(e["id"], *("%s=%s" % (k, e.get(k, "-")) for k in ("publisher", "number", "DOI", "authority")),
          "arxiv=%s" % c.get("arxiv-id", "-"), "org=%s" % c.get("organization", "-"))
EOF2
cat > "$T/csl.want" <<'EOF2'
pubaps publisher=APS number=- DOI=- authority=- arxiv=1901.01234 org=-
pubdoi publisher=- number=- DOI=10.1103/x.y authority=- arxiv=1901.01235 org=-
pubnodoi publisher=- number=- DOI=- authority=- arxiv=1901.01237 org=-
pubarxivdoi publisher=- number=- DOI=- authority=- arxiv=1901.01239 org=-
pre publisher=arXiv number=1901.01236 DOI=10.48550/arXiv.1901.01236 authority=- arxiv=- org=-
prearticle publisher=arXiv number=1901.01238 DOI=10.48550/arXiv.1901.01238 authority=- arxiv=- org=-
man publisher=ACME number=- DOI=- authority=- arxiv=- org=ACME
rep publisher=Uni number=- DOI=- authority=- arxiv=- org=ACME
proc publisher=IEEE number=- DOI=- authority=- arxiv=- org=IEEE
std publisher=- number=- DOI=- authority=ISO arxiv=- org=ISO
EOF2
same "slips: CSL: arXiv ids of published articles apart; organization as publisher or authority" "$T/csl.want" "$T/csl.got"
# (an article's arXiv DOI is its arXiv id, which CSL keeps: not a DOI again)
"$PCTOOL" dump -f bibtex "$T/csl.bib" | grep -v '^extra	bibtex' | grep -vx 'doi	10.48550/arXiv.1901.01239' > "$T/csl.dump" 2> /dev/null
"$PCTOOL" dump -f csljson "$T/csl.json" > "$T/csl.back" 2> /dev/null
same "slips: CSL: read back, the same model (no publisher, authority or number added)" "$T/csl.dump" "$T/csl.back"
$PCW -f csljson "$T/csl.json" -t bibtex 2> /dev/null > "$T/csl.bib2"
grep -A4 '{man,' "$T/csl.bib2" > "$T/man.bib"
contains "slips: ... and to BibTeX, organization is organization again" "$T/man.bib" "organization = {ACME}"
if grep -q "publisher" "$T/man.bib"; then fail "slips: ... with no publisher added" "$(cat "$T/man.bib")"; else pass "slips: ... with no publisher added"; fi
