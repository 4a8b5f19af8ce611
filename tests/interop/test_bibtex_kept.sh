# SPDX-License-Identifier: MIT
# test_bibtex_kept.sh — BibTeX -> BibTeX (and biblatex -> biblatex) keeps
# what the user wrote (issue 22, "BibTeX kept as written"; formats/bibtex/keep.c).
#
#  1. one small case per construct: @string definitions in place and their
#     uses kept as macros, `#` concatenation, @preamble, @comment, % comments
#     and free text between entries and after the last, field order and the
#     case of names as written, no field added (no `date` beside year), TeX
#     commands as written, an @xdata entry in place, parenthesised entries;
#  2. `date` beside year/month only when it says more (every BibTeX output);
#  3. each layout option (--indent, --align, --braces, --quotes,
#     --field-order, --months, --wrap, --trailing-comma) and --rewrite, and
#     the help, man page and completions naming each of them;
#  4. over every .bib of ../shared/corpus (skipped, visibly, when absent) and
#     of the project's fixtures and samples: the output is idempotent
#     (converting it again gives the same bytes), the real bibtex with
#     plain.bst over \nocite{*} makes the same .bbl from the output as from
#     the input, and the @string names and comments are the same set; with
#     no option and no error in the input the output is the input itself.
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/interop/bibtex_lib.sh"

# kept NAME INPUT [OPTIONS...]: the output of INPUT -> bibtex is INPUT itself
kept() {
    name=$1; printf '%s' "$2" > "$T/k.bib"; shift 2
    $PCW "$T/k.bib" -t bibtex "$@" > "$T/k.out" 2> "$T/k.err"
    same "kept: $name" "$T/k.bib" "$T/k.out"
}

# layout NAME INPUT WANT OPTIONS...: INPUT -> bibtex with OPTIONS is WANT
layout() {
    name=$1; printf '%s' "$2" > "$T/l.bib"; printf '%s' "$3" > "$T/l.want"; shift 3
    $PCW "$T/l.bib" -t bibtex "$@" > "$T/l.out" 2> "$T/l.err"
    same "kept: $name" "$T/l.want" "$T/l.out"
    $PCW -f bibtex "$T/l.out" -t bibtex "$@" > "$T/l.again" 2> /dev/null
    same "kept: $name: idempotent" "$T/l.out" "$T/l.again"
}

# ---- 1. the constructs ---------------------------------------------------------
kept "@string definitions in place, their uses as macros" '@string{jacm = "Journal of the ACM"}

@article{a,
  author = {Ann Author},
  title = {T},
  journal = jacm,
  year = 2001,
}
'
kept "month = jan stays a macro" '@article{a, author={A B}, title={T}, journal={J}, year=1999, month=jan}
'
kept "\"a\" # x concatenation stays" '@string{x = "X"}
@misc{a, title = "a" # x # {b}, note = x # " and " # x}
'
kept "@preamble in place" '@preamble{"\newcommand{\noop}[1]{}"}
@misc{a, title={T}}
'
kept "@comment in place" '@misc{a, title={T}}
@comment{jabref-meta: databaseType:bibtex;}
@misc{b, title={U}}
'
kept "% comments and free text between entries, and after the last" '% a library
Free text before.
@misc{a, title={T}}

% between
@misc{b, title={U}}
% at the end
and more text
'
kept "% comments inside an entry" '@misc{a,
  % why this entry
  title = {T},
}
'
kept "fields in the order and case written, spacing as written" '@Article{Knuth84,
  Year   = 1984,
  TITLE  = {The {\TeX}book},
  author = "Knuth, Donald E.",
  journal={J}}
'
kept "no field added: no date beside year and month" '@article{a, author={A B}, title={T}, journal={J}, year={2001}, month={6}}
'
kept "TeX commands as written" '@book{k, title = {The {\TeX}book}, author = {Knuth, Donald E.}, publisher = {Addison-Wesley}, year = 1984, note = {\emph{vol.~A}, {\"u}ber \c{c}a}}
'
kept "an @xdata entry in place" '@xdata{pub, publisher = {P}, location = {L}}
@book{b, title = {T}, xdata = {pub}, year = 2000}
'
kept "parenthesised entries and @string()" '@string(j = "J")
@article(a, title = {T}, journal = j, year = 2000)
'
kept "an entry without a final newline" '@misc{a, title={T}}'
kept "unknown fields and types as written" '@software{s, title = {S}, groups = {g1, g2}, bibsource = {dblp}, mrclass = {05C}}
'
kept "crossref children stay as written (inherited fields not added)" '@inproceedings{c, author = {A B}, title = {C}, crossref = {p}, pages = {1--2}}
@proceedings{p, title = {P}, booktitle = {P}, year = 2000, publisher = {Pub}}
'
printf '@string{jacm = "Journal of the ACM"}\n@article{a, title={T}, journal=jacm, year=2001}\n' > "$T/bl.bib"
$PCW -f biblatex "$T/bl.bib" -t biblatex > "$T/bl.out" 2> /dev/null
same "kept: biblatex -> biblatex keeps it too" "$T/bl.bib" "$T/bl.out"
$PCW "$T/bl.bib" -t biblatex > "$T/bl.conv" 2> /dev/null
contains "kept: bibtex -> biblatex converts (journaltitle)" "$T/bl.conv" "journaltitle = {Journal of the ACM},"
$PCW "$T/bl.bib" -t bibtex --rewrite > "$T/bl.rw" 2> /dev/null
contains "kept: --rewrite writes from the values (macro expanded)" "$T/bl.rw" "journal = {Journal of the ACM},"
$PCW --rekey --key-format='auth.lower + year' "$T/bl.bib" -t bibtex > "$T/bl.rk" 2> /dev/null
contains "kept: a key made anew replaces the key written" "$T/bl.rk" "@article{2001,"
contains "kept: ... and the rest stays as written" "$T/bl.rk" "journal=jacm, year=2001}"

# ---- 2. date beside year and month only when it says more ---------------------
printf '[{"id":"a","type":"book","title":"T","issued":{"date-parts":[[2001,6]]}},
 {"id":"b","type":"book","title":"T","issued":{"date-parts":[[2001,6,15]]}},
 {"id":"c","type":"book","title":"T","issued":{"date-parts":[[2001],[2003]]}}]\n' > "$T/d.json"
$PCW "$T/d.json" -t bibtex > "$T/d.bib" 2> /dev/null
if ! awk '/^@book\{a,/,/^}/' "$T/d.bib" | grep -q 'date = '; then
    pass "kept: classic BibTeX: no date beside a year and month that say it all"
else
    fail "kept: classic BibTeX: no date beside a year and month that say it all" "$(cat "$T/d.bib")"
fi
contains "kept: classic BibTeX: a day is written in date" "$T/d.bib" "date = {2001-06-15},"
contains "kept: classic BibTeX: a range is written in date" "$T/d.bib" "date = {2001/2003},"

# ---- 3. the layout options --------------------------------------------------------
IN='@string{j = "J"}
@Article{a,
  year = 2000, title = "T", % why
  journal = j, month = feb,
  author = {A B}
}
'
layout "--indent=4" "$IN" '@string{j = "J"}
@Article{a,
    year = 2000,
    title = "T",
    % why
    journal = j,
    month = feb,
    author = {A B}
}
' --indent=4
layout "--indent=tab --align" "$IN" '@string{j = "J"}
@Article{a,
	year    = 2000,
	title   = "T",
	% why
	journal = j,
	month   = feb,
	author  = {A B}
}
' --indent=tab --align
layout "--align=10 --trailing-comma" "$IN" '@string{j = "J"}
@Article{a,
  year       = 2000,
  title      = "T",
  % why
  journal    = j,
  month      = feb,
  author     = {A B},
}
' --align=10 --trailing-comma
layout "--braces --months=number" "$IN" '@string{j = "J"}
@Article{a,
  year = 2000,
  title = {T},
  % why
  journal = j,
  month = 2,
  author = {A B}
}
' --braces --months=number
layout "--quotes --months=name" "$IN" '@string{j = "J"}
@Article{a,
  year = 2000,
  title = "T",
  % why
  journal = j,
  month = {February},
  author = "A B"
}
' --quotes --months=name
layout "--quotes leaves a value with a top-level quote braced" '@misc{a, title = {a "quoted" word}}
' '@misc{a,
  title = {a "quoted" word}
}
' --quotes
# (a comment between two fields goes with the field after it)
layout "--field-order=alpha --months=macro" "$IN" '@string{j = "J"}
@Article{a,
  author = {A B},
  % why
  journal = j,
  month = feb,
  title = "T",
  year = 2000
}
' --field-order=alpha --months=macro
layout "--field-order=standard (the writer's order)" "$IN" '@string{j = "J"}
@Article{a,
  author = {A B},
  title = "T",
  % why
  journal = j,
  year = 2000,
  month = feb
}
' --field-order=standard
layout "--wrap=30" '@misc{a, title = {one two three four five six seven eight nine ten}}
' '@misc{a,
  title = {one two three four
    five six seven eight nine
    ten}
}
' --wrap=30

# usage errors
exit_is "kept: --indent=x is a usage error" 2 $PC --indent=x -t bibtex /dev/null
exit_is "kept: --months=july is a usage error" 2 $PC --months=july -t bibtex /dev/null
exit_is "kept: --wrap=5 is a usage error" 2 $PC --wrap=5 -t bibtex /dev/null
exit_is "kept: --field-order=random is a usage error" 2 $PC --field-order=random -t bibtex /dev/null

# every layout option in --help, the man page and the completions
$PC --help > "$T/help" 2>&1
sed 's/\\//g' "$ROOT/doc/paperconv.1" > "$T/man"
for o in indent align braces quotes field-order months wrap trailing-comma rewrite; do
    miss=
    grep -q -- "--$o" "$T/help" || miss="$miss --help"
    grep -q -- "--$o" "$T/man" || miss="$miss man"
    for c in "$ROOT"/completions/*; do
        [ -f "$c" ] && ! grep -q -- "$o" "$c" && miss="$miss $(basename "$c")"
    done
    if [ -z "$miss" ]; then pass "kept: --$o is in --help, the man page and the completions"
    else fail "kept: --$o is in --help, the man page and the completions" "missing in:$miss"; fi
done

# ---- 4. the proof over every .bib --------------------------------------------------
# strings_and_comments FILE: the @string names and the comments (% lines
# and @comment bodies' first lines) of FILE, one a line, sorted and unique
strings_and_comments() {
    { grep -oiE '@string *[{(] *[^ =]+' "$1" | sed 's/.*[{(] *//' | tr 'A-Z' 'a-z' | sed 's/^/string /'
      grep -E '^[[:space:]]*%' "$1" | sed 's/^[[:space:]]*/comment /'
      grep -oiE '@comment *[{(].*' "$1" | sed 's/^/atcomment /'
    } | LC_ALL=C sort -u
}

have_bibtex=1
if ! command -v bibtex > /dev/null 2>&1 || ! kpsewhich plain.bst > /dev/null 2>&1; then
    have_bibtex=
    skip "kept: the same .bbl from the output as from the input" "bibtex or plain.bst not installed (Debian texlive-binaries, texlive-base)"
fi

# bbl DIR BIB: plain.bst's .bbl of BIB over \nocite{*} into DIR/out.bbl
bbl() {
    mkdir -p "$1"
    cp "$2" "$1/out.bib"
    bibtex_run "$1" plain > /dev/null 2>&1
    [ -f "$1/out.bbl" ] || : > "$1/out.bbl"
}

proof() { # NAME FILE [OPTIONS...]
    name=$1; f=$2; shift 2
    d="$T/proof/$name"
    mkdir -p "$d"
    $PC "$f" -f bibtex -t bibtex --keep-going "$@" > "$d/1.bib" 2> "$d/1.err"
    rc=$?
    $PC "$d/1.bib" -f bibtex -t bibtex --keep-going "$@" > "$d/2.bib" 2> /dev/null
    same "kept: $name: idempotent" "$d/1.bib" "$d/2.bib"
    if [ $# -eq 0 ] && [ $rc -eq 0 ] && ! grep -q 'error:' "$d/1.err"; then
        same "kept: $name: the output is the input" "$f" "$d/1.bib"
    fi
    strings_and_comments "$f" > "$d/in.sc"
    strings_and_comments "$d/1.bib" > "$d/out.sc"
    same "kept: $name: the same @string names and comments" "$d/in.sc" "$d/out.sc"
    if [ -n "$have_bibtex" ]; then
        bbl "$d/in" "$f"
        bbl "$d/out" "$d/1.bib"
        same "kept: $name: bibtex (plain.bst over all: nocite{*}) makes the same .bbl" "$d/in/out.bbl" "$d/out/out.bbl"
    fi
}

n=0
for f in "$ROOT"/tests/data/*.bib "$ROOT"/samples/*.bib "$ROOT"/shared/corpus/*/*.bib "$ROOT"/../shared/corpus/*/*.bib \
         /work/shared/corpus/*/*.bib; do
    [ -f "$f" ] || continue
    case $f in *encoding-*) continue ;; esac # decoded from another charset: written from the values
    base=$(basename "$f")
    case " $seen " in *" $base "*) continue ;; esac
    seen="${seen:-} $base"
    n=$((n + 1))
    proof "$base" "$f"
    proof "$base (laid out)" "$f" --indent=tab --align --braces --field-order=alpha --wrap=60 --trailing-comma
    proof "$base (laid out, quoted)" "$f" --indent=0 --align=20 --quotes --field-order=standard
done
ls /work/shared/corpus/*/*.bib "$ROOT"/../shared/corpus/*/*.bib > /dev/null 2>&1 ||
    skip "kept: the shared corpus" "no ../shared/corpus/*/*.bib here: only the project's $n files were checked"

# --- operations that select, merge or reorder: entries from their values ----------
# The text kept between entries holds @string definitions: --cited without the
# first entry, or --sort moving it, would drop a definition or put it after a
# use.  Such runs write each entry from its values (macros expanded), and real
# bibtex finds no undefined macro in the result.
printf '@string{jacm = {Journal of the ACM}}\n\n@article{a, author = {A. Author}, title = {First}, journal = jacm, year = 2001}\n\n@article{b, author = {B. Author}, title = {Second}, journal = jacm, year = 1999}\n' > "$T/ops.bib"
printf '\\citation{b}\n\\bibdata{ops}\n' > "$T/ops.aux"
for how in "--cited $T/ops.aux" "--sort year" "--dedupe" "--keep author,title,journal"; do
    # shellcheck disable=SC2086
    $PCW $how "$T/ops.bib" -t bibtex > "$T/ops.out" 2> "$T/ops.err"
    check "kept text and $how: every macro expanded, no use of jacm left" \
        sh -c "grep -q 'journal = {Journal of the ACM}' '$T/ops.out' && ! grep -q '= jacm' '$T/ops.out'"
done
