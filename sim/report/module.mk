# sim/report/module.mk - the validation report (nbsim-report and its
# nbreport package), the validation driver and job script, `make demo`,
# and their checks: check-report (unit tests on synthetic result
# directories) and check-demo (a reduced demo on the local Slurm).

REPORT_PY   := $(wildcard sim/report/nbreport/*.py)
REPORT_MPL  := $(B)/report/mpl
REPORT_LIB  := $(DESTDIR)$(LIBEXECDIR)/report

CHECK_TARGETS     += check-report
INSTALL_TARGETS   += install-report
UNINSTALL_TARGETS += uninstall-report
.PHONY: check-report install-report uninstall-report

# Statistics, correlation, verdict and the whole report on synthetic runs.
check-report:
	@mkdir -p $(REPORT_MPL)
	MPLCONFIGDIR=$(REPORT_MPL) PYTHONPATH=sim/report:tests/report \
	  $(PYTHON) -m unittest discover -s tests/report -t tests/report

# The report tools live together in $(LIBEXECDIR)/report (each finds the
# others beside itself); the two commands are linked into $(BINDIR).
install-report:
	install -d $(REPORT_LIB)/nbreport $(DESTDIR)$(BINDIR)
	install -m 644 $(REPORT_PY) $(REPORT_LIB)/nbreport/
	install -m 755 sim/report/nbsim-report sim/report/numa-balancing-validate \
	  etc/validate.sbatch $(REPORT_LIB)/
	ln -sf $(LIBEXECDIR)/report/nbsim-report $(DESTDIR)$(BINDIR)/nbsim-report
	ln -sf $(LIBEXECDIR)/report/numa-balancing-validate \
	  $(DESTDIR)$(BINDIR)/numa-balancing-validate

uninstall-report:
	rm -f $(DESTDIR)$(BINDIR)/nbsim-report $(DESTDIR)$(BINDIR)/numa-balancing-validate
	rm -rf $(REPORT_LIB)

# `make demo`: the validation on a throwaway local Slurm on this machine, at
# a size that finishes within 10 minutes on 2 cores. DEMO_ARGS are
# numa-balancing-validate options.
DEMO_OUT  ?= demo-out
DEMO_ARGS ?= --model brunel --scale 1 --t-presim 200 --t-sim 5000 \
             --ranks 1 --threads 2 --reps 4 --poll 2 \
             --nbsim-arg=--placement-every --nbsim-arg=200 \
             --nbsim-arg=--huge-pages=never
demo: deps
	$(MAKE) all
	B=$(B) MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo $(DEMO_OUT) $(SIM_B)/nbsim $(DEMO_ARGS)

# The reduced demo for CI: one pair of short jobs, each
# `srun --mpi=pmix -n 2 nbsim`; then every result directory must be
# complete, with the requested value in force, and the report written.
CHECK_DEMO := $(B)/report/check-demo
CHECK_TARGETS += check-demo
.PHONY: check-demo
check-demo: all
	@mkdir -p $(REPORT_MPL)
	B=$(B) MPLCONFIGDIR=$(REPORT_MPL) sim/report/demo $(CHECK_DEMO) $(SIM_B)/nbsim \
	  --model brunel --scale 0.2 --t-presim 50 --t-sim 500 --ranks 2 \
	  --threads 1 --reps 1 --poll 1
	PYTHONPATH=sim/report $(PYTHON) tests/report/verify_demo.py \
	  $(CHECK_DEMO)/validation 2
