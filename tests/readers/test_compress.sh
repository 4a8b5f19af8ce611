#!/bin/sh
# SPDX-License-Identifier: MIT
# test_compress.sh — compressed input and output (issue 25): gzip, zstd and
# xz inputs told by their magic number, on files, standard input and
# memory, read as the plain text would be (the format by the extension
# inside, refs.ris.gz, or by the content); concatenated streams read as
# one; a stream cut short, damaged or followed by other bytes an error at
# its place in the decompressed text that fails the input as a whole; a
# bomb-ish ratio (1 000:1) read in bounded memory; -o FILE.gz / .zst / .xz
# written compressed, atomic and deterministic.
. "$(dirname "$0")/../lib.sh"
cd "$T" || exit 1

# codec EXT COMMAND: the codecs, their extensions and their compressors
codecs="gz:gzip zst:zstd xz:xz"
for c in $codecs; do
    tool=${c#*:}
    command -v "$tool" >/dev/null 2>&1 || { skip "compressed input" "no $tool (apt-get install gzip zstd xz-utils)"; exit 0; }
done
zip() { case $1 in gz) gzip -n -c ;; zst) zstd -q -c ;; xz) xz -c ;; esac; }
unzip() { case $1 in gz) gzip -d -c ;; zst) zstd -q -d -c ;; xz) xz -d -c ;; esac; }

printf '@article{doe2000,\n  title = {First},\n  author = {Doe, Jane},\n  year = 2000}\n\n' > a.bib
printf '@book{roe2001,\n  title = {Second},\n  author = {Roe, Richard},\n  year = 2001}\n' > b.bib
printf 'TY  - JOUR\nTI  - Third\nAU  - Poe, Edgar\nPY  - 2002\nER  - \n' > c.ris
cat a.bib b.bib > ab.bib
$PC ab.bib -t bibtex > ab.out 2>/dev/null
$PC c.ris -t bibtex > c.out 2>/dev/null

for c in $codecs; do
    ext=${c%%:*}
    zip "$ext" < ab.bib > ab.bib.$ext
    zip "$ext" < c.ris > c.ris.$ext
    zip "$ext" < c.ris > noext.$ext
    { zip "$ext" < a.bib; zip "$ext" < b.bib; } > cat.bib.$ext

    exit_is "$ext: a file: exit 0" 0 $PCW ab.bib.$ext -t bibtex
    same "$ext: a file: as the plain file" ab.out "$T/stdout"
    exit_is "$ext: the format by the extension inside (.ris.$ext): exit 0" 0 $PCW -v c.ris.$ext -t bibtex
    same "$ext: .ris.$ext: as the plain file" c.out "$T/stdout"
    contains "$ext: .ris.$ext: -v says the extension" "$T/stderr" "read as ris (extension .ris.$ext)"
    exit_is "$ext: the format by the content inside: exit 0" 0 $PCW -v noext.$ext -t bibtex
    same "$ext: by content: as the plain file" c.out "$T/stdout"
    contains "$ext: by content: -v says so" "$T/stderr" "read as ris (content)"
    $PCW -t bibtex < ab.bib.$ext > stdin.out 2> stdin.err
    same "$ext: standard input: as the plain file" ab.out stdin.out
    exit_is "$ext: concatenated streams: exit 0" 0 $PCW cat.bib.$ext -t bibtex
    same "$ext: concatenated streams: both read" ab.out "$T/stdout"
    cat cat.bib.$ext | $PCW -t bibtex > stdin.out 2> stdin.err
    same "$ext: concatenated streams on standard input: both read" ab.out stdin.out

    # cut short: the first record is written, the error is at the place in
    # the decompressed text where the data stops, the input failed
    size=$(wc -c < cat.bib.$ext)
    head -c $((size - 20)) cat.bib.$ext > cut.bib.$ext
    exit_is "$ext: cut short: exit 1" 1 $PCW cut.bib.$ext -t bibtex
    contains "$ext: cut short: the error names the place" "$T/stderr" "cut.bib.$ext:"
    if grep -q "^paperconv: cut.bib.$ext:[0-9]*:[0-9]*: error: the .* data is cut short" "$T/stderr"; then
        pass "$ext: cut short: FILE:LINE:COL: error: ... cut short"
    else
        fail "$ext: cut short: FILE:LINE:COL: error: ... cut short" "$(cat "$T/stderr")"
    fi
    exit_is "$ext: cut short --keep-going: still exit 1 (the input failed)" 1 $PCW cut.bib.$ext -t bibtex --keep-going
    echo OLD > old.bib
    exit_is "$ext: cut short, -o: exit 1" 1 $PCW cut.bib.$ext -o old.bib
    check "$ext: cut short, -o: old file intact" [ "$(cat old.bib)" = OLD ]
    check "$ext: cut short, -o: no temp file" [ -z "$(ls -A | grep '^\.paperconv')" ]
    # followed by bytes that are not the codec's
    { cat ab.bib.$ext; printf 'garbage after the data\n'; } > trail.bib.$ext
    exit_is "$ext: bytes after the data: exit 1" 1 $PCW trail.bib.$ext -t bibtex
    contains "$ext: bytes after the data: said" "$T/stderr" "trail.bib.$ext:10:1: error: the"
    same "$ext: bytes after the data: the records before are written" ab.out "$T/stdout"

    # -o FILE.EXT: compressed, the format from the extension inside
    exit_is "$ext: -o out.bib.$ext: exit 0" 0 $PCW ab.bib -o out.bib.$ext
    unzip "$ext" < out.bib.$ext > out.plain
    same "$ext: -o out.bib.$ext: decompresses to the plain output" ab.out out.plain
    cp out.bib.$ext first.$ext
    $PCW ab.bib -o out.bib.$ext 2>/dev/null
    check "$ext: -o out.bib.$ext: the same bytes again" cmp -s first.$ext out.bib.$ext
    exit_is "$ext: -o with -t: exit 0" 0 $PCW c.ris -t bibtex -o out2.$ext
    unzip "$ext" < out2.$ext > out.plain
    same "$ext: -o out2.$ext -t bibtex: decompresses to the plain output" c.out out.plain
    exit_is "$ext: a compressed output read back: exit 0" 0 $PCW out.bib.$ext -t bibtex
    same "$ext: a compressed output read back: the same records" ab.out "$T/stdout"
    exit_is "$ext: a bad input, -o out.bib.$ext: exit 1" 1 $PCW cut.bib.$ext -o out.bib.$ext
    check "$ext: a bad input, -o out.bib.$ext: old file intact" cmp -s first.$ext out.bib.$ext
done

# damaged in the middle: gzip's CRC, zstd's and xz's checks
python3 - <<'EOF'
import gzip
data = b"".join(b"@misc{k%d, title = {Title number %d}, year = 2000}\n" % (i, i) for i in range(2000))
z = bytearray(gzip.compress(data, mtime=0))
z[len(z) // 2] ^= 0xFF
open("bad.bib.gz", "wb").write(bytes(z))
EOF
exit_is "gz: damaged: exit 1" 1 $PCW bad.bib.gz -t bibtex
if grep -q "^paperconv: bad.bib.gz:[0-9]*:[0-9]*: error: the gzip data is damaged" "$T/stderr"; then
    pass "gz: damaged: FILE:LINE:COL: error: the gzip data is damaged"
else
    fail "gz: damaged: FILE:LINE:COL: error: the gzip data is damaged" "$(head -c 400 "$T/stderr")"
fi

# a ratio of about 1 000:1 (100 MB of blank lines, then an entry) is read in
# bounded memory (ulimit -v but for ASan) and in time
head -c 100000000 /dev/zero | tr '\0' '\n' > blank.txt
{ cat blank.txt a.bib; } | gzip -1 -n -c > bomb.bib.gz
rm -f blank.txt
if [ -n "${PREFIX:-}" ]; then
    timeout 300 $PC bomb.bib.gz -t bibtex > bomb.out 2> bomb.err
else
    (ulimit -v 200000 && exec timeout 60 $PC bomb.bib.gz -t bibtex) > bomb.out 2> bomb.err
fi
rc=$?
check "gzip bomb-ish ratio (100 MB from $(($(wc -c < bomb.bib.gz) / 1024)) KB): exit 0 in bounded memory (rc $rc)" [ $rc -eq 0 ]
contains "gzip bomb-ish ratio: the entry after it read" bomb.out "@article{doe2000,"
