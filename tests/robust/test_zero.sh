# SPDX-License-Identifier: MIT
# test_zero.sh — `paperconv /dev/zero -f READER` for every reader (issue 12):
# an endless stream of NUL bytes is an error at once (exit 1, a message
# naming 1:1), never an abort, a signal, an endless read or a memory
# blow-up (1 GB of address space at most outside ASan).
. "$ROOT/tests/lib.sh"
[ -r /dev/zero ] || { skip "/dev/zero" "no /dev/zero here"; exit 0; }
limit=
grep -q __asan_init "$PC" 2>/dev/null || limit="ulimit -v 1000000;"
for f in $("$PC" --list-formats | awk 'NR > 1 && $2 == "yes" { print $1 }'); do
    sh -c "$limit timeout 30 \"\$0\" /dev/zero -f $f -t bibtex" "$PC" > /dev/null 2> "$T/err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q '^paperconv: /dev/zero:1:1: error: ' "$T/err"; then
        pass "/dev/zero -f $f: exit 1 with a message at 1:1"
    else
        fail "/dev/zero -f $f: exit 1 with a message at 1:1" "exit $rc (124 = still reading after 30 s, >128 = a signal)" \
            "$(head -c 300 "$T/err")"
    fi
done
