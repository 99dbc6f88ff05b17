# SPDX-License-Identifier: GPL-2.0-or-later
# Top-level build for numa-balancing: the node helper, the SPANK plugin and
# the nbsim benchmark. Each component adds its own rules in <dir>/module.mk;
# this file holds what they share (flags, install paths, the check runner)
# and the release targets (dist, deb, rpm).

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

VERSION     := 1.0.0
B           ?= build
CC          ?= cc
PYTHON      ?= /usr/bin/python3

# Warnings are errors in `make check` and CI (tools/run-checks and .ci/run
# set WERROR=1), not in release and distribution builds: the next
# compiler release must not break a site's build.
WERROR      ?= 0
WARN        := -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)
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

.PHONY: all check check-all install uninstall clean deps demo lint check-clang \
        check-sanitize
.DEFAULT_GOAL := all

# Install paths compiled into programs (the plugin's helper= default).
# Objects that embed one depend on this file, which is
# rewritten only when a path changes: `make install PREFIX=/usr` after a
# plain `make` rebuilds them instead of installing stale paths.
PATHS_STAMP := $(B)/compiled-paths
COMPILED_PATHS = SBINDIR=$(SBINDIR) LIBEXECDIR=$(LIBEXECDIR)
$(PATHS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(COMPILED_PATHS)' | cmp -s - $@ || echo '$(COMPILED_PATHS)' >$@
.PHONY: FORCE

# Everything built depends on the warning flags it was built with: `make
# check` after a plain `make` rebuilds with -Werror instead of passing on
# objects that were never checked. (.EXTRA_PREREQS needs GNU make 4.3; older
# makes ignore it and simply do not rebuild.)
FLAGS_STAMP := $(B)/warning-flags
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(WARN)' | cmp -s - $@ || echo '$(WARN)' >$@
.EXTRA_PREREQS := $(FLAGS_STAMP)
$(FLAGS_STAMP) FORCE: .EXTRA_PREREQS :=

# Fuzzing with clang's libFuzzer, ASan and UBSan: components add targets to
# FUZZERS (built under build-fuzz/; corpus, logs and crash inputs in
# fuzz-out/). `make fuzz FUZZ_SECONDS=60` runs each that long; fuzz-smoke
# (in make check) a few seconds each.
FUZZ_B      := build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -O1 -g $(WARN) -I. \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZERS     :=

# Components append to these. CHECK_TARGETS is every check (make
# check-all); CHECK_QUICK the ones make check runs (unit tests, short model
# and chaos tests, one local-Slurm integration leg, the report, the docs).
ALL_TARGETS       :=
CHECK_TARGETS     :=
CHECK_QUICK       :=
INSTALL_TARGETS   :=
UNINSTALL_TARGETS :=

# spank before helper: helper-slurm-prolog names $(SPANK_SO) as a prerequisite.
include common/module.mk spank/module.mk nodestate/module.mk reader/module.mk helper/module.mk check/module.mk sim/module.mk \
        sim/report/module.mk lab/module.mk etc/module.mk

# Whole-tree checks, run after the components' own.
CHECK_TARGETS += fuzz-smoke check-install check-docs lint check-clang check-sanitize
CHECK_QUICK   += check-install check-docs lint
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

# CHECK_BESIDE: the checks that share nothing with the others (fake
# sysctl and state, their own files): tools/run-checks runs them in this
# order in a second lane beside the ones that use the real sysctl, daemons
# and guests. The release chroots come first, so that they are built
# while the host's integration legs run.
CHECK_BESIDE := check-chroots helper-inject chaos helper-model check-sanitize check-clang lint \
                fuzz-smoke check-sim check-sim-io check-report check-report-schema check-lab-report \
                common-unit check-spank-unit check-launch-stats helper-unit helper-stress \
                helper-faults helper-ioerrors helper-changes helper-script helper-metrics reader-cli

# The quick tier (make check) and every test (make check-all); one summary
# line at the end, non-zero exit if any failed. Warnings are errors here
# (tools/run-checks sets WERROR=1).
check: deps
	BESIDE='$(CHECK_BESIDE)' tools/run-checks $(CHECK_QUICK)

check-all: deps
	BESIDE='$(CHECK_BESIDE)' tools/run-checks $(CHECK_TARGETS)

# Into the live system (no DESTDIR), tools/install-unowned first installs
# into a scratch directory and refuses if any file would replace one that
# a dpkg or rpm package owns: a source install beside the packages must
# not overwrite the packaged plugin or helper.
install:
	MAKE='$(MAKE)' DESTDIR='$(DESTDIR)' tools/install-unowned $(INSTALL_TARGETS)

# The validation tools alone (nbsim, nbsim-report, numa-balancing-validate,
# its job scripts and man pages), e.g. beside the packaged plugin and helper.
.PHONY: install-validate
install-validate:
	MAKE='$(MAKE)' DESTDIR='$(DESTDIR)' tools/install-unowned install-sim install-report

# What a cluster node runs: the helper and numa-balancing-state, the plugin
# and the users' numa-balancing-check. The Debian and RPM packages build
# and install these.
.PHONY: node install-node
node: $(HELPER_BIN) $(READER_BIN) $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(WRAPPERS) $(NBCHECK_BIN)
install-node:
	MAKE='$(MAKE)' DESTDIR='$(DESTDIR)' tools/install-unowned install-helper install-reader \
	  install-spank install-wrappers install-plugstack install-check

# What the validation package ships, built.
.PHONY: validate
validate: $(SIM_B)/nbsim

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
# Like install, it refuses to touch files that a package owns.
.PHONY: uninstall-dirs
uninstall:
	MAKE='$(MAKE)' DESTDIR='$(DESTDIR)' tools/install-unowned -u '$(UNINSTALL_TARGETS) uninstall-dirs' \
	  $(INSTALL_TARGETS)
uninstall-dirs:
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

# The whole tree builds warning-free with clang too (gcc is the default):
# warnings are errors here whoever runs it.
check-clang: deps
	$(MAKE) B=build-clang CC=clang WERROR=1 all

# Unit tests again under AddressSanitizer and UBSan.
check-sanitize: deps
	$(MAKE) B=build-asan SAN='-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
	  OPT='-O1 -g' unit-tests

clean:
	rm -rf build build-clang build-asan build-fuzz build-beside

# Releases: `make dist` writes $(B)/numa-balancing-VERSION.tar.gz from the
# files git tracks (with their working-tree contents); `make deb` builds the
# three .debs from it in $(B)/deb; `make rpm` the three RPMs in
# $(B)/rpm/RPMS, for the Slurm whose headers are installed (SLURM_VERSION
# overrides; tools/slurm-version).
.PHONY: dist deb rpm
DIST        := numa-balancing-$(VERSION)
DIST_TAR    := $(B)/$(DIST).tar.gz
SLURM_VERSION ?= $(shell tools/slurm-version)
# rpmbuild checks BuildRequires against the RPM database; where rpm itself
# is not in that database (a Debian host) there is nothing to check against.
RPMBUILD_NODEPS = $(shell rpm -q rpm >/dev/null 2>&1 || echo --nodeps)

dist:
	@git rev-parse --is-inside-work-tree >/dev/null 2>&1 || \
	  { echo "make dist: needs a git checkout" >&2; exit 1; }
	@mkdir -p $(B)
	git ls-files -z | tar --null -T - --sort=name --owner=0 --group=0 --numeric-owner \
	  --mtime=@$$(git log -1 --format=%ct) --transform 's,^,$(DIST)/,S' -czf $(DIST_TAR)
	@echo "make dist: $(DIST_TAR)"

deb: dist
	rm -rf $(B)/deb && mkdir -p $(B)/deb
	tar -C $(B)/deb -xzf $(DIST_TAR)
	cd $(B)/deb/$(DIST) && dpkg-buildpackage -us -uc -b
	@ls $(B)/deb/*.deb

rpm: dist
	rm -rf $(B)/rpm && mkdir -p $(B)/rpm/SOURCES
	cp $(DIST_TAR) $(B)/rpm/SOURCES/
	rpmbuild -bb $(RPMBUILD_NODEPS) --define '_topdir $(abspath $(B))/rpm' \
	  --define 'slurm_version $(SLURM_VERSION)' numa-balancing.spec
	@ls $(B)/rpm/RPMS/*/*.rpm

