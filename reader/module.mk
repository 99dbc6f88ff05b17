# SPDX-License-Identifier: GPL-2.0-or-later
# reader/: numa-balancing-state, the program behind status, check and
# metrics. It holds no capability and any user may run it: NHC,
# node_exporter's timer, an administrator; numa-balancing-helper hands
# these commands to it. Static like the helper, with its test build
# (-DNB_TEST_HOOKS: the NB_TEST_* paths and the failpoints). Outputs go
# under $(B)/reader/.

READER_SRCS := metrics.c metrics_format.c report.c
READER_OBJS := $(READER_SRCS:%.c=$(B)/reader/obj/%.o)
READER_TOBJS := $(READER_SRCS:%.c=$(B)/reader/tobj/%.o)
READER_BIN := $(B)/reader/numa-balancing-state
READER_TEST_BIN := $(B)/reader/numa-balancing-state-test
READER_CFLAGS = $(BASE_CFLAGS) $(HARDEN) -I. $(CFLAGS)

ALL_TARGETS += $(READER_BIN) $(READER_TEST_BIN)
INSTALL_TARGETS += install-reader
UNINSTALL_TARGETS += uninstall-reader
LINT_SOURCES += reader/*.c
.PHONY: install-reader uninstall-reader

$(B)/reader/obj/%.o: reader/%.c reader/*.h $(NODESTATE_HDRS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(READER_CFLAGS) -c -o $@ $<

$(B)/reader/tobj/%.o: reader/%.c reader/*.h $(NODESTATE_HDRS) $(COMMON_HDRS)
	@mkdir -p $(@D)
	$(CC) $(READER_CFLAGS) -DNB_TEST_HOOKS -c -o $@ $<

$(READER_BIN): $(READER_OBJS) $(B)/reader/obj/main.o $(NODESTATE_OBJS) $(COMMON_LIB) reader/module.mk
	$(CC) $(HELPER_BIN_LDFLAGS) $(HELPER_STATIC) -o $@ $(filter %.o %.a,$^) $(HELPER_LIBS)

$(READER_TEST_BIN): $(READER_TOBJS) $(B)/reader/tobj/main.o $(NODESTATE_TOBJS) $(COMMON_LIB) reader/module.mk
	$(CC) $(HELPER_BIN_LDFLAGS) $(HELPER_STATIC) -o $@ $(filter %.o %.a,$^) $(HELPER_LIBS)

install-reader: $(READER_BIN)
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8
	install -m 0755 $(READER_BIN) $(DESTDIR)$(SBINDIR)/numa-balancing-state
	install -m 0644 reader/numa-balancing-state.8 $(DESTDIR)$(MANDIR)/man8/numa-balancing-state.8

uninstall-reader:
	rm -f $(DESTDIR)$(SBINDIR)/numa-balancing-state \
	  $(DESTDIR)$(MANDIR)/man8/numa-balancing-state.8

# The command line: bad ones exit 2 and write nothing; the helper's
# status, check and metrics print and exit as numa-balancing-state's.
CHECK_TARGETS += reader-cli
CHECK_QUICK += reader-cli
.PHONY: reader-cli
reader-cli: $(READER_TEST_BIN) $(HELPER_TEST_BIN)
	tests/reader/cli.sh $(READER_TEST_BIN) $(HELPER_TEST_BIN)
