# SPDX-License-Identifier: MIT
# test_bibtex.sh — the real bibtex as oracle for our BibTeX output.
# For every sample (and name fixture): bibtex reads our .bib with no error
# and no warning, and its own name splitter (format.name$) gives exactly the
# given|particle|family|suffix our model holds (a dropping particle is the
# end of bibtex's First).  plain.bst, when installed, must also process the
# file without a warning (for a .bib input: without one the input does not
# give).
. "$ROOT/tests/lib.sh"
if ! command -v bibtex >/dev/null 2>&1; then
    skip "bibtex oracle" "bibtex not installed (Debian texlive-binaries; make deps)"
    exit 0
fi

. "$ROOT/tests/interop/bibtex_lib.sh"

oracle() { # NAME INPUT-FILE [paperconv options]
    name=$1; input=$2; shift 2
    d="$T/$name"
    mkdir -p "$d"
    cp "$ROOT/tests/interop/names.bst" "$d/"
    # a .bib is kept as written unless --rewrite: the writer's output is the oracle's
    case $input in *.bib) set -- --rewrite "$@" ;; esac
    if ! $PC "$input" -t bibtex --keep-going "$@" > "$d/out.bib" 2> "$d/pc.err"; then
        fail "$name: paperconv failed" "$(cat "$d/pc.err")"
        return
    fi
    bibtex_run "$d" names
    rc=$?
    if [ $rc -eq 0 ] && ! grep -qE 'Warning--|error message' "$d/out.blg"; then
        pass "$name: bibtex reads it with 0 errors, 0 warnings"
    else
        fail "$name: bibtex status $rc" "$(grep -E 'Warning|error|---' "$d/out.blg" | head -5)"
    fi
    bibtex_names "$d/out.bbl" > "$d/bibtex.names"
    # the model: KEY N given|particle|family|suffix, literal names as last names
    "$PCTOOL" dump "$input" 2>/dev/null | awk -F '\t' '
        $1 == "@" { key = $2; n = 0 }
        function flush() { if (line != "") print line; line = "" }
        $1 == "author" { flush(); split($2, p, "|"); n++; sub(/-$/, "", p[2])
            if (p[5] != "") line = key " " n " ||" p[5] "|"
            else line = key " " n " " p[1] "|" p[2] "|" p[3] "|" p[4] }
        $1 == "author_dropping_particle" { sub(/\|/, " " $3 "|", line) }
        $1 == "@" { flush() }
        END { flush() }
        $1 == "et_al" { flush(); n++; print key " " n " ||others|" }' > "$d/model.names"
    if [ ! -s "$d/model.names" ]; then
        fail "$name: no names to compare"
    elif cmp -s "$d/model.names" "$d/bibtex.names"; then
        pass "$name: bibtex splits all $(wc -l < "$d/model.names") names as the model does"
    else
        fail "$name: bibtex splits names differently from the model" \
            "$(diff "$d/model.names" "$d/bibtex.names" | head -12)"
    fi
    if kpsewhich plain.bst >/dev/null 2>&1; then
        bibtex_run "$d" plain
        rc=$?
        # a .bib input may hold what plain.bst warns about (a book with an
        # author and an editor): our output may give the warnings the input
        # gives, no other
        : > "$d/in.w"
        case $input in *.bib)
            mkdir -p "$d/in"
            cp "$input" "$d/in/out.bib"
            bibtex_run "$d/in" plain
            grep 'Warning--' "$d/in/out.blg" | LC_ALL=C sort -u > "$d/in.w" ;;
        esac
        grep 'Warning--' "$d/out.blg" | LC_ALL=C sort -u > "$d/out.w"
        new=$(LC_ALL=C comm -13 "$d/in.w" "$d/out.w")
        if [ $rc -eq 0 ] && [ -z "$new" ] && ! grep -q 'error message' "$d/out.blg"; then
            pass "$name: plain.bst formats it with 0 errors and no warning the input does not give"
        else
            fail "$name: plain.bst status $rc" "$new" "$(grep -E 'error' "$d/out.blg" | head -5)"
        fi
    fi
}

# every sample and listing fixture, and the hostile-strings fixtures of the
# other writers' tests (braces, quotes, "ER  - ", newlines, <b>, emoji ...)
for f in "$ROOT"/samples/* "$ROOT"/tests/data/listing-*.txt "$ROOT"/tests/data/csl-hostile.yaml \
         "$ROOT"/tests/data/ris-hostile.ris; do
    [ -f "$f" ] || continue
    base=$(basename "$f")
    oracle "$base" "$f"
    oracle "$base --unicode" "$f" --unicode
done

# Particles a writer must keep apart from the family name: one ending in
# an apostrophe ("d'") is written "d' Jones" (as biber documents it; glued,
# "d'Jones" is bibtex's family name, and so is "{d'}Jones"), one ending in a
# hyphen stays joined ("al-Rashid": bibtex splits at the hyphen).
cat > "$T/particles.json" <<'EOF'
[{"id":"p1","type":"book","title":"T","publisher":"P","issued":{"date-parts":[[2000]]},"author":[
 {"family":"Jones","given":"John","non-dropping-particle":"d'"},
 {"family":"Alembert","given":"Jean","non-dropping-particle":"d\u2019"},
 {"family":"Angelo","given":"Maria","non-dropping-particle":"dell'"},
 {"family":"Jones","non-dropping-particle":"d'"},
 {"family":"Rashid","given":"Ahmed","non-dropping-particle":"al-"},
 {"family":"Souza","given":"Ana","dropping-particle":"d'"}]}]
EOF
oracle "particles ending in an apostrophe or a hyphen" "$T/particles.json"
oracle "particles ending in an apostrophe or a hyphen --unicode" "$T/particles.json" --unicode

# A pass-through @preamble whose braces BibTeX counts as unbalanced ("\{"
# is a brace to it) is left out, not written: written, bibtex would read
# the rest of the file as the preamble and lose the entry after it.
d="$T/preamble"
mkdir -p "$d"
printf '@preamble( "\\{" # "x" )\n@article{a, title={T}, journal={J}, year=2000, author={Doe, Jane}}\n' > "$d/in.bib"
$PC "$d/in.bib" -t bibtex --rewrite > "$d/out.bib" 2> /dev/null
cp "$ROOT/tests/interop/names.bst" "$d/"
bibtex_run "$d" names
check "an unbalanced @preamble is left out: bibtex reads the entry after it" grep -q '^@@ a ' "$d/out.bbl"

# A person whose family name is "Others", alone, is braced: bare, our
# reader takes "and Others" (in any case) for "et al.".
d="$T/others"
mkdir -p "$d"
echo '[{"id":"k","type":"book","title":"T","author":[{"family":"Smith","given":"A"},{"family":"Others"}]}]' > "$d/in.json"
$PC "$d/in.json" -t bibtex 2> /dev/null | $PC -f bibtex -t csljson 2> /dev/null > "$d/back.json"
check "a person named Others comes back through BibTeX as a person, not et al." \
    python3 -c 'import json, sys; a = json.load(open(sys.argv[1]))[0]["author"]; sys.exit(0 if len(a) == 2 and "Others" in json.dumps(a) else 1)' "$d/back.json"
