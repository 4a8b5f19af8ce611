# SPDX-License-Identifier: MIT
# test_completion.sh — the shell completions in completions/.  The same
# command lines are completed in bash (sourced in a plain bash: COMP_WORDS,
# COMP_CWORD, the function, COMPREPLY; and `complete -p`), in zsh (typed
# with a TAB into an interactive zsh on a pty, zsh_capture.zsh) and in fish
# (`complete -C`); zsh and fish are skipped when not installed.  Expected
# answers come from the binary: -t offers the writers and -f the readers of
# `paperconv --list-formats`, `--` every long option of `paperconv --help`,
# `-` every option, --date published and updated, other words file names.
# Each completion file must also name every option of --help.
. "$ROOT/tests/lib.sh"
case ${PREFIX:-} in
asan*) skip "completion" "shell scripts: checked in the normal pass"; exit 0 ;;
esac
C=$ROOT/completions
cd "$ROOT" || exit 1
# the completions run `paperconv` as typed: the build's, first in PATH
mkdir -p "$T/bin"
ln -s "$PC" "$T/bin/paperconv"
export PATH="$T/bin:$PATH"

$PC --list-formats > "$T/formats"
awk 'NR > 1 && $3 == "yes" { print $1 }' "$T/formats" | LC_ALL=C sort > "$T/writers"
awk 'NR > 1 && $2 == "yes" { print $1 }' "$T/formats" | LC_ALL=C sort > "$T/readers"
$PC --help | sed -n 's/^ \{1,\}\(-[^ ].*\)/\1/p' | sed 's/  .*//' |
    grep -oE '(^|[ ,])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[ ,]*//' | LC_ALL=C sort -u > "$T/options"
grep -- '^--' "$T/options" > "$T/long"
printf 'published\nupdated\n' > "$T/dates"
echo json > "$T/json"
echo bibtex > "$T/bibtex"
echo latest-parallel-computing.fr.txt > "$T/listing"
echo papers.jsonl > "$T/papers"
check "--list-formats has readers and writers" [ -s "$T/readers" -a -s "$T/writers" ]

# the cases: expected-file and command line (the last word is completed;
# "=" after an option is the --opt=value form)
cat > "$T/cases" <<'CASES'
writers	paperconv -t 
writers	paperconv --to=
bibtex	paperconv --to bibt
readers	paperconv -f 
readers	paperconv --from=
json	paperconv -f j
dates	paperconv --date 
long	paperconv --
options	paperconv -
listing	paperconv samples/la
papers	paperconv -o samples/pa
papers	paperconv -v samples/pa
CASES

# compare SHELL CASE-WANT LINE GOT-FILE: exact, except that "--" and "-" must
# offer at least every option of --help (a completion may know more)
compare() {
    sh_=$1; want=$2; line=$3; got=$4
    LC_ALL=C sort -u "$got" | sed 's|.*/||' > "$got.s"
    name="$sh_: '$line' offers $want"
    case $want in
    long | options)
        LC_ALL=C comm -23 "$T/$want" "$got.s" > "$got.missing"
        if [ -s "$T/$want" ] && [ ! -s "$got.missing" ]; then pass "$name"; else
            fail "$name" "missing: $(tr '\n' ' ' < "$got.missing")"; fi ;;
    *) same "$name" "$T/$want" "$got.s" ;;
    esac
}

# ---- bash ---------------------------------------------------------------------
cat > "$T/drive.bash" <<'BASH'
source "$1"
complete -p paperconv
line=$2
read -r -a COMP_WORDS <<< "$line"
[[ $line == *" " ]] && COMP_WORDS+=("")
if [[ $line == *= ]]; then          # bash splits --to= into --to, =
    COMP_WORDS[-1]=${COMP_WORDS[-1]%=}
    COMP_WORDS+=("=")
fi
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE=$line COMP_POINT=${#line}
_paperconv paperconv "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}" > "$3"
BASH
i=0
while IFS='	' read -r want line; do
    i=$((i + 1))
    if bash --norc --noprofile "$T/drive.bash" "$C/paperconv.bash" "$line" "$T/bash.$i" > "$T/bash-complete-p" 2> "$T/bash.err"; then
        compare bash "$want" "$line" "$T/bash.$i"
    else
        fail "bash: '$line'" "$(head -c 300 "$T/bash.err")"
    fi
done < "$T/cases"
check "bash: complete -p paperconv names _paperconv" grep -qx 'complete -F _paperconv paperconv' "$T/bash-complete-p"
# --to=VALUE as bash splits it: --to = VALUE
cat > "$T/eq.bash" <<'BASH'
source "$1"
COMP_WORDS=(paperconv --to = c); COMP_CWORD=3
_paperconv paperconv c =
printf '%s\n' "${COMPREPLY[@]}"
BASH
bash --norc --noprofile "$T/eq.bash" "$C/paperconv.bash" > "$T/eq.out" 2>&1
grep '^c' "$T/writers" > "$T/eq.want"
same "bash: '--to=c' offers the writers starting with c" "$T/eq.want" "$T/eq.out"

# ---- zsh --------------------------------------------------------------------------
if command -v zsh > /dev/null 2>&1 && zsh -fc 'zmodload zsh/zpty' 2> /dev/null; then
    check "zsh: the completion file parses" zsh -n "$C/_paperconv"
    i=0
    while IFS='	' read -r want line; do
        i=$((i + 1))
        if timeout 30 zsh -f "$ROOT/tests/package/zsh_capture.zsh" "$C" "$T/zsh.$i" "$line" > /dev/null 2> "$T/zsh.err"; then
            compare zsh "$want" "$line" "$T/zsh.$i"
        else
            fail "zsh: '$line'" "zsh_capture.zsh failed: $(head -c 300 "$T/zsh.err")"
        fi
    done < "$T/cases"
else
    skip "zsh completion" "zsh (with zsh/zpty) is not installed"
fi

# ---- fish -------------------------------------------------------------------------
if command -v fish > /dev/null 2>&1; then
    check "fish: the completion file parses" fish --no-config -n "$C/paperconv.fish"
    i=0
    while IFS='	' read -r want line; do
        i=$((i + 1))
        fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$C/paperconv.fish" "$line" \
            2> "$T/fish.err" | cut -f1 | sed 's/^--[a-z-]*=//' > "$T/fish.$i"
        compare fish "$want" "$line" "$T/fish.$i"
    done < "$T/cases"
else
    skip "fish completion" "fish is not installed"
fi

# ---- every option of --help is in each completion file -----------------------
while read -r opt; do
    re="(^|[^A-Za-z0-9-])$opt([^A-Za-z0-9-]|\$)"
    check "bash completion names $opt" grep -qE -- "$re" "$C/paperconv.bash"
    check "zsh completion names $opt" grep -qE -- "$re" "$C/_paperconv"
    case $opt in
    --*) fre="-l ${opt#--}( |\$)" ;;
    *) fre="-s ${opt#-}( |\$)" ;;
    esac
    check "fish completion names $opt" grep -qE -- "$fre" "$C/paperconv.fish"
done < "$T/options"
