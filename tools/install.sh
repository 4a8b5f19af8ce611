#!/bin/sh
# SPDX-License-Identifier: MIT
# install.sh — the work of `make install`, `make install-strip` and
# `make uninstall`: installs each file and link the Makefile lists, and
# remembers the directories it had to create (in MANIFEST, itself
# installed), so that uninstall removes exactly what install made: every
# file and link, then those directories (deepest first) if they are empty.
#   sh tools/install.sh install|install-strip|uninstall DESTDIR MANIFEST ENTRY...
# ENTRY: MODE:SOURCE:TARGET (a file; MODE 755 files are stripped by
# install-strip) or link:LINKED-NAME:TARGET (a symbolic link).  TARGET and
# MANIFEST are absolute paths without DESTDIR.
set -e
action=$1 destdir=$2 manifest=$3
shift 3
INSTALL=${INSTALL:-install}
STRIP=${STRIP:-strip}

# The directories above $1 that do not exist, deepest first.
missing_dirs() {
    d=$1
    while [ ! -d "$d" ] && [ "$d" != / ] && [ "$d" != . ]; do
        echo "$d"
        d=$(dirname "$d")
    done
}

do_install() {
    made=$(mktemp)
    trap 'rm -f "$made"' EXIT
    for e in "$manifest" "$@"; do
        case $e in /*) t=$e ;; *) t=${e#*:}; t=${t#*:} ;; esac
        dir=$(dirname "$destdir$t")
        missing_dirs "$dir" >> "$made"
        [ -d "$dir" ] || { echo "$INSTALL -d $dir"; $INSTALL -d "$dir"; }
    done
    for e in "$@"; do
        mode=${e%%:*}; rest=${e#*:}; src=${rest%%:*}; t=${rest#*:}
        if [ "$mode" = link ]; then
            echo "ln -sf $src $destdir$t"
            ln -sf "$src" "$destdir$t"
            continue
        fi
        echo "$INSTALL -m $mode $src $destdir$t"
        $INSTALL -m "$mode" "$src" "$destdir$t"
        if [ "$action" = install-strip ] && [ "$mode" = 755 ]; then
            echo "$STRIP --strip-unneeded $destdir$t"
            $STRIP --strip-unneeded "$destdir$t"
        fi
    done
    # the manifest: the directories this install made, with those an earlier
    # install made (a second install over the first keeps them)
    { [ -f "$destdir$manifest" ] && cat "$destdir$manifest"; cat "$made"; } | LC_ALL=C sort -ru > "$made.all"
    $INSTALL -m 644 "$made.all" "$destdir$manifest"
    rm -f "$made.all"
}

do_uninstall() {
    for e in "$@"; do
        t=${e#*:}; t=${t#*:}
        echo "rm -f $destdir$t"
        rm -f "$destdir$t"
    done
    [ -f "$destdir$manifest" ] || return 0
    dirs=$(cat "$destdir$manifest")
    echo "rm -f $destdir$manifest"
    rm -f "$destdir$manifest"
    for d in $dirs; do
        if [ -d "$d" ] && rmdir "$d" 2> /dev/null; then echo "rmdir $d"; fi
    done
}

case $action in
install|install-strip) do_install "$@" ;;
uninstall) do_uninstall "$@" ;;
*) echo "usage: install.sh install|install-strip|uninstall DESTDIR MANIFEST ENTRY..." >&2; exit 2 ;;
esac
