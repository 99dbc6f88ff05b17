# SPDX-License-Identifier: GPL-2.0-or-later
# etc/module.mk - what a site installs around the plugin and the helper:
# the Slurm Prolog=/Epilog= programs and the psslurm pelogue snippet
# (written with the helper's installed path), the plugstack configuration
# (a configuration file and the link in plugstack.conf.d that enables it),
# the job_submit.lua example; their install rules, and their tests against
# the local Slurm.

WRAPPERS_B    := $(B)/wrappers
WRAPPER_NAMES := slurm-prolog slurm-epilog numa-balancing.sh
WRAPPERS      := $(WRAPPER_NAMES:%=$(WRAPPERS_B)/%)
# What the shipped prolog passes the helper: the defaults the docs give.
WRAPPER_PROLOG_ARGS ?= --script --off both --allow 0,1 --default keep --conflict keep
PLUGSTACK_CONF := $(SYSCONFDIR)/numa-balancing/plugstack.conf
PLUGSTACK_LINK := $(SYSCONFDIR)/slurm/plugstack.conf.d/numa-balancing.conf

ALL_TARGETS       += $(WRAPPERS)
INSTALL_TARGETS   += install-wrappers install-plugstack
UNINSTALL_TARGETS += uninstall-wrappers uninstall-plugstack
CHECK_TARGETS     += check-prolog-shared check-accounting
.PHONY: install-wrappers uninstall-wrappers install-plugstack uninstall-plugstack \
        check-prolog-shared check-accounting

# Rewritten on every build, but only changed files get a new time.
$(WRAPPERS_B)/slurm-prolog: etc/make-wrappers FORCE
	@etc/make-wrappers $(WRAPPERS_B) $(SBINDIR)/numa-balancing-helper $(WRAPPER_PROLOG_ARGS)
$(WRAPPERS_B)/slurm-epilog $(WRAPPERS_B)/numa-balancing.sh: $(WRAPPERS_B)/slurm-prolog

install-wrappers: $(WRAPPERS)
	install -d $(DESTDIR)$(LIBEXECDIR)
	install -m 755 $(WRAPPERS) $(DESTDIR)$(LIBEXECDIR)/

uninstall-wrappers:
	rm -f $(WRAPPER_NAMES:%=$(DESTDIR)$(LIBEXECDIR)/%)

install-plugstack:
	tools/install-plugstack install etc/plugstack.conf '$(DESTDIR)' $(PLUGSTACK_CONF) $(PLUGSTACK_LINK)
	install -D -m 644 etc/job_submit.lua $(DESTDIR)$(DATADIR)/job_submit.lua

uninstall-plugstack:
	tools/install-plugstack remove etc/plugstack.conf '$(DESTDIR)' $(PLUGSTACK_CONF) $(PLUGSTACK_LINK)
	rm -f $(DESTDIR)$(DATADIR)/job_submit.lua

# The Prolog=/Epilog= deployment with the wrappers as shipped, against the
# local Slurm: jobs asking 0 and 1 share the node in both orders, under
# conflict=keep and latest, with off=both and off=node; a job that asks for
# nothing on a node whose /proc/sys is read-only. No prolog or epilog
# fails, no node drains, the value is restored.
check-prolog-shared: $(HELPER_BIN) $(READER_BIN) $(SPANK_NOHOOKS_SO) $(WRAPPERS)
	B=$(B) tests/prolog/shared

# etc/job_submit.lua on the local Slurm with slurmdbd (and a private
# MariaDB): a job's request in its admin comment (scontrol show job, sacct),
# and a partition's default.
check-accounting: $(SPANK_SO) $(HELPER_BIN) $(HELPER_OPTION_ENV)
	B=$(B) tests/accounting/run
