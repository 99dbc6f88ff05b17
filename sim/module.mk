# SPDX-License-Identifier: GPL-2.0-or-later
# sim/module.mk - nbsim, the MPI + OpenMP spiking-network benchmark, in
# layers, each a folder of sim/src that includes only from the layers
# below it (tools/check-sim-layers checks it): util/, mpi/ (NEST's
# MPIManager), models/ (network, neuron and generator models), nodes/
# (NodeManager), connection/ (ConnectionManager), exchange/
# (EventDeliveryManager), engine/ (SimulationManager) in this file; io/
# (probes, observers and output) from sim/io.mk; the program (main.c,
# cli.c) on top; and their tests. Sources include each other by their
# path under sim/src ("engine/cycle.h").
#
# MPI=1 builds with mpicc (the default when mpicc is on PATH), MPI=0 a
# single-process binary. `make bench-sim` prints the performance numbers.

-include sim/io.mk

MPI        ?= $(if $(shell command -v mpicc 2>/dev/null),1,0)
SIM_B      := $(B)/sim
SIM_UTIL   := util/vec util/hugemem
SIM_MODELS := $(addprefix models/,builders registry brunel microcircuit multiarea \
                                  neuron poisson)
SIM_NODES  := nodes/network
SIM_CONN   := $(addprefix connection/,connections connect compressed targets)
SIM_EXCH   := $(addprefix exchange/,exchange register deliver)
SIM_ENGINE := $(addprefix engine/,build cycle update memest)
# Everything the loop runs on, below the engine.
SIM_LOWER  := $(SIM_UTIL) mpi/comm $(SIM_MODELS) $(SIM_NODES) $(SIM_CONN) $(SIM_EXCH)
SIM_CORE   := main cli $(SIM_LOWER) $(SIM_ENGINE)
SIM_SRC    := $(SIM_CORE:%=sim/src/%.c)
SIM_OBJS   := $(SIM_CORE:%=$(SIM_B)/%.o) \
              $(SIM_IO_SOURCES:sim/src/%.c=$(SIM_B)/%.o)
SIM_TESTS  := test-neuron test-poisson test-model test-connect test-update test-exchange
SIM_TBINS  := $(SIM_TESTS:%=$(SIM_B)/%)
SIM_TSRC   := $(SIM_TESTS:%=tests/sim/%.c) tests/sim/suite.c

ifeq ($(MPI),1)
SIM_CC     := OMPI_CC=$(CC) mpicc
SIM_MPIDEF := -DNB_HAVE_MPI
else
SIM_CC     := $(CC)
SIM_MPIDEF :=
endif
SIM_CFLAGS  = $(BASE_CFLAGS) $(HARDEN) -fopenmp -I. -Isim/src $(SIM_MPIDEF) -MMD -MP $(CFLAGS)
SIM_LDLIBS  = $(SIM_IO_LIBS) -lm
SIM_TLIBS   = $(CHECK_LIBS) -lm

ALL_TARGETS       += $(SIM_B)/nbsim
CHECK_TARGETS     += check-sim
CHECK_QUICK       += check-sim
INSTALL_TARGETS   += install-sim
UNINSTALL_TARGETS += uninstall-sim
LINT_SOURCES      += $(SIM_SRC) $(SIM_TSRC)
.PHONY: check-sim sim-unit sim-layers sim-determinism sim-cli sim-huge-pages \
        install-sim uninstall-sim bench-sim
unit-tests: sim-unit

# Objects mirror sim/src's folders: $(SIM_B)/engine/cycle.o.
$(SIM_B)/%.o: sim/src/%.c
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(SIM_OBJ_FLAGS) -c -o $@ $<

# GCC vectorises update.c's neuron loop only when it may compute both sides
# of a select: -fno-trapping-math (no handler traps on floating-point
# exceptions here, and every value stays the same; no -ffast-math).
$(SIM_B)/engine/update.o $(SIM_B)/core/engine/update.o: SIM_OBJ_FLAGS := -fno-trapping-math

$(SIM_B)/test-%.o: tests/sim/test-%.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -Isim/src -MMD -MP $(CFLAGS) -c -o $@ $<

$(SIM_B)/test-suite.o: tests/sim/suite.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -MMD -MP $(CFLAGS) -c -o $@ $<

$(SIM_B)/engine/cycle-notimers.o: sim/src/engine/cycle.c
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) -DNB_NO_CYCLE_TIMERS -c -o $@ $<

# common/ (the kernel-value and vmstat readers the probe uses) comes as a
# static library after the objects.
$(SIM_B)/nbsim: $(SIM_OBJS) $(COMMON_LIB)
	$(SIM_CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# The same binary with the cycle timers' clock reads compiled out.
$(SIM_B)/nbsim-notimers: $(filter-out $(SIM_B)/engine/cycle.o,$(SIM_OBJS)) \
                         $(SIM_B)/engine/cycle-notimers.o $(COMMON_LIB)
	$(SIM_CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# Unit tests: plain C (no MPI), so they also run under the sanitizers.
$(SIM_B)/test-neuron: $(SIM_B)/test-neuron.o $(SIM_B)/core/models/neuron.o $(SIM_B)/test-suite.o
$(SIM_B)/test-poisson: $(SIM_B)/test-poisson.o $(SIM_B)/core/models/poisson.o $(SIM_B)/test-suite.o
$(SIM_B)/test-model: $(SIM_B)/test-model.o $(SIM_B)/test-suite.o \
                     $(SIM_MODELS:%=$(SIM_B)/core/%.o) $(SIM_B)/core/engine/memest.o
$(SIM_B)/test-connect: $(SIM_B)/test-connect.o $(SIM_B)/test-suite.o \
                       $(SIM_LOWER:%=$(SIM_B)/core/%.o)
$(SIM_B)/test-update: $(SIM_B)/test-update.o $(SIM_B)/test-suite.o \
                      $(SIM_LOWER:%=$(SIM_B)/core/%.o) $(SIM_B)/core/engine/update.o
$(SIM_B)/test-exchange: $(SIM_B)/test-exchange.o $(SIM_B)/test-suite.o \
                        $(SIM_EXCH:%=$(SIM_B)/core/%.o) $(SIM_B)/core/mpi/comm.o \
                        $(SIM_B)/core/util/vec.o
$(SIM_TBINS):
	$(CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_TLIBS) -ljansson

# Core objects for the tests, compiled without MPI: $(SIM_B)/core/engine/cycle.o.
$(SIM_B)/core/%.o: sim/src/%.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -fopenmp -I. -Isim/src -MMD -MP $(CFLAGS) $(SIM_OBJ_FLAGS) -c -o $@ $<

# A single-process nbsim from those objects, for the smoke runs of the
# unit tests (which run under ASan and UBSan in check-sanitize).
SIM_SERIAL_OBJS := $(SIM_CORE:%=$(SIM_B)/core/%.o) \
                   $(SIM_IO_SOURCES:sim/src/%.c=$(SIM_B)/core/%.o)
$(SIM_B)/nbsim-serial: $(SIM_SERIAL_OBJS) $(COMMON_LIB)
	$(CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

-include $(wildcard $(SIM_B)/*.d $(SIM_B)/*/*.d $(SIM_B)/core/*.d $(SIM_B)/core/*/*.d)

# The unit tests, then every model, small and short, on two threads.
sim-unit: $(SIM_TBINS) $(SIM_B)/nbsim-serial
	set -e; for t in $(SIM_TBINS); do $$t; done
	tests/sim/smoke $(SIM_B)/nbsim-serial $(SIM_B)/smoke

# Each folder of sim/src includes only from the layers below it, and no
# include circle (the checker first shows that it catches both).
sim-layers:
	$(PYTHON) tests/sim/check-layers --self-test
	$(PYTHON) tests/sim/check-layers sim/src

# Spikes bit-identical for 1x1, 1x2, 2x1 and 2x2 ranks x threads.
sim-determinism: $(SIM_B)/nbsim
	tests/sim/determinism $(SIM_B)/nbsim $(SIM_B)/determinism $(MPI)

# Bad command lines and too-large networks get clear errors.
sim-cli: $(SIM_B)/nbsim
	tests/sim/cli-errors $(SIM_B)/nbsim $(SIM_B)/cli

# --huge-pages never/system/madvise under THP always and madvise (as root
# it switches the host's THP mode for its runs and restores it).
sim-huge-pages: $(SIM_B)/nbsim
	tests/sim/huge-pages $(SIM_B)/nbsim $(SIM_B)/huge-pages

check-sim: sim-unit sim-layers sim-determinism sim-cli sim-huge-pages

install-sim: $(SIM_B)/nbsim
	install -D -m 0755 $(SIM_B)/nbsim $(DESTDIR)$(BINDIR)/nbsim
	install -D -m 0644 sim/nbsim.1 $(DESTDIR)$(MANDIR)/man1/nbsim.1

uninstall-sim:
	rm -f $(DESTDIR)$(BINDIR)/nbsim $(DESTDIR)$(MANDIR)/man1/nbsim.1

# Performance numbers of docs/performance.md (several minutes; not a test);
# BENCH_SIM_ARGS=--nbsim-arg=--huge-pages=madvise passes nbsim options.
bench-sim: $(SIM_B)/nbsim $(SIM_B)/nbsim-notimers
	sim/bench-sim $(SIM_B) $(BENCH_SIM_ARGS)
