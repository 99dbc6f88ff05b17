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
# helper's numa-nodes). Objects that embed one depend on this file, which is
# rewritten only when a path changes: `make install PREFIX=/usr` after a
# plain `make` rebuilds them instead of installing stale paths.
PATHS_STAMP := $(B)/compiled-paths
$(PATHS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo 'SBINDIR=$(SBINDIR) LIBEXECDIR=$(LIBEXECDIR)' | cmp -s - $@ || \
	  echo 'SBINDIR=$(SBINDIR) LIBEXECDIR=$(LIBEXECDIR)' >$@
.PHONY: FORCE

# Components append to these.
ALL_TARGETS       :=
CHECK_TARGETS     :=
INSTALL_TARGETS   :=
UNINSTALL_TARGETS :=

include helper/module.mk spank/module.mk sim/module.mk sim/report/module.mk \
        lab/module.mk

# Whole-tree checks, run after the components' own.
CHECK_TARGETS += check-install lint check-clang check-sanitize
.PHONY: unit-tests check-install

all: $(ALL_TARGETS)

# Installs the Debian packages the build and the tests need (no-op when
# everything is present).
deps:
	tools/install-deps

# Every test; one summary line at the end, non-zero exit if any failed.
check: deps
	tools/run-checks $(CHECK_TARGETS)

install: $(INSTALL_TARGETS)

# make install into a scratch DESTDIR, then make uninstall: nothing missing, nothing left.
check-install: all
	tools/check-install

uninstall: $(UNINSTALL_TARGETS)

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
