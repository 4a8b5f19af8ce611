# SPDX-License-Identifier: MIT
# test_process.sh — process manners of -o (issue 12): inherited ignored
# signals stay ignored, closed standard descriptors, every terminating
# signal and `ulimit -f` leave no temp file and the old file intact, a
# dangling symlink keeps being a symlink, the replaced file keeps its
# owner, group and mode.
. "$ROOT/tests/lib.sh"
S="$ROOT/samples/latest-parallel-computing.fr.txt"
cd "$T" || exit 1
$PC "$S" -t bibtex > want.bib 2>/dev/null
$PC "$S" -t csljson > want.json 2>/dev/null
no_temp() { [ -z "$(ls -A | grep '^\.paperconv')" ]; }
clean() { rm -f .paperconv-*; } # so that each case is judged alone
ulimit -c 0 # SIGQUIT and SIGABRT would dump core

# slow_start [ENV...] -- ARGS: paperconv reading the FIFO slow.fifo in the
# background (pid in $pid), with ARGS; waits until its temp file exists.
# The FIFO stays open on descriptor 3 until slow_stop.
mkfifo slow.fifo
slow_start() {
    "$@" &
    pid=$!
    exec 3> slow.fifo
    head -c 20000 "$S" >&3
    i=0
    while ! ls -A | grep -q '^\.paperconv' && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
}
slow_stop() { # [REST]: writes REST to the FIFO, closes it, waits; status in $st
    [ -n "${1:-}" ] && tail -c +20001 "$S" >&3
    exec 3>&-
    wait $pid
    st=$?
}

# -- an ignored signal stays ignored (nohup, trap '' HUP) ----------------
for sig in HUP INT; do
    clean
    echo OLD > ign.bib
    slow_start sh -c "trap '' $sig; exec $PC slow.fifo -f listing -t bibtex -o ign.bib"
    kill -"$sig" $pid
    sleep 0.3
    alive=no
    kill -0 $pid 2>/dev/null && alive=yes
    slow_stop rest
    check "ignored SIG$sig: still running after it ($alive)" [ $alive = yes ]
    check "ignored SIG$sig: exit 0 ($st)" [ $st -eq 0 ]
    same "ignored SIG$sig: output written" want.bib ign.bib
    check "ignored SIG$sig: no temp file left" no_temp
done

# -- every signal whose default ends the process: clean up, die of it -----
for sig in HUP INT QUIT TERM USR1 USR2 ALRM PIPE VTALRM PROF XCPU ABRT RTMIN; do
    clean
    echo OLD > sig.bib
    slow_start env --default-signal $PC slow.fifo -f listing -t bibtex -o sig.bib
    had=$(ls -A | grep -c '^\.paperconv')
    kill -"$sig" $pid
    slow_stop
    got=$(kill -l $st 2>/dev/null)
    if [ "$had" -eq 1 ] && [ "$got" = "$sig" ] && [ "$(cat sig.bib)" = OLD ] && no_temp; then
        pass "SIG$sig during -o: died of it ($st), old file intact, no temp file"
    else
        fail "SIG$sig during -o" "temp file while running: $had; status $st ($got)" \
            "old file: $(head -c 40 sig.bib)" "left: $(ls -A | grep paperconv)"
    fi
done

# -- ulimit -f: the write fails (EFBIG), exit 1, old file intact -----------
clean
echo OLD > big.bib
(ulimit -f 8; exec $PC "$S" -t bibtex -o big.bib) > /dev/null 2> fsz.err
st=$?
check "ulimit -f with -o: exit 1 ($st)" [ $st -eq 1 ]
contains "ulimit -f with -o: says why" fsz.err "File too large"
check "ulimit -f with -o: old file intact" [ "$(cat big.bib)" = OLD ]
check "ulimit -f with -o: no temp file left" no_temp
# standard output into a file past the limit: the same error, not SIGXFSZ
# (exit 153, no message); once, not once per layer that saw it fail
(ulimit -f 8; exec $PC "$S" -t bibtex) > big-stdout.bib 2> fsz-stdout.err
st=$?
check "ulimit -f on stdout: exit 1, not killed by SIGXFSZ ($st)" [ $st -eq 1 ]
contains "ulimit -f on stdout: says why" fsz-stdout.err "paperconv: error: cannot write the output: File too large"
n=$(grep -c 'cannot write' fsz-stdout.err)
check "ulimit -f on stdout: said once ($n)" [ "$n" -eq 1 ]
(ulimit -f 8; exec $PC "$S" "$S" "$S" "$S" -t csljson --keep-going) > big-stdout.json 2> fsz-stdout.err
st=$?
check "ulimit -f on stdout, --keep-going: exit 1 ($st)" [ $st -eq 1 ]
contains "ulimit -f on stdout, --keep-going: says why" fsz-stdout.err "File too large"
rm -f big-stdout.bib big-stdout.json

# -- closed standard descriptors -----------------------------------------
$PC "$S" -t csljson -o closed.json 2>&-
st=$?
check "stderr closed, -o: exit 0 ($st)" [ $st -eq 0 ]
same "stderr closed, -o: the output holds only the JSON" want.json closed.json
if command -v python3 > /dev/null; then
    check "stderr closed, -o: valid JSON" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' closed.json
fi
echo OLD > stdin.bib
$PC -f listing -t bibtex -o stdin.bib <&- 2> stdin.err
st=$?
check "stdin closed, -o: read error, exit 1 ($st)" [ $st -eq 1 ]
contains "stdin closed: says so" stdin.err "<stdin>: error: read error: Bad file descriptor"
check "stdin closed, -o: old file intact" [ "$(cat stdin.bib)" = OLD ]
$PC "$S" -t bibtex >&- 2> stdout.err
st=$?
check "stdout closed: exit 1 ($st)" [ $st -eq 1 ]
contains "stdout closed: says so" stdout.err "Bad file descriptor"

# -- symlinks -------------------------------------------------------------
ln -s new-target.bib dangling.bib
exit_is "-o dangling symlink: exit 0" 0 $PC "$S" -t bibtex -o dangling.bib
check "-o dangling symlink: still a symlink" [ -L dangling.bib ]
same "-o dangling symlink: its target created" want.bib new-target.bib
mkdir sub
ln -s ../chain2.bib sub/chain1.bib
ln -s sub/chain1.bib chain0.bib
exit_is "-o chain of relative symlinks: exit 0" 0 $PC "$S" -t bibtex -o chain0.bib
check "-o chain of symlinks: both stay" [ -L chain0.bib -a -L sub/chain1.bib ]
same "-o chain of symlinks: the last target created" want.bib chain2.bib
ln -s loop-b.bib loop-a.bib
ln -s loop-a.bib loop-b.bib
exit_is "-o symlink loop: exit 1" 1 $PC "$S" -t bibtex -o loop-a.bib
contains "-o symlink loop: says so" "$T/stderr" "Too many levels of symbolic links"

# -- owner, group and mode of the file replaced ---------------------------
echo OLD > mode.bib
chmod 640 mode.bib
exit_is "-o keeps the mode: exit 0" 0 $PC "$S" -t bibtex -o mode.bib
check "-o keeps the mode (640: $(stat -c %a mode.bib))" [ "$(stat -c %a mode.bib)" = 640 ]
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
    echo OLD > owned.bib
    chown nobody:nogroup owned.bib
    chmod 604 owned.bib
    exit_is "root rewrites nobody's file: exit 0" 0 $PC "$S" -t bibtex -o owned.bib
    check "root rewrites nobody's file: owner kept ($(stat -c %U:%G owned.bib))" \
        [ "$(stat -c %U:%G owned.bib)" = nobody:nogroup ]
    check "root rewrites nobody's file: mode kept ($(stat -c %a owned.bib))" [ "$(stat -c %a owned.bib)" = 604 ]
    same "root rewrites nobody's file: replaced" want.bib owned.bib
    # not root: the owner cannot be kept, and paperconv says so (in a
    # folder of nobody's that nobody can reach: $T is private)
    nd=$(mktemp -d /tmp/paperconv-test.XXXXXX) && chmod 755 "$nd" && chown nobody "$nd"
    echo OLD > "$nd/roots.bib"
    chmod 666 "$nd/roots.bib"
    setpriv --reuid=65534 --regid=65534 --clear-groups $PC "$S" -t bibtex -o "$nd/roots.bib" \
        > /dev/null 2> owner.err
    st=$?
    check "nobody rewrites root's file: exit 0 ($st)" [ $st -eq 0 ]
    contains "nobody rewrites root's file: a warning says the owner changed" owner.err \
        "roots.bib: warning: cannot keep the file's owner (uid 0)"
    check "nobody rewrites root's file: replaced" cmp -s want.bib "$nd/roots.bib"
    rm -rf "$nd"
else
    skip "owner kept" "needs root and setpriv"
fi
