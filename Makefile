# Top-level build for numa-balancing: the node helper, the SPANK plugin and
# the nbsim benchmark. Each component adds its own rules in <dir>/module.mk;
# this file holds what they share (flags, install paths, the check runner).

PREFIX      ?= /usr/local
DESTDIR     ?=
SBINDIR     ?= $(PREFIX)/sbin
BINDIR      ?= $(PREFIX)/bin
LIBEXECDIR  ?= $(PREFIX)/libexec/numa-balancing
MANDIR      ?= $(PREFIX)/share/man
DATADIR     ?= $(PREFIX)/share/numa-balancing
SYSCONFDIR  ?= /etc
# Slurm's plugin directory: where the installed slurmd finds its plugins.
SLURM_PLUGIN_DIR ?= $(shell tools/slurm-plugin-dir)

VERSION     := 0.1.0
B           ?= build
CC          ?= cc
PYTHON      ?= /usr/bin/python3

WARN        := -Wall -Wextra -Werror
HARDEN      := -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fPIE
HARDEN_LD   := -Wl,-z,relro,-z,now -pie
OPT         ?= -O2 -g
SAN         ?=
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE $(OPT) $(WARN) $(SAN) \
               -DNB_VERSION='"$(VERSION)"'
CFLAGS      ?=
LDFLAGS     ?=
# The Check unit-test framework, for every component's unit tests.
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null)

.PHONY: all check install uninstall clean deps demo lint check-clang \
        check-sanitize
.DEFAULT_GOAL := all

# Install paths compiled into programs (the plugin's helper= default, the
# helper's numa-nodes and the user it runs as). Objects that embed one depend on this file, which is
# rewritten only when a path changes: `make install PREFIX=/usr` after a
# plain `make` rebuilds them instead of installing stale paths.
PATHS_STAMP := $(B)/compiled-paths
COMPILED_PATHS = SBINDIR=$(SBINDIR) LIBEXECDIR=$(LIBEXECDIR) NODES_UID=$(NODES_UID) NODES_GID=$(NODES_GID)
$(PATHS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(COMPILED_PATHS)' | cmp -s - $@ || echo '$(COMPILED_PATHS)' >$@
.PHONY: FORCE

# Fuzzing with clang's libFuzzer, ASan and UBSan: components add targets to
# FUZZERS (built under build-fuzz/; corpus, logs and crash inputs in
# fuzz-out/). `make fuzz FUZZ_SECONDS=60` runs each that long; fuzz-smoke
# (in make check) a few seconds each.
FUZZ_B      := build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -O1 -g $(WARN) -I. \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZERS     :=

# Components append to these.
ALL_TARGETS       :=
CHECK_TARGETS     :=
INSTALL_TARGETS   :=
UNINSTALL_TARGETS :=

# spank before helper: helper-slurm-prolog names $(SPANK_SO) as a prerequisite.
include common/module.mk spank/module.mk helper/module.mk sim/module.mk \
        sim/report/module.mk lab/module.mk

# Whole-tree checks, run after the components' own.
CHECK_TARGETS += fuzz-smoke check-install check-docs lint check-clang check-sanitize
.PHONY: unit-tests check-install check-docs check-docs-long fuzz fuzz-smoke

fuzz: $(FUZZERS)
	tests/fuzz.sh $(FUZZ_SECONDS) $(FUZZERS)

fuzz-smoke: $(FUZZERS)
	tests/fuzz.sh 3 $(FUZZERS)

all: $(ALL_TARGETS)

# Installs the Debian packages the build and the tests need (no-op when
# everything is present).
deps:
	tools/install-deps

# Every test; one summary line at the end, non-zero exit if any failed.
check: deps
	tools/run-checks $(CHECK_TARGETS)

install: $(INSTALL_TARGETS)

# What a cluster node runs: the helper, numa-nodes and the plugin. The
# Debian and RPM packages build and install these.
.PHONY: node install-node
node: $(HELPER_BIN) $(NODES_BIN) $(SPANK_SO) $(SPANK_NOHOOKS_SO)
install-node: install-helper install-spank

# make install into a scratch DESTDIR, then make uninstall: nothing missing, nothing left.
check-install: all
	tools/check-install

# The components remove their files; then the directories only this
# project puts files in go when empty (LIBEXECDIR is shared by the helper,
# the plugin and the report, man8 and man1 by the man pages). Directories that hold other
# software's files too (sbin, bin, Slurm's plugin directory and the
# plugstack.conf.d that plugstack.conf includes) stay.
OWN_DIRS = $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(MANDIR)/man8 \
           $(DESTDIR)$(MANDIR)/man1
uninstall: $(UNINSTALL_TARGETS)
	@for d in $(OWN_DIRS); do \
	  if [ -d "$$d" ]; then rmdir --ignore-fail-on-non-empty "$$d"; fi; done

# Every command block of README.md and docs/*.md marked `sh runnable`
# (tools/check-docs states the convention), after check-docs' own test.
check-docs: all
	tests/docs/test-check-docs $(B)
	tools/check-docs --build $(B)

# The same with the blocks marked `sh runnable long` (make demo, the
# benchmarks, fuzzing): tens of minutes, so not part of make check.
check-docs-long: all
	tools/check-docs --build $(B) --long

# Every C file passes cppcheck with no finding; scripts pass shellcheck
# and pyflakes.
lint: deps
	tools/lint-scripts
	cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
	  --inline-suppr --std=c11 --suppress=missingIncludeSystem \
	  -I/usr/include/slurm $(LINT_SOURCES)

# The whole tree builds warning-free with clang too (gcc is the default).
check-clang: deps
	$(MAKE) B=build-clang CC=clang all

# Unit tests again under AddressSanitizer and UBSan.
check-sanitize: deps
	$(MAKE) B=build-asan SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
	  OPT='-O1 -g' unit-tests

clean:
	rm -rf build build-clang build-asan build-fuzz
