# paperconv — build, test, install.  `make demo` and `make check` are the
# README's quick start; `make help` lists every target.

PREFIX   ?= /usr/local
DESTDIR  ?=
CC       ?= cc
PKGS     := jansson yaml-0.1 libxml-2.0 libutf8proc

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

CFLAGS   ?= -O2 -g
CFLAGS   += -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L
CFLAGS   += $(SANFLAGS) -Iinclude -Isrc $(PKG_CFLAGS)
LDFLAGS  += $(SANFLAGS)
LDLIBS   += $(PKG_LIBS)

LIB_SRC  := $(filter-out src/main.c,$(wildcard src/*.c)) $(wildcard formats/*.c)
LIB_OBJ  := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC))
LIB      := $(BUILD)/libpaperconv.a
BIN      := $(BUILD)/paperconv
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
TOOL_BIN := $(BUILD)/tests/pctool

.PHONY: all deps demo check check-bins asan valgrind fuzz fuzz-build fuzz-bins install uninstall \
        clean golden-update help bench bench-smoke

all: $(BIN)

help:
	@echo "make            build $(BIN) and $(LIB)"
	@echo "make deps       install missing Debian packages (build + test oracles)"
	@echo "make demo       deps, build, convert the bundled sample to BibTeX"
	@echo "make check      run every test (SANITIZE=1 for ASan+UBSan)"
	@echo "make asan       make check under ASan+UBSan"
	@echo "make valgrind   make check with the binaries under valgrind"
	@echo "make fuzz       run every reader's libFuzzer target FUZZ_SECONDS (60) each"
	@echo "make bench      time every reader -> writer path, write bench/RESULTS.md (~10 min)"
	@echo "make bench-smoke  the benchmark on 200 records (also runs in make check)"
	@echo "make install    install to \$$(DESTDIR)\$$(PREFIX) (default $(PREFIX))"
	@echo "make golden-update  rewrite tests/golden from the current build"

deps:
	@sh tools/deps.sh

$(BUILD)/%.o: %.c $(wildcard include/*.h src/*.h src/*.inc)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The format table: one PC_FORMAT(pc_format_x) line per format file.
$(BUILD)/formats.inc: $(wildcard formats/*.c)
	@mkdir -p $(BUILD)
	@LC_ALL=C sed -n 's/^const pc_format \(pc_format_[a-z0-9_]*\) = {.*/PC_FORMAT(\1)/p' \
	    $(sort $(wildcard formats/*.c)) > $@.tmp && mv $@.tmp $@

$(BUILD)/src/registry.o: $(BUILD)/formats.inc
$(BUILD)/src/registry.o: CFLAGS += -I$(BUILD)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(BUILD)/src/main.o $(LIB)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/harness.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(TOOL_BIN): tests/tools/pctool.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

demo: deps
	@$(MAKE) --no-print-directory all
	@echo "== $(BIN) samples/latest-parallel-computing.fr.txt -t bibtex" >&2
	@./$(BIN) samples/latest-parallel-computing.fr.txt -t bibtex

# tests/robust/test_complexity.sh: its input generator and CPU-time runner
ROBUST_BIN := $(BUILD)/tests/gen_hostile $(BUILD)/tests/cpu_run
$(ROBUST_BIN): $(BUILD)/tests/%: tests/robust/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -o $@ $<

check-bins: $(BIN) $(UNIT_BIN) $(TOOL_BIN) $(ROBUST_BIN)

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

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/paperconv
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libpaperconv.a
	install -m 644 include/paperconv.h $(DESTDIR)$(PREFIX)/include/paperconv.h

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/paperconv $(DESTDIR)$(PREFIX)/lib/libpaperconv.a \
	      $(DESTDIR)$(PREFIX)/include/paperconv.h

clean:
	rm -rf build build-asan build-fuzz tests/out
