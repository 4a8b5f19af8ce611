# SPDX-License-Identifier: MIT
# bash completion for paperconv(1), installed as
# share/bash-completion/completions/paperconv.  It completes the options,
# the format names after -f (readers) and -t (writers) as the paperconv being
# completed lists them (`paperconv --list-formats`, so new formats need no
# change here), published|updated after --date, example formulas after
# --key-format, the words of --dedupe, --merge and --sort, and file names
# elsewhere (--cited).
# It needs no bash-completion helper: tests/package/test_completion.sh
# sources it in a plain bash.

# _paperconv_formats PROG COLUMN: the formats whose COLUMN (2 = READ,
# 3 = WRITE) of `PROG --list-formats` says yes.
_paperconv_formats()
{
    "$1" --list-formats 2> /dev/null |
        while read -r name rd wr _; do
            case $2 in
            2) [ "$rd" = yes ] && printf '%s\n' "$name" ;;
            3) [ "$wr" = yes ] && printf '%s\n' "$name" ;;
            esac
        done
}

_paperconv()
{
    local prog=${COMP_WORDS[0]:-paperconv} cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # "--to=bi" arrives as "--to" "=" "bi" (= is in COMP_WORDBREAKS)
    if [[ $cur == = ]]; then
        cur=""
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    [[ $prog == \~* ]] && prog=$HOME${prog#\~}
    COMPREPLY=()
    case $prev in
    -f | --from)
        mapfile -t COMPREPLY < <(compgen -W "$(_paperconv_formats "$prog" 2)" -- "$cur")
        return ;;
    -t | --to)
        mapfile -t COMPREPLY < <(compgen -W "$(_paperconv_formats "$prog" 3)" -- "$cur")
        return ;;
    --date)
        mapfile -t COMPREPLY < <(compgen -W "published updated" -- "$cur")
        return ;;
    --encoding)
        mapfile -t COMPREPLY < <(compgen -W "utf-8 latin1 windows-1252 utf-16 utf-16le utf-16be" -- "$cur")
        return ;;
    --style)
        local d styles=""
        for d in ${PAPERCONV_CSL_PATH//:/ } "${XDG_DATA_HOME:-$HOME/.local/share}/csl" \
                 /usr/share/citation-style-language/styles; do
            [ -d "$d" ] && styles="$styles $(cd "$d" && ls -- *.csl 2> /dev/null | sed 's/\.csl$//')"
        done
        mapfile -t COMPREPLY < <(compgen -W "$styles" -- "$cur")
        compopt -o filenames 2> /dev/null
        mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -X '!*.csl' -- "$cur")
        return ;;
    --locale)
        mapfile -t COMPREPLY < <(compgen -W "$(ls /usr/share/citation-style-language/locales 2> /dev/null |
            sed -n 's/^locales-\(.*\)\.xml$/\1/p')" -- "$cur")
        return ;;
    --key-format)
        mapfile -t COMPREPLY < <(compgen -W "auth.lower+year auth.lower+shorttitle(3,3)+year
            authEtAl+year" -- "$cur")
        return ;;
    --key-postfix)
        mapfile -t COMPREPLY < <(compgen -W "%a %A -%n _%a" -- "$cur")
        return ;;
    --dedupe)
        mapfile -t COMPREPLY < <(compgen -W "ids fuzzy" -- "$cur")
        return ;;
    --merge)
        mapfile -t COMPREPLY < <(compgen -W "combine first last" -- "$cur")
        return ;;
    --sort)
        mapfile -t COMPREPLY < <(compgen -W "key author year date title type added -year author,-year" -- "$cur")
        return ;;
    --omit | --keep | --rename | --max-authors) return ;; # field names, a number: nothing to offer
    --cited) ;; # a file name, below
    --key-scope)
        mapfile -t COMPREPLY < <(compgen -W "run global" -- "$cur")
        return ;;
    -j | --jobs)
        mapfile -t COMPREPLY < <(compgen -W "0 1 2 4 8" -- "$cur")
        return ;;
    --indent) mapfile -t COMPREPLY < <(compgen -W "2 4 tab" -- "$cur"); return ;;
    --field-order) mapfile -t COMPREPLY < <(compgen -W "input standard alpha" -- "$cur"); return ;;
    --months) mapfile -t COMPREPLY < <(compgen -W "macro number name" -- "$cur"); return ;;
    --wrap) mapfile -t COMPREPLY < <(compgen -W "72 80 100" -- "$cur"); return ;;
    --citations) ;; # a file name, below
    -o | --output) ;; # a file name, below
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "-t --to -f --from -o --output --encoding --unicode
            --rekey --key-format --key-postfix --key-scope --stats --merge-stats
            --dedupe --merge --cited --sort --omit --keep --rename --remove-empty --max-authors
            --date --style --locale --citations -j --jobs --strict --keep-going --progress
            --no-progress --list-formats --list-input-formats --list-output-formats
            --indent --align --braces --quotes --field-order --months --wrap --trailing-comma --rewrite
            -q --quiet -v --verbose -h --help -V --version" -- "$cur")
        return
    fi
    compopt -o filenames 2> /dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _paperconv paperconv
