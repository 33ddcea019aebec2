# safepy build.  `make run` builds everything and starts the MCP server on stdio;
# `make test` builds the plain -O2 and the sanitizer binaries and runs every
# test on both (docs/testing.md).
#
# Nothing third-party is committed: Debian packages are installed with apt-get
# (as root) and the Python grammar is fetched with `npm pack` and verified.

SHELL := /bin/bash
.DEFAULT_GOAL := all
# Every build uses all cores unless the caller chose (`make -j1`): a fresh
# `make test` compiles the sources twice (plain -O2, sanitizer), `make` twice
# (profiling, profiled), `make check` all four.  Only the top-level make chooses: a recursive make shares its
# parent's job server, and setting -j again would reset it.
NPROC := $(shell nproc 2>/dev/null || echo 2)
ifeq ($(MAKELEVEL),0)
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(NPROC)
endif
endif

B := build
VERSION := 0.1.0
# The Debian package `make deb` builds (defined here: `check` names it as a
# prerequisite, and a prerequisite list expands where the rule is read).
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo unknown)
DEB := $(B)/safepy_$(VERSION)_$(DEB_ARCH).deb
# libsafepy (named here: `all` and `test` list them)
SP_SO := $(B)/libsafepy.so
SP_A := $(B)/libsafepy.a
SP_PC := $(B)/libsafepy.pc

GRAMMAR_VERSION := 0.23.6
GRAMMAR_TGZ := $(B)/tree-sitter-python-$(GRAMMAR_VERSION).tgz
GRAMMAR_SHA512 := yIM9z0oxKIxT7bAtPOhgoVl6gTXlmlIhue7liFT4oBPF/lha7Ha4dQBS82Av6hMMRZoVnFJI8M6mL+SwWoLD3A==
GRAMMAR_DIR := $(B)/grammar

APT_PACKAGES := pkg-config libtree-sitter-dev libcjson-dev check libgmp-dev \
                libpcre2-dev libutf8proc-dev libseccomp-dev unicode-data zlib1g-dev
# Tools are checked by command, since node and npm may come from elsewhere.
APT_TOOLS := gcc:gcc make:make node:nodejs npm:npm bzcat:bzip2 clang:clang python3:python3
PKGS := tree-sitter libcjson gmp libpcre2-8 libutf8proc libseccomp zlib

CC ?= cc
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
        -Wno-unused-parameter -Wno-missing-field-initializers -Wvla -Wformat=2 -Wimplicit-fallthrough
STD := -std=c11 -D_GNU_SOURCE
DEPFLAGS = -MMD -MP
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm -lpthread

OPT_CFLAGS := -O2 -g
SAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
              -fno-sanitize-recover=undefined -DEV_DEBUG=1
# The sanitizer binary is linked as a fixed-address executable: as a PIE its
# dynamic loader spent a quarter of the start-up applying relocations (the
# instrumented binary is 46 MB), and the test suites start it thousands of
# times.  Measured: 187 -> 152 ms of CPU for an empty program (5 runs of 10).
SAN_LDFLAGS := -no-pie

SRC_ANALYZER  := $(filter-out analyzer/gen_rules.c,$(sort $(wildcard analyzer/*.c)))
SRC_EVALUATOR := $(filter-out evaluator/gen_ucd.c,$(sort $(wildcard evaluator/*.c evaluator/objects/*.c evaluator/modules/*.c)))
SRC_MCP       := $(sort $(wildcard mcp_server/*.c))
SRC_SP        := $(sort $(wildcard libsafepy/*.c))
SRC_LIB       := $(SRC_ANALYZER) $(SRC_EVALUATOR) $(SRC_SP) $(SRC_MCP)
SRC_MAIN      := safepy.c
SRC_UNIT      := $(sort $(wildcard tests/unit/*.c))
RULE_FILES    := $(sort $(wildcard rules/*.json rules/*.py))
GEN_RULES     := $(B)/gen/rules_embedded.c
GEN_UCD       := $(B)/gen/ucd_names.c
GEN_POLICY    := $(B)/gen/ev_policy.c
GEN_HTML      := $(B)/gen/html_entities.h
UCD_DIR       := /usr/share/unicode
UCD_FILES     := $(addprefix $(UCD_DIR)/,UnicodeData.txt DerivedAge.txt NameAliases.txt \
                   NamedSequences.txt EastAsianWidth.txt Unihan_NumericValues.txt.bz2)

INCLUDES := -I. -I$(B)/gen

# Flavours: $(1) name, $(2) directory of the objects, $(3) compiler flags,
# $(4) the safepy binary it links, $(5) what every object also depends on,
# $(6) extra link flags.  CC_name, PKG_CFLAGS_name and PKG_LIBS_name, set
# before the flavour is made, choose another compiler and libraries (the
# arm64 cross build); they default to the native ones.
define flavour
CC_$(1) ?= $$(CC)
PKG_CFLAGS_$(1) ?= $$(PKG_CFLAGS)
PKG_LIBS_$(1) ?= $$(PKG_LIBS)
$(1)_OBJ := $$(patsubst %.c,$(2)/obj/%.o,$$(SRC_LIB)) $(2)/obj/grammar/parser.o \
            $(2)/obj/grammar/scanner.o $(2)/obj/gen/rules_embedded.o $(2)/obj/gen/ucd_names.o \
            $(2)/obj/gen/ev_policy.o
$(2)/obj/%.o: %.c $(5) | $(B)/.deps-ok $(B)/.grammar-ok $(GEN_HTML)
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $$(STD) $$(WARN) $(3) $$(DEPFLAGS) $$(INCLUDES) $$(PKG_CFLAGS_$(1)) -DSAFEPY_VERSION='"$$(VERSION)"' -c $$< -o $$@
$(2)/obj/grammar/%.o: $(B)/.grammar-ok $(5)
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) -std=c11 $(3) -w -I$(GRAMMAR_DIR)/src -c $(GRAMMAR_DIR)/src/$$*.c -o $$@
$(2)/obj/gen/rules_embedded.o: $(GEN_RULES) analyzer/an_rules.h analyzer/an_int.h analyzer/analyzer.h $(5)
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $$(STD) $$(WARN) $(3) $$(INCLUDES) $$(PKG_CFLAGS_$(1)) -c $$< -o $$@
$(2)/obj/gen/ev_policy.o: $(GEN_POLICY) evaluator/ev.h evaluator/ev_obj.h $(5)
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $$(STD) $$(WARN) $(3) $$(INCLUDES) $$(PKG_CFLAGS_$(1)) -c $$< -o $$@
$(2)/obj/gen/ucd_names.o: $(GEN_UCD) $(5)
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $$(STD) $$(WARN) $(3) -c $$< -o $$@
$(4): $$($(1)_OBJ) $(2)/obj/safepy.o $(B)/.pgo-mode
	@mkdir -p $$(dir $$@)
	$$(CC_$(1)) $(3) $(6) -o $$@ $$(filter %.o,$$^) $$(PKG_LIBS_$(1))
$(2)/test_unit: $$($(1)_OBJ) $$(patsubst %.c,$(2)/obj/%.o,$$(SRC_UNIT))
	$$(CC_$(1)) $(3) $(6) -o $$@ $$^ $$(PKG_LIBS_$(1)) $$(shell pkg-config --libs check)
-include $$(patsubst %.c,$(2)/obj/%.d,$$(SRC_LIB) $$(SRC_MAIN) $$(SRC_UNIT))
endef

# The shipped binary is built with profile-guided optimisation (PGO=1, the
# default): a copy instrumented for gcc's profiling (build/pgo-gen/) runs and
# lints the corpus programs, and the release objects are compiled again with
# those counts (build/pgo/).  Measured on `make bench`: geometric mean 0.73 ->
# 0.69 of python3's time, class_ops 0.97 -> 0.86; link-time optimisation was
# measured too and gained nothing.  PGO=0 links build/safepy from the plain
# -O2 objects (build/obj/, which `make test` tests anyway): quicker while
# editing.  The training binary skips the OS lockdown (it must write its
# counts at exit) and is never installed.
PGO ?= 1
# Warnings are checked (as errors) by the plain and sanitizer builds of the
# same sources; here gcc's guesses change with the profile's inlining (false
# maybe-uninitialized) and it notes every function the training never called,
# so the two profiled builds are quiet (-w).
PGO_GEN_CFLAGS := $(OPT_CFLAGS) -w -fprofile-generate -fprofile-update=atomic -DEV_PGO_TRAINING
PGO_USE_CFLAGS := $(OPT_CFLAGS) -w -fprofile-use -fprofile-partial-training
ifeq ($(PGO),1)
$(eval $(call flavour,REL,$(B),$(OPT_CFLAGS),$(B)/plain/safepy,))
$(eval $(call flavour,PGEN,$(B)/pgo-gen,$(PGO_GEN_CFLAGS),$(B)/pgo-gen/safepy,))
$(eval $(call flavour,PUSE,$(B)/pgo,$(PGO_USE_CFLAGS),$(B)/safepy,$(B)/pgo-gen/.trained))
else
$(eval $(call flavour,REL,$(B),$(OPT_CFLAGS),$(B)/safepy,))
endif
$(eval $(call flavour,SAN,$(B)/asan,$(SAN_CFLAGS),$(B)/asan/safepy,,$(SAN_LDFLAGS)))
# libsafepy's objects (build/pic/): position-independent, every symbol hidden
# but the sp_* ones marked SP_API.  A flavour of their own rather than the
# release objects made PIC: the evaluator's thread-local state would go
# through __tls_get_addr and calls between files through the PLT in
# build/safepy too, for a library most builds never load.
PIC_CFLAGS := $(OPT_CFLAGS) -fPIC -fvisibility=hidden -DLIBSAFEPY_BUILD
$(eval $(call flavour,PIC,$(B)/pic,$(PIC_CFLAGS),$(B)/pic/safepy,))
SP_OBJ := $(filter-out $(B)/pic/obj/mcp_server/% $(B)/pic/obj/evaluator/sandbox.o,$(PIC_OBJ))
SP_SAN_OBJ := $(filter-out $(B)/asan/obj/mcp_server/%,$(SAN_OBJ))

# The arm64 build (`make aarch64`): Debian's cross compiler and the arm64
# -dev packages side by side with the native ones (dpkg multiarch), installed
# on first use when root.  The generated sources are the native build's (they
# hold no machine code); the objects, build/aarch64/safepy and its unit test
# runner are arm64.  `make test-aarch64` runs the corpus, security, unit and
# MCP suites under qemu-user (tests/aarch64.sh); it stays out of `make test`.
A64_TRIPLET := aarch64-linux-gnu
A64_PACKAGES := gcc-$(A64_TRIPLET) libc6-dev-arm64-cross qemu-user \
                $(addsuffix :arm64,libtree-sitter-dev libcjson-dev libgmp-dev libpcre2-dev \
                  libutf8proc-dev libseccomp-dev zlib1g-dev check)
A64_PKG_CONFIG := PKG_CONFIG_LIBDIR=/usr/lib/$(A64_TRIPLET)/pkgconfig:/usr/share/pkgconfig pkg-config
CC_A64 := $(A64_TRIPLET)-gcc
PKG_CFLAGS_A64 = $(shell $(A64_PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS_A64 = $(shell $(A64_PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lm -lpthread
$(eval $(call flavour,A64,$(B)/aarch64,$(OPT_CFLAGS),$(B)/aarch64/safepy,$(B)/.a64-deps-ok))
$(B)/.a64-deps-ok:
	@mkdir -p $(B)
	@if ! command -v $(CC_A64) >/dev/null || ! command -v qemu-aarch64 >/dev/null || \
	    ! $(A64_PKG_CONFIG) --exists $(PKGS) check 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing the arm64 cross toolchain and libraries: $(A64_PACKAGES)"; \
	    dpkg --add-architecture arm64 && apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(A64_PACKAGES) >/dev/null || exit 1; \
	  else \
	    echo "as root: dpkg --add-architecture arm64 && apt-get update && apt-get install $(A64_PACKAGES)"; exit 1; \
	  fi; \
	fi
	@touch $@
aarch64: $(B)/aarch64/safepy
test-aarch64: $(B)/aarch64/safepy $(B)/aarch64/test_unit
	@bash tests/mcp/run.sh --prepare >/dev/null
	@bash tests/aarch64.sh $(B)/aarch64

# Which way build/safepy was made: a switch of PGO relinks it.
$(B)/.pgo-mode: FORCE
	@mkdir -p $(B); echo '$(PGO)' | cmp -s - $@ || echo '$(PGO)' > $@
FORCE:

# The training run: every corpus program run and linted by the instrumented
# binary (its output is not looked at), then the counts copied beside the
# objects of build/pgo/, where gcc's -fprofile-use looks for them.
$(B)/pgo-gen/.trained: $(B)/pgo-gen/safepy $(wildcard corpus/*.py)
	@find $(B)/pgo-gen/obj -name '*.gcda' -delete
	@ls corpus/*.py | xargs -P $(NPROC) -I{} sh -c \
	  'timeout 30 $(B)/pgo-gen/safepy run "$$1" >/dev/null 2>&1 </dev/null; \
	   timeout 30 $(B)/pgo-gen/safepy lint "$$1" >/dev/null 2>&1 </dev/null' _ {}; true
	@cd $(B)/pgo-gen/obj && find . -name '*.gcda' | while read -r g; do \
	  mkdir -p "../../pgo/obj/$$(dirname "$$g")" && cp "$$g" "../../pgo/obj/$$g"; done
	@touch $@

.PHONY: FORCE all run test check lib lib-test deps grammar unit corpus security mcp-test bench fuzz difffuzz clean asan \
        aarch64 test-aarch64 \
        install uninstall static test-static deb test-deb soak fuzz-build fuzz-mutate allocfail fuzz-reentrancy outside
all: $(B)/safepy $(SP_SO) $(SP_A) $(SP_PC)
asan: $(B)/asan/safepy

# --- libsafepy ----------------------------------------------------------------
# build/libsafepy.so and build/libsafepy.a: the sandbox as a library, one
# header (libsafepy/safepy.h).  Both hold the analyzer, the evaluator, the
# grammar and the generated tables; not the OS lockdown (evaluator/sandbox.c:
# the process is the embedder's) nor the MCP server.  The .so exports the
# sp_* functions only (hidden visibility and libsafepy/libsafepy.map); the
# .a is one relocatable object whose other symbols are made local, so an
# embedder's own an_* or ev_* names cannot collide with ours.  Static link
# line: see build/libsafepy.pc (`pkg-config --static --libs libsafepy`).
SP_LIBS := $(shell pkg-config --libs tree-sitter libcjson gmp libpcre2-8 libutf8proc zlib 2>/dev/null) -lm -lpthread
$(SP_SO): $(SP_OBJ) libsafepy/libsafepy.map
	$(CC) $(OPT_CFLAGS) -shared -Wl,-soname,libsafepy.so.0 -Wl,--version-script=libsafepy/libsafepy.map \
	  -Wl,--no-undefined -Wl,-z,now -o $@ $(SP_OBJ) $(SP_LIBS)
	@ln -sf libsafepy.so $(B)/libsafepy.so.0
$(SP_A): $(SP_OBJ)
	@rm -f $@ $(B)/pic/libsafepy.o
	$(LD) -r -o $(B)/pic/libsafepy.o $(SP_OBJ)
	objcopy --wildcard --keep-global-symbol='sp_*' $(B)/pic/libsafepy.o
	ar rcs $@ $(B)/pic/libsafepy.o
$(SP_PC): libsafepy/libsafepy.pc.in Makefile
	@mkdir -p $(B)
	@sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@
lib: $(SP_SO) $(SP_A) $(SP_PC)

# The library's tests (tests/lib/): the C program linked against the .so as
# an embedder links it, and against the sanitizer objects; then the Python
# binding's unittest over the .so.
$(B)/test_lib: tests/lib/test_lib.c libsafepy/safepy.h $(SP_SO)
	$(CC) $(STD) $(WARN) $(OPT_CFLAGS) -I. -o $@ $< -L$(B) -l:libsafepy.so -Wl,-rpath,'$$ORIGIN' -lpthread
$(B)/asan/test_lib: tests/lib/test_lib.c libsafepy/safepy.h $(SP_SAN_OBJ)
	$(CC) $(STD) $(WARN) $(SAN_CFLAGS) $(SAN_LDFLAGS) -I. -o $@ $< $(SP_SAN_OBJ) $(PKG_LIBS)
lib-test: $(B)/test_lib $(B)/asan/test_lib
	@$(B)/test_lib && $(B)/asan/test_lib && python3 tests/lib/test_binding.py

# --- dependencies -----------------------------------------------------------
# Debian packages: installed when root, else the exact command is printed.
$(B)/.deps-ok:
	@mkdir -p $(B)
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	for t in $(APT_TOOLS); do \
	  command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing Debian packages; run:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@touch $@
deps: $(B)/.deps-ok

# The grammar is fetched, verified against the published integrity, unpacked.
$(B)/.grammar-ok: | $(B)/.deps-ok
	@mkdir -p $(B)
	@if [ ! -f $(GRAMMAR_TGZ) ]; then \
	  (cd $(B) && npm pack --silent tree-sitter-python@$(GRAMMAR_VERSION) >/dev/null) || exit 1; \
	fi
	@want=$$(echo '$(GRAMMAR_SHA512)' | base64 -d | od -An -v -tx1 | tr -d ' \n'); \
	got=$$(sha512sum $(GRAMMAR_TGZ) | cut -d' ' -f1); \
	if [ "$$got" != "$$want" ]; then \
	  echo "grammar integrity mismatch: got $$got"; rm -f $(GRAMMAR_TGZ); exit 1; fi
	@rm -rf $(GRAMMAR_DIR) && mkdir -p $(GRAMMAR_DIR)
	@tar xzf $(GRAMMAR_TGZ) -C $(GRAMMAR_DIR) --strip-components=1 package/src
	@touch $@
grammar: $(B)/.grammar-ok

# Rule files and their test files (the examples of `rules explain` and the
# tests of `rules test`) are embedded as C records, transcribed from the JSON
# by a generator compiled and run here, so that startup parses no JSON.
$(B)/gen/gen_rules: analyzer/gen_rules.c | $(B)/.deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(STD) -O2 $(WARN) $(shell pkg-config --cflags libcjson) -o $@ $< $(shell pkg-config --libs libcjson)
$(GEN_RULES): $(B)/gen/gen_rules $(RULE_FILES) Makefile | $(B)/.deps-ok
	@mkdir -p $(dir $@)
	@$(B)/gen/gen_rules $(RULE_FILES) > $@.tmp && mv $@.tmp $@
$(GEN_POLICY): $(B)/gen/gen_rules rules/policy.json Makefile | $(B)/.deps-ok
	@mkdir -p $(dir $@)
	@$(B)/gen/gen_rules --evaluator rules/policy.json > $@.tmp && mv $@.tmp $@

# The HTML5 named character references of html.unescape, from the HTML
# Standard's table as Debian's python3 ships it (html.entities.html5).
$(GEN_HTML): evaluator/gen_html_entities.py | $(B)/.deps-ok
	@mkdir -p $(dir $@)
	@python3 evaluator/gen_html_entities.py > $@.tmp && mv $@.tmp $@

# Unicode names and properties (Unicode 14.0, as CPython 3.11) from Debian's
# unicode-data, by a generator compiled and run here.  The data files are
# prerequisites once installed ($(wildcard)), so a fresh machine gets them first.
$(B)/gen/gen_ucd: evaluator/gen_ucd.c | $(B)/.deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(STD) -O2 $(WARN) -o $@ $<
$(GEN_UCD): $(B)/gen/gen_ucd $(wildcard $(UCD_FILES)) Makefile | $(B)/.deps-ok
	@mkdir -p $(dir $@)
	@bzcat $(UCD_DIR)/Unihan_NumericValues.txt.bz2 > $@.unihan.tmp
	@$(B)/gen/gen_ucd $(filter-out %.bz2,$(UCD_FILES)) $@.unihan.tmp > $@.tmp && \
	  rm -f $@.unihan.tmp && mv $@.tmp $@

# --- run and test -----------------------------------------------------------
run: $(B)/safepy
	@exec $(B)/safepy mcp

# `make test` tests the plain -O2 build (build/plain/safepy when PGO=1, else
# build/safepy) and the sanitizer build, and not the profiled binary: the
# profile costs a second compile of every source and a training run, one
# after the other (measured: 120 + 43 s of CPU before the profiled compile
# can start), and the profiled objects are compiled with -w, so the -O2
# warnings would go unchecked.  The profiled code is tested by `make check`
# (the corpus on build/safepy, the static binary's corpus and security
# suites), which CI runs after `make test`.
ifeq ($(PGO),1)
REL_TEST := $(B)/plain/safepy
else
REL_TEST := $(B)/safepy
endif
UNIT_REL := $(B)/test_unit
test: $(REL_TEST) $(B)/asan/safepy $(UNIT_REL) $(B)/asan/test_unit $(SP_SO) $(B)/test_lib $(B)/asan/test_lib
	@SAFEPY_RELEASE=$(REL_TEST) UNIT_RELEASE=$(UNIT_REL) bash tests/run_all.sh

# `make check`: the long suites, after `make test` in CI (.ci/run): every
# allocation-failure point, the libFuzzer targets' smoke run, the MCP soak,
# and the shipped (profiled) binary's corpus and unit tests.
# (FUZZ_BINS is defined below, after this rule is read: a prerequisite list
# expands at once, so the fuzz targets are built by a recursive make.)
ifeq ($(PGO),1)
UNIT_SHIPPED := $(B)/pgo/test_unit
else
UNIT_SHIPPED := $(B)/test_unit
endif
check: $(B)/safepy $(UNIT_SHIPPED) $(B)/asan/safepy $(B)/safepy-static $(DEB)
	@$(MAKE) --no-print-directory fuzz-build
	@UNIT_SHIPPED=$(UNIT_SHIPPED) bash tests/check_all.sh

unit: $(UNIT_REL) $(B)/asan/test_unit
	@$(UNIT_REL) && $(B)/asan/test_unit

corpus: $(B)/safepy $(B)/asan/safepy
	@bash tests/corpus.sh $(B)/safepy && bash tests/corpus.sh $(B)/asan/safepy

security: $(B)/safepy $(B)/asan/safepy
	@bash tests/security.sh $(B)/safepy && bash tests/security.sh $(B)/asan/safepy

mcp-test: $(B)/safepy $(B)/asan/safepy
	@bash tests/mcp/run.sh $(B)/safepy && bash tests/mcp/run.sh $(B)/asan/safepy

# Allocation-failure injection over corpus programs (part of `make test`);
# ALLOCFAIL_POINTS=0 tries every failure point, ALLOCFAIL_SHIFT=1..99 others.
allocfail: $(B)/asan/safepy
	@bash tests/allocfail.sh $(B)/asan/safepy

# libFuzzer targets (tests/fuzz/fuzz_*.c), built with clang, ASan, UBSan and
# EV_DEBUG over their own copy of the objects in build/fuzz/: parse+analyze,
# evaluate, the MCP message handler and the worker pipe protocol.  Warnings
# are not errors here: this compiler is not the one the code is written for.
FUZZ_CC := clang
FUZZ_CFLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
               -fno-sanitize-recover=undefined -DEV_DEBUG=1
FUZZ_TARGETS := analyze eval mcp_message mcp_wire snapshot
F := $(B)/fuzz
FUZZ_OBJ := $(patsubst %.c,$(F)/obj/%.o,$(SRC_LIB)) $(F)/obj/grammar/parser.o \
            $(F)/obj/grammar/scanner.o $(F)/obj/gen/rules_embedded.o $(F)/obj/gen/ucd_names.o \
            $(F)/obj/gen/ev_policy.o
FUZZ_BINS := $(addprefix $(F)/fuzz_,$(FUZZ_TARGETS))
$(F)/obj/%.o: %.c | $(B)/.deps-ok $(B)/.grammar-ok $(GEN_HTML)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(FUZZ_CFLAGS) -w $(DEPFLAGS) $(INCLUDES) $(PKG_CFLAGS) -DSAFEPY_VERSION='"$(VERSION)"' -c $< -o $@
$(F)/obj/grammar/%.o: $(B)/.grammar-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c11 $(FUZZ_CFLAGS) -w -I$(GRAMMAR_DIR)/src -c $(GRAMMAR_DIR)/src/$*.c -o $@
$(F)/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(FUZZ_CFLAGS) -w $(INCLUDES) $(PKG_CFLAGS) -c $< -o $@
$(F)/fuzz_%: $(F)/obj/tests/fuzz/fuzz_%.o $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(PKG_LIBS)
-include $(patsubst %.c,$(F)/obj/%.d,$(SRC_LIB) $(wildcard tests/fuzz/fuzz_*.c))
# Made only for the pattern rule above, but kept: they take minutes to make.
.SECONDARY: $(FUZZ_OBJ) $(patsubst %,$(F)/obj/tests/fuzz/fuzz_%.o,$(FUZZ_TARGETS))
fuzz-build: $(FUZZ_BINS)

# `make fuzz`: each libFuzzer target for FUZZ_SECONDS (default 300 in all),
# from the seeds in tests/fuzz/seeds/ and the corpus programs; what it finds
# is saved in build/fuzz/findings/.  `make fuzz-mutate`: the older mutation
# fuzzer of `safepy run` (the whole binary, under the sanitizers).
FUZZ_SECONDS ?= 300
fuzz: $(FUZZ_BINS)
	@bash tests/fuzz/run.sh $(F) $(FUZZ_SECONDS)
fuzz-mutate: $(B)/asan/safepy
	@python3 tests/fuzz/mutate.py $(B)/asan/safepy $(FUZZ_SECONDS)

# The re-entrancy fuzzer (issue 23): FUZZ_COUNT programs from FUZZ_SEED whose
# hooks mutate the containers under operation, under the sanitizer build.
FUZZ_SEED ?= 1
FUZZ_COUNT ?= 20000
fuzz-reentrancy: $(B)/asan/safepy
	@bash tests/reentrancy/run.sh $(B)/asan/safepy $(FUZZ_SEED) $(FUZZ_COUNT)

# `make outside`: the outside suites, tools and not tests (they print figures,
# not pass/fail): MicroPython's plain tests, exercism/python's exercises and
# keon/algorithms' unittest files, each converted and run under python3 and
# safepy.  The repositories are cloned shallowly into build/outside/ when no
# copy is named (MICROPYTHON_SRC, EXERCISM_SRC, ALGORITHMS_SRC: a checkout or a
# bare git directory); nothing of them is committed.
OUTSIDE := $(B)/outside
MICROPYTHON_SRC ?= $(OUTSIDE)/micropython
EXERCISM_SRC ?= $(OUTSIDE)/exercism
ALGORITHMS_SRC ?= $(OUTSIDE)/algorithms
$(OUTSIDE)/micropython $(OUTSIDE)/exercism $(OUTSIDE)/algorithms:
	@mkdir -p $(OUTSIDE)
	git clone -q --depth 1 https://github.com/$(word $(if $(filter %micropython,$@),1,$(if $(filter %exercism,$@),2,3)),micropython/micropython exercism/python keon/algorithms).git $@
# the suites run with every opt-in module allowed (rules/policy.json)
OPTIN_MODULES = $(shell python3 -c 'import json; print(",".join(json.load(open("rules/policy.json"))["sets"]["optin_modules"]))')
outside: $(B)/safepy | $(MICROPYTHON_SRC) $(EXERCISM_SRC) $(ALGORITHMS_SRC)
	@python3 tests/outside/run.py --safepy $(B)/safepy $(MICROPYTHON_SRC) | tail -n 1
	@python3 tests/outside/suites.py --safepy $(B)/safepy --allow-module $(OPTIN_MODULES) exercism $(EXERCISM_SRC)
	@python3 tests/outside/suites.py --safepy $(B)/safepy --allow-module $(OPTIN_MODULES) algorithms $(ALGORITHMS_SRC)

# Differential fuzzing against python3 (a tool, not a test: `make test` does
# not run it): COUNT random programs from SEED, 2 workers; prints the rate of
# differing programs and the minimized families.
SEED ?= 1
COUNT ?= 1000
difffuzz: $(B)/safepy
	@python3 tests/difffuzz/difffuzz.py --safepy $(B)/safepy --seed $(SEED) --count $(COUNT) --jobs 2

# The MCP round trip: a small client drives `safepy mcp` through pipes.
$(B)/mcp_rtt: tests/bench/mcp_rtt.c | $(B)/.deps-ok
	@mkdir -p $(B)
	$(CC) $(STD) -O2 $(WARN) -o $@ $<

# The analysis of one run_python call, timed inside the process (the
# harness runs it beside the binary it measures): linked from the objects
# of build/safepy.
ifeq ($(PGO),1)
BENCH_OBJ = $(PUSE_OBJ)
else
BENCH_OBJ = $(REL_OBJ)
endif
$(B)/analyze_time: tests/bench/analyze_time.c $(BENCH_OBJ) | $(B)/.deps-ok
	@mkdir -p $(B)
	$(CC) $(STD) $(OPT_CFLAGS) $(WARN) $(INCLUDES) $(PKG_CFLAGS) -o $@ $< $(BENCH_OBJ) $(PKG_LIBS)

bench: $(B)/safepy $(B)/mcp_rtt $(B)/analyze_time
	@bash tests/bench.sh $(B)/safepy
	@$(B)/mcp_rtt $(B)/safepy

# A long session on one server: 10,000 run_python calls of garbage-heavy
# code, then 10,000 that define functions, classes, lambdas and generators
# and keep some of them for a while; fails unless the worker's resident
# memory stays within 10%.  Not in `make test` (it takes a minute);
# SOAK_CALLS to taste.
SOAK_CALLS ?= 10000
soak: $(B)/safepy
	@node tests/mcp/soak.mjs $(B)/safepy $(SOAK_CALLS)
	@node tests/mcp/soak.mjs $(B)/safepy $(SOAK_CALLS) defs

# --- a static binary ----------------------------------------------------------
# `make static`: build/safepy-static, linked with no shared library, so it
# runs on any x86-64 Linux with nothing installed (and starts faster: no
# dynamic loader, no relocations).  The objects are the release binary's
# (profiled when PGO=1).  Debian's -dev packages ship every static archive
# but cJSON's, which packaging/cjson-static.sh builds from Debian's source
# package into build/static/.  `make test-static` runs the corpus and the
# security suite on it and runs a program in an empty root directory.
STATIC_DIR := $(B)/static
ifeq ($(PGO),1)
STATIC_OBJ = $(PUSE_OBJ) $(B)/pgo/obj/safepy.o
else
STATIC_OBJ = $(REL_OBJ) $(B)/obj/safepy.o
endif
STATIC_LIBS := $(STATIC_DIR)/libcjson.a -ltree-sitter -lgmp -lpcre2-8 -lutf8proc -lseccomp -lz -lm -lpthread

static: $(B)/safepy-static
$(B)/safepy-static: $(STATIC_OBJ) $(STATIC_DIR)/libcjson.a
	$(CC) $(OPT_CFLAGS) -static -o $@ $(STATIC_OBJ) $(STATIC_LIBS)
$(STATIC_DIR)/libcjson.a: | $(B)/.deps-ok
	bash packaging/cjson-static.sh $(STATIC_DIR) $(CC) $(OPT_CFLAGS)
test-static: $(B)/safepy-static
	@bash tests/static.sh $(B)/safepy-static

# --- a Debian package ---------------------------------------------------------
# `make deb`: build/safepy_VERSION_ARCH.deb (packaging/deb.sh: the stripped
# release binary, a man page made from its --help, the README and the rules'
# documentation, Depends from dpkg-shlibdeps).  `make test-deb` checks it
# with lintian, installs it into a scratch root with dpkg and serves an MCP
# session from the installed binary (tests/deb.sh).
deb: $(DEB)
$(DEB): $(B)/safepy packaging/deb.sh packaging/manpage.py packaging/copyright README.md docs/rules.md
	@bash packaging/deb.sh $(B)/safepy $(VERSION) $(B)
test-deb: $(DEB)
	@command -v lintian >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || \
	  apt-get install -y --no-install-recommends lintian >/dev/null
	@bash tests/mcp/run.sh --prepare >/dev/null
	@bash tests/deb.sh $(DEB)

# `make install PREFIX=~/.local`: the binary (rules are embedded, so it is
# self-contained) and the README as its manual; `safepy --help` and
# `safepy COMMAND --help` describe every option.  DESTDIR for packaging.
PREFIX ?= /usr/local
# libsafepy: the .so (as libsafepy.so.0, with the libsafepy.so link), the
# .a, the header and the pkg-config file.
install: $(B)/safepy $(SP_SO) $(SP_A) $(SP_PC)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/safepy
	install -m 0755 $(B)/safepy $(DESTDIR)$(PREFIX)/bin/safepy
	install -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/safepy/README.md
	install -m 0644 docs/embedding.md $(DESTDIR)$(PREFIX)/share/doc/safepy/embedding.md
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 0755 $(SP_SO) $(DESTDIR)$(PREFIX)/lib/libsafepy.so.0
	ln -sf libsafepy.so.0 $(DESTDIR)$(PREFIX)/lib/libsafepy.so
	install -m 0644 $(SP_A) $(DESTDIR)$(PREFIX)/lib/libsafepy.a
	install -m 0644 libsafepy/safepy.h $(DESTDIR)$(PREFIX)/include/safepy.h
	install -m 0644 $(SP_PC) $(DESTDIR)$(PREFIX)/lib/pkgconfig/libsafepy.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/safepy $(DESTDIR)$(PREFIX)/share/doc/safepy/README.md \
	  $(DESTDIR)$(PREFIX)/share/doc/safepy/embedding.md $(DESTDIR)$(PREFIX)/lib/libsafepy.so.0 \
	  $(DESTDIR)$(PREFIX)/lib/libsafepy.so $(DESTDIR)$(PREFIX)/lib/libsafepy.a \
	  $(DESTDIR)$(PREFIX)/include/safepy.h $(DESTDIR)$(PREFIX)/lib/pkgconfig/libsafepy.pc
	-rmdir $(DESTDIR)$(PREFIX)/share/doc/safepy 2>/dev/null

clean:
	rm -rf $(B)/obj $(B)/asan $(B)/fuzz $(B)/safepy $(B)/test_unit $(B)/gen $(B)/mcp_rtt \
	       $(B)/pgo $(B)/pgo-gen $(B)/plain $(B)/pic $(B)/libsafepy.* $(B)/test_lib $(B)/.pgo-mode $(B)/aarch64 $(B)/safepy-static $(B)/static $(B)/safepy_*.deb
