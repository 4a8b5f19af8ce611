#!/bin/sh
# SPDX-License-Identifier: MIT
# deps.sh — install what paperconv needs, only if missing (Debian: apt-get).
#   sh tools/deps.sh build   what it needs to build and run (make demo, make deps):
#                            a C compiler, make, pkg-config and the eight libraries
#                            jansson, libyaml, libxml2, utf8proc, zlib, libzstd,
#                            liblzma (found with pkg-config) and libcsv (Debian's
#                            libcsv-dev has no .pc file: found by its header)
#   sh tools/deps.sh check   the build's: report what is missing, never install (the
#                            Makefile runs it before compiling when pkg-config lacks one)
#   sh tools/deps.sh test    the test tools (make deps-test, which make check runs):
#                            bibtex (texlive-binaries, texlive-base), pandoc, bibutils,
#                            r-cran-rbibutils, python3-jsonschema, valgrind, clang + libclang-rt-14-dev
#                            (libFuzzer), mandoc and groff (man page lint), zsh and fish
#                            (their completions are tested), the CSL styles and locales,
#                            debhelper, devscripts, lintian, fakeroot (the Debian package),
#                            bibtool and bibtex-tidy (npm; comparisons for --cited, --dedupe),
#                            citeproc (npm: citeproc-js, the oracle for formatted references)
#                            gzip, zstd, xz-utils (compressed input), parallel (GNU
#                            parallel: the chunked-run recipe)
# Where everything is there, nothing is run (no apt-get, no network).  Where
# something is missing and apt-get is not there: for the build, the message
# names each missing Debian package and the exit status is 1; for the tests,
# a note names them (their tests are skipped) and the exit status is 0.
set -e
mode=${1:-build}
need=""
missing() { need="$need $1"; }

build_deps() {
    for pair in jansson:libjansson-dev yaml-0.1:libyaml-dev libxml-2.0:libxml2-dev \
                libutf8proc:libutf8proc-dev zlib:zlib1g-dev libzstd:libzstd-dev liblzma:liblzma-dev; do
        mod=${pair%%:*}; pkg=${pair#*:}
        command -v pkg-config > /dev/null 2>&1 && pkg-config --exists "$mod" 2> /dev/null || missing "$pkg"
    done
    printf '#include <csv.h>\n' | ${CC:-cc} -E -x c - > /dev/null 2>&1 || missing libcsv-dev
    command -v pkg-config > /dev/null 2>&1 || missing pkg-config
    command -v cc > /dev/null 2>&1 || missing gcc
    command -v make > /dev/null 2>&1 || missing make
    return 0
}

test_deps() {
    command -v bibtex > /dev/null 2>&1 || missing texlive-binaries
    kpsewhich plain.bst > /dev/null 2>&1 || missing texlive-base
    command -v pandoc > /dev/null 2>&1 || missing pandoc
    command -v ris2xml > /dev/null 2>&1 || missing bibutils
    # bibutils' MEDLINE reader and writer, which Debian's bibutils lacks (the nbib oracle)
    Rscript -e 'library(rbibutils)' > /dev/null 2>&1 || missing r-cran-rbibutils
    python3 -c 'import jsonschema' > /dev/null 2>&1 || missing python3-jsonschema
    command -v valgrind > /dev/null 2>&1 || missing valgrind
    command -v clang > /dev/null 2>&1 || missing clang
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a > /dev/null 2>&1 ||
        missing libclang-rt-14-dev
    command -v mandoc > /dev/null 2>&1 || missing mandoc
    command -v groff > /dev/null 2>&1 || missing groff
    command -v zsh > /dev/null 2>&1 || missing zsh
    command -v fish > /dev/null 2>&1 || missing fish
    [ -d /usr/share/citation-style-language/styles ] || missing citation-style-language-styles
    [ -d /usr/share/citation-style-language/locales ] || missing citation-style-language-locales
    command -v timeout > /dev/null 2>&1 || missing coreutils
    command -v setpriv > /dev/null 2>&1 || missing util-linux
    command -v dh > /dev/null 2>&1 || missing debhelper
    command -v debuild > /dev/null 2>&1 || missing devscripts
    command -v lintian > /dev/null 2>&1 || missing lintian
    command -v fakeroot > /dev/null 2>&1 || missing fakeroot
    command -v bibtool > /dev/null 2>&1 || missing bibtool
    command -v bibtex-tidy > /dev/null 2>&1 || command -v npm > /dev/null 2>&1 || missing npm
    command -v gzip > /dev/null 2>&1 || missing gzip
    command -v zstd > /dev/null 2>&1 || missing zstd
    command -v xz > /dev/null 2>&1 || missing xz-utils
    command -v parallel > /dev/null 2>&1 || missing parallel
    return 0
}

# bibtex-tidy and citeproc (citeproc-js, the reference CSL processor) are npm
# packages (npm itself comes from apt): test mode only
npm_tidy() {
    [ "$mode" = test ] && command -v npm > /dev/null 2>&1 || return 0
    if ! command -v bibtex-tidy > /dev/null 2>&1; then
        echo "deps (test): installing bibtex-tidy (npm)" >&2
        ${sudo:-} npm install -g --silent bibtex-tidy >&2 || echo "deps: note: bibtex-tidy not installed (its tests skip)" >&2
    fi
    if ! NODE_PATH=$(npm root -g) node -e 'require("citeproc")' > /dev/null 2>&1; then
        echo "deps (test): installing citeproc (npm, citeproc-js)" >&2
        ${sudo:-} npm install -g --silent citeproc >&2 || echo "deps: note: citeproc not installed (its tests skip)" >&2
    fi
}

case $mode in
build|check) build_deps ;;
test) test_deps ;;
*) echo "usage: deps.sh build|test" >&2; exit 2 ;;
esac
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
if [ -z "$need" ]; then
    npm_tidy
    echo "deps ($mode): everything is installed" >&2
    exit 0
fi
if [ "$mode" = check ] || ! command -v apt-get > /dev/null 2>&1; then
    if [ "$mode" != test ]; then
        [ "$mode" = check ] && how="make deps installs them, or install" || how="no apt-get to install them: install"
        echo "deps: missing ($how) the packages$need" >&2
        echo "deps: (Debian names; elsewhere: a C compiler, make, pkg-config, and the development files" >&2
        echo "deps: of jansson, libyaml, libxml2 and utf8proc)" >&2
        exit 1
    fi
    echo "deps: note: test tools missing (their tests are skipped):$need" >&2
    exit 0
fi
echo "deps ($mode): installing$need" >&2
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need >&2
npm_tidy
