# SPDX-License-Identifier: MIT
# test_lines.sh — line ends, byte-order marks and the line length limit of
# the line-based readers (listing, RIS; src/io/source.c pc_lines), issue 12:
#  - CR-only (old Mac, old EndNote) and CRLF files give the records and the
#    messages, at the same line:column, of their LF original;
#  - a UTF-8 BOM at the start of any line is skipped (cat a.txt b.txt of
#    two BOM'd files loses no record), and positions count from the file's
#    real first line;
#  - /dev/zero and a line over the 16 MB limit end with exit 1 and a
#    positioned message, under a time and memory bound, never an abort.
# Oracles: the LF original's conversion (tr makes the variants), and
# record counts and positions computed from the fixtures with grep/wc.
. "$ROOT/tests/lib.sh"
D="$ROOT/tests/data"
cd "$T" || exit 1

# conv FILE OUT [options]: BibTeX output, messages with the file name as "F"
conv() {
    c_in=$1 c_out=$2; shift 2
    $PCW "$c_in" -t bibtex --unicode "$@" > "$c_out" 2> "$c_out.err"
    echo $? > "$c_out.rc"
    sed "s|$c_in|F|g" "$c_out.err" > "$c_out.msg"
}
same_conv() { # NAME A B
    if cmp -s "$2" "$3" && cmp -s "$2.msg" "$3.msg" && cmp -s "$2.rc" "$3.rc"; then
        pass "$1"
    else
        fail "$1" "status $(cat "$2.rc") vs $(cat "$3.rc")" "$(diff "$2" "$3" | head -n 6)" \
            "$(diff "$2.msg" "$3.msg" | head -n 6)"
    fi
}
# bounded COMMAND...: 20 s and 1 GB of address space (ASan: 60 s, no bound)
bounded() {
    if [ -n "$PREFIX" ]; then
        timeout 60 "$@"
    else
        (ulimit -v 1000000; timeout 20 "$@")
    fi
}

# --- CR, LF, CRLF ----------------------------------------------------------
for f in "$D/ris-bad-utf8.ris" "$D/ris-tolerant.ris" "$D/listing-bad.txt" "$D/listing-names.txt" \
         "$ROOT/samples/latest-parallel-computing.fr.txt"; do
    b=$(basename "$f")
    ext=${b##*.}
    tr -d '\r' < "$f" > "lf.$ext"
    tr '\n' '\r' < "lf.$ext" > "cr.$ext"
    sed 's/$/\r/' "lf.$ext" > "crlf.$ext"
    conv "lf.$ext" lf.out
    check "$b: the CR-only variant has no LF" [ "$(tr -cd '\n' < "cr.$ext" | wc -c)" -eq 0 ]
    conv "cr.$ext" cr.out
    same_conv "$b with CR line ends: same records and messages (line:column) as LF" lf.out cr.out
    conv "crlf.$ext" crlf.out
    same_conv "$b with CRLF line ends: same records and messages as LF" lf.out crlf.out
done
# the positions themselves, from the fixture: the bad byte's line in the file
tr -d '\r' < "$D/ris-bad-utf8.ris" | tr '\n' '\r' > cr.ris
conv cr.ris cr.out
line=$(grep -n "$(printf '\377')" "$D/ris-bad-utf8.ris" | cut -d: -f1)
contains "CR-only RIS: the invalid byte reported on its own line ($line)" cr.out.err "cr.ris:$line:11: warning: invalid UTF-8 byte 0xFF"
want=$(grep -c '^TY  - ' "$D/ris-bad-utf8.ris")
check "CR-only RIS: one record per TY ($want)" [ "$(grep -c '^@' cr.out)" -eq $want ]
check "CR-only RIS: no garbage GEN record" sh -c "! grep -qi 'unknown RIS type' cr.out.err"
# a CR inside a LF file is a line end too (a CR-only file joined to another)
printf 'TY  - JOUR\nTI  - One\rER  - \rTY  - BOOK\nTI  - Two\nER  - \n' > mixed.ris
conv mixed.ris mixed.out
check "a CR among LF lines ends a line: 2 records" [ "$(grep -c '^@' mixed.out)" -eq 2 ]

# --- byte-order marks at line starts ---------------------------------------
bom=$(printf '\357\273\277')
# (a listing has no end-of-record mark: the second copy's heading line is
# read into the first copy's last record, so listing-bad.txt is counted
# only; the sample's messages come before its last record)
# a listing that starts with its first record: the second copy's BOM is
# right before a bullet
sed -n '/^\xE2\x80\xA2 /,$p' "$ROOT/samples/latest-parallel-computing.fr.txt" > records-only.txt
for f in "$D/listing-bad.txt" "$D/ris-tolerant.ris" "$ROOT/samples/latest-parallel-computing.fr.txt" records-only.txt; do
    b=$(basename "$f")
    ext=${b##*.}
    { printf '%s' "$bom"; sed "1s/^$bom//" "$f" | awk 1; } > one.$ext # awk: a final newline
    cat one.$ext one.$ext > two.$ext
    conv one.$ext one.out
    conv two.$ext two.out --rekey
    conv one.$ext one2.out --rekey
    n1=$(grep -c '^@' one2.out)
    check "$b: cat of two BOM'd copies gives every record twice ($((2 * n1)))" [ "$(grep -c '^@' two.out)" -eq $((2 * n1)) ]
    # the second copy's messages are the first's, moved down by its line count
    lines=$(wc -l < one.$ext)
    [ "$b" = listing-bad.txt ] && continue
    awk -v n="$lines" -F: 'BEGIN { OFS = ":" }
        $2 == " F" && $3 ~ /^[0-9]+$/ {
            print; $3 += n
            if (match($0, /\(line [0-9]+\)/)) # "no ER line before the next TY (line 33)"
                $0 = substr($0, 1, RSTART + 5) (substr($0, RSTART + 6, RLENGTH - 7) + n) substr($0, RSTART + RLENGTH - 1)
            print; next }
        { print }' one2.out.msg | sort > want.msg
    sort two.out.msg > got.msg
    same "$b: cat of two BOM'd copies: the second copy's positions are its own lines" want.msg got.msg
done
printf '\342\200\242 Title with a \357\273\277 zero-width no-break space\n\n  A B \302\267 2 octobre 2026\n' > zw.txt
conv zw.txt zw.out
check "U+FEFF inside a line is kept as text" grep -q "$(printf 'a \357\273\277 zero')" zw.out

# --- the line length limit ------------------------------------------------------
for fmt in listing ris; do
    bounded $PCW /dev/zero -f $fmt -t bibtex > zero.out 2> zero.err
    rc=$?
    check "/dev/zero -f $fmt: exit 1 within the bounds (got $rc)" [ $rc -eq 1 ]
    contains "/dev/zero -f $fmt: the line limit named at its position" zero.err \
        "/dev/zero:1:1: error: line longer than 16 MB (the limit)"
    check "/dev/zero -f $fmt: nothing alarming on stderr" sh -c "! grep -qE 'Sanitizer|runtime error|out of memory' zero.err"
done
# a long line after a good record: that record kept, the error on the right line
{ printf 'TY  - JOUR\r\nTI  - Kept\r\nER  - \r\nTY  - JOUR\r\nAB  - '; head -c 17000000 /dev/zero | tr '\0' 'x'; printf '\r\nER  - \r\n'; } > long.ris
bounded $PCW long.ris -t bibtex > long.out 2> long.err
rc=$?
check "17 MB RIS line: exit 1 ($rc)" [ $rc -eq 1 ]
contains "17 MB RIS line: error at its line" long.err "long.ris:5:1: error: line longer than 16 MB"
contains "17 MB RIS line: the record before it is converted" long.out "title = {Kept}"
{ printf '\342\200\242 Kept\n\n  A B \302\267 2 octobre 2026\n\n\342\200\242 '; head -c 17000000 /dev/zero | tr '\0' 'x'; printf '\n'; } > long.txt
bounded $PCW long.txt -t bibtex > long.out 2> long.err
rc=$?
check "17 MB listing line: exit 1 ($rc)" [ $rc -eq 1 ]
contains "17 MB listing line: error at its line" long.err "long.txt:5:1: error: line longer than 16 MB"
contains "17 MB listing line: the record before it is converted" long.out "title = {Kept}"
