# SPDX-License-Identifier: GPL-2.0-or-later
# sim/report/module.mk - the validation report (nbsim-report and its
# nbreport package), the validation driver, its job scripts and node
# sampler and energy recorder, `make demo`, and their checks: check-report
# (unit tests on synthetic result directories, the driver against stand-in
# Slurm clients, the page's first screen in headless Chromium), the
# report's screenshots for the docs (report-screenshots, no check),
# check-demo (a reduced demo with a placement sweep on the local Slurm),
# check-demo-lab (the demo in the emulated two-node machine),
# check-command (the driver's --command mode on a page-touching program)
# and check-report-schema (report.json against docs/report.schema.json).

REPORT_PY   := $(wildcard sim/report/nbreport/*.py)
REPORT_MPL  := $(B)/report/mpl
REPORT_LIB  := $(DESTDIR)$(LIBEXECDIR)/report

CHECK_TARGETS     += check-report
CHECK_QUICK       += check-report
INSTALL_TARGETS   += install-report
UNINSTALL_TARGETS += uninstall-report
.PHONY: check-report install-report uninstall-report

# Statistics, verdict, disturbance, headline and the whole report on
# synthetic runs; the validation driver's refusals of bad options and
# both programs' -h, --help and --version; then the rendered page's first screen in headless Chromium (page-dom skips,
# saying so, where none is installed).
check-report:
	@mkdir -p $(REPORT_MPL)
	MPLCONFIGDIR=$(REPORT_MPL) PYTHONPATH=sim/report:tests/report \
	  $(PYTHON) -m unittest discover -s tests/report -t tests/report
	tests/report/validate-usage sim/report/numa-balancing-validate \
	  sim/report/nbsim-report $(VERSION) $(B)/report/validate-usage
	MPLCONFIGDIR=$(REPORT_MPL) tests/report/page-dom $(B)/report/page-dom

# The report images of docs/benchmark.md: docs/img/report-top.png (the
# first screen at 1400x900) and docs/img/report-forest.png (the forest
# plot), headless Chromium screenshots of the report of REPORT_RUN (a
# validation's output folder; by default make demo's) rendered afresh.
# tests/report/fixture_validation.py DIR writes a synthetic one to try
# it on; REPORT_IMG sends the images elsewhere.
REPORT_RUN ?= $(DEMO_OUT)/validation
REPORT_IMG ?= docs/img
.PHONY: report-screenshots
report-screenshots:
	@mkdir -p $(REPORT_MPL)
	MPLCONFIGDIR=$(REPORT_MPL) tools/report-screenshots $(REPORT_RUN) \
	  $(REPORT_IMG) $(B)/report/screenshots

# The report tools live together in $(LIBEXECDIR)/report (each finds the
# others beside itself); the two commands are linked into $(BINDIR).
install-report:
	install -d $(REPORT_LIB)/nbreport $(DESTDIR)$(BINDIR)
	install -m 644 $(REPORT_PY) $(REPORT_LIB)/nbreport/
	install -m 755 sim/report/nbsim-report sim/report/numa-balancing-validate \
	  sim/report/nbv-node-sample sim/report/nbv-job-energy etc/validate.sbatch \
	  etc/validate-command.sbatch $(REPORT_LIB)/
	ln -sf $(LIBEXECDIR)/report/nbsim-report $(DESTDIR)$(BINDIR)/nbsim-report
	ln -sf $(LIBEXECDIR)/report/numa-balancing-validate \
	  $(DESTDIR)$(BINDIR)/numa-balancing-validate
	install -D -m 0644 sim/numa-balancing-validate.1 \
	  $(DESTDIR)$(MANDIR)/man1/numa-balancing-validate.1
	ln -sf numa-balancing-validate.1 $(DESTDIR)$(MANDIR)/man1/nbsim-report.1

uninstall-report:
	rm -f $(DESTDIR)$(BINDIR)/nbsim-report $(DESTDIR)$(BINDIR)/numa-balancing-validate \
	  $(DESTDIR)$(MANDIR)/man1/numa-balancing-validate.1 $(DESTDIR)$(MANDIR)/man1/nbsim-report.1
	rm -rf $(REPORT_LIB)

# report.json against docs/report.schema.json: the report of two real
# nbsim runs validates, and removing any key the schema requires fails it.
CHECK_TARGETS += check-report-schema
CHECK_QUICK   += check-report-schema
.PHONY: check-report-schema
check-report-schema: $(SIM_B)/nbsim
	tests/docs/report-schema $(SIM_B)/nbsim $(B)/report/schema

# `make demo`: the validation through Slurm with the plugin where pages can
# migrate: on a throwaway local Slurm on this machine when it has two or
# more NUMA nodes, else in the lab's emulated two-node machine (nbsim and
# the control pattern); sim/report/demo says which and why. DEMO_WHERE
# (auto, host or lab) overrides the choice; DEMO_ARGS, when given, are the
# numa-balancing-validate options instead of the demo's own for where it
# runs.
DEMO_OUT   ?= demo-out
DEMO_WHERE ?= auto
DEMO_ARGS  ?=
demo: deps
	$(MAKE) all
	@mkdir -p $(REPORT_MPL)
	B=$(B) MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo --where $(DEMO_WHERE) \
	  $(DEMO_OUT) $(SIM_B)/nbsim $(DEMO_ARGS)

# The reduced demo for CI: a placement sweep of one repetition, two
# placements x two balancing values, each job `srun --mpi=pmix -n 2 nbsim`;
# then every result directory must be complete, with the requested value
# in force, and the report must show the four conditions.
CHECK_DEMO := $(B)/report/check-demo
CHECK_TARGETS += check-demo
.PHONY: check-demo
check-demo: all
	@mkdir -p $(REPORT_MPL)
	B=$(B) MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo --where host $(CHECK_DEMO) $(SIM_B)/nbsim \
	  --model brunel --scale 0.2 --t-presim 50 --t-sim 500 --ranks 2 \
	  --threads 1 --reps 1 --poll 1 --placement close,spread
	PYTHONPATH=sim/report $(PYTHON) tests/report/verify_demo.py \
	  $(CHECK_DEMO)/validation --ranks 2 --conditions 4

# The demo in the lab's emulated two-node machine, as `make demo` runs it
# where the host has one NUMA node (nbsim and the control pattern with 1,
# 0 and 0-tasks), with 2 repetitions instead of 3: report.json must show
# pages migrated with 1, none and no hint faults with 0 and with 0-tasks
# (whose jobs ran with the sysctl at 1 and their tasks under the local
# policy), the headline each condition's hint faults and pages migrated
# and where the runs ran and why.
CHECK_DEMO_LAB := $(B)/report/check-demo-lab
CHECK_TARGETS  += check-demo-lab
.PHONY: check-demo-lab
check-demo-lab: deps all
	@mkdir -p $(REPORT_MPL)
	B=$(B) DEMO_REPS=2 MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo --where lab \
	  $(CHECK_DEMO_LAB) $(SIM_B)/nbsim
	PYTHONPATH=sim/report $(PYTHON) tests/report/verify_demo.py \
	  $(CHECK_DEMO_LAB)/validation --ranks 1 --also-command --conditions 6 \
	  --expect lab

# --command on the local Slurm: one pair of jobs running `srun touch-pages`
# (1 GiB of base pages, touched 400 times by 2 threads: 4-5 s here, long
# enough for the balancing scanner to mark pages), compared by --metric
# on the time the program prints, as a NEST user compares NEST's own
# simulation time; then the run directories and the report must be
# complete, every run with the printed figure and the report naming it.
CHECK_METRIC  := touch-pages: .*, ([0-9.]+) s
TOUCH_PAGES   := $(B)/report/touch-pages
CHECK_COMMAND := $(B)/report/check-command
CHECK_TARGETS += check-command
CHECK_QUICK   += check-command
LINT_SOURCES  += tests/report/touch-pages.c
.PHONY: check-command
$(TOUCH_PAGES): tests/report/touch-pages.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(HARDEN) $(HARDEN_LD) -pthread $(CFLAGS) $(LDFLAGS) -o $@ $<
check-command: all $(TOUCH_PAGES)
	@mkdir -p $(REPORT_MPL)
	B=$(B) MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo --where host $(CHECK_COMMAND) $(SIM_B)/nbsim \
	  --command 'srun $(abspath $(TOUCH_PAGES)) 1024 400 2' --threads 2 \
	  --metric '$(CHECK_METRIC)' --reps 1 --poll 1
	PYTHONPATH=sim/report $(PYTHON) tests/report/verify_demo.py \
	  $(CHECK_COMMAND)/validation --command --metric '$(CHECK_METRIC)' \
	  --conditions 2
