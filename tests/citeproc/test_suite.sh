# SPDX-License-Identifier: MIT
# test_suite.sh — the CSL test-suite (issue 24): every fixture of
# $SHARED/csl-test-suite/humans through the library's CSL processor
# (run_suite.c), compared with its RESULT.  Fixtures listed in
# known-failures.txt (NAME<TAB>reason) are expected to fail and reported
# as skips; one of them that passes is a failure, so that the list is
# pruned; any other failure is a failure.  Without the folder, one skip.
. "$ROOT/tests/lib.sh"
SUITE="$SHARED/csl-test-suite/humans"
if [ ! -d "$SUITE" ]; then
    skip "citeproc test-suite" "no $SUITE (the CSL test-suite's fixtures)"
    exit 0
fi
if [ ! -f /usr/share/citation-style-language/locales/locales-en-US.xml ] &&
   [ -z "${PAPERCONV_CSL_PATH:-}" ]; then
    skip "citeproc test-suite" "no CSL locales (install citation-style-language-locales)"
    exit 0
fi
${PC_WRAP:-} "$BUILD/tests/citeproc_suite" "$SUITE" "$ROOT/tests/citeproc/known-failures.txt"
