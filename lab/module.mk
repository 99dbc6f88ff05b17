# SPDX-License-Identifier: GPL-2.0-or-later
# lab/module.mk - the emulated NUMA lab: refpattern (the control) and
# `make lab` / `make check-lab`, which boot a two-node qemu guest
# (lab/guest) and run nbsim and the control in it with numa_balancing 1
# and 0 (lab/lab, docs/benchmark.md "The emulated NUMA lab").

LAB_B   := $(B)/lab
LAB_OUT ?= lab-out
# lab/lab options: vCPUs per node, ranks, threads, model, scale, THP mode,
# allocator, repetitions, nbsim arguments (lab/lab --help).
LAB_ARGS ?=
# LAB_VALIDATE=yes: `make lab` runs, instead of lab/lab's own runs, the
# validation through Slurm with the plugin in the guest, as `make demo`
# does there (lab/demo: nbsim and the control with --numa-balancing=1, 0
# and 0-tasks), into $(LAB_OUT)/validation; LAB_ARGS are then
# numa-balancing-validate options in place of lab/demo's own.
LAB_VALIDATE ?= no
ifneq ($(filter-out yes no,$(LAB_VALIDATE)),)
$(error LAB_VALIDATE must be yes or no, not '$(LAB_VALIDATE)')
endif
LAB_RUN  = MPLCONFIGDIR=$(REPORT_MPL) lab/lab --nbsim $(SIM_B)/nbsim \
           --refpattern $(LAB_B)/refpattern

ALL_TARGETS   += $(LAB_B)/refpattern
CHECK_TARGETS += check-lab-report check-lab check-cgroup-v2
CHECK_QUICK   += check-lab-report
LINT_SOURCES  += lab/refpattern.c
.PHONY: lab check-lab check-lab-report check-cgroup-v2 lab-membind lab-launchers

$(LAB_B):
	mkdir -p $@

$(LAB_B)/refpattern: lab/refpattern.c sim/src/io/procfs.c $(COMMON_LIB) | $(LAB_B)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -pthread -I. -Isim/src $(CFLAGS) $(HARDEN_LD) $(LDFLAGS) \
	  -o $@ $^ -ljansson -lnuma

lab: deps all
	@mkdir -p $(REPORT_MPL)
ifeq ($(LAB_VALIDATE),yes)
	B=$(B) MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo --where lab $(LAB_OUT) $(SIM_B)/nbsim \
	  $(LAB_ARGS)
else
	$(LAB_RUN) --out $(LAB_OUT) $(LAB_ARGS)
endif

# The headline and check-lab's assertions on a synthetic lab folder.
check-lab-report:
	@mkdir -p $(REPORT_MPL)
	MPLCONFIGDIR=$(REPORT_MPL) PYTHONPATH=lab:tests/report \
	  $(PYTHON) -m unittest discover -s tests/lab -p 'test_*.py'

# For CI: the guest runner's own test (tests/lab/guest), then a reduced lab,
# one pair of short nbsim runs and a short control: the report's
# report.json must show pages migrated with 1 and none with 0, and lab.json
# the control's.
CHECK_LAB := $(LAB_B)/check
check-lab: deps all
	@mkdir -p $(REPORT_MPL)
	tests/lab/guest $(LAB_B)/guest-test
	$(LAB_RUN) --out $(CHECK_LAB) --reps 1 --scale 0.4 --t-presim 100 --t-sim 1000 \
	  --allocator jemalloc \
	  --control-mib 64 --control-seconds 10 --timeout 600
	$(PYTHON) tests/lab/verify_lab.py $(CHECK_LAB)/report

# The plugin under cgroup v2 (this host's hierarchy is hybrid), in the lab's
# guest: on Debian 12's 6.1, and on Debian 13's 6.12, whose memory.stat
# counts NUMA balancing per cgroup, so the epilog line must carry each
# job's own counters, and a 0 job sharing the node with a 1 job must take
# no hint faults in its cgroup while the 1 job's migrates pages
# (tests/slurm/cgroup-v2-guest).
CGROUP_V2_OUT := $(LAB_B)/cgroup-v2
check-cgroup-v2: deps all
	rm -rf $(CGROUP_V2_OUT) && mkdir -p $(CGROUP_V2_OUT)/6.1 $(CGROUP_V2_OUT)/6.12
	lab/guest --out $(CGROUP_V2_OUT)/6.1 -- tests/slurm/cgroup-v2-guest
	LAB_KERNEL_SUITE=trixie lab/guest --out $(CGROUP_V2_OUT)/6.12 -- tests/slurm/cgroup-v2-guest

# What memory binding does to a job that asks for balancing: Slurm's
# --mem-bind and Open MPI's process binding, one job each, in the guest on
# Debian 13's 6.12 (per-cgroup counters); a table of each job's NUMA
# counters and memory policy (lab/membind). A measurement: not in make check.
MEMBIND_OUT := $(LAB_B)/membind
lab-membind: deps all
	rm -rf $(MEMBIND_OUT)
	LAB_KERNEL_SUITE=trixie lab/guest --quiet --timeout 1200 --out $(MEMBIND_OUT) -- lab/membind; \
	  s=$$?; cat $(MEMBIND_OUT)/guest-script.log; exit $$s

# The launcher matrix: srun and Open MPI's mpirun bindings, with the site's
# mpi_membind= off and all, crossed with the three requests on a node at 1
# and at 0; each cell's ranks' policy, hint faults, pages migrated and
# numa-balancing-check's verdict, in the 6.12 guest (lab/launchers). A
# measurement: not in make check (docs/results/launchers.md). MPICH's
# mpiexec.hydra joins where Debian's mpich is installed; LAUNCHERS_ARGS
# (--launchers, --settings) runs a part.
LAUNCHERS_OUT := $(LAB_B)/launchers
lab-launchers: deps all
	rm -rf $(LAUNCHERS_OUT)
	LAB_KERNEL_SUITE=trixie lab/guest --quiet --timeout 2400 --out $(LAUNCHERS_OUT) -- lab/launchers \
	  $(LAUNCHERS_ARGS); \
	  s=$$?; cat $(LAUNCHERS_OUT)/guest-script.log; exit $$s
