# SPDX-License-Identifier: MIT
# test_license.sh — the licence (issue 15): a LICENSE file with the MIT
# text, and the SPDX line in the first lines of every source file git
# tracks (C, headers, tables, scripts, the Makefile, the man page, styles).
. "$ROOT/tests/lib.sh"
cd "$ROOT" || exit 1
check "LICENSE is the MIT licence" grep -q "^MIT License" LICENSE
if ! command -v git > /dev/null 2>&1 || [ ! -d .git ] && [ ! -f .git ]; then
    skip "SPDX lines" "not a git checkout"
    exit 0
fi
git ls-files '*.c' '*.h' '*.inc' '*.def' '*.sh' '*.py' 'Makefile' '.ci/run' '*.bst' '*.1' '*.3' '*.in' \
    'completions/*' > "$T/files"
: > "$T/missing"
while read -r f; do
    head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT' || echo "$f" >> "$T/missing"
done < "$T/files"
if [ -s "$T/missing" ]; then
    fail "every source file has its SPDX line" "$(head -n 10 "$T/missing")"
else
    pass "every source file has its SPDX line ($(wc -l < "$T/files") files)"
fi
