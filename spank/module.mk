# SPDX-License-Identifier: GPL-2.0-or-later
# spank/module.mk: the numa_balancing SPANK plugin, its unit tests, the
# integration tests against a private Slurm (tests/spank), install rules.

SPANK_B        := $(B)/spank
SPANK_SO       := $(SPANK_B)/numa_balancing.so
# The same plugin without job prolog/epilog, for sites that run the helper
# from Prolog=/Epilog= (numa_balancing.c, NB_NO_JOB_HOOKS).
SPANK_NOHOOKS_SO := $(SPANK_B)/numa_balancing_nohooks.so
SPANK_UNIT     := $(SPANK_B)/spank-unit
# Pure parts (unit-tested) and the parts that talk to Slurm.
# glibc 2.34+ closes a spawned program's other descriptors itself
# (posix_spawn_file_actions_addclosefrom_np); older ones (EL8's 2.28) get
# the fork-and-close starter. `make SPANK_CLOSEFROM=no` builds that one here.
ifndef SPANK_CLOSEFROM
SPANK_CLOSEFROM := $(shell printf '\043include <spawn.h>\nint main(void) { posix_spawn_file_actions_t fa; return posix_spawn_file_actions_addclosefrom_np(&fa, 3); }\n' | \
                     $(CC) -D_GNU_SOURCE -Werror -x c -o /dev/null - 2>/dev/null && echo yes || echo no)
endif
ifeq ($(SPANK_CLOSEFROM),yes)
SPANK_START    := spank/nb_start_spawn.c
SPANK_HAVE_CLOSEFROM := -DNB_HAVE_CLOSEFROM
else
SPANK_START    := spank/nb_start_fork.c
SPANK_HAVE_CLOSEFROM :=
endif
SPANK_CORE     := spank/nb_config.c spank/nb_spawn.c $(SPANK_START) spank/nb_outcome.c \
                  spank/nb_route.c spank/nb_membind.c spank/nb_statedir.c
# The helper's values, exit codes and kernel-value reader are the interface
# both sides speak: the plugin links common/ (built -fPIC), not copies.
SPANK_GLUE     := spank/numa_balancing.c spank/nb_option.c spank/nb_script.c \
                  spank/nb_remote.c spank/nb_helper.c
SPANK_TESTS    := spank/tests/check_main.c spank/tests/check_config.c \
                  spank/tests/check_outcome.c spank/tests/check_spawn.c \
                  spank/tests/check_route.c spank/tests/check_membind.c \
                  spank/tests/check_statedir.c
SPANK_HELPER_DEFAULT := $(SBINDIR)/numa-balancing-helper
# Built objects are position-independent: -fPIC replaces HARDEN's -fPIE.
SPANK_CFLAGS   := $(BASE_CFLAGS) $(filter-out -fPIE,$(HARDEN)) -fPIC \
                  -I. -DNB_HELPER_PATH='"$(SPANK_HELPER_DEFAULT)"' $(SPANK_HAVE_CLOSEFROM) $(CFLAGS)
SPANK_LDFLAGS  := -shared $(filter-out -pie,$(HARDEN_LD)) \
                  -Wl,--version-script=spank/numa_balancing.map $(SAN) $(LDFLAGS)

SPANK_CORE_OBJS := $(SPANK_CORE:spank/%.c=$(SPANK_B)/%.o)
# The unit tests run the fallback starter on every build.
SPANK_UNIT_OBJS := $(sort $(SPANK_CORE_OBJS) $(SPANK_B)/nb_start_fork.o)
SPANK_GLUE_OBJS := $(SPANK_GLUE:spank/%.c=$(SPANK_B)/%.o)
SPANK_TEST_OBJS := $(SPANK_TESTS:spank/tests/%.c=$(SPANK_B)/tests/%.o)

# libFuzzer target: the plugstack.conf argument parser.
SPANK_FUZZERS := $(FUZZ_B)/spank/fuzz_config
FUZZERS += $(SPANK_FUZZERS)

ALL_TARGETS       += $(SPANK_SO) $(SPANK_NOHOOKS_SO)
# check-slurm-releases runs the integration suite on this host's Slurm too,
# so check-integration is not run a second time by make check-all; make
# check runs it alone, this host's leg.
CHECK_TARGETS     += check-spank-unit check-psslurm check-launch-stats check-chroots check-slurm-releases \
                     check-packages check-multinode
CHECK_QUICK       += check-spank-unit check-psslurm check-launch-stats check-integration
INSTALL_TARGETS   += install-spank
UNINSTALL_TARGETS += uninstall-spank
LINT_SOURCES      += $(sort $(SPANK_CORE) spank/nb_start_fork.c) $(SPANK_GLUE) $(SPANK_TESTS) spank/tests/fuzz_config.c \
                     tests/slurm/job_hooks_spank.c tests/psslurm/host.c tests/spank/fault-probe.c
unit-tests: check-spank-unit

.PHONY: check-spank-unit check-psslurm check-psslurm-real check-launch-stats check-integration stress-integration check-chroots \
        check-slurm-releases check-packages check-multinode \
        bench-launch install-spank uninstall-spank

$(SPANK_B)/%.o: spank/%.c
	@mkdir -p $(@D)
	$(CC) $(SPANK_CFLAGS) -MMD -MP -c -o $@ $<

# numa_balancing.c embeds NB_HELPER_PATH.
$(SPANK_B)/numa_balancing.o: $(PATHS_STAMP)

$(SPANK_B)/tests/%.o: spank/tests/%.c
	@mkdir -p $(@D)
	$(CC) $(SPANK_CFLAGS) $(CHECK_CFLAGS) -Ispank -MMD -MP -c -o $@ $<

$(SPANK_SO): $(SPANK_CORE_OBJS) $(SPANK_GLUE_OBJS) $(COMMON_PIC_LIB) spank/numa_balancing.map
	$(CC) $(SPANK_LDFLAGS) -o $@ $(SPANK_CORE_OBJS) $(SPANK_GLUE_OBJS) $(COMMON_PIC_LIB)

# Without the job hooks nothing calls nb_script.c.
SPANK_NOHOOKS_OBJS := $(SPANK_B)/nohooks/numa_balancing.o \
                      $(filter-out $(SPANK_B)/numa_balancing.o $(SPANK_B)/nb_script.o,$(SPANK_GLUE_OBJS))
$(SPANK_B)/nohooks/numa_balancing.o: spank/numa_balancing.c $(PATHS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SPANK_CFLAGS) -DNB_NO_JOB_HOOKS -MMD -MP -c -o $@ $<

$(SPANK_NOHOOKS_SO): $(SPANK_CORE_OBJS) $(SPANK_NOHOOKS_OBJS) $(COMMON_PIC_LIB) spank/numa_balancing.map
	$(CC) $(SPANK_LDFLAGS) -o $@ $(SPANK_CORE_OBJS) $(SPANK_NOHOOKS_OBJS) $(COMMON_PIC_LIB)

$(SPANK_UNIT): $(SPANK_TEST_OBJS) $(SPANK_UNIT_OBJS) $(COMMON_PIC_LIB)
	$(CC) $(HARDEN_LD) $(SAN) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS)

$(FUZZ_B)/spank/fuzz_config: spank/tests/fuzz_config.c spank/nb_config.c spank/nb_config.h spank/nb_membind.c \
                             $(COMMON_SRCS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -Ispank -o $@ $< spank/nb_config.c spank/nb_membind.c $(COMMON_SRCS)

# Unit tests of the plugin's pure parts (config, spawn, outcomes).
check-spank-unit: $(SPANK_UNIT)
	$(SPANK_UNIT)

# The remote and job-script callbacks the way ParaStation psslurm runs
# them (tests/psslurm/host.c), in a private mount namespace: no daemons,
# the real sysctl untouched.
PSSLURM_HOST := $(B)/tests/psslurm/psslurm-host
$(PSSLURM_HOST): tests/psslurm/host.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(HARDEN) $(CFLAGS) -rdynamic $(HARDEN_LD) $(LDFLAGS) -o $@ $< -ldl
check-psslurm: $(SPANK_SO) $(PSSLURM_HOST)
	B=$(B) tests/psslurm/run

# The same under a real psid with psslurm (psmgmt 6.6.0 for Slurm 22.05),
# a private slurmctld and munged on this machine; jobs change the real
# sysctl. By hand only, never in CHECK_TARGETS or CI (no psmgmt there):
#   make check-psslurm-real PSMGMT=/path/to/psmgmt-prefix-or-source
check-psslurm-real: $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(B)/helper/numa-balancing-helper \
                    $(B)/reader/numa-balancing-state $(B)/check/numa-balancing-check
	@[ -n "$(PSMGMT)" ] || { echo "check-psslurm-real: set PSMGMT to a psmgmt install prefix or source tree" >&2; exit 2; }
	B=$(B) PSMGMT=$(PSMGMT) tests/psslurm/real/run

# What NUMA balancing does to one process (hint faults, memory policy),
# for the integration scenarios' jobs.
FAULT_PROBE := $(B)/tests/spank/fault-probe
$(FAULT_PROBE): tests/spank/fault-probe.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(HARDEN) $(CFLAGS) -pthread $(HARDEN_LD) $(LDFLAGS) -o $@ $<

# Integration scenarios 1-9 (tests/spank/run-all) against a private munged/slurmctld/slurmd.
check-integration: $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(B)/helper/numa-balancing-helper $(FAULT_PROBE)
	B=$(B) tests/spank/run-all

# The same suite RUNS times in a row beside a CPU hog (stress-ng --cpu 1),
# or only the scenarios SCENARIO selects; per-scenario pass and fail
# counts. Long, so not in CHECK_TARGETS.
RUNS ?= 10
SCENARIO ?=
stress-integration: $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(B)/helper/numa-balancing-helper $(FAULT_PROBE)
	B=$(B) RUNS=$(RUNS) SCENARIO='$(SCENARIO)' tests/spank/stress

# The Debian 13 and unstable chroots of the release matrix and the
# package test, built once (debootstrap from the host's mirror) or found
# healthy: every package the two need installed.
check-chroots:
	tests/releases/chroot ensure trixie
	tests/releases/chroot ensure sid

# The same suite against this host's Slurm (22.05 on Debian 12) and in
# Debian 13 (24.11) and unstable (26.05) chroots, cached under
# /var/cache/numa-balancing/chroots; prints a table release x scenario.
check-slurm-releases: $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(B)/helper/numa-balancing-helper $(FAULT_PROBE)
	B=$(B) tests/releases/run-matrix

# debian/ and numa-balancing.spec: build, lintian, install into the
# chroots, the suite from the installed files, removal leaves nothing.
check-packages:
	B=$(B) tests/packages/check

# Three slurmd in network namespaces, each with its own fake sysctl:
# multi-node jobs, hetjobs, arrays, one node's helper broken, slurmd killed.
check-multinode: $(SPANK_SO) $(B)/helper/numa-balancing-helper-test $(B)/sim/nbsim
	B=$(B) tests/multinode/run-all

# srun true and sbatch, with and without the plugin, and with a plugin
# whose job prolog and epilog do nothing (docs/performance.md).
LAUNCH_RUNS ?= 25
JOB_HOOKS_SO := $(SPANK_B)/bench/job_hooks.so
$(JOB_HOOKS_SO): tests/slurm/job_hooks_spank.c
	@mkdir -p $(@D)
	$(CC) $(SPANK_CFLAGS) $(SPANK_LDFLAGS) -o $@ $<
bench-launch: $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(B)/helper/numa-balancing-helper $(JOB_HOOKS_SO)
	B=$(B) tests/slurm/bench-launch $(LAUNCH_RUNS)

# bench-launch's statistics and verdict on synthetic times.
check-launch-stats:
	PYTHONPATH=sim/report:tests/slurm $(PYTHON) -m unittest discover -s tests/slurm -p 'test_*.py'

# The plugstack configuration that enables the plugin is installed by
# install-plugstack (etc/module.mk).
install-spank: $(SPANK_SO) $(SPANK_NOHOOKS_SO)
	install -d $(DESTDIR)$(SLURM_PLUGIN_DIR) $(DESTDIR)$(MANDIR)/man8
	install -m 755 $(SPANK_SO) $(DESTDIR)$(SLURM_PLUGIN_DIR)/numa_balancing.so
	install -m 755 $(SPANK_NOHOOKS_SO) $(DESTDIR)$(SLURM_PLUGIN_DIR)/numa_balancing_nohooks.so
	install -m 644 spank/numa_balancing.8 $(DESTDIR)$(MANDIR)/man8/numa_balancing.8

uninstall-spank:
	rm -f $(DESTDIR)$(SLURM_PLUGIN_DIR)/numa_balancing.so \
	  $(DESTDIR)$(SLURM_PLUGIN_DIR)/numa_balancing_nohooks.so \
	  $(DESTDIR)$(MANDIR)/man8/numa_balancing.8

-include $(SPANK_UNIT_OBJS:.o=.d) $(SPANK_GLUE_OBJS:.o=.d) $(SPANK_TEST_OBJS:.o=.d) \
         $(SPANK_B)/nohooks/numa_balancing.d
