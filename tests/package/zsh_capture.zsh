# SPDX-License-Identifier: MIT
# zsh_capture.zsh COMPDIR OUT LINE: types LINE and a TAB into an interactive zsh
# (zsh/zpty) that has compinit and COMPDIR first in fpath, and writes to OUT
# every candidate that completion offers, one a line (a file name without
# its directory).  Used by test_completion.sh; run as zsh -f zsh_capture.zsh.
zmodload zsh/zpty || exit 3
compdir=$1 out=$2 line=$3
zpty z zsh -f -i || exit 4
zpty -w z "PROMPT='> ' RPROMPT=; fpath=(${(q)compdir} \$fpath); autoload -Uz compinit; compinit -u -D"
# record what each compadd call would add (calls that only collect, with
# -O/-A/-D, are completion internals and pass through untouched)
zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a __m; builtin compadd -A __m \"\$@\"; (( \$#__m )) && print -rl -- \"\${__m[@]}\" >> ${(q)out}; builtin compadd \"\$@\"; }"
zpty -w z "print SETUP''-DONE"
zpty -r -m z _ '*SETUP-DONE*' || exit 5
: >| $out
zpty -w -n z "$line"$'\t'
# keys typed while completion runs can cut it short: wait for its output
for i in {1..25}; do [[ -s $out ]] && break; sleep 0.2; done
sleep 0.3
zpty -w z $'\C-e\C-u'"print COMPLETE''-DONE"
zpty -r -m z _ '*COMPLETE-DONE*' || exit 6
zpty -d z
