# SPDX-License-Identifier: GPL-2.0-or-later
# sim/io.mk - nbsim's node probes, page-placement sampler, progress line and
# result writer, and the observers the simulation loop reports to
# (sim/src/io/): the sources sim/module.mk links into nbsim (with
# SIM_IO_LIBS), and their unit tests (linked with mpi/comm.c built without
# MPI: one process, so they also run under the sanitizers).

SIM_IO         := probe procfs procstat tasknuma disturb provenance thread-log thp placement \
                  placement_out buffers progress energy observers results summary \
                  summary-probes summary-energy timers npy
SIM_IO_SOURCES := $(SIM_IO:%=sim/src/io/%.c)
SIM_IO_LIBS    := -ljansson -lnuma

SIO_B        := $(B)/sim-io
SIO_TESTS    := npy procfs procstat tasknuma disturb thp probe placement progress results energy
SIO_TEST_SRC := $(SIO_TESTS:%=tests/sim-io/test-%.c) tests/sim-io/capture.c \
                tests/sim-io/run-suite.c
SIO_BINS     := $(SIO_TESTS:%=$(SIO_B)/test-%)
SIO_OBJS     := $(SIM_IO_SOURCES:sim/src/%.c=$(SIO_B)/%.o) \
                $(SIO_B)/mpi/comm.o $(SIO_B)/capture.o $(SIO_B)/run-suite.o \
                $(COMMON_LIB)
SIO_CFLAGS    = $(BASE_CFLAGS) $(HARDEN) -fopenmp -I. -Isim/src -MMD -MP $(CFLAGS)
SIO_LDLIBS    = $(CHECK_LIBS) $(SIM_IO_LIBS) -lm
SIO_JEMALLOC := /usr/lib/x86_64-linux-gnu/libjemalloc.so.2

LINT_SOURCES += $(SIM_IO_SOURCES) $(SIO_TEST_SRC)
CHECK_TARGETS += check-sim-io
CHECK_QUICK   += check-sim-io
.PHONY: check-sim-io sim-io-unit sim-io-jemalloc sim-io-result-dir
unit-tests: sim-io-unit

# summary.json's nbsim_version is `git describe` of the tree it was built
# from (the Makefile's VERSION outside git); the object that embeds it is
# rebuilt when that changes.
SIM_DESCRIBE := $(B)/sim-describe
$(SIM_DESCRIBE): FORCE
	@mkdir -p $(@D)
	@d=$$(git describe --always --dirty 2>/dev/null || echo $(VERSION)); \
	  echo "$$d" | cmp -s - $@ || echo "$$d" >$@
SIM_DESCRIBED := $(B)/sim/io/summary-probes.o $(B)/sim/core/io/summary-probes.o \
                 $(SIO_B)/io/summary-probes.o
$(SIM_DESCRIBED): $(SIM_DESCRIBE)
$(SIM_DESCRIBED): CFLAGS += -DNB_GIT_DESCRIBE='"$(shell cat $(SIM_DESCRIBE) 2>/dev/null)"'

# Objects mirror sim/src's folders: $(SIO_B)/io/probe.o.
$(SIO_B)/%.o: sim/src/%.c
	@mkdir -p $(@D)
	$(CC) $(SIO_CFLAGS) -c -o $@ $<

$(SIO_B)/%.o: tests/sim-io/%.c
	@mkdir -p $(@D)
	$(CC) $(SIO_CFLAGS) -c -o $@ $<

$(SIO_BINS): $(SIO_B)/test-%: $(SIO_B)/test-%.o $(SIO_OBJS)
	$(CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIO_LDLIBS)

-include $(wildcard $(SIO_B)/*.d $(SIO_B)/*/*.d)

# Every unit test, then numpy and a validator of docs/design.md's
# Interface 2 read what the writers wrote.
sim-io-unit: $(SIO_BINS)
	rm -rf $(SIO_B)/out && mkdir -p $(SIO_B)/out
	set -e; for t in $(SIO_BINS); do NB_TEST_OUT=$(SIO_B)/out $$t; done
	$(PYTHON) tests/sim-io/check-npy.py $(SIO_B)/out/npy
	$(PYTHON) tests/sim-io/check-result-dir.py --fixture $(SIO_B)/out/results
	$(PYTHON) tests/sim-io/check-result-dir.py $(SIO_B)/out/results-no-placement
	$(PYTHON) tests/sim-io/check-result-dir.py $(SIO_B)/out/results-empty/new/parents

# The allocator probe sees jemalloc when it is preloaded (not under ASan,
# whose runtime must come first).
sim-io-jemalloc: $(SIO_B)/test-probe
	NB_TEST_ALLOCATOR=jemalloc LD_PRELOAD=$(SIO_JEMALLOC) $(SIO_B)/test-probe

# nbsim's own result directories, one and two ranks.
sim-io-result-dir: $(B)/sim/nbsim
	tests/sim-io/result-dir-run $(B)/sim/nbsim $(SIO_B)/runs $(MPI)

check-sim-io: sim-io-unit sim-io-jemalloc sim-io-result-dir

# nbsim beside Brian2's C++ standalone mode on NEST's brunel_delta
# (needs Debian's python3-brian; numbers in docs/performance.md).
.PHONY: bench-brian2
bench-brian2: $(B)/sim/nbsim
	tools/install-deps python3-brian
	sim/bench/compare-brian2 --nbsim $(B)/sim/nbsim --repeat 3
