# SPDX-License-Identifier: GPL-2.0-or-later
# nodestate/: the node's state model that numa-balancing-helper (which
# changes it, as root) and numa-balancing-state (which only reads it, as
# any user) share: the state directory, its files and their lock, the
# records and the policy over them, the ended markers, the sysctl, the
# paths, privileges, Landlock, the log and the start both programs make.
# Built twice, as the helper is: plain objects, and the test build's
# (-DNB_TEST_HOOKS, with the failpoints). Its Check unit tests are the
# helper's (tests/helper/unit).

NODESTATE_SRCS := landlock.c log.c nodes.c paths.c policy.c privs.c record.c session.c \
                  start.c state.c statedir.c sysctl.c
NODESTATE_HDRS := $(wildcard nodestate/*.h)
NODESTATE_OBJS := $(NODESTATE_SRCS:%.c=$(B)/nodestate/obj/%.o)
NODESTATE_TOBJS := $(NODESTATE_SRCS:%.c=$(B)/nodestate/tobj/%.o) $(B)/nodestate/tobj/failpoint.o
NODESTATE_CFLAGS = $(BASE_CFLAGS) $(HARDEN) -I. $(CFLAGS)
LINT_SOURCES += nodestate/*.c

$(B)/nodestate/obj/%.o: nodestate/%.c $(NODESTATE_HDRS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(NODESTATE_CFLAGS) -c -o $@ $<

$(B)/nodestate/tobj/%.o: nodestate/%.c $(NODESTATE_HDRS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(NODESTATE_CFLAGS) -DNB_TEST_HOOKS -c -o $@ $<
