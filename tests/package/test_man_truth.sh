# SPDX-License-Identifier: MIT
# test_man_truth.sh — the documentation says what the program does:
# every format, alias and extension of `paperconv --list-formats` is in
# paperconv(1)'s FORMATS, the one-name-a-line lists agree with the table,
# and every example command of README.md and of the man pages (each line,
# or `\`- and `|`-continued lines, that runs paperconv) runs and exits 0.
# Examples run in a scratch directory where samples/ is the tree's and an
# input file an example names that does not exist is a sample of its
# extension; `curl` is a stub that prints the arXiv sample (no network).
# Examples with a CSL style (--style NAME) are skipped when Debian's
# citation-style-language-styles is not installed.  (The option list and
# the lint: test_man.sh.)
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "man page truth" "checked in the normal pass"; exit 0 ;;
esac
MAN=$ROOT/doc/paperconv.1

# roff -> text: \- \e \(aq \(dq and font escapes undone
unroff() {
    sed -e 's/\\f[BIRP]//g' -e 's/\\f(BI//g' -e 's/\\-/-/g' -e 's/\\(aq/'"'"'/g' -e 's/\\(dq/"/g' \
        -e 's/\\\[dq\]/"/g' -e 's/\\&//g' -e 's/\\e/\\/g'
}

# ---- every format, alias and extension in FORMATS ---------------------------
awk '/^\.SH FORMATS/ { on = 1; next } /^\.SH/ { on = 0 } on' "$MAN" | unroff > "$T/formats.txt"
$PC --list-formats > "$T/list"
tail -n +2 "$T/list" > "$T/rows"
check "--list-formats has a heading with EXTENSIONS" grep -q '^FORMAT  *READ  *WRITE  *ALIASES  *EXTENSIONS  *DESCRIPTION$' "$T/list"
: > "$T/missing"
while read -r name rd wr aliases exts _; do
    for w in $name $(echo "$aliases $exts" | tr ',' ' '); do
        [ "$w" = - ] && continue
        grep -qE -- "(^|[^A-Za-z0-9.-])$(echo "$w" | sed 's/\./\\./g')([^A-Za-z0-9-]|\$)" "$T/formats.txt" ||
            echo "$name: $w" >> "$T/missing"
    done
done < "$T/rows"
if [ -s "$T/missing" ]; then
    fail "paperconv(1) FORMATS names every format, alias and extension" "$(tr '\n' ';' < "$T/missing")"
else
    pass "paperconv(1) FORMATS names every format, alias and extension ($(wc -l < "$T/rows") formats)"
fi
awk '$2 == "yes" { print $1 }' "$T/rows" > "$T/readers.want"
awk '$3 == "yes" { print $1 }' "$T/rows" > "$T/writers.want"
$PC --list-input-formats > "$T/readers" 2>&1
same "--list-input-formats: the readers of --list-formats, one a line" "$T/readers.want" "$T/readers"
$PC --list-output-formats > "$T/writers" 2>&1
same "--list-output-formats: the writers of --list-formats, one a line" "$T/writers.want" "$T/writers"

# ---- every example command runs ---------------------------------------------
# README: lines of fenced blocks (not ```c); man pages: lines of .EX/.nf blocks
awk '/^```c/ { c = 1; next } /^```/ { if (c) { c = 0; next } on = !on; next } on && !c' "$ROOT/README.md" \
    > "$T/readme.ex"
for page in paperconv.1 paperconv-formats.7 libpaperconv.3; do
    awk '/^\.(EX|nf)/ { on = 1; next } /^\.(EE|fi)/ { on = 0; next } on && !/^\./' "$ROOT/doc/$page" | unroff
done > "$T/man.ex"
# logical lines (a line ending in \ or | goes on), the commands that run paperconv
cat "$T/readme.ex" "$T/man.ex" | awk '
    { line = (held == "" ? $0 : held " " $0) }
    /\\$/ { sub(/\\$/, "", line); held = line; next }
    /\|[ \t]*$/ { held = line; next }
    { held = ""; if (line ~ /(^|\| *)paperconv / && line !~ /\[OPTIONS\]/) print line }' |
    sed -e 's/[ \t][ \t]*#[^'"'"'"]*$//' -e 's/^[ \t]*//' > "$T/commands"
n=$(wc -l < "$T/commands")
check "README and the man pages have example commands ($n)" [ "$n" -ge 15 ]

W=$T/work
mkdir -p "$W/bin"
ln -s "$ROOT/samples" "$W/samples"
printf '#!/bin/sh\ncat "%s/samples/arxiv-query.atom"\n' "$ROOT" > "$W/bin/curl"
chmod +x "$W/bin/curl"
ln -s "$PC" "$W/bin/paperconv"
# a sample for each input extension an example may name
sample_for() {
    case $1 in
    *.txt) echo latest-parallel-computing.fr.txt ;; *.bib) echo references.bib ;;
    *.json) echo references.json ;; *.ris) echo zotero-export.ris ;;
    *.yaml|*.yml) echo references.yaml ;; *.atom|*.xml) echo arxiv-query.atom ;;
    *.jsonl) echo papers.jsonl ;; *) echo "" ;;
    esac
}
styles=/usr/share/citation-style-language/styles
i=0
while IFS= read -r cmd; do
    i=$((i + 1))
    case $cmd in
    *--style\ *) [ -d "$styles" ] || { skip "example: $cmd" "no CSL styles installed"; continue; } ;;
    esac
    # inputs the example names that are not there: a sample of their extension
    out=""
    for w in $cmd; do
        case $w in -o|\>) out=next; continue ;; esac
        if [ "$out" = next ]; then out=""; continue; fi
        case $w in samples/*|-*|*/*) continue ;; esac
        s=$(sample_for "$w")
        [ -n "$s" ] && [ ! -e "$W/$w" ] && cp "$ROOT/samples/$s" "$W/$w"
    done
    (cd "$W" && PATH="$W/bin:$PATH" sh -c "$cmd" > "$T/ex.out" 2> "$T/ex.err")
    rc=$?
    if [ "$rc" -eq 0 ]; then pass "example runs: $cmd"; else
        fail "example runs: $cmd" "exit status $rc" "$(head -c 400 "$T/ex.err")"; fi
done < "$T/commands"
