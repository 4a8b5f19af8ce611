# SPDX-License-Identifier: MIT
# report.sh — writes RESULTS.md (markdown on stdout) from the measurements
# bench/run.sh collected; sourced by run.sh, not run alone.
#
# Reads: $DATA (one TSV line per measurement: KIND SIZE NAME LABEL IN_BYTES
# RUNS MEDIAN_S RSS_KB OUT_BYTES STATUS RECORDS NOTE), $SKIPS, $WORK/profile,
# $WORK/formats, and bench/NOTES.md (the hand-written analysis) if present.
# MB = 10^6 bytes throughout.

fmt_size() { awk -v n="$1" 'BEGIN { if (n >= 1000000) printf "%gM", n / 1e6; else if (n >= 1000) printf "%gk", n / 1e3; else print n }'; }

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2> /dev/null)
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2> /dev/null)
libs=$(pkg-config --modversion jansson yaml-0.1 libxml-2.0 libutf8proc 2> /dev/null | tr '\n' ' ' |
    awk '{ printf "jansson %s, libyaml %s, libxml2 %s, utf8proc %s", $1, $2, $3, $4 }')
total=$(elapsed)

cat << EOF
# paperconv benchmark results

Written by \`bench/run.sh\` (\`make bench\`); do not edit by hand, run it again.
How the benchmark works: [README.md](README.md).  MB = 10^6 bytes.

## Machine, build, commands

- Date: $(date -u '+%Y-%m-%d %H:%M UTC')
- Machine: ${cpu:-unknown CPU}, $(nproc) cores (every path runs on one), ${mem:-? memory}, $(uname -sr)
- Commit: \`$COMMIT\`${DIRTY:+ with uncommitted changes in src/, formats/ or include/} (at the start of the run)
- paperconv $("$PC" --version 2> /dev/null | head -n 1 | awk '{ print $NF }'): \`$PC\` (the Makefile's build: \`-O2 -g\`); $libs
- Load average (1, 5, 15 min) at the start: ${LOAD0:-?}; at the end: $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null).
  The benchmark itself accounts for about 1 (2 while the peers run); more means other
  processes shared the 2 cores and the times are slower than on a quiet machine (the
  instruction counts in the Analysis section do not depend on it).
- Command: \`$CMDLINE\` (budget ${BUDGET}s, took ${total}s); seed $SEED
- Formats: read $READERS; write $WRITERS
- A path is timed as \`PAPERCONV_JOBS=1 paperconv -v -f READER FILE -t WRITER > OUT\` (one core) (OUT on tmpfs when
  there is one) by \`build/bench/baselines time\` (fork, exec, wait4: wall clock and the
  child's \`ru_maxrss\`); the median of the runs shown.  Floors: \`cat FILE > /dev/null\`
  and \`baselines scan FILE\` (fread 1 MiB + memchr line count).  Library baselines on the
  same files in the same run: \`baselines xmlwalk\` (xmlTextReaderRead until the end),
  \`baselines jansson\` (json_loadb of every array element or line, straight from the read
  buffer), \`baselines janssondump\` (json_dump_callback alone on the items of a ->
  csljson path's own output, as our writer dumps them), \`baselines yamlemit\` (libyaml
  emitting the events of the path's own YAML output, set up as our writer sets it; only
  yaml_emitter_emit is timed).
- Inputs: \`gen_corpus\` writes the listing, Atom, CSL-JSON and arXiv JSON Lines files;
  the BibTeX, RIS and YAML inputs are the listing corpus converted by our own writers
  (the output of the timed listing -> writer run).

EOF

echo "## Corpus"
echo
echo "| records | format | file | MB | bytes/record | generated in s |"
echo "|---:|---|---|---:|---:|---:|"
awk -F'\t' '$1 == "gen" { printf "| %d | %s | c%d.* | %.1f | %.0f | %.2f |\n", $2, $3, $2, $5 / 1e6, $5 / $2, $7 }' "$DATA"
awk -F'\t' '$1 == "path" && $3 ~ /^listing>/ && $9 > 0 { w = substr($3, 9); if (w == "bibtex" || w == "ris" || w == "yaml") printf "| %d | %s (converted) | c%d.conv.%s | %.1f | %.0f | (listing>%s) |\n", $2, w, $2, w, $9 / 1e6, $9 / $2, w }' "$DATA"
echo

echo "## Floors and library baselines"
echo
echo "| records | file | MB | cat > /dev/null MB/s | fread+memchr MB/s | library baseline | MB/s |"
echo "|---:|---|---:|---:|---:|---|---:|"
awk -F'\t' '
    $1 == "floor-cat" { cat[$2 SUBSEP $3] = $5 / $7 / 1e6; mb[$2 SUBSEP $3] = $5 / 1e6; order[++n] = $2 SUBSEP $3 }
    $1 == "floor-scan" && $7 > 0 { scan[$2 SUBSEP $3] = $5 / $7 / 1e6 }
    $1 == "base-xml" && $7 > 0 { lib[$2 SUBSEP "c" $2 ".atom"] = "xmlTextReader walk"; lr[$2 SUBSEP "c" $2 ".atom"] = $5 / $7 / 1e6 }
    $1 == "base-jansson" && $7 > 0 { f = ($4 == "json-csl") ? ".json" : ".jsonl"; lib[$2 SUBSEP "c" $2 f] = "jansson parse"; lr[$2 SUBSEP "c" $2 f] = $5 / $7 / 1e6 }
    END { for (i = 1; i <= n; i++) { k = order[i]; split(k, p, SUBSEP)
            l = "-"; lv = "-"; if (k in lib) { l = lib[k]; lv = sprintf("%.1f", lr[k]) }
            printf "| %d | %s | %.1f | %.0f | %.0f | %s | %s |\n", p[1], p[2], mb[k], cat[k], scan[k], l, lv } }' "$DATA"
awk -F'\t' '$1 == "base-yamlemit" && $7 > 0 { printf "| %d | output of %s | %.1f | | | libyaml emit (output MB/s) | %.1f |\n", $2, $3, $5 / 1e6, $5 / $7 / 1e6 }' "$DATA"
awk -F'\t' '$1 == "base-janssondump" && $7 > 0 { printf "| %d | output of %s | %.1f | | | jansson dump (output MB/s) | %.1f |\n", $2, $3, $5 / 1e6, $5 / $7 / 1e6 }' "$DATA"
awk -F'\t' '$1 ~ /^base-/ && $1 !~ /-wall$/ && $10 != 0 { printf "\nBaseline %s on %s failed: %s\n", $1, $3, $12 }' "$DATA"
echo

echo "## Paths"
echo
echo "Every reader -> writer path that \`--list-formats\` shows, on the same corpus."
echo "\"floor\" is the path's input MB/s as a share of fread+memchr over the same file."
echo "\"vs before\" is the median time of the results this run replaced${REF_COMMIT:+ (commit \`$(echo "$REF_COMMIT" | cut -c1-12)\`)}"
echo "over this run's (below 1: slower now; - : not measured then)."
echo
echo "| path | records | runs | median s | input MB/s | records/s | peak RSS MB | output MB | floor | status | vs before |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"
awk -F'\t' '
    FILENAME == ARGV[1] { split($0, r, " "); before[r[1] SUBSEP r[2]] = r[3]; next }
    $1 == "floor-scan" && $7 > 0 { scan[$2 SUBSEP $5] = $5 / $7 }
    $1 == "path" { rows[++n] = $0 }
    END { for (i = 1; i <= n; i++) { split(rows[i], f, "\t")
            rate = f[7] > 0 ? f[5] / f[7] : 0; fl = scan[f[2] SUBSEP f[5]]
            st = (f[10] == 0 && f[12] == "") ? "ok" : f[12]
            rps = (f[7] > 0) ? f[2] / f[7] : 0; fs = (fl > 0) ? sprintf("%.1f%%", 100 * rate / fl) : "-"
            b = before[f[3] SUBSEP f[2]]; vs = (b > 0 && f[7] > 0) ? sprintf("%.2f", b / f[7]) : "-"
            printf "| %s | %d | %d | %.3f | %.1f | %.0f | %.1f | %.1f | %s | %s | %s |\n", f[3], f[2], f[6], f[7], rate / 1e6,
                rps, f[8] / 1024, f[9] / 1e6, fs, st, vs } }' "$REF" "$DATA" |
    sort -t'|' -k2,2 -k3,3n > "$WORK/paths.md"
cat "$WORK/paths.md"
echo
# (runs of milliseconds, below 10 000 records, are too noisy to name)
slower=$(awk -F'|' '$12 ~ /[0-9]/ && $12 + 0 < 0.9 && $3 + 0 >= 10000 { gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $12); printf "%s%s @ %s (%s)", (n++ ? ", " : ""), $2, $3, $12 }' "$WORK/paths.md")
compared=$(awk -F'|' '$12 ~ /[0-9]/ && $3 + 0 >= 10000' "$WORK/paths.md" | wc -l | tr -d ' ')
if [ "$compared" -gt 0 ]; then
    echo "More than 10% slower than before: ${slower:-none} (of $compared paths measured both times;"
    echo "wall-clock times move with the machine's load, see the load average above)."
    echo
fi

echo "## Record operations"
echo
echo "bibtex -> bibtex with an operation of issue 22, on the converted BibTeX corpus (every"
echo "record distinct; --cited: an .aux citing every other key).  \"vs plain\" is the plain"
echo "bibtex>bibtex path's time over the operation's (the target: at least 0.5)."
echo
echo "| operation | records | runs | median s | records/s | peak RSS MB | records written | vs plain | status |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
awk -F'\t' '$1 == "path" && $3 == "bibtex>bibtex" { plain[$2] = $7 }
    $1 == "ops" { rows[++n] = $0 }
    END { for (i = 1; i <= n; i++) { split(rows[i], f, "\t")
            st = (f[10] == 0 && f[12] == "") ? "ok" : f[12]
            vs = (f[7] > 0 && plain[f[2]] > 0) ? sprintf("%.2f", plain[f[2]] / f[7]) : "-"
            printf "| %s | %d | %d | %.3f | %.0f | %.1f | %d | %s | %s |\n", substr(f[3], 15), f[2], f[6], f[7],
                (f[7] > 0 ? f[2] / f[7] : 0), f[8] / 1024, f[11], vs, st } }' "$DATA" | sort -t'|' -k2,2 -k3,3n
echo

echo "## Targets"
echo
echo "The issue's targets are for the 1 000 000-record corpus.  Where a path did not run"
echo "at 1M (see \"Not run\"), it is judged at the largest size it ran at, and the table says so."
echo

# largest size per path
awk -F'\t' '$1 == "path" && $7 > 0 { if ($2 >= big[$3]) { big[$3] = $2; line[$3] = $0 } } END { for (k in line) print line[k] }' "$DATA" > "$WORK/largest"

echo "### listing -> BibTeX / RIS / CSL-JSON: >= 300 MB/s of input"
echo
echo "| path | records | input MB/s | target | |"
echo "|---|---:|---:|---:|---|"
awk -F'\t' '$3 ~ /^listing>(bibtex|ris|csljson)$/ { r = $5 / $7 / 1e6; v = (r >= 300) ? "**met**" : ("missed (" sprintf("%.0f%%", r / 3) " of target)"); printf "| %s | %d | %.1f | 300 | %s |\n", $3, $2, r, v }' "$WORK/largest" | sort
echo

echo "### Atom -> any writer: >= 70% of the bare xmlTextReader walk over the same file"
echo
echo "| path | records | ours MB/s | xmlTextReader MB/s | ratio | |"
echo "|---|---:|---:|---:|---:|---|"
awk -F'\t' 'FNR == NR { if ($1 == "base-xml" && $7 > 0) b[$2] = $5 / $7 / 1e6; next }
    $4 == "atom" { r = $5 / $7 / 1e6; x = b[$2]; xs = "-"; rs = "-"; v = "no baseline"
        if (x) { xs = sprintf("%.1f", x); rs = sprintf("%.0f%%", 100 * r / x); v = (r >= 0.7 * x) ? "**met**" : "missed" }
        printf "| %s | %d | %.1f | %s | %s | %s |\n", $3, $2, r, xs, rs, v }' "$DATA" "$WORK/largest" | sort
echo

echo "### JSON -> any writer: >= 70% of jansson's bare parse of the same file"
echo
echo "| path | records | ours MB/s | jansson MB/s | ratio | |"
echo "|---|---:|---:|---:|---:|---|"
awk -F'\t' 'FNR == NR { if ($1 == "base-jansson" && $7 > 0) b[$2 SUBSEP $4] = $5 / $7 / 1e6; next }
    $4 ~ /^json/ { r = $5 / $7 / 1e6; x = b[$2 SUBSEP $4]; xs = "-"; rs = "-"; v = "no baseline"
        if (x) { xs = sprintf("%.1f", x); rs = sprintf("%.0f%%", 100 * r / x); v = (r >= 0.7 * x) ? "**met**" : "missed" }
        printf "| %s | %d | %.1f | %s | %s | %s |\n", $3, $2, r, xs, rs, v }' "$DATA" "$WORK/largest" | sort
echo

echo "-> csljson paths also pay jansson's writer: \`baselines janssondump\` times json_dump_callback"
echo "alone on the items of the path's own output.  Parse + dump is the most a JSON -> csljson path"
echo "could reach with these libraries:"
echo
echo "| path | records | ours MB/s | jansson parse + dump MB/s | ratio |"
echo "|---|---:|---:|---:|---:|"
awk -F'\t' 'FNR == NR { if ($1 == "base-jansson" && $7 > 0) p[$2 SUBSEP $4] = $7
                        if ($1 == "base-janssondump" && $7 > 0) d[$2 SUBSEP $3] = $7; next }
    $3 ~ />csljson$/ && ($2 SUBSEP $3) in d { k = $2 SUBSEP $4; r = $5 / $7 / 1e6
        if ($4 ~ /^json/ && (k in p)) { c = $5 / (p[k] + d[$2 SUBSEP $3]) / 1e6; printf "| %s | %d | %.1f | %.1f | %.0f%% |\n", $3, $2, r, c, 100 * r / c } }' "$DATA" "$WORK/largest" | sort
echo

echo "### any -> YAML: >= 70% of libyaml's bare emit of the same events (output MB/s)"
echo
echo "| path | records | ours, output MB/s | libyaml emit MB/s | ratio | |"
echo "|---|---:|---:|---:|---:|---|"
awk -F'\t' 'FNR == NR { if ($1 == "base-yamlemit" && $7 > 0) b[$2 SUBSEP $3] = $5 / $7 / 1e6; next }
    $3 ~ />yaml$/ { r = $9 / $7 / 1e6; x = b[$2 SUBSEP $3]; xs = "-"; rs = "-"; v = "no baseline"
        if (x) { xs = sprintf("%.1f", x); rs = sprintf("%.0f%%", 100 * r / x); v = (r >= 0.7 * x) ? "**met**" : "missed" }
        printf "| %s | %d | %.1f | %s | %s | %s |\n", $3, $2, r, xs, rs, v }' "$DATA" "$WORK/largest" | sort
echo

echo "### Linear: time(1M) / time(100k) <= 11"
echo
echo "| path | s @10k | s @100k | s @1M | 100k/10k | 1M/100k | |"
echo "|---|---:|---:|---:|---:|---:|---|"
awk -F'\t' '$1 == "path" && $7 > 0 { t[$3 SUBSEP $2] = $7; names[$3] = 1 }
    END { for (p in names) { a = t[p SUBSEP 10000]; b = t[p SUBSEP 100000]; c = t[p SUBSEP 1000000]
            if (!a && !b && !c) continue
            as = a ? sprintf("%.3f", a) : "-"; bs = b ? sprintf("%.3f", b) : "-"; cs = c ? sprintf("%.2f", c) : "-"
            r1 = (a && b) ? sprintf("%.1f", b / a) : "-"; r2 = (b && c) ? sprintf("%.1f", c / b) : "-"
            if (b && c) v = (c / b <= 11) ? "**met**" : "missed"
            else if (a && b) v = (b / a <= 11) ? "100k/10k ok; 1M not run" : "missed at 100k/10k"
            else v = "10k only"
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", p, as, bs, cs, r1, r2, v } }' "$DATA" | sort
echo

echo "### Peak RSS <= 16 MB"
echo
echo "| path | records | peak RSS MB | |"
echo "|---|---:|---:|---|"
awk -F'\t' '{ m = $8 / 1024; v = (m <= 16) ? "**met**" : "missed"; if ($2 < 1000000) v = v " (1M not run)"; printf "| %s | %d | %.1f | %s |\n", $3, $2, m, v }' "$WORK/largest" | sort
echo

echo "### Peers: every path >= 2x the fastest installed peer on the same file"
echo
if [ "$PEERS" = 0 ]; then
    echo "Peers not run (--no-peers / --smoke)."
else
    echo "Peers run once on the $(fmt_size "$(awk -F'\t' '$1 == "peer" { print $2; exit }' "$DATA")")-record corpus (they are slow); our time is the same path's median."
    echo
    echo "| peer | same as our path | peer s | peer MB/s | peer RSS MB | our s | our RSS MB | speed-up | |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
    awk -F'\t' 'FNR == NR { if ($1 == "path") { t[$2 SUBSEP $3] = $7; m[$2 SUBSEP $3] = $8 } next }
        $1 == "peer" { k = $2 SUBSEP $4; ours = t[k]; os = "not run"; om = "-"; sp = "-"; v = "-"
            if (ours) { os = sprintf("%.3f", ours); om = sprintf("%.1f", m[k] / 1024) }
            if ($6 == 0 || $10 != 0) { printf "| %s | %s | %s | | | %s | %s | | |\n", $3, $4, ($12 == "") ? "failed" : $12, os, om; next }
            if (ours) { sp = sprintf("%.1fx", $7 / ours); v = ($7 / ours >= 2) ? "**met**" : "missed" }
            printf "| %s | %s | %.2f | %.2f | %.1f | %s | %s | %s | %s |\n", $3, $4, $7, $5 / $7 / 1e6, $8 / 1024, os, om, sp, v }' "$DATA" "$DATA"
fi
echo

echo "## Not run"
echo
if [ -s "$SKIPS" ]; then
    echo "What the ${BUDGET}s budget (or a missing input) left out, by size:"
    echo
    awk -F'\t' '{ printf "- %s records: %s: %s\n", $1, $2, $3 }' "$SKIPS"
else
    echo "Nothing: every job ran at every size."
fi
[ -f "$WORK/noinput" ] && echo "- Readers with no corpus (no generator, no writer to make one): $(tr '\n' ' ' < "$WORK/noinput")"
echo

echo "## -j: worker threads"
echo
echo "The inputs -j cuts (JSON, RIS, BibTeX, MEDLINE, the XML formats, Atom, RSS, Scopus CSV)"
echo "read with \`-j 1\` and \`-j 2\` in the same run (the first size of 100 000 records or"
echo "more; each input's first writer before any second one, as the budget allows: what did"
echo "not fit is listed under Not run).  The machine is shared: wall times swing with its load;"
echo "bench/NOTES.md has the instructions per thread, the stable figure."
echo
echo "| path | records | -j 1 s | -j 2 s | speed-up | -j 1 RSS MB | -j 2 RSS MB | status |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
awk -F'\t' '$1 == "jobs" { p = $3; sub(/ -j [0-9]+$/, "", p); j = $3; sub(/.* -j /, "", j)
                           t[p, j] = $7; r[p, j] = $8; st[p] = st[p] + $10; n[p] = $2; if (!(p in seen)) { seen[p] = 1; o[++k] = p } }
     END { for (i = 1; i <= k; i++) { p = o[i]
             printf "| %s | %s | %.2f | %.2f | %s | %.1f | %.1f | %s |\n", p, n[p], t[p, 1], t[p, 2],
                    (t[p, 2] > 0 ? sprintf("%.2fx", t[p, 1] / t[p, 2]) : "-"), r[p, 1] / 1024, r[p, 2] / 1024, st[p] ? "exit " st[p] : "ok" } }' "$DATA"
echo

echo "## Profile"
echo
if [ "$PROFILE" = 0 ]; then
    echo "Not run (--no-profile / --smoke)."
else
    echo "The three paths with the lowest input MB/s at the first size, sampled with"
    echo "\`perf record -e cpu-clock -F 4999\` (self time per function; hardware counters are"
    echo "not available on this machine)."
    cat "$WORK/profile"
fi
echo

echo "## The CSL processor"
echo
echo "\`bench/citeproc.sh\`: formatted references, \`paperconv ITEMS.json -t text --style apa\`"
echo "(issue 24's target: at least 50x citeproc-js; 100 000 within 20x of 10 000)."
echo
cat "$WORK/citeproc.md" 2> /dev/null || echo "Not run."
echo

if [ -f "$ROOT/bench/NOTES.md" ]; then
    echo "## Analysis"
    echo
    echo "Hand-written from a profile of the commit named in it (bench/NOTES.md); the numbers"
    echo "above are this run's."
    echo
    cat "$ROOT/bench/NOTES.md"
fi
