#!/bin/sh
# SPDX-License-Identifier: MIT
# deps.sh — install what paperconv needs to build and test, only if missing.
# Build: jansson, libyaml, libxml2, utf8proc (found with pkg-config), libcsv
# (Debian's libcsv-dev has no .pc file: found by its header, as the Makefile does).
# Tests: bibtex (texlive-binaries), pandoc, bibutils, python3-jsonschema, valgrind,
# clang + libclang-rt-14-dev (libFuzzer), mandoc (man page lint), zsh and fish
# (their completions are tested; bash is always there), the CSL styles and
# locales (the CSL processor's tests and --style).
set -e
need=""
for pair in jansson:libjansson-dev yaml-0.1:libyaml-dev libxml-2.0:libxml2-dev \
            libutf8proc:libutf8proc-dev; do
    mod=${pair%%:*}; pkg=${pair#*:}
    pkg-config --exists "$mod" 2>/dev/null || need="$need $pkg"
done
pkg-config --exists libcsv 2>/dev/null || [ -f /usr/include/csv.h ] || need="$need libcsv-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v bibtex >/dev/null 2>&1 || need="$need texlive-binaries"
kpsewhich plain.bst >/dev/null 2>&1 || need="$need texlive-base"
command -v pandoc >/dev/null 2>&1 || need="$need pandoc"
command -v ris2xml >/dev/null 2>&1 || need="$need bibutils"
python3 -c 'import jsonschema' >/dev/null 2>&1 || need="$need python3-jsonschema"
command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
command -v clang >/dev/null 2>&1 || need="$need clang"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
    need="$need libclang-rt-14-dev"
command -v mandoc >/dev/null 2>&1 || need="$need mandoc"
command -v zsh >/dev/null 2>&1 || need="$need zsh"
command -v fish >/dev/null 2>&1 || need="$need fish"
[ -d /usr/share/citation-style-language/styles ] || need="$need citation-style-language-styles"
[ -d /usr/share/citation-style-language/locales ] || need="$need citation-style-language-locales"
command -v timeout >/dev/null 2>&1 || need="$need coreutils"
command -v setpriv >/dev/null 2>&1 || need="$need util-linux"
if [ -z "$need" ]; then
    echo "deps: everything is installed" >&2
    exit 0
fi
echo "deps: installing$need" >&2
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need >&2
