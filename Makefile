# SPDX-License-Identifier: MIT
# paperconv — build, test, install.  `make demo` and `make check` are the
# README's quick start; `make help` lists every target.

PREFIX   ?= /usr/local
DESTDIR  ?=
CC       ?= cc
PKGS     := jansson yaml-0.1 libxml-2.0 libutf8proc
HEADERS  := $(sort $(shell find include -name '*.h' -o -name '*.def'))
# the internal headers: src/ by layer, formats/ by family (not installed)
INTERNAL_HEADERS := $(wildcard src/*.h src/*/*.h src/*/*.inc formats/*/*.h formats/*/*.def)

# install layout (make install PREFIX=/usr DESTDIR=/tmp/root)
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR   ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR  ?= $(DATADIR)/fish/vendor_completions.d

ifeq ($(SANITIZE),1)
BUILD    ?= build-asan
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
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

CFLAGS   ?= -O2 -g
CFLAGS   += -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L
CFLAGS   += $(SANFLAGS) -Iinclude -Isrc $(PKG_CFLAGS)
LDFLAGS  += $(SANFLAGS)
LDLIBS   += $(PKG_LIBS)

LIB_SRC  := $(filter-out src/cli/%,$(wildcard src/*/*.c)) $(wildcard formats/*/*.c)
LIB_OBJ  := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC))
LIB      := $(BUILD)/libpaperconv.a
BIN      := $(BUILD)/paperconv
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
TOOL_BIN := $(BUILD)/tests/pctool

.PHONY: all deps demo check check-bins asan valgrind fuzz fuzz-build fuzz-bins install uninstall \
        clean golden-update readme-fields help bench bench-smoke shared

all: $(BIN)

help:
	@echo "make            build $(BIN), $(LIB) and $(SHLIB)"
	@echo "make deps       install missing Debian packages (build + test oracles)"
	@echo "make demo       deps, build, convert the listing sample to BibTeX, check every sample"
	@echo "make check      run every test (SANITIZE=1 for ASan+UBSan)"
	@echo "make asan       make check under ASan+UBSan"
	@echo "make valgrind   make check with the binaries under valgrind"
	@echo "make fuzz       run every reader's libFuzzer target FUZZ_SECONDS (60) each"
	@echo "make bench      time every reader -> writer path, write bench/RESULTS.md (~10 min)"
	@echo "make bench-smoke  the benchmark on 200 records (also runs in make check)"
	@echo "make install    install to \$$(DESTDIR)\$$(PREFIX) (default $(PREFIX)): binary, libraries,"
	@echo "                header, paperconv.pc, man pages, bash/zsh/fish completion"
	@echo "make uninstall  remove what make install installed (same PREFIX and DESTDIR)"
	@echo "make golden-update  rewrite tests/golden from the current build"
	@echo "make readme-fields  rewrite README's field matrix from the format maps (pctool fields)"

deps:
	@sh tools/deps.sh

$(BUILD)/%.o: %.c $(HEADERS) $(INTERNAL_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The format table: one PC_FORMAT(pc_format_x) line per format file (a
# format of several files lives in its own folder: formats/NAME/*.c).
$(BUILD)/formats.inc: $(wildcard formats/*/*.c)
	@mkdir -p $(BUILD)
	@LC_ALL=C sed -n 's/^const pc_format \(pc_format_[a-z0-9_]*\) = {.*/PC_FORMAT(\1)/p' \
	    $(sort $(wildcard formats/*/*.c)) > $@.tmp && mv $@.tmp $@

$(BUILD)/src/io/registry.o: $(BUILD)/formats.inc
$(BUILD)/src/io/registry.o: CFLAGS += -I$(BUILD)

# The field names in binary-search order (length, then bytes), from the
# field table: src/model/fields.c includes it, so the table is written once.
$(BUILD)/fields_index.inc: include/paperconv/fields.def
	@mkdir -p $(BUILD)
	@sed -n 's/^PC_FIELD(\([A-Z0-9_]*\), *[0-9]*, *"\([^"]*\)".*/\2 \1/p' $< | \
	    awk '{ printf "%04d %s %s\n", length($$1), $$1, $$2 }' | LC_ALL=C sort | \
	    awk '{ printf "{\"%s\", %d, PC_F_%s},\n", $$2, length($$2), $$3 }' > $@.tmp && mv $@.tmp $@

$(BUILD)/src/model/fields.o: $(BUILD)/fields_index.inc
$(BUILD)/src/model/fields.o: CFLAGS += -I$(BUILD)

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
VERSION   := $(shell sed -n 's/^\#define PC_VERSION "\(.*\)"/\1/p' $(HEADERS) | head -n 1)
SOVERSION := 0
SONAME    := libpaperconv.so.$(SOVERSION)
SHLIB     := $(BUILD)/libpaperconv.so.$(VERSION)
EXPORTS   := $(BUILD)/libpaperconv.map

$(LIB_OBJ): CFLAGS += -fPIC -fno-semantic-interposition

$(EXPORTS): $(HEADERS) tools/exports.sh
	@mkdir -p $(dir $@)
	@CC="$(CC)" sh tools/exports.sh PAPERCONV_$(SOVERSION) include > $@.tmp && mv $@.tmp $@

$(SHLIB): $(LIB_OBJ) $(EXPORTS)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(EXPORTS) -Wl,--no-undefined \
	    $(LDFLAGS) -o $@ $(LIB_OBJ) $(LDLIBS)
	@ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	@ln -sf $(SONAME) $(BUILD)/libpaperconv.so

shared: $(SHLIB)
all: $(SHLIB)
check-bins: $(SHLIB)
valgrind: $(SHLIB)

# The command line (src/cli/) stays out of the library.
CLI_OBJ  := $(patsubst %.c,$(BUILD)/%.o,$(wildcard src/cli/*.c))
$(CLI_OBJ): $(wildcard src/cli/*.h)

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/harness.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit -Iformats $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(TOOL_BIN): tests/tools/pctool.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iformats $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# make demo: deps, build, the listing sample to BibTeX; then every sample
# (one per reader) must convert with exit 0 and at least one record.
demo: deps
	@$(MAKE) --no-print-directory all
	@echo "== $(BIN) samples/latest-parallel-computing.fr.txt -t bibtex" >&2
	@./$(BIN) samples/latest-parallel-computing.fr.txt -t bibtex
	@echo "== every sample" >&2
	@sh tools/demo.sh ./$(BIN)

# tests/robust/test_complexity.sh: its input generator and CPU-time runner
ROBUST_BIN := $(BUILD)/tests/gen_hostile $(BUILD)/tests/cpu_run
$(ROBUST_BIN): $(BUILD)/tests/%: tests/robust/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -o $@ $<

# tests/citeproc/test_suite.sh: the CSL test-suite runner
SUITE_BIN := $(BUILD)/tests/citeproc_suite
$(SUITE_BIN): tests/citeproc/run_suite.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iformats $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

check-bins: $(BIN) $(UNIT_BIN) $(TOOL_BIN) $(ROBUST_BIN) $(SUITE_BIN)

# make check: the whole suite with the normal build and again with ASan +
# UBSan (build-asan/), plus every fuzz target over its seeds and a short
# smoke run when clang is installed.  SANITIZE=1 runs the sanitized pass only.
ifeq ($(SANITIZE),)
check: check-bins
	@$(MAKE) --no-print-directory -s check-bins SANITIZE=1 BUILD=$(BUILD)-asan
	@if command -v clang >/dev/null 2>&1; then $(MAKE) --no-print-directory -s fuzz-build; fi
	@BUILD=$(BUILD) ASAN_BUILD=$(BUILD)-asan FUZZ_BUILD=build-fuzz sh tests/run.sh
else
check: check-bins
	@BUILD=$(BUILD) sh tests/run.sh
endif

asan:
	@$(MAKE) --no-print-directory check SANITIZE=1

# Fuzzing: one target per reader (tests/fuzz/fuzz_reader.c built per format).
FUZZ_SECONDS ?= 60
READERS = $(shell ./$(BUILD)/paperconv --list-formats | awk 'NR > 1 && $$2 == "yes" { print $$1 }')

fuzz-build: $(BIN)
	@$(MAKE) --no-print-directory SANITIZE=fuzz BUILD=build-fuzz fuzz-bins READER_LIST="$(READERS)"

fuzz-bins: $(LIB)
	@mkdir -p $(BUILD)/fuzz
	@for r in $(READER_LIST); do \
	    $(CC) $(CFLAGS) -fsanitize=fuzzer -DPC_FUZZ_FORMAT=\"$$r\" -o $(BUILD)/fuzz/fuzz_$$r \
	        tests/fuzz/fuzz_reader.c $(LIB) $(LDLIBS) || exit 1; \
	done

fuzz: fuzz-build $(ROBUST_BIN)
	@BUILD=$(BUILD) FUZZ_BUILD=build-fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run_fuzz.sh

valgrind: $(BIN) $(UNIT_BIN) $(TOOL_BIN)
	@BUILD=$(BUILD) PC_WRAP="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect" sh tests/run.sh

golden-update: $(BIN)
	@BUILD=$(BUILD) sh tests/golden/update.sh

# README's "what each format keeps": the table between the fields-matrix
# markers is `pctool fields` (tests/robust/test_fields_matrix.sh fails when
# it is out of date).
readme-fields: $(TOOL_BIN)
	@$(TOOL_BIN) fields > $(BUILD)/fields-matrix.md
	@awk -v gen=$(BUILD)/fields-matrix.md \
	    '/<!-- fields-matrix:end/ { skip = 0 } !skip { print } \
	     /<!-- fields-matrix:begin/ { while ((getline l < gen) > 0) print l; skip = 1 }' \
	    README.md > README.md.tmp && mv README.md.tmp README.md

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

# make install: the binary, both libraries (with the SONAME links), the
# headers, paperconv.pc, the man page and the bash, zsh and fish completions.
install: $(BIN) $(LIB) $(SHLIB)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(BASHCOMPDIR) \
	    $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/paperconv
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libpaperconv.a
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libpaperconv.so
	for h in $(patsubst include/%,%,$(HEADERS)); do \
	    install -D -m 644 include/$$h $(DESTDIR)$(INCLUDEDIR)/$$h || exit 1; \
	done
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    paperconv.pc.in > $(BUILD)/paperconv.pc
	install -m 644 $(BUILD)/paperconv.pc $(DESTDIR)$(PKGCONFIGDIR)/paperconv.pc
	install -m 644 doc/paperconv.1 $(DESTDIR)$(MANDIR)/man1/paperconv.1
	install -m 644 doc/libpaperconv.3 $(DESTDIR)$(MANDIR)/man3/libpaperconv.3
	install -m 644 completions/paperconv.bash $(DESTDIR)$(BASHCOMPDIR)/paperconv
	install -m 644 completions/_paperconv $(DESTDIR)$(ZSHCOMPDIR)/_paperconv
	install -m 644 completions/paperconv.fish $(DESTDIR)$(FISHCOMPDIR)/paperconv.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/paperconv $(DESTDIR)$(LIBDIR)/libpaperconv.a \
	      $(DESTDIR)$(LIBDIR)/libpaperconv.so $(DESTDIR)$(LIBDIR)/$(SONAME) \
	      $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB)) $(DESTDIR)$(PKGCONFIGDIR)/paperconv.pc \
	      $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(patsubst include/%,%,$(HEADERS))) \
	      $(DESTDIR)$(MANDIR)/man1/paperconv.1 $(DESTDIR)$(MANDIR)/man3/libpaperconv.3 \
	      $(DESTDIR)$(BASHCOMPDIR)/paperconv \
	      $(DESTDIR)$(ZSHCOMPDIR)/_paperconv $(DESTDIR)$(FISHCOMPDIR)/paperconv.fish

clean:
	rm -rf build build-asan build-fuzz tests/out
