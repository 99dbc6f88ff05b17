# SPDX-License-Identifier: GPL-2.0-or-later
# common/module.mk: the interface code the helper, the plugin and nbsim
# share (request values, conflict names, exit codes, the kernel value,
# /proc/vmstat, the task's memory policy, bounded reads, escaping for log
# lines). No privileges. Built once per kind of program: position-independent for
# executables (the static helper, nbsim, tests) and -fPIC for the plugin,
# each as a static library, so a program links only the objects it uses.
# Its own Check unit tests and libFuzzer targets live in tests/common/.

COMMON_SRCS := common/bootid.c common/failed.c common/failures.c common/escape.c common/keyval.c common/kernel.c common/memstat.c \
               common/mempolicy.c common/readfile.c common/statefile.c common/values.c common/vmstat.c
COMMON_HDRS := $(wildcard common/*.h)
COMMON_CFLAGS = $(BASE_CFLAGS) $(HARDEN) -I. $(CFLAGS)
COMMON_PIC_CFLAGS = $(BASE_CFLAGS) $(filter-out -fPIE,$(HARDEN)) -fPIC -I. $(CFLAGS)
COMMON_LIB := $(B)/common/libnbcommon.a
COMMON_PIC_LIB := $(B)/common/libnbcommon-pic.a

COMMON_UNIT_SRCS := $(wildcard tests/common/unit/*.c)
COMMON_UNIT_BIN := $(B)/common/check_common

# libFuzzer targets: the values and the escaper, the kernel-value and
# /proc/vmstat readers, the plugin's failure counts.
COMMON_FUZZERS := $(FUZZ_B)/common/fuzz_values $(FUZZ_B)/common/fuzz_kernel \
                  $(FUZZ_B)/common/fuzz_vmstat $(FUZZ_B)/common/fuzz_failures
FUZZERS += $(COMMON_FUZZERS)

CHECK_TARGETS += common-unit
CHECK_QUICK   += common-unit
LINT_SOURCES += common/*.c tests/common/unit/*.c tests/common/fuzz/*.c
.PHONY: common-unit
unit-tests: common-unit

$(B)/common/obj/%.o: common/%.c $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(COMMON_CFLAGS) -c -o $@ $<

$(B)/common/pic/%.o: common/%.c $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(COMMON_PIC_CFLAGS) -c -o $@ $<

$(COMMON_LIB): $(COMMON_SRCS:common/%.c=$(B)/common/obj/%.o)
	rm -f $@ && $(AR) rcs $@ $^

$(COMMON_PIC_LIB): $(COMMON_SRCS:common/%.c=$(B)/common/pic/%.o)
	rm -f $@ && $(AR) rcs $@ $^

$(COMMON_UNIT_BIN): $(COMMON_UNIT_SRCS) tests/common/unit/*.h $(COMMON_LIB)
	$(CC) $(COMMON_CFLAGS) $(CHECK_CFLAGS) -o $@ $(COMMON_UNIT_SRCS) $(COMMON_LIB) \
	  $(HARDEN_LD) $(SAN) $(LDFLAGS) $(CHECK_LIBS)

$(FUZZ_B)/common/fuzz_%: tests/common/fuzz/fuzz_%.c $(COMMON_SRCS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -o $@ $< $(COMMON_SRCS)

# Check unit tests of every shared parser, reader and the escaping.
common-unit: $(COMMON_UNIT_BIN)
	CK_FORK=yes $(COMMON_UNIT_BIN)
