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
