# SPDX-License-Identifier: GPL-2.0-or-later
# check/module.mk: numa-balancing-check, the program a user runs as the job
# runs its ranks to learn whether automatic NUMA balancing reaches them as
# asked; its Check unit tests (the decision on fake policies, values and
# requests), its tests against the local Slurm and Open MPI, install rules. It ships in
# the plugin's package: users' nodes have that one.

NBCHECK_B     := $(B)/check
NBCHECK_BIN   := $(NBCHECK_B)/numa-balancing-check
NBCHECK_LIB   := check/verdict.c check/env.c
NBCHECK_SRCS  := check/main.c $(NBCHECK_LIB)
NBCHECK_TESTS := check/tests/check_main.c check/tests/check_verdict.c check/tests/check_env.c
NBCHECK_UNIT  := $(NBCHECK_B)/check-unit
NBCHECK_CFLAGS = $(BASE_CFLAGS) $(HARDEN) -I. -Icheck -MMD -MP $(CFLAGS)

ALL_TARGETS       += $(NBCHECK_BIN)
CHECK_TARGETS     += check-nbcheck check-launchers
CHECK_QUICK       += check-nbcheck check-launchers
INSTALL_TARGETS   += install-check
UNINSTALL_TARGETS += uninstall-check
LINT_SOURCES      += $(NBCHECK_SRCS) $(NBCHECK_TESTS)
.PHONY: check-nbcheck check-launchers install-check uninstall-check
unit-tests: check-nbcheck

$(NBCHECK_B)/%.o: check/%.c
	@mkdir -p $(@D)
	$(CC) $(NBCHECK_CFLAGS) -c -o $@ $<

$(NBCHECK_B)/tests/%.o: check/tests/%.c
	@mkdir -p $(@D)
	$(CC) $(NBCHECK_CFLAGS) $(CHECK_CFLAGS) -c -o $@ $<

$(NBCHECK_BIN): $(NBCHECK_SRCS:check/%.c=$(NBCHECK_B)/%.o) $(COMMON_LIB)
	$(CC) $(HARDEN_LD) $(SAN) $(LDFLAGS) -o $@ $^

$(NBCHECK_UNIT): $(NBCHECK_TESTS:check/tests/%.c=$(NBCHECK_B)/tests/%.o) \
                 $(NBCHECK_LIB:check/%.c=$(NBCHECK_B)/%.o) $(COMMON_LIB)
	$(CC) $(HARDEN_LD) $(SAN) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS)

# The decision and the environment parsing on fake inputs; then the
# program itself: its options, and one line with exit 0 outside a job.
check-nbcheck: $(NBCHECK_UNIT) $(NBCHECK_BIN)
	$(NBCHECK_UNIT)
	check/tests/cli $(NBCHECK_BIN)

# Against the local Slurm with Open MPI's mpirun, the node held at 1: srun's
# ranks of a 0-tasks job pass, mpirun --bind-to core's fail and are told the
# launcher reset their policy, and under the plugin's mpi_membind= they pass
# bound (tests/launchers/run).
check-launchers: $(NBCHECK_BIN) $(SPANK_SO) $(HELPER_BIN)
	B=$(B) tests/launchers/run

install-check: $(NBCHECK_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(NBCHECK_BIN) $(DESTDIR)$(BINDIR)/numa-balancing-check
	install -m 644 check/numa-balancing-check.1 $(DESTDIR)$(MANDIR)/man1/numa-balancing-check.1

uninstall-check:
	rm -f $(DESTDIR)$(BINDIR)/numa-balancing-check \
	  $(DESTDIR)$(MANDIR)/man1/numa-balancing-check.1

-include $(NBCHECK_SRCS:check/%.c=$(NBCHECK_B)/%.d) $(NBCHECK_TESTS:check/tests/%.c=$(NBCHECK_B)/tests/%.d)
