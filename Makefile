# SPDX-License-Identifier: MIT
# paperconv — build, test, install.  `make demo` and `make check` are the
# README's quick start; `make help` lists every target.

PREFIX   ?= /usr/local
DESTDIR  ?=
CC       ?= cc
INSTALL  ?= install
PKGS     := jansson yaml-0.1 libxml-2.0 libutf8proc zlib libzstd liblzma
HEADERS  := $(sort $(shell find include -name '*.h' -o -name '*.def'))
# the internal headers: src/ by layer, formats/ by family (not installed)
INTERNAL_HEADERS := $(wildcard src/*.h src/*/*.h src/*/*.inc formats/*/*.h formats/*/*.def)

# install layout (make install PREFIX=/usr DESTDIR=/tmp/root)
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
DOCDIR       ?= $(DATADIR)/doc/paperconv
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR   ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR  ?= $(DATADIR)/fish/vendor_completions.d

ifeq ($(SANITIZE),1)
BUILD    ?= build-asan
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else ifeq ($(SANITIZE),thread)
BUILD    ?= build-tsan
SANFLAGS := -fsanitize=thread -fno-omit-frame-pointer
else ifeq ($(SANITIZE),fuzz)
BUILD    ?= build-fuzz
CC       := clang
SANFLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else
BUILD    ?= build
SANFLAGS :=
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
PKG_OK     := $(shell pkg-config --exists $(PKGS) 2>/dev/null && echo yes)

# libcsv (the Scopus CSV reader, formats/scopus/): through pkg-config when
# the installed libcsv has a libcsv.pc; Debian's libcsv-dev ships none, so
# the fallback is -lcsv when the compiler finds <csv.h>.  Neither: an error
# that says what to install (but for make deps, demo, help, clean).
ifeq ($(shell pkg-config --exists libcsv 2>/dev/null && echo yes),yes)
CSV_CFLAGS := $(shell pkg-config --cflags libcsv)
CSV_LIBS   := $(shell pkg-config --libs libcsv)
else ifeq ($(shell printf '\043include <csv.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 && echo yes),yes)
CSV_CFLAGS :=
CSV_LIBS   := -lcsv
else ifeq ($(filter deps demo help clean,$(MAKECMDGOALS)),)
$(error libcsv not found (no libcsv.pc, no <csv.h>): install libcsv-dev, or run make deps)
endif
PKG_CFLAGS += $(CSV_CFLAGS)
PKG_LIBS   += $(CSV_LIBS)

# Flags.  The project's own are PC_*; CPPFLAGS, CFLAGS and LDFLAGS are the
# user's (command line or environment: Debian's dpkg-buildflags) and come
# after them, so `make CFLAGS="-O0 -g"` replaces only the optimisation.
# -Werror only where we want it: make check, CI, or WERROR=1.
CFLAGS      ?= -O2 -g
WERROR      ?=
PC_CPPFLAGS := -Iinclude -Isrc -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L $(PKG_CFLAGS)
PC_CFLAGS    = -std=c11 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) $(SANFLAGS) -pthread
PC_LDFLAGS   = $(SANFLAGS) -pthread
PC_LIBS     := $(PKG_LIBS) -pthread
COMPILE      = $(CC) $(PC_CPPFLAGS) $(CPPFLAGS) $(PC_CFLAGS) $(CFLAGS)
LINK         = $(CC) $(PC_CFLAGS) $(CFLAGS) $(PC_LDFLAGS) $(LDFLAGS)

LIB_SRC  := $(filter-out src/cli/%,$(wildcard src/*/*.c)) $(wildcard formats/*/*.c)
LIB_OBJ  := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC))
LIB      := $(BUILD)/libpaperconv.a
BIN      := $(BUILD)/paperconv
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
TOOL_BIN := $(BUILD)/tests/pctool

.PHONY: FORCE all deps deps-test demo dist install-strip check check-bins asan tsan-jobs valgrind fuzz fuzz-build fuzz-bins install uninstall \
        clean golden-update man-fields readme-fields help bench bench-smoke shared

all: $(BIN)

help:
	@echo "make            build $(BIN), $(LIB) and $(SHLIB)"
	@echo "make deps       install missing Debian packages (build + test oracles)"
	@echo "make demo       deps, build, convert the listing sample to BibTeX, check every sample"
	@echo "make check      run every test (SANITIZE=1 for ASan+UBSan)"
	@echo "make asan       make check under ASan+UBSan"
	@echo "make valgrind   make check with the binaries under valgrind"
	@echo "make fuzz       run every libFuzzer target (readers, CSL style, locale) FUZZ_SECONDS (60) each"
	@echo "make bench      time every reader -> writer path, write bench/RESULTS.md (~10 min)"
	@echo "make bench-smoke  the benchmark on 200 records (also runs in make check)"
	@echo "make install    install to \$$(DESTDIR)\$$(PREFIX) (default $(PREFIX)): binary, libraries,"
	@echo "                header, paperconv.pc, man pages, bash/zsh/fish completion"
	@echo "make uninstall  remove what make install installed (same PREFIX and DESTDIR)"
	@echo "make golden-update  rewrite tests/golden from the current build"
	@echo "make man-fields  rewrite paperconv-formats(7)'s field list from the format maps"

# make deps: what paperconv needs to build and run; make deps-test: the
# test tools (make check runs it).  Both install with apt-get only what is
# missing (tools/deps.sh).
deps:
	@sh tools/deps.sh build

deps-test:
	@sh tools/deps.sh test

# Objects are rebuilt when the compiler or the flags change ($(FLAGS_STAMP)
# holds them; -Werror changes no object and is not in it).
FLAGS_STAMP := $(BUILD)/flags
FLAGS_NOW   := $(CC) $(PC_CPPFLAGS) $(CPPFLAGS) $(filter-out -Werror,$(PC_CFLAGS)) $(CFLAGS) $(LDFLAGS)
$(FLAGS_STAMP): FORCE
	@$(if $(PKG_OK),,sh tools/deps.sh check || exit 1;)
	@mkdir -p $(BUILD)
	@echo '$(subst ','\'',$(FLAGS_NOW))' > $@.new; \
	 if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi

$(BUILD)/%.o: %.c $(HEADERS) $(INTERNAL_HEADERS) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(COMPILE) -c $< -o $@

# The format table: one PC_FORMAT(pc_format_x) line per format file (a
# format of several files lives in its own folder: formats/NAME/*.c).
$(BUILD)/formats.inc: $(wildcard formats/*/*.c)
	@mkdir -p $(BUILD)
	@LC_ALL=C sed -n 's/^const pc_format \(pc_format_[a-z0-9_]*\) = {.*/PC_FORMAT(\1)/p' \
	    $(sort $(wildcard formats/*/*.c)) > $@.tmp && mv $@.tmp $@

$(BUILD)/src/io/registry.o: $(BUILD)/formats.inc
$(BUILD)/src/io/registry.o: PC_CPPFLAGS += -I$(BUILD)

# The field names in binary-search order (length, then bytes), from the
# field table: src/model/fields.c includes it, so the table is written once.
$(BUILD)/fields_index.inc: include/paperconv/fields.def
	@mkdir -p $(BUILD)
	@sed -n 's/^PC_FIELD(\([A-Z0-9_]*\), *[0-9]*, *"\([^"]*\)".*/\2 \1/p' $< | \
	    awk '{ printf "%04d %s %s\n", length($$1), $$1, $$2 }' | LC_ALL=C sort | \
	    awk '{ printf "{\"%s\", %d, PC_F_%s},\n", $$2, length($$2), $$3 }' > $@.tmp && mv $@.tmp $@

$(BUILD)/src/model/fields.o: $(BUILD)/fields_index.inc
$(BUILD)/src/model/fields.o: PC_CPPFLAGS += -I$(BUILD)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# ---- libraries (README "Using the library") --------------------------------
# libpaperconv.a and libpaperconv.so.$(SOVERSION) come from the same
# position-independent objects, so the static library can go into another
# shared object too (-fno-semantic-interposition keeps calls inside the
# library direct and inlinable, as in a non-PIC build).  SONAME
# libpaperconv.so.0: the API is still changing (0.x); it becomes .so.1 with
# the first stable API.  The shared library exports only the pc_ functions and
# variables that include/ declares: tools/exports.sh writes the version
# script from the headers at build time (tests/package/test_exports.sh).
# The version is written once: PC_VERSION_MAJOR, _MINOR, _PATCH in paperconv.h.
VERSION   := $(shell sed -n 's/^\#define PC_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$$/\2/p' \
                 include/paperconv.h | paste -sd.)
SOVERSION := 0
SONAME    := libpaperconv.so.$(SOVERSION)
SHLIB     := $(BUILD)/libpaperconv.so.$(VERSION)
EXPORTS   := $(BUILD)/libpaperconv.map

$(LIB_OBJ): PC_CFLAGS += -fPIC -fno-semantic-interposition

$(EXPORTS): $(HEADERS) tools/exports.sh
	@mkdir -p $(dir $@)
	@CC="$(CC)" sh tools/exports.sh PAPERCONV_$(SOVERSION) include > $@.tmp && mv $@.tmp $@

$(SHLIB): $(LIB_OBJ) $(EXPORTS)
	$(LINK) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(EXPORTS) -Wl,--no-undefined \
	    -o $@ $(LIB_OBJ) $(PC_LIBS) $(LDLIBS)
	@ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	@ln -sf $(SONAME) $(BUILD)/libpaperconv.so

shared: $(SHLIB)
all: $(SHLIB)
check-bins: $(SHLIB)
valgrind: $(SHLIB)

# The command line (src/cli/) stays out of the library and links the shared
# one through its SONAME, as any program does: the build tree's binary finds
# build/libpaperconv.so.0 beside it ($$ORIGIN), the installed one
# ($(INST_BIN), the same objects linked again) has no rpath and finds the
# installed library where the system's loader looks.
CLI_OBJ  := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/cli/*.c))
# --stats and --merge-stats (src/cli/stats.c) write and read JSON with jansson
CLI_LIBS := $(shell pkg-config --libs jansson 2>/dev/null)
INST_BIN := $(BUILD)/install/paperconv
$(CLI_OBJ): $(wildcard src/cli/*.h)

$(BIN): $(CLI_OBJ) $(SHLIB)
	$(LINK) -o $@ $(CLI_OBJ) -L$(BUILD) -Wl,-rpath,'$$ORIGIN' -lpaperconv $(CLI_LIBS) $(LDLIBS)

$(INST_BIN): $(CLI_OBJ) $(SHLIB)
	@mkdir -p $(dir $@)
	$(LINK) -o $@ $(CLI_OBJ) -L$(BUILD) -lpaperconv $(CLI_LIBS) $(LDLIBS)

all: $(INST_BIN)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/harness.h $(LIB)
	@mkdir -p $(dir $@)
	$(COMPILE) -Itests/unit -Iformats $(PC_LDFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(PC_LIBS) $(LDLIBS)

$(TOOL_BIN): tests/tools/pctool.c $(LIB)
	@mkdir -p $(dir $@)
	$(COMPILE) -Iformats $(PC_LDFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(PC_LIBS) $(LDLIBS)

# make demo: deps, build, the listing sample to BibTeX; then every sample
# (one per reader) must convert with exit 0 and at least one record.
demo: deps
	@$(MAKE) --no-print-directory all
	@echo "== $(BIN) samples/latest-parallel-computing.fr.txt -t bibtex" >&2
	@./$(BIN) samples/latest-parallel-computing.fr.txt -t bibtex
	@echo "== every sample" >&2
	@sh tools/demo.sh ./$(BIN)
	@echo "== the binary is $(BIN) (it runs from here); to install it:" >&2
	@echo "   make install                 (to $(PREFIX); then sudo ldconfig)" >&2
	@echo "   make install PREFIX=~/.local (for you alone: ~/.local/bin/paperconv)" >&2

# tests/robust/test_complexity.sh: its input generator and CPU-time runner
ROBUST_BIN := $(BUILD)/tests/gen_hostile $(BUILD)/tests/cpu_run
$(ROBUST_BIN): $(BUILD)/tests/%: tests/robust/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -o $@ $<

# tests/citeproc/test_suite.sh: the CSL test-suite runner
SUITE_BIN := $(BUILD)/tests/citeproc_suite
$(SUITE_BIN): tests/citeproc/run_suite.c $(LIB)
	@mkdir -p $(dir $@)
	$(COMPILE) -Iformats $(PC_LDFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(PC_LIBS) $(LDLIBS)

check-bins: $(BIN) $(UNIT_BIN) $(TOOL_BIN) $(ROBUST_BIN) $(SUITE_BIN)

# make check: the whole suite with the normal build and again with ASan +
# UBSan (build-asan/), the -j test once more under ThreadSanitizer
# (build-tsan/), plus every fuzz target over its seeds and a short smoke run
# when clang is installed.  SANITIZE=1 runs the sanitized pass only.
ifeq ($(SANITIZE),)
check: deps-test
	@$(MAKE) --no-print-directory check-bins WERROR=1
	@$(MAKE) --no-print-directory -s check-bins SANITIZE=1 BUILD=$(BUILD)-asan WERROR=1
	@$(MAKE) --no-print-directory -s SANITIZE=thread BUILD=$(BUILD)-tsan $(BUILD)-tsan/paperconv WERROR=1
	@if command -v clang >/dev/null 2>&1; then $(MAKE) --no-print-directory -s fuzz-build; fi
	@BUILD=$(BUILD) ASAN_BUILD=$(BUILD)-asan TSAN_BUILD=$(BUILD)-tsan FUZZ_BUILD=build-fuzz sh tests/run.sh
else
check: deps-test
	@$(MAKE) --no-print-directory check-bins WERROR=1
	@BUILD=$(BUILD) sh tests/run.sh
endif

asan:
	@$(MAKE) --no-print-directory check SANITIZE=1

# -j under ThreadSanitizer: the worker threads' test (tests/cli/test_jobs.sh)
# with a build-tsan/ paperconv.
tsan-jobs:
	@$(MAKE) --no-print-directory -s SANITIZE=thread BUILD=build-tsan build-tsan/paperconv
	@BUILD=build-tsan PC_TEST_FILTER=test_jobs TSAN_OPTIONS=halt_on_error=1:exitcode=66 sh tests/run.sh

# Fuzzing: one target per reader (tests/fuzz/fuzz_reader.c built per format),
# and the CSL processor's parsers: fuzz_style and fuzz_locale (-DPC_FUZZ_LOCALE),
# both from tests/fuzz/fuzz_style.c.
FUZZ_SECONDS ?= 60
READERS = $(shell ./$(BUILD)/paperconv --list-input-formats)

fuzz-build: $(BIN)
	@$(MAKE) --no-print-directory SANITIZE=fuzz BUILD=build-fuzz fuzz-bins READER_LIST="$(READERS)"

fuzz-bins: $(LIB)
	@mkdir -p $(BUILD)/fuzz
	@for r in $(READER_LIST); do \
	    $(COMPILE) -fsanitize=fuzzer -DPC_FUZZ_FORMAT=\"$$r\" -o $(BUILD)/fuzz/fuzz_$$r \
	        tests/fuzz/fuzz_reader.c $(LIB) $(PC_LIBS) $(LDLIBS) || exit 1; \
	done
	@$(COMPILE) -Iformats -fsanitize=fuzzer -o $(BUILD)/fuzz/fuzz_style \
	    tests/fuzz/fuzz_style.c $(LIB) $(PC_LIBS) $(LDLIBS)
	@$(COMPILE) -Iformats -fsanitize=fuzzer -DPC_FUZZ_LOCALE -o $(BUILD)/fuzz/fuzz_locale \
	    tests/fuzz/fuzz_style.c $(LIB) $(PC_LIBS) $(LDLIBS)

fuzz: fuzz-build $(ROBUST_BIN)
	@BUILD=$(BUILD) FUZZ_BUILD=build-fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run_fuzz.sh

valgrind: $(BIN) $(UNIT_BIN) $(TOOL_BIN)
	@BUILD=$(BUILD) PC_WRAP="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect" sh tests/run.sh

golden-update: $(BIN)
	@BUILD=$(BUILD) sh tests/golden/update.sh

# paperconv-formats(7)'s "what each format keeps": the block between the
# fields-matrix markers is `pctool fields --man`
# (tests/robust/test_fields_matrix.sh fails when it is out of date).
# readme-fields: its old name.
man-fields readme-fields: $(TOOL_BIN)
	@$(TOOL_BIN) fields --man > $(BUILD)/fields-matrix.man
	@awk -v gen=$(BUILD)/fields-matrix.man \
	    '/^\.\\" fields-matrix:end/ { skip = 0 } !skip { print } \
	     /^\.\\" fields-matrix:begin/ { while ((getline l < gen) > 0) print l; skip = 1 }' \
	    doc/paperconv-formats.7 > doc/paperconv-formats.7.tmp && mv doc/paperconv-formats.7.tmp doc/paperconv-formats.7

# ---- benchmark (bench/README.md) -------------------------------------------
# make bench: -O2 build, corpus of 10k/100k/1M records, every reader -> writer
# path, floors, library baselines and peers; writes bench/RESULTS.md within
# 10 minutes.  make bench-smoke: the same driver on 200 records (seconds).
BENCH_SIZES ?= 10000 100000 1000000
BENCH_TOOLS := $(BUILD)/bench/gen_corpus $(BUILD)/bench/baselines

$(BUILD)/bench/gen_corpus: bench/gen_corpus.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -o $@ $<

$(BUILD)/bench/baselines: bench/baselines.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror $(PKG_CFLAGS) -o $@ $< $(PKG_LIBS)

bench: $(BIN) $(BENCH_TOOLS)
	@PAPERCONV=$(BIN) BENCH_BIN=$(BUILD)/bench CC="$(CC)" sh bench/run.sh $(BENCH_SIZES)

bench-smoke: $(BIN) $(BENCH_TOOLS)
	@PAPERCONV=$(BIN) BENCH_BIN=$(BUILD)/bench CC="$(CC)" sh bench/run.sh --smoke \
	    --out $(BUILD)/bench/RESULTS-smoke.md --corpus $(BUILD)/bench/corpus 200

# make install: the binary (linked to the installed libpaperconv.so.0, no
# rpath), both libraries (with the SONAME links), the headers, paperconv.pc,
# the man pages, the bash, zsh and fish completions, README.md, NEWS and
# LICENSE.  tools/install.sh installs the list below and remembers the
# directories it created ($(MANIFEST)), so that make uninstall (the same
# PREFIX and DESTDIR) removes exactly what install made, those directories
# included (tests/cli/test_install.sh).  make install-strip strips the
# binary and the shared library.
MANIFEST := $(DOCDIR)/installed-dirs
INSTALL_LIST = \
    755:$(INST_BIN):$(BINDIR)/paperconv \
    644:$(LIB):$(LIBDIR)/libpaperconv.a \
    755:$(SHLIB):$(LIBDIR)/$(notdir $(SHLIB)) \
    link:$(notdir $(SHLIB)):$(LIBDIR)/$(SONAME) \
    link:$(SONAME):$(LIBDIR)/libpaperconv.so \
    $(foreach h,$(patsubst include/%,%,$(HEADERS)),644:include/$(h):$(INCLUDEDIR)/$(h)) \
    644:$(BUILD)/paperconv.pc:$(PKGCONFIGDIR)/paperconv.pc \
    644:doc/paperconv.1:$(MANDIR)/man1/paperconv.1 \
    644:doc/libpaperconv.3:$(MANDIR)/man3/libpaperconv.3 \
    644:doc/paperconv-formats.7:$(MANDIR)/man7/paperconv-formats.7 \
    644:completions/paperconv.bash:$(BASHCOMPDIR)/paperconv \
    644:completions/_paperconv:$(ZSHCOMPDIR)/_paperconv \
    644:completions/paperconv.fish:$(FISHCOMPDIR)/paperconv.fish \
    644:README.md:$(DOCDIR)/README.md \
    644:NEWS:$(DOCDIR)/NEWS \
    644:LICENSE:$(DOCDIR)/LICENSE

$(BUILD)/paperconv.pc: paperconv.pc.in FORCE
	@sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    paperconv.pc.in > $@

install install-strip: $(INST_BIN) $(LIB) $(SHLIB) $(BUILD)/paperconv.pc
	@INSTALL="$(INSTALL)" sh tools/install.sh $@ "$(DESTDIR)" $(MANIFEST) $(INSTALL_LIST)

uninstall:
	@sh tools/install.sh uninstall "$(DESTDIR)" $(MANIFEST) $(INSTALL_LIST)

# make dist: paperconv-$(VERSION).tar.gz of the files git tracks, in a
# folder paperconv-$(VERSION)/ (tests/package/test_dist.sh unpacks it,
# builds it and runs a part of make check there).
DIST := paperconv-$(VERSION)
dist:
	@git ls-files -z > /dev/null 2>&1 || { echo "make dist: needs the git checkout" >&2; exit 1; }
	@rm -rf $(BUILD)/dist && mkdir -p $(BUILD)/dist/$(DIST)
	@git ls-files -z | xargs -0 cp --parents -t $(BUILD)/dist/$(DIST)
	@tar -C $(BUILD)/dist --owner=0 --group=0 --numeric-owner --sort=name \
	    --mtime="$$(git log -1 --format=%cI 2>/dev/null || echo @0)" -czf $(DIST).tar.gz $(DIST)
	@rm -rf $(BUILD)/dist
	@echo "make dist: $(DIST).tar.gz" >&2

clean:
	rm -rf build build-asan build-tsan build-fuzz tests/out paperconv-*.tar.gz
