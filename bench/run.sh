#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh — the benchmark driver behind `make bench` and `make bench-smoke`.
#
# Owns: building the generator and the baselines (bench/gen_corpus.c,
# bench/baselines.c), the corpus in every input format paperconv reads, the
# timing of every reader -> writer path that `paperconv --list-formats`
# shows, the floors and bare-library baselines on the same files, the peers
# (bibutils, pandoc, citation-js) when installed, a profile of the slowest
# paths, the time budget, and RESULTS.md.  See bench/README.md.
#
#   bench/run.sh [OPTIONS] [SIZE...]        (default sizes: 10000 100000 1000000)
#     --smoke          one run per job, no peers, no profile (make bench-smoke)
#     --budget SEC     wall-clock budget of the whole run (default 510)
#     --out FILE       results file (default bench/RESULTS.md)
#     --corpus DIR     corpus directory (default bench/corpus, git-ignored)
#     --runs N         runs per job below 1M records (default 3; 1 at 1M)
#     --no-peers, --no-profile, --keep (keep corpus files >= 1M records)
#   env: PAPERCONV (default build/paperconv), BENCH_BIN (default next to it:
#        build/bench), CC (default cc), SEED (default 42)
#
# Budget: jobs run in priority order: listing -> every writer, then the
# paths the results being replaced (--out's file) measured at that size,
# then each input's fastest path (with its library baseline), then the rest,
# cheapest first.  The first size runs the first three kinds in full and the
# rest while the run is within 40% of the budget.  Each later size predicts
# every job's time from the previous size (scaled by the record ratio, +10%)
# and runs jobs while they fit; sizes before the last may use at most 45% of
# what is left.  What did not fit is listed in RESULTS.md.
export LC_ALL=C
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
now_ms() { echo $(($(date +%s%N) / 1000000)); }
T0=$(now_ms)
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null)
COMMIT=$(git -C "$ROOT" rev-parse HEAD 2> /dev/null || echo unknown)
DIRTY=$(git -C "$ROOT" status --porcelain -- src formats include 2> /dev/null | head -n 1)

SMOKE=0 BUDGET=510 FIRST_SHARE=0.4 OUT=$ROOT/bench/RESULTS.md CORPUS=$ROOT/bench/corpus RUNS=3
PEERS=1 PROFILE=1 KEEP=0 SIZES=
CMDLINE="bench/run.sh $*"
while [ $# -gt 0 ]; do
    case $1 in
    --smoke) SMOKE=1 PEERS=0 PROFILE=0 RUNS=1 JOBS_MIN=${JOBS_MIN:-0} ;; # the -j rows too, so that they cannot rot
    --budget) BUDGET=$2; shift ;;
    --out) OUT=$2; shift ;;
    --corpus) CORPUS=$2; shift ;;
    --runs) RUNS=$2; shift ;;
    --no-peers) PEERS=0 ;;
    --no-profile) PROFILE=0 ;;
    --keep) KEEP=1 ;;
    -h | --help) sed -n '2,/^export/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) SIZES="$SIZES $1" ;;
    esac
    shift
done
[ -n "$SIZES" ] || { [ $SMOKE = 1 ] && SIZES=200 || SIZES="10000 100000 1000000"; }
SIZES=$(for s in $SIZES; do echo "$s"; done | sort -n -u | tr '\n' ' ')
LAST_SIZE=$(for s in $SIZES; do echo "$s"; done | tail -n 1)
SEED=${SEED:-42}
CC=${CC:-cc}
PC=${PAPERCONV:-$ROOT/build/paperconv}
case $PC in /*) ;; *) PC=$(pwd)/$PC ;; esac
BIN=${BENCH_BIN:-$(dirname "$PC")/bench}
[ -x "$PC" ] || { echo "run.sh: $PC not built (make)" >&2; exit 1; }

log() { printf '[%6ss] %s\n' "$(elapsed)" "$*" >&2; }
elapsed() { t=$(($(now_ms) - T0)); echo "$((t / 1000)).$((t % 1000 / 100))"; }
fsize() { if [ -f "$1" ]; then wc -c < "$1" | tr -d ' '; else echo 0; fi; }

# ---- tools ---------------------------------------------------------------------
mkdir -p "$BIN" "$CORPUS" || exit 1
build_tool() { # NAME EXTRA-FLAGS...
    name=$1; shift
    if [ ! -x "$BIN/$name" ] || [ "$ROOT/bench/$name.c" -nt "$BIN/$name" ]; then
        $CC -O2 -std=c11 -Wall -Wextra -Werror -o "$BIN/$name" "$ROOT/bench/$name.c" "$@" || exit 1
    fi
}
build_tool gen_corpus
# shellcheck disable=SC2046
build_tool baselines $(pkg-config --cflags --libs jansson yaml-0.1 libxml-2.0)
GEN=$BIN/gen_corpus BASE=$BIN/baselines

# Outputs of timed runs go to tmpfs when there is one (no disk writeback in
# the timings), else next to the corpus.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then WORK=$(mktemp -d /dev/shm/pcbench.XXXXXX); else WORK=$(mktemp -d "$CORPUS/work.XXXXXX"); fi
killtree() { # PID: our own background job and everything under it
    for c in $(pgrep -P "$1" 2> /dev/null); do killtree "$c"; done
    kill "$1" 2> /dev/null
}
PEER_PID=
cleanup() {
    [ -n "$PEER_PID" ] && kill -0 "$PEER_PID" 2> /dev/null && killtree "$PEER_PID"
    rm -rf "$WORK"
    if [ $KEEP = 0 ]; then
        for s in $SIZES; do [ "$s" -ge 1000000 ] && rm -f "$CORPUS/c$s".*; done
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
DATA=$WORK/data.tsv SKIPS=$WORK/skips
: > "$DATA"; : > "$SKIPS"

# The results being replaced: their paths (PATH SIZE MEDIAN_S, one a line) run
# first at every size, and the report compares each path with them.
REF=$WORK/ref REF_COMMIT=
if [ -f "$OUT" ]; then
    awk -F'|' '/^## Paths/ { on = 1; next } /^## / { on = 0 }
        on && $3 ~ /^ *[0-9]+ *$/ && $5 ~ /[0-9]/ && $11 ~ /ok/ { gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $5); print $2, $3, $5 }' "$OUT" > "$REF"
    REF_COMMIT=$(sed -n 's/^- Commit: `\([0-9a-f]*\)`.*/\1/p' "$OUT" | head -n 1)
else
    : > "$REF"
fi

# ---- formats: what exists now ---------------------------------------------------
"$PC" --list-formats > "$WORK/formats" || exit 1
READERS=$(awk 'NR > 1 && $2 == "yes" { print $1 }' "$WORK/formats" | tr '\n' ' ')
WRITERS=$(awk 'NR > 1 && $3 == "yes" { print $1 }' "$WORK/formats" | tr '\n' ' ')
has() { case " $1 " in *" $2 "*) return 0 ;; esac; return 1; }

# Inputs: LABEL READER SUFFIX SOURCE, one per line.  The generator writes the
# listing, Atom, RSS, CSL-JSON, arXiv JSON Lines, PubMed XML and Scopus CSV; every other reader gets the
# listing corpus converted by our own writer of that format.
: > "$WORK/inputs"
for r in $READERS; do
    case $r in
    listing) echo "listing listing txt gen:listing" ;;
    atom) echo "atom atom atom gen:atom"; echo "rss atom rss gen:rss" ;;
    scopuscsv) echo "scopuscsv scopuscsv csv gen:scopuscsv" ;;
    pubmedxml) echo "pubmedxml pubmedxml pubmed.xml gen:pubmedxml" ;; # read only: generated
    json) echo "json-csl json json gen:csljson"; echo "json-arxiv json jsonl gen:jsonl"
        # compressed dumps (OpenAlex, Crossref ship gzip): read as they stream
        echo "json-arxiv.gz json jsonl.gz gen:jsonl+gzip"; echo "json-arxiv.zst json jsonl.zst gen:jsonl+zstd" ;;
    csljson) has "$READERS" json || echo "csljson csljson json gen:csljson" ;;
    *) if has "$WRITERS" "$r"; then echo "$r $r conv.$r conv:$r"; else echo "$r" >> "$WORK/noinput"; fi ;;
    esac >> "$WORK/inputs"
done
has "$READERS" listing || { echo "run.sh: no listing reader: nothing to convert from" >&2; exit 1; }

# ---- measuring ------------------------------------------------------------------
# record KIND SIZE NAME LABEL IN_BYTES RUNS MEDIAN RSS_KB OUT_BYTES STATUS RECORDS NOTE
record() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$DATA"; }
# get KIND SIZE NAME FIELD: a field of the measurement (empty if none)
get() { awk -F'\t' -v k="$1" -v s="$2" -v n="$3" -v f="$4" '$1 == k && $2 == s && $3 == n { v = $f } END { print v }' "$DATA"; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# timed RUNS OUT ERR CMD...: sets MED (median seconds), RSS (max KB), ST (worst status)
timed() {
    tm_n=$1 tm_o=$2 tm_e=$3; shift 3
    tm_times= RSS=0 ST=0 tm_i=0
    while [ $tm_i -lt "$tm_n" ]; do
        set -- $("$BASE" time -o "$tm_o" -e "$tm_e" -- "$@") "$@"
        tm_times="$tm_times $1"
        [ "$2" -gt "$RSS" ] && RSS=$2
        [ "$3" -ne 0 ] && ST=$3
        shift 3
        tm_i=$((tm_i + 1))
    done
    MED=$(echo "$tm_times" | median)
}

# baseline-style commands print "SECONDS BYTES COUNT" themselves
base_run() { # RUNS KIND SIZE NAME LABEL CMD...  (sh has no locals: bk_ names)
    bk_n=$1 bk_kind=$2 bk_size=$3 bk_name=$4 bk_label=$5; shift 5
    bk_times= bk_i=0 bk_ok=1
    while [ $bk_i -lt "$bk_n" ]; do
        bk_line=$("$@" 2> "$WORK/base.err") || { bk_ok=0; break; }
        set -- $bk_line "$@"
        bk_times="$bk_times $1" bk_bytes=$2 bk_count=$3
        shift 3
        bk_i=$((bk_i + 1))
    done
    if [ $bk_ok = 1 ]; then
        record "$bk_kind" "$bk_size" "$bk_name" "$bk_label" "$bk_bytes" "$bk_n" "$(echo "$bk_times" | median)" 0 0 0 "$bk_count" ""
    else
        record "$bk_kind" "$bk_size" "$bk_name" "$bk_label" 0 0 0 0 0 1 0 "$(head -c 200 "$WORK/base.err" | tr '\t\n' '  ')"
    fi
}

# run_path RUNS SIZE LABEL READER FILE WRITER: times one conversion
run_path() {
    n=$1 size=$2 label=$3 rd=$4 file=$5 wr=$6
    name="$label>$wr"
    out=$WORK/out.$wr err=$WORK/err
    timed "$n" "$out" "$err" "$PC" -v -f "$rd" "$file" -t "$wr"
    sum=$(grep 'record(s) read' "$err" | tail -n 1 | sed 's/^paperconv: //')
    got=$(echo "$sum" | sed -n 's/^\([0-9]*\) record(s) read, \([0-9]*\) written.*/\2/p')
    note=
    [ "$ST" -ne 0 ] && note="exit $ST: $(grep -m1 -E 'error' "$err" | head -c 160)"
    [ -n "$got" ] && [ "$got" != "$size" ] && note="$note only $got of $size records written ($sum)"
    in_bytes=$(fsize "$file")
    case $file in # a compressed input: MB/s of the text inside, as for the plain one
    *.gz) in_bytes=$(gzip -d -c "$file" | wc -c | tr -d ' ') ;;
    *.zst) in_bytes=$(zstd -q -d -c "$file" | wc -c | tr -d ' ') ;;
    esac
    record path "$size" "$name" "$label" "$in_bytes" "$n" "$MED" "$RSS" "$(fsize "$out")" "$ST" "${got:-0}" "$note"
    log "  $name @ $size: ${MED}s, $(awk -v r="$RSS" 'BEGIN { printf "%.1f", r / 1024 }') MB RSS${note:+ ($note)}"
}

runs_for() { if [ "$1" -ge 1000000 ]; then echo 1; else echo "$RUNS"; fi; }

# ---- the budget -----------------------------------------------------------------
PREV= PREV_N=
# predict KIND NAME SIZE: seconds from the previous size (empty if unknown)
predict() {
    [ -n "$PREV" ] || return 0
    m=$(get "$1" "$PREV" "$2" 7)
    [ -n "$m" ] && awk -v m="$m" -v a="$3" -v b="$PREV" 'BEGIN { printf "%.3f", m * a / b * 1.1 }'
}
# fits SECONDS: true if that much more still fits in the budget of this size
fits() { awk -v t="$(elapsed)" -v p="$1" -v lim="$LIMIT" 'BEGIN { exit !(t + p <= lim) }'; }
skip_job() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$SKIPS"; log "  skip $2 @ $1: $3"; }

# ---- one size -------------------------------------------------------------------
# ensure_gen SRC EXT: generates $C.EXT (timed) unless it exists; false if the
# budget has no room for it.  Its floors are measured right after.
ensure_gen() {
    [ -f "$C.$2" ] && return 0
    if [ -n "$PREV" ]; then
        p=$(predict gen "$1" "$N")
        if [ -z "$p" ] || ! fits "$p"; then
            skip_job "$N" "gen $1" "does not fit in the budget (predicted ${p:-?}s)"
            return 1
        fi
    fi
    case $1 in
    *+*) timed 1 "$WORK/gen.out" "$WORK/gen.err" "$GEN" -n "$N" -s "$SEED" -f "${1%+*}" -o "$C.$2" -z "${1#*+}" ;;
    *) timed 1 "$WORK/gen.out" "$WORK/gen.err" "$GEN" -n "$N" -s "$SEED" -f "$1" -o "$C.$2" ;;
    esac
    if [ "$ST" -ne 0 ]; then
        skip_job "$N" "gen $1" "gen_corpus failed: $(head -c 200 "$WORK/gen.err")"
        rm -f "$C.$2"
        return 1
    fi
    record gen "$N" "$1" "$1" "$(fsize "$C.$2")" 1 "$MED" "$RSS" 0 "$ST" "$N" ""
    log "gen $1 $N: ${MED}s, $(fsize "$C.$2") bytes"
    floors "$C.$2"
}

floors() { # FILE: cat > /dev/null and fread+memchr over it
    fl_b=$(basename "$1")
    timed "$R" /dev/null /dev/null cat "$1"
    record floor-cat "$N" "$fl_b" "$fl_b" "$(fsize "$1")" "$R" "$MED" "$RSS" 0 "$ST" 0 ""
    base_run "$R" floor-scan "$N" "$fl_b" "$fl_b" "$BASE" scan "$1"
}

bench_size() {
    N=$1
    R=$(runs_for "$N")
    C=$CORPUS/c$N
    if [ -z "$PREV" ]; then
        LIMIT=1e9 # the first size always runs in full
    elif [ "$N" = "$LAST_SIZE" ]; then
        LIMIT=$((BUDGET - 15))
    else
        LIMIT=$(awk -v t="$(elapsed)" -v b="$BUDGET" 'BEGIN { print t + (b - 15 - t) * 0.45 }')
    fi
    log "size $N: runs $R, budget until ${LIMIT}s"
    rm -f "$C".*

    # with the runs asked for, does every path fit?  else one run each
    if [ -n "$PREV" ] && [ "$R" -gt 1 ]; then
        tot=$(awk -F'\t' -v s="$PREV" -v a="$N" -v r="$R" '$2 == s && ($1 == "path" || $1 ~ /^(base|floor)/) { t += $7 } END { printf "%.1f", t * a / s * 1.1 * r }' "$DATA")
        if ! fits "$tot"; then
            skip_job "$N" "runs" "1 run per job instead of $R (all jobs with $R runs: predicted ${tot}s)"
            R=1
        fi
    fi

    # jobs in priority order: PRIO PREDICTED LABEL READER SUFFIX SOURCE WRITER
    while read -r label rd suffix src; do
        for wr in $WRITERS; do
            case $label in *.gz | *.zst) # compressed input: what decompressing adds, on two writers
                case $wr in bibtex | csljsonl) ;; *) continue ;; esac ;;
            esac
            p=$(predict path "$label>$wr" "$N")
            if [ -n "$PREV" ] && [ -z "$p" ]; then
                skip_job "$N" "$label>$wr" "not measured at $PREV records (no prediction)"
                continue
            fi
            echo "$label $rd $suffix $src $wr ${p:-0}"
        done
    done < "$WORK/inputs" > "$WORK/cands"
    {
        # 1: listing -> every writer (they also make the converted inputs)
        awk '$1 == "listing" { print 1, $6, $1, $2, $3, $4, $5 }' "$WORK/cands"
        # 2: the paths the results being replaced measured at this size; 3: the
        # cheapest path of every other input; 4: the rest, cheapest first
        awk -v n="$N" 'FILENAME == ARGV[1] { if ($2 == n) ref[$1] = 1; next }
             $1 != "listing" { j = $1 " " $2 " " $3 " " $4 " " $5; all[NR] = j; c[NR] = $6; in_[NR] = $1
                               r[NR] = ($1 ">" $5) in ref
                               if (!($1 in bp) || $6 < bp[$1]) { best[$1] = NR; bp[$1] = $6 } }
             END { for (i in all) print (r[i] ? 2 : best[in_[i]] == i ? 3 : 4), c[i], all[i] }' "$REF" "$WORK/cands"
    } | sort -k1,1n -k2,2g > "$WORK/jobs"

    while read -r prio pred label rd suffix src wr; do
        file=$C.$suffix
        # what this job needs first: its generated input, its library baseline
        gsrc= bk= extra=
        case $src in
        gen:*) gsrc=${src#gen:}
            [ -f "$file" ] || extra="$extra $(predict gen "$gsrc" "$N")" ;;
        conv:*) [ -f "$file" ] || { skip_job "$N" "$label>$wr" "no $label input at this size (listing>${src#conv:} did not run)"; continue; } ;;
        esac
        case $label in *.gz | *.zst) ;; atom | rss) bk=base-xml ;; json-*) bk=base-jansson ;; esac
        if [ -n "$bk" ] && [ -z "$(get "$bk" "$N" "$label" 7)" ]; then
            extra="$extra $(predict "$bk" "$label" "$N")"
        else
            bk=
        fi
        [ "$wr" = yaml ] && extra="$extra $(predict base-yamlemit-wall "$label>yaml" "$N")"
        [ "$wr" = csljson ] && extra="$extra $(predict base-janssondump-wall "$label>csljson" "$N")"
        if [ -n "$PREV" ]; then
            total=$(echo "$pred $extra" | awk '{ for (i = 1; i <= NF; i++) t += $i; print t }')
            if ! fits "$total"; then
                skip_job "$N" "$label>$wr" "does not fit in the budget (predicted ${total}s with its input and baseline)"
                continue
            fi
        elif [ "$prio" -ge 4 ] && ! awk -v t="$(elapsed)" -v b="$BUDGET" -v f="$FIRST_SHARE" 'BEGIN { exit !(t <= b * f) }'; then
            # the first size runs the first three kinds in full, the rest
            # while the run is within FIRST_SHARE of the budget
            skip_job "$N" "$label>$wr" "does not fit in the budget (the first size's share of it is used)"
            continue
        fi
        if [ -n "$gsrc" ]; then ensure_gen "$gsrc" "$suffix" || continue; fi
        case $bk in
        base-xml) base_run "$R" base-xml "$N" "$label" "$label" "$BASE" xmlwalk "$file" ;;
        base-jansson) base_run "$R" base-jansson "$N" "$label" "$label" "$BASE" jansson "$file" ;;
        esac
        run_path "$R" "$N" "$label" "$rd" "$file" "$wr"
        if [ "$ST" -eq 0 ] && [ "$wr" = yaml ]; then
            # libyaml alone emitting the events of this very output
            tw0=$(now_ms)
            base_run "$R" base-yamlemit "$N" "$label>yaml" "$label" "$BASE" yamlemit "$WORK/out.yaml"
            tw=$(($(now_ms) - tw0))
            record base-yamlemit-wall "$N" "$label>yaml" "$label" 0 1 "$((tw / 1000)).$(printf %03d $((tw % 1000)))" 0 0 0 0 ""
        fi
        if [ "$ST" -eq 0 ] && [ "$wr" = csljson ]; then
            # jansson alone dumping the items of this very output
            tw0=$(now_ms)
            base_run "$R" base-janssondump "$N" "$label>csljson" "$label" "$BASE" janssondump "$WORK/out.csljson"
            tw=$(($(now_ms) - tw0))
            record base-janssondump-wall "$N" "$label>csljson" "$label" 0 1 "$((tw / 1000)).$(printf %03d $((tw % 1000)))" 0 0 0 0 ""
        fi
        if [ "$ST" -eq 0 ] && [ "$label" = listing ] && grep -q "^$wr $wr conv.$wr conv:$wr\$" "$WORK/inputs"; then
            mv "$WORK/out.$wr" "$C.conv.$wr" # the input of the $wr reader
            floors "$C.conv.$wr"
            [ "$N" = "$FIRST_SIZE" ] && [ "$wr" = bibtex ] && [ $PEERS = 1 ] && start_peers
        fi
        rm -f "$WORK/out.$wr"
    done < "$WORK/jobs"
    PREV=$N
}

# ---- -j: worker threads (issue 25) ----------------------------------------------
# The JSON Lines, JSON array, RIS, BibTeX, MEDLINE, EndNote XML, MODS,
# Word XML, Atom, RSS and Scopus CSV inputs read with -j 1
# and -j 2 in the same run, side by side (kind "jobs"); at the first size of
# 100 000 records or more.  (BibTeX to BibTeX is kept as written, read in one piece: BibTeX
# goes to csljson and ris.)
JOBS_DONE=
run_jobs() {
    # every input's first writer before any second one, so that a budget
    # that runs short drops second writers first
    for pass in 1 2; do
    for spec in "json-arxiv json jsonl bibtex csljson" "json-csl json json bibtex csljson" \
        "ris ris conv.ris bibtex csljson" "bibtex bibtex conv.bibtex csljson ris" \
        "nbib nbib conv.nbib bibtex csljson" "endnotexml endnotexml conv.endnotexml bibtex csljson" \
        "mods mods conv.mods bibtex csljson" "wordbib wordbib conv.wordbib bibtex csljson" \
        "atom atom atom bibtex" "rss atom rss bibtex" "scopuscsv scopuscsv csv bibtex"; do
        set -- $spec
        jb_label=$1 jb_rd=$2 jb_file=$C.$3
        if [ "$pass" = 1 ]; then wr=$4; else wr=${5:-}; fi
        [ -n "$wr" ] || continue
        [ -f "$jb_file" ] || { [ "$pass" = 2 ] || skip_job "$N" "$jb_label -j 2" "no $jb_label input at this size"; continue; }
        p=$(get path "$N" "$jb_label>$wr" 7)
        if [ -n "$p" ] && ! fits "$(awk -v p="$p" 'BEGIN { print p * 2.2 * '"$R"' }')"; then
            skip_job "$N" "$jb_label>$wr -j 1/-j 2" "does not fit in the budget"
            continue
        fi
        for j in 1 2; do
            timed "$R" "$WORK/out.jobs" "$WORK/err" "$PC" -j "$j" -f "$jb_rd" "$jb_file" -t "$wr"
            record jobs "$N" "$jb_label>$wr -j $j" "$jb_label" "$(fsize "$jb_file")" "$R" "$MED" "$RSS" "$(fsize "$WORK/out.jobs")" "$ST" "$N" ""
            log "  $jb_label>$wr -j $j @ $N: ${MED}s"
        done
        rm -f "$WORK/out.jobs"
    done
    done
    JOBS_DONE=1
}

# ---- peers (first size only, one run each, they are slow) ------------------------
# They run in the background on the second core while the benchmark goes on
# (one core per process either way), into their own data file.
PEER_TIMEOUT=${PEER_TIMEOUT:-400}
peer() { # NAME OURS-PATH FILE SHELL-COMMAND ($1 in it is FILE)
    name=$1 ours=$2 file=$3 cmd=$4
    if [ ! -f "$file" ]; then
        record peer "$N" "$name" "$ours" 0 0 0 0 0 0 0 "no input (our writer for it is missing)"
        return
    fi
    # at most PEER_TIMEOUT, and never past the end of the budget
    to=$(awk -v b="$BUDGET" -v t="$(elapsed)" -v m="$PEER_TIMEOUT" 'BEGIN { x = b - 10 - t; if (x > m) x = m; if (x < 5) x = 5; printf "%d", x }')
    timed 1 "$WORK/peer.out" "$WORK/peer.err" $PIN timeout "$to" sh -c "$cmd" sh "$file"
    note=
    [ "$ST" -eq 124 ] && note="timed out after ${to}s (the budget)"
    [ "$ST" -ne 0 ] && [ "$ST" -ne 124 ] && note="exit $ST: $(head -c 120 "$WORK/peer.err" | tr '\t\n' '  ')"
    record peer "$N" "$name" "$ours" "$(fsize "$file")" 1 "$MED" "$RSS" "$(fsize "$WORK/peer.out")" "$ST" 0 "$note"
    log "  peer $name @ $N: ${MED}s"
    rm -f "$WORK/peer.out"
}
run_peers() {
    if command -v bib2xml > /dev/null && command -v xml2ris > /dev/null; then
        peer "bibutils bib2xml FILE, piped to xml2ris" "bibtex>ris" "$C.conv.bibtex" 'bib2xml "$1" 2>/dev/null | xml2ris 2>/dev/null'
    else
        record peer "$N" "bibutils bib2xml FILE, piped to xml2ris" "bibtex>ris" 0 0 0 0 0 0 0 "not installed"
    fi
    if command -v pandoc > /dev/null; then
        peer "pandoc -f bibtex -t csljson FILE" "bibtex>csljson" "$C.conv.bibtex" 'pandoc -f bibtex -t csljson "$1"'
    else
        record peer "$N" "pandoc -f bibtex -t csljson FILE" "bibtex>csljson" 0 0 0 0 0 0 0 "not installed"
    fi
    # citation-js only if already installed (this script never installs it)
    cjs=$(command -v citation-js || { [ -x "$ROOT/node_modules/.bin/citation-js" ] && echo "$ROOT/node_modules/.bin/citation-js"; })
    if [ -n "$cjs" ]; then
        peer "citation-js -i FILE -s bibtex" "json-csl>bibtex" "$C.json" "\"$cjs\""' -i "$1" -f string -s bibtex'
    else
        record peer "$N" "citation-js -i FILE -s bibtex" "json-csl>bibtex" 0 0 0 0 0 0 0 "not installed"
    fi
}
# the peers get the last core to themselves (pandoc's runtime would spread
# over both), our paths are left to the scheduler
PIN=
if command -v taskset > /dev/null && [ "$(nproc)" -ge 2 ]; then PIN="taskset -c $(($(nproc) - 1))"; fi
start_peers() {
    log "  peers start in the background on $C.conv.bibtex"
    ( DATA=$WORK/peers.tsv; run_peers ) < /dev/null &
    PEER_PID=$!
}

# ---- profile: where the slowest paths spend their time ---------------------------
run_profile() {
    N=$1 C=$CORPUS/c$1
    : > "$WORK/profile"
    if ! perf record -q -e cpu-clock -o "$WORK/perf.test" true > /dev/null 2>&1; then
        echo "perf is not available here: no profile (valgrind --tool=callgrind works the same way, slower)." > "$WORK/profile"
        return
    fi
    # the three paths with the lowest input MB/s
    awk -F'\t' -v s="$N" '$1 == "path" && $2 == s && $7 > 0 { print $5 / $7, $3 }' "$DATA" | sort -g | head -n 3 |
        while read -r rate name; do
            label=${name%>*} wr=${name#*>}
            set -- $(grep "^$label " "$WORK/inputs")
            log "  profile $name"
            perf record -q -e cpu-clock -F 4999 -o "$WORK/perf.data" "$PC" -j 1 -q -f "$2" "$C.$3" -t "$wr" > /dev/null 2>&1
            {
                printf '\n#### %s (%s records, %.1f MB/s)\n\n| self %% | function | object |\n|---:|---|---|\n' "$name" "$N" "$(awk -v r="$rate" 'BEGIN { print r / 1e6 }')"
                perf report -q -i "$WORK/perf.data" --stdio --no-children --sort sym,dso -t '|' 2> /dev/null |
                    awk -F'|' 'NF >= 3 { gsub(/^ +| +$/, "", $1); sub(/^\[[.k]\] /, "", $2); gsub(/^ +| +$/, "", $2); gsub(/ +$/, "", $3)
                                         print "| " $1 " | `" $2 "` | " $3 " |" }' | head -n 12
            } >> "$WORK/profile"
        done
}

# ---- the record operations (issue 22) --------------------------------------------
# run_ops SIZE: bibtex -> bibtex with --dedupe, --dedupe=fuzzy, --cited (an
# .aux citing every other key) and --sort=author,-year, on the converted
# BibTeX corpus; kind "ops", beside the plain bibtex>bibtex path.
run_ops() {
    N=$1 file=$CORPUS/c$1.conv.bibtex
    [ -f "$file" ] || { skip_job "$N" "ops" "no bibtex input at this size"; return; }
    sed -n 's/^@[A-Za-z]*{\([^,]*\),$/\1/p' "$file" | awk 'NR % 2 { print "\\citation{" $0 "}" }' > "$WORK/ops.aux"
    for op in --dedupe --dedupe=fuzzy "--cited=$WORK/ops.aux" --sort=author,-year; do
        name="bibtex>bibtex ${op%%=$WORK/*}"
        p=$(predict ops "$name" "$N")
        [ -n "$p" ] || p=$(predict path "bibtex>bibtex" "$N")
        if [ -n "$PREV" ] && { [ -z "$p" ] || ! fits "$(awk -v p="$p" 'BEGIN { print p * 2 }')"; }; then
            skip_job "$N" "$name" "does not fit in the budget"
            continue
        fi
        timed "$(runs_for "$N")" "$WORK/out.ops" "$WORK/err" "$PC" -v -f bibtex "$file" -t bibtex "$op"
        got=$(sed -n 's/^paperconv: [0-9]* record(s) read, \([0-9]*\) written.*/\1/p' "$WORK/err" | tail -n 1)
        note=
        [ "$ST" -ne 0 ] && note="exit $ST: $(grep -m1 -E 'error' "$WORK/err" | head -c 160)"
        record ops "$N" "$name" bibtex "$(fsize "$file")" "$(runs_for "$N")" "$MED" "$RSS" "$(fsize "$WORK/out.ops")" "$ST" "${got:-0}" "$note"
        log "  $name @ $N: ${MED}s, $(awk -v r="$RSS" 'BEGIN { printf "%.1f", r / 1024 }') MB RSS${note:+ ($note)}"
    done
}

# ---- the CSL processor (issue 24): bench/citeproc.sh's table ---------------------
# APA at 10 000 and 100 000 records with citeproc-js beside it at 10 000 (about
# a minute, most of it citeproc-js, taken from the budget after the first
# size); --smoke: 200 records, no citeproc-js
run_citeproc() {
    sizes="10000 100000" js=10000
    [ $SMOKE = 1 ] && sizes=200 js=0
    [ -f /usr/share/citation-style-language/styles/apa.csl ] || {
        echo "Not run: no APA style (citation-style-language-styles)." > "$WORK/citeproc.md"
        return
    }
    log "the CSL processor: $sizes"
    # shellcheck disable=SC2086
    env -u PAPERCONV_JOBS PAPERCONV=$PC GEN_CORPUS=$GEN OUT=$WORK/citeproc JS_MAX=$js sh "$ROOT/bench/citeproc.sh" $sizes \
        > "$WORK/citeproc.md" 2> "$WORK/citeproc.err" ||
        echo "bench/citeproc.sh failed: $(head -c 300 "$WORK/citeproc.err")" >> "$WORK/citeproc.md"
}

# ---- run ------------------------------------------------------------------------
# the path table is the one-core figure, as before paperconv's default became
# every core (7e3182e): the -j rows pass -j themselves; the peers run beside it
export PAPERCONV_JOBS=1
log "paperconv: $PC; readers: $READERS; writers: $WRITERS; sizes: $SIZES"
FIRST_SIZE=$(for s in $SIZES; do echo "$s"; done | head -n 1)
for N in $SIZES; do
    bench_size "$N"
    run_ops "$N"
    if [ -z "$JOBS_DONE" ] && [ "$N" -ge "${JOBS_MIN:-100000}" ]; then run_jobs; fi
    if [ "$N" = "$FIRST_SIZE" ] && [ $PROFILE = 1 ]; then run_profile "$N"; fi
    if [ "$N" = "$FIRST_SIZE" ]; then run_citeproc; fi
done
if [ -n "$PEER_PID" ]; then
    log "waiting for the peers"
    wait "$PEER_PID"
fi
[ -f "$WORK/peers.tsv" ] && cat "$WORK/peers.tsv" >> "$DATA"
log "writing $OUT"
. "$ROOT/bench/report.sh" > "$OUT.tmp" && mv "$OUT.tmp" "$OUT"
log "done"
