# SPDX-License-Identifier: MIT
# test_latex_hostile.sh — LaTeX and markup shapes that once crashed the
# decoder (unbounded recursion) or took quadratic time (a brace, math or
# markup scan per delimiter), through the CLI and every reader that decodes
# them (issue 12).  Each shape runs at two sizes 10x apart: both must end
# with exit 0 or 1, never a signal, and the larger may take at most 15x the
# smaller (plus 300 ms for process start and the clock's grain).
. "$ROOT/tests/lib.sh"
# times are compared across sizes (CPU time, under a CPU limit): one thread, as
# the small sizes that -j does not cut are read
export PAPERCONV_JOBS=1
cd "$T" || exit 1

# unit REPEAT TEXT...: TEXT repeated REPEAT times, on one line
unit() {
    awk -v n="$1" -v u="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", u }'
}

# shape NAME N: the title text of shape NAME at size N
shape() {
    case $1 in
    accent) unit "$2" "\\'{"; printf e; unit "$2" "}" ;;
    emph) unit "$2" "\\emph{"; printf x; unit "$2" "}" ;;
    foo) unit "$2" "\\foo{\\}" ;;
    nested) unit "$2" "{"; printf a; unit "$2" "}" ;;
    unclosed) unit "$2" "{"; printf a ;;
    dollar) printf 'x $ '; unit "$2" "\\'\\\$ a" ;;
    paren) unit "$2" "\\( a " ;;
    emphopen) unit "$2" "\\emph{ a " ;;
    emphmany) unit "$2" "\\emph{a} " ;;
    protected) unit "$2" "{W} " ;;
    mdemph) unit "$2" "*a* " ;;
    mdnocase) unit "$2" "[W]{.nocase} " ;;
    escdollar) printf '$'; unit "$2" "\\\$" ;;
    esac
}

# record FORMAT NAME N > FILE: one record of FORMAT with that title
record() {
    t=$(shape "$2" "$3")
    case $1 in
    listing) printf '\342\200\242 %s\n\n  A B \302\267 2 octobre 2026\n\n  abstract\n' "$t" ;;
    bibtex) printf '@misc{k, title={%s}, author={A B}, year=2026}\n' "$t" ;;
    ris) printf 'TY  - JOUR\r\nTI  - %s\r\nAU  - B, A\r\nPY  - 2026\r\nER  - \r\n' "$t" ;;
    # JSON and YAML: the shapes hold no quote; a backslash is doubled
    json) printf '{"id": "2410.01234", "authors": "A B", "title": "%s", "abstract": "x", "categories": "cs.LG", "versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}]}\n' \
              "$(printf '%s' "$t" | sed 's/\\/\\\\/g')" ;;
    yaml) printf 'references:\n- id: k\n  type: article\n  title: "%s"\n' "$(printf '%s' "$t" | sed 's/\\/\\\\/g')" ;;
    atom) printf '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2610.01234v1</id><title>%s</title><summary>x</summary><published>2026-10-01T17:30:02Z</published><author><name>A B</name></author></entry></feed>\n' "$t" ;;
    esac
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# timed FILE FORMAT TO: runs paperconv; sets MS and RC
timed() {
    t0=$(now_ms)
    timeout 120 $PCW "$1" -f "$2" -t "$3" > out 2> err
    RC=$?
    MS=$(($(now_ms) - t0))
}

# linear FORMAT TO SHAPE N
linear() {
    name="$3 through $1 -> $2 at $4 and $(($4 * 10))"
    record "$1" "$3" "$4" > small
    record "$1" "$3" $(($4 * 10)) > large
    timed small "$1" "$2"; ms1=$MS rc1=$RC
    timed large "$1" "$2"; ms10=$MS rc10=$RC
    if [ $rc1 -gt 1 ] || [ $rc10 -gt 1 ]; then
        fail "$name: exit $rc1 and $rc10, want 0 or 1" "$(head -c 300 err)"
    elif [ $ms10 -gt $((15 * ms1 + 300)) ]; then
        fail "$name: ${ms1} ms then ${ms10} ms, more than 15x"
    else
        pass "$name: ${ms1} ms, ${ms10} ms (exit $rc1, $rc10)"
    fi
}

linear listing bibtex accent 4000
linear json bibtex emph 5000
linear atom bibtex emph 5000
for s in foo dollar paren emphmany protected; do
    linear listing bibtex $s 4000
    linear bibtex bibtex $s 4000
done
for s in nested unclosed emphopen; do
    linear listing bibtex $s 10000
done
linear listing yaml emphmany 10000
linear listing csljson protected 10000
linear yaml yaml mdemph 10000
linear yaml bibtex mdnocase 3000
linear ris bibtex escdollar 10000
linear ris yaml escdollar 10000

# the bound is in the output: past PC_LATEX_MAX_DEPTH the command is kept
record listing accent 100 > deep.txt
$PC deep.txt -t csljson > out 2> err
contains "nesting past the bound: the command is kept as written" out '\\'"'"'{'
