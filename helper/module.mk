# SPDX-License-Identifier: GPL-2.0-or-later
# numa-balancing-helper: the installed helper, its test build
# (numa-balancing-helper-test, -DNB_TEST_HOOKS, never installed), the Check
# unit tests, the stress/fault/privilege/real-kernel/Prolog= and chaos
# tests, fuzz targets and the latency benchmark. Outputs go under
# $(B)/helper/.

HELPER_SRCS := args.c epilog.c prolog.c reconcile.c reset.c settle.c
HELPER_OBJS := $(HELPER_SRCS:%.c=$(B)/helper/obj/%.o) $(NODESTATE_OBJS)
HELPER_TOBJS := $(HELPER_SRCS:%.c=$(B)/helper/tobj/%.o) $(NODESTATE_TOBJS)
HELPER_BIN := $(B)/helper/numa-balancing-helper
HELPER_TEST_BIN := $(B)/helper/numa-balancing-helper-test
# The helper is a static PIE (like OpenBSD's /sbin): on a compute node its
# start-up (page faults of the dynamic loader) costs more than its work, and
# static linking made it faster than a shell script that only writes the
# sysctl (docs/performance.md). It does not link libnuma, whose constructor
# would cost every prolog and epilog ~0.2 ms: it counts the NUMA nodes in
# sysfs itself. Sanitizer builds cannot be static and link dynamically.
HELPER_LIBS := -lcap
HELPER_STATIC = $(if $(SAN),,-static-pie)
HELPER_BIN_LDFLAGS = $(if $(SAN),$(HELPER_LDFLAGS),$(filter-out -pie,$(HELPER_LDFLAGS)))
HELPER_CFLAGS = $(BASE_CFLAGS) $(HARDEN) -I. $(CFLAGS)
HELPER_LDFLAGS = $(HARDEN_LD) $(SAN) $(LDFLAGS)

HELPER_UNIT_SRCS := $(wildcard tests/helper/unit/*.c)
HELPER_UNIT_BIN := $(B)/helper/check_helper
HELPER_STRESS_BIN := $(B)/helper/stress
HELPER_CHAOS_SRCS := $(wildcard tests/helper/chaos/*.c)
HELPER_CHAOS_BIN := $(B)/helper/chaos
HELPER_OPTION_ENV := $(B)/helper/slurm/option_env.so
HELPER_MODEL_SRCS := $(filter-out %/inject_main.c,$(wildcard tests/helper/model/*.c))
HELPER_MODEL_BIN := $(B)/helper/model
HELPER_INJECT_BIN := $(B)/helper/inject
HELPER_BENCH_BIN := $(B)/helper/bench
HELPER_EMPTY_BIN := $(B)/helper/bench-empty

ALL_TARGETS += $(HELPER_BIN) $(HELPER_TEST_BIN)
CHECK_TARGETS += helper-unit helper-stress helper-faults helper-ioerrors helper-changes helper-privs \
                 helper-script helper-inject helper-nodes helper-metrics helper-kernel \
                 helper-slurm-prolog helper-slurm-gone chaos helper-model
CHECK_QUICK   += helper-unit helper-stress helper-faults helper-ioerrors helper-changes helper-privs \
                 helper-script helper-nodes helper-metrics helper-kernel chaos helper-model
INSTALL_TARGETS += install-helper
UNINSTALL_TARGETS += uninstall-helper
LINT_SOURCES += helper/*.c tests/helper/*.c tests/helper/unit/*.c tests/helper/chaos/*.c \
                tests/helper/model/*.c \
                tests/prolog/*.c

.PHONY: helper-unit helper-stress helper-faults helper-ioerrors helper-changes helper-privs \
        helper-script helper-inject helper-nodes helper-metrics helper-kernel \
        helper-slurm-prolog helper-slurm-gone chaos bench-helper bench-helper-old install-helper uninstall-helper \
        helper-model helper-model-long helper-model-old
unit-tests: helper-unit

$(B)/helper/obj/%.o: helper/%.c helper/*.h $(NODESTATE_HDRS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -c -o $@ $<

$(B)/helper/tobj/%.o: helper/%.c helper/*.h $(NODESTATE_HDRS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -DNB_TEST_HOOKS -c -o $@ $<

# status, check and metrics run numa-balancing-state: the installed one,
# or the test build's beside it in $(B) for the helper's test build.
$(B)/helper/obj/main.o: $(PATHS_STAMP)
$(B)/helper/obj/main.o: HELPER_CFLAGS += -DNB_STATE_PROGRAM='"$(SBINDIR)/numa-balancing-state"'
$(B)/helper/tobj/main.o: HELPER_CFLAGS += -DNB_STATE_PROGRAM='"$(abspath $(READER_TEST_BIN))"'

$(HELPER_BIN): $(HELPER_OBJS) $(B)/helper/obj/main.o $(COMMON_LIB) helper/module.mk
	$(CC) $(HELPER_BIN_LDFLAGS) $(HELPER_STATIC) -o $@ $(filter %.o %.a,$^) $(HELPER_LIBS)

$(HELPER_TEST_BIN): $(HELPER_TOBJS) $(B)/helper/tobj/main.o $(COMMON_LIB) helper/module.mk $(READER_TEST_BIN)
	$(CC) $(HELPER_BIN_LDFLAGS) $(HELPER_STATIC) -o $@ $(filter %.o %.a,$^) $(HELPER_LIBS)

$(HELPER_UNIT_BIN): $(HELPER_UNIT_SRCS) tests/helper/unit/*.h $(HELPER_TOBJS) $(READER_TOBJS) $(COMMON_LIB)
	$(CC) $(HELPER_CFLAGS) -DNB_TEST_HOOKS -Ihelper -Inodestate -Ireader $(CHECK_CFLAGS) -o $@ \
	  $(HELPER_UNIT_SRCS) $(HELPER_TOBJS) $(READER_TOBJS) $(COMMON_LIB) $(HELPER_LDFLAGS) $(HELPER_LIBS) \
	  $(CHECK_LIBS)

$(HELPER_STRESS_BIN): tests/helper/stress.c
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -o $@ $< $(HELPER_LDFLAGS)

$(HELPER_CHAOS_BIN): $(HELPER_CHAOS_SRCS) tests/helper/chaos/chaos.h $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -o $@ $(HELPER_CHAOS_SRCS) $(COMMON_LIB) $(HELPER_LDFLAGS)

$(HELPER_MODEL_BIN): $(HELPER_MODEL_SRCS) tests/helper/model/*.h $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -o $@ $(HELPER_MODEL_SRCS) $(COMMON_LIB) $(HELPER_LDFLAGS)

$(HELPER_INJECT_BIN): tests/helper/model/inject.c tests/helper/model/inject_main.c tests/helper/model/inject.h
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -o $@ $(filter %.c,$^) $(HELPER_LDFLAGS)

$(HELPER_BENCH_BIN): tests/helper/bench.c
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) -o $@ $< $(HELPER_LDFLAGS) -lm

$(HELPER_EMPTY_BIN): tests/helper/bench-empty.c
	@mkdir -p $(@D)
	$(CC) $(HELPER_CFLAGS) $(HELPER_BIN_LDFLAGS) $(HELPER_STATIC) -o $@ $<

# Check unit tests: parsers, state files and directory, policy, and the
# shared-node behaviour of the real commands run in process.
helper-unit: $(HELPER_UNIT_BIN)
	CK_FORK=yes $(HELPER_UNIT_BIN)

# >= 1000 random interleaved prologs/epilogs, up to 16 at once, fake sysctl.
helper-stress: $(HELPER_TEST_BIN) $(HELPER_STRESS_BIN)
	$(HELPER_STRESS_BIN) $(HELPER_TEST_BIN) 1200 16 keep
	$(HELPER_STRESS_BIN) $(HELPER_TEST_BIN) 600 16 latest

# Rounds of up to 16 concurrent prologs, epilogs, status, check and reset runs
# under both policies, with SIGKILLs and resource faults, checked after
# every round (make check: CHAOS_SECONDS=100; docs/design.md for longer runs).
CHAOS_SECONDS ?= 100
chaos: $(HELPER_TEST_BIN) $(HELPER_CHAOS_BIN)
	$(HELPER_CHAOS_BIN) $(HELPER_TEST_BIN) $(CHAOS_SECONDS) $(CHAOS_SEED)

# The model-based test (docs/testing.md): random node events, each with at
# most one injected system-call fault, checked against what the jobs were
# promised; a violation is shrunk to a --replay line. The fault injector
# is checked first, and the sequences once shrunk replayed
# (tests/helper/model/replays.txt). make check: 60 s, one node;
# helper-model-long: 1800 s, two nodes at once (--jobs 2, one per core;
# set MODEL_SECONDS, MODEL_SEED, MODEL_JOBS, MODEL_DEPLOY=plugin|script|both). The
# default is the plugin's deployment: under Prolog=/Epilog= (script) an
# epilog that fails before its first step leaves its record until an
# administrator's reset (numa-balancing-helper(8), ENDED JOBS), which the
# model reports as the violation it is.
MODEL_DEPLOY ?= plugin
MODEL_RUN = $(HELPER_MODEL_BIN) $(HELPER_TEST_BIN) --deploy $(MODEL_DEPLOY) \
            --state $(READER_TEST_BIN) $(if $(MODEL_SEED),--seed $(MODEL_SEED))
helper-model: $(HELPER_TEST_BIN) $(READER_TEST_BIN) $(HELPER_MODEL_BIN) $(HELPER_INJECT_BIN)
	tests/helper/model/inject.sh $(HELPER_INJECT_BIN)
	tests/helper/model/replays.sh $(HELPER_MODEL_BIN) $(HELPER_TEST_BIN)
	$(MODEL_RUN) --seconds $(or $(MODEL_SECONDS),60) --jobs $(or $(MODEL_JOBS),1)

helper-model-long: $(HELPER_TEST_BIN) $(READER_TEST_BIN) $(HELPER_MODEL_BIN)
	$(MODEL_RUN) --seconds $(or $(MODEL_SECONDS),1800) --jobs $(or $(MODEL_JOBS),2)

# The model against an older commit's helper (default 30cafdf, whose
# failed epilog write pinned the node): it must report violations.
MODEL_OLD_REV ?= 30cafdf
helper-model-old: $(HELPER_MODEL_BIN)
	tests/helper/model/old-main.sh $(HELPER_MODEL_BIN) $(MODEL_OLD_REV)

# SIGKILL at every failpoint; the next run converges.
helper-faults: $(HELPER_TEST_BIN)
	tests/helper/faults.sh $(HELPER_TEST_BIN)

# Unreadable state (fd limits, modes, EIO, ENOMEM) and a full state
# directory: exit 5, nothing lost.
helper-ioerrors: $(HELPER_TEST_BIN)
	tests/helper/ioerrors.sh $(HELPER_TEST_BIN)

# What numa-balancing-helper(8) says each subcommand may change, against
# what it does.
helper-changes: $(HELPER_TEST_BIN)
	tests/helper/changes.sh $(HELPER_TEST_BIN) helper/numa-balancing-helper.8

# The capability sets at every step (CAP_SYS_ADMIN effective only for the
# write), Landlock refusing a write outside the allowed paths, insecure
# state dirs refused.
helper-privs: $(HELPER_TEST_BIN) $(HELPER_BIN) $(READER_TEST_BIN)
	tests/helper/privs.sh $(HELPER_TEST_BIN) $(HELPER_BIN) $(READER_TEST_BIN)

# --script (Prolog=/Epilog=): what a user's request causes exits 0; a
# sysctl that cannot be written, no CAP_SYS_ADMIN, stderr without a reader;
# every non-zero exit says why on stderr.
helper-script: $(HELPER_TEST_BIN)
	tests/helper/script.sh $(HELPER_TEST_BIN)

# Every call of every system call the helper makes in its prolog, epilog,
# status, check, reset and metrics scenarios fails once (strace -e
# inject): no lost restore, no record left behind a failed prolog.
helper-inject: $(HELPER_TEST_BIN)
	tests/helper/inject.py $(HELPER_TEST_BIN)

# The NUMA node count from sysfs: status, the lost-baseline recovery.
helper-nodes: $(HELPER_TEST_BIN) $(HELPER_BIN)
	tests/helper/nodes.sh $(HELPER_TEST_BIN) $(HELPER_BIN)

# metrics: promtool check metrics passes on the file, and its values match
# status --json during a job, after it and with an ended job's record.
helper-metrics: $(HELPER_TEST_BIN) $(READER_TEST_BIN)
	tests/helper/metrics.sh $(HELPER_TEST_BIN) $(READER_TEST_BIN)

# The installed binary against the real sysctl (restored whatever happens).
helper-kernel: $(HELPER_BIN) $(READER_BIN)
	tests/helper/kernel.sh $(HELPER_BIN) $(READER_BIN)

# A test-only SPANK plugin that hands the job any option value, as a
# client that skips numa_balancing.so's checks would (tests/prolog/run).
$(HELPER_OPTION_ENV): tests/prolog/option_env.c
	@mkdir -p $(@D)
	$(CC) $(SPANK_CFLAGS) -shared -o $@ $<

# Plain Prolog=/Epilog= use against the local Slurm: hostile option values
# never fail the prolog, change the kernel or drain the node.
helper-slurm-prolog: $(HELPER_BIN) $(READER_BIN) $(SPANK_SO) $(SPANK_NOHOOKS_SO) $(HELPER_OPTION_ENV)
	B=$(B) tests/prolog/run

# A job whose epilog cannot run the helper, against the local Slurm: check
# names it, the next job's end or reconcile restores the baseline, a live
# job without a step is never reported, no node drains.
helper-slurm-gone: $(HELPER_BIN) $(READER_BIN) $(SPANK_SO)
	B=$(B) tests/helper/slurm-gone

install-helper: $(HELPER_BIN)
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8
	install -m 0755 $(HELPER_BIN) $(DESTDIR)$(SBINDIR)/numa-balancing-helper
	install -m 0644 helper/numa-balancing-helper.8 $(DESTDIR)$(MANDIR)/man8/numa-balancing-helper.8

uninstall-helper:
	rm -f $(DESTDIR)$(SBINDIR)/numa-balancing-helper \
	  $(DESTDIR)$(MANDIR)/man8/numa-balancing-helper.8

# libFuzzer targets (the top-level Makefile runs them): the command line and
# environment, the state files and memory.stat.
HELPER_FUZZ_SRCS := helper/args.c nodestate/record.c
HELPER_FUZZERS := $(FUZZ_B)/helper/fuzz_args $(FUZZ_B)/helper/fuzz_state
FUZZERS += $(HELPER_FUZZERS)

$(FUZZ_B)/helper/fuzz_%: tests/helper/fuzz_%.c $(HELPER_FUZZ_SRCS) helper/*.h $(NODESTATE_HDRS) $(COMMON_SRCS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -Ihelper -Inodestate -o $@ $< $(HELPER_FUZZ_SRCS) $(COMMON_SRCS)

# Latency of prolog and epilog (fresh processes) beside a shell script that
# only writes the fake sysctl and an empty static program; prints median and
# p99, see docs/performance.md.
BENCH_RUNS ?= 500
bench-helper: $(HELPER_TEST_BIN) $(HELPER_BENCH_BIN) $(HELPER_EMPTY_BIN)
	$(HELPER_BENCH_BIN) $(HELPER_TEST_BIN) $(HELPER_EMPTY_BIN) $(BENCH_RUNS)

# The same, with an older commit's test build interleaved (BENCH_OLD_REV,
# default 30cafdf, built from git archive in a scratch directory).
BENCH_OLD_REV ?= 30cafdf
bench-helper-old: $(HELPER_TEST_BIN) $(HELPER_BENCH_BIN) $(HELPER_EMPTY_BIN)
	d=$$(mktemp -d /tmp/nb-bench-old.XXXXXX) && \
	  old=$$(tests/helper/build-rev.sh $(BENCH_OLD_REV) $$d) && \
	  $(HELPER_BENCH_BIN) $(HELPER_TEST_BIN) $(HELPER_EMPTY_BIN) $(BENCH_RUNS) $$old; \
	  s=$$?; rm -rf $$d; exit $$s
