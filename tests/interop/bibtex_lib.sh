# SPDX-License-Identifier: MIT
# bibtex_lib.sh — running the real bibtex for the interop tests (sourced).

# bibtex_run DIR STYLE: runs bibtex on DIR/out.bib with STYLE.bst; the
# results are DIR/out.bbl and DIR/out.blg; returns bibtex's status.
bibtex_run() {
    printf '\\citation{*}\n\\bibstyle{%s}\n\\bibdata{out}\n' "$2" > "$1/out.aux"
    (cd "$1" && bibtex -terse out) > "$1/bibtex.log" 2>&1
}

# bibtex_names BBL: names.bst's output as "KEY N given|von|last|jr" in
# Unicode: wrapped lines joined (bibtex breaks lines past 79 columns at a
# space), ties read as spaces, LaTeX decoded by our decoder.
bibtex_names() {
    awk '/^@@ /{if (l!="") print l; l=$0; next} {l=l " " $0} END{if (l!="") print l}' "$1" |
        sed 's/^@@ //; s/\([^\\]\)~/\1 /g' | "$PCTOOL" decode
}
