# sim/module.mk - nbsim, the MPI + OpenMP spiking-network benchmark: the
# simulator core (this file) plus the probes, placement sampler, progress
# line and result writer of sim/io.mk, and their tests.
#
# MPI=1 builds with mpicc (the default when mpicc is on PATH), MPI=0 a
# single-process binary. `make bench-sim` prints the performance numbers.

-include sim/io.mk

MPI        ?= $(if $(shell command -v mpicc 2>/dev/null),1,0)
SIM_B      := $(B)/sim
SIM_CORE   := main cli comm builders registry model_brunel model_microcircuit \
              model_multiarea neuron poisson network connect build exchange \
              cycle memest hugemem
SIM_SRC    := $(SIM_CORE:%=sim/src/%.c)
SIM_OBJS   := $(SIM_CORE:%=$(SIM_B)/%.o) \
              $(SIM_IO_SOURCES:sim/src/%.c=$(SIM_B)/%.o)
SIM_TESTS  := test-neuron test-poisson test-model
SIM_TBINS  := $(SIM_TESTS:%=$(SIM_B)/%)
SIM_TSRC   := $(SIM_TESTS:%=tests/sim/%.c) tests/sim/suite.c

ifeq ($(MPI),1)
SIM_CC     := OMPI_CC=$(CC) mpicc
SIM_MPIDEF := -DNB_HAVE_MPI
else
SIM_CC     := $(CC)
SIM_MPIDEF :=
endif
SIM_CFLAGS  = $(BASE_CFLAGS) $(HARDEN) -fopenmp -Isim/src $(SIM_MPIDEF) -MMD -MP $(CFLAGS)
SIM_LDLIBS  = $(SIM_IO_LIBS) -lm
SIM_TLIBS   = $(CHECK_LIBS) -lm

ALL_TARGETS       += $(SIM_B)/nbsim
CHECK_TARGETS     += check-sim
INSTALL_TARGETS   += install-sim
UNINSTALL_TARGETS += uninstall-sim
LINT_SOURCES      += $(SIM_SRC) $(SIM_TSRC)
.PHONY: check-sim sim-unit sim-determinism sim-cli install-sim uninstall-sim bench-sim
unit-tests: sim-unit

$(SIM_B):
	mkdir -p $@

$(SIM_B)/%.o: sim/src/%.c | $(SIM_B)
	$(SIM_CC) $(SIM_CFLAGS) -c -o $@ $<

$(SIM_B)/test-%.o: tests/sim/test-%.c | $(SIM_B)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -Isim/src -MMD -MP $(CFLAGS) -c -o $@ $<

$(SIM_B)/test-suite.o: tests/sim/suite.c | $(SIM_B)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -MMD -MP $(CFLAGS) -c -o $@ $<

$(SIM_B)/cycle-notimers.o: sim/src/cycle.c | $(SIM_B)
	$(SIM_CC) $(SIM_CFLAGS) -DNB_NO_CYCLE_TIMERS -c -o $@ $<

$(SIM_B)/nbsim: $(SIM_OBJS)
	$(SIM_CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# The same binary with the cycle timers' clock reads compiled out.
$(SIM_B)/nbsim-notimers: $(filter-out $(SIM_B)/cycle.o,$(SIM_OBJS)) $(SIM_B)/cycle-notimers.o
	$(SIM_CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# Unit tests: plain C (no MPI), so they also run under the sanitizers.
$(SIM_B)/test-neuron: $(SIM_B)/test-neuron.o $(SIM_B)/core-neuron.o $(SIM_B)/test-suite.o
$(SIM_B)/test-poisson: $(SIM_B)/test-poisson.o $(SIM_B)/core-poisson.o $(SIM_B)/test-suite.o
$(SIM_B)/test-model: $(SIM_B)/test-model.o $(SIM_B)/test-suite.o \
                     $(SIM_B)/core-builders.o $(SIM_B)/core-registry.o \
                     $(SIM_B)/core-model_brunel.o $(SIM_B)/core-model_microcircuit.o \
                     $(SIM_B)/core-model_multiarea.o $(SIM_B)/core-memest.o
$(SIM_TBINS):
	$(CC) $(BASE_CFLAGS) $(HARDEN_LD) $(LDFLAGS) -o $@ $^ $(SIM_TLIBS) -ljansson

# Core objects for the tests, compiled without MPI.
$(SIM_B)/core-%.o: sim/src/%.c | $(SIM_B)
	$(CC) $(BASE_CFLAGS) $(HARDEN) -fopenmp -Isim/src -MMD -MP $(CFLAGS) -c -o $@ $<

# A single-process nbsim from those objects, for the smoke runs of the
# unit tests (which run under ASan and UBSan in check-sanitize).
SIM_SERIAL_OBJS := $(SIM_CORE:%=$(SIM_B)/core-%.o) \
                   $(SIM_IO_SOURCES:sim/src/%.c=$(SIM_B)/core-%.o)
$(SIM_B)/nbsim-serial: $(SIM_SERIAL_OBJS)
	$(CC) $(BASE_CFLAGS) $(HARDEN_LD) -fopenmp $(LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

-include $(wildcard $(SIM_B)/*.d)

# The unit tests, then every model, small and short, on two threads.
sim-unit: $(SIM_TBINS) $(SIM_B)/nbsim-serial
	set -e; for t in $(SIM_TBINS); do $$t; done
	tests/sim/smoke $(SIM_B)/nbsim-serial $(SIM_B)/smoke

# Spikes bit-identical for 1x1, 1x2, 2x1 and 2x2 ranks x threads.
sim-determinism: $(SIM_B)/nbsim
	tests/sim/determinism $(SIM_B)/nbsim $(SIM_B)/determinism $(MPI)

# Bad command lines and too-large networks get clear errors.
sim-cli: $(SIM_B)/nbsim
	tests/sim/cli-errors $(SIM_B)/nbsim $(SIM_B)/cli

check-sim: sim-unit sim-determinism sim-cli

install-sim: $(SIM_B)/nbsim
	install -D -m 0755 $(SIM_B)/nbsim $(DESTDIR)$(BINDIR)/nbsim

uninstall-sim:
	rm -f $(DESTDIR)$(BINDIR)/nbsim

# Performance numbers of docs/performance.md (several minutes; not a test).
bench-sim: $(SIM_B)/nbsim $(SIM_B)/nbsim-notimers
	sim/bench-sim $(SIM_B)
