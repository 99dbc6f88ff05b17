/* SPDX-License-Identifier: GPL-2.0-or-later */
/* job_script context (slurmstepd spank prolog|epilog, root, empty
 * environment; psslurm's pelogue child): run numa-balancing-helper where
 * the node's sysctl serves the job's request, and at the job's end where
 * the helper keeps state, and log what came of it in the slurmd log. */
#include <stdio.h>
#include <slurm/slurm_version.h>

#include "common/escape.h"
#include "common/statedir.h"
#include "nb_plugin.h"
#include "nb_route.h"
#include "nb_statedir.h"

static int job_id(spank_t sp, uint32_t *job)
{
	spank_err_t rc = spank_get_item(sp, S_JOB_ID, job);

	if (rc != ESPANK_SUCCESS) {
		slurm_error(NB_LOG ": cannot get the job id: %s", spank_strerror(rc));
		return -1;
	}
	return 0;
}

/* The job's request, checked again here (the submit host's plugstack may
 * differ, and the value comes from the submitting client); an unusable
 * request falls back to the site default, logged escaped. */
static int requested_value(spank_t sp, uint32_t job)
{
	char *arg = NULL;
	int v;

	if (spank_option_getopt(sp, &nb_option, &arg) != ESPANK_SUCCESS)
		return nb_state.cfg.default_value;
	if (parse_job_request(arg, &v) != 0 ||
	    !request_allowed(nb_state.cfg.allow_mask, v)) {
		char shown[64];

		escape_str(arg, shown, sizeof(shown));
		slurm_error(NB_LOG ": job %u: ignoring --numa-balancing='%s' (invalid or not allowed here); using the site default",
			    job, shown);
		return nb_state.cfg.default_value;
	}
	return v;
}

static int config_usable(void)
{
	if (nb_state.cfg_ok)
		return 0;
	slurm_error(NB_LOG ": not running the helper: plugstack.conf: %s",
		    nb_state.cfg_error);
	return -1;
}

/* What a prolog with an unusable plugstack line returns. From 25.05 the
 * job's steps fail at init and so fail the job (init_failure_mode,
 * numa_balancing.c): nothing was changed, and the node need not drain.
 * Before, a failing step init drains the node anyway. */
static int bad_config_prolog(void)
{
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(25, 5, 0)
	slurm_error(NB_LOG ": the job's steps fail instead; the node is not drained");
	return 0;
#else
	return -1;
#endif
}

static const struct nb_call epilog_call = {
	"epilog", "request released; the value the node's running jobs need, or its baseline, restored",
	NB_RUN_EPILOG
};

/* What an epilog with an unusable plugstack line returns: success when the
 * node has no state at all (no job changed its value, nothing to restore),
 * failure when it may be left switched; then the helper is told the job
 * ended, as for any epilog whose helper did not run. */
static int bad_config_epilog(spank_t sp)
{
	uint32_t job;

	if (!nb_state_has_work(NB_STATE_DIR)) {
		slurm_error(NB_LOG ": no job changed kernel.numa_balancing here (no record, nothing pending, no baseline in %s): nothing to restore",
			    NB_STATE_DIR);
		return 0;
	}
	slurm_error(NB_LOG ": %s holds state the helper could not restore; failing",
		    NB_STATE_DIR);
	if (job_id(sp, &job) == 0)
		nb_helper_failed(&epilog_call, job);
	return -1;
}

static int helper_prolog(uint32_t job, int v)
{
	char done[96];
	const struct nb_call call = { "prolog", done, NB_RUN_PROLOG };
	char job_s[16], v_s[4];
	char *const argv[] = {
		nb_state.cfg.helper, "prolog", "--job", job_s, "--value", v_s,
		"--conflict", (char *)conflict_name(nb_state.cfg.conflict),
		"--off", (char *)off_name(nb_state.cfg.off), NULL
	};

	snprintf(job_s, sizeof(job_s), "%u", job);
	snprintf(v_s, sizeof(v_s), "%d", v);
	snprintf(done, sizeof(done), "numa_balancing=%d applied (off=%s)", v,
		 off_name(nb_state.cfg.off));
	return nb_run_helper(&call, job, argv);
}

static int helper_epilog(uint32_t job)
{
	char job_s[16];
	char *const argv[] = { nb_state.cfg.helper, "epilog", "--job", job_s, NULL };

	snprintf(job_s, sizeof(job_s), "%u", job);
	return nb_run_helper(&epilog_call, job, argv);
}

int nb_script_prolog(spank_t sp)
{
	uint32_t job;
	int v;

	if (config_usable() != 0)
		return bad_config_prolog();
	if (job_id(sp, &job) != 0)
		return -1;
	v = requested_value(sp, job);
	if (v == NB_DEFAULT_KEEP)
		return 0;
	if (!nb_route_node(v, nb_state.cfg.off)) {
		slurm_verbose(NB_LOG ": job %u: prolog: numa_balancing=%s with off=%s: the tasks get a local memory policy; no helper run",
			      job, job_request_name(v), off_name(nb_state.cfg.off));
		return 0;
	}
	return helper_prolog(job, v);
}

int nb_script_epilog(spank_t sp)
{
	uint32_t job;

	if (config_usable() != 0)
		return bad_config_epilog(sp);
	if (job_id(sp, &job) != 0)
		return -1;
	if (!nb_state_has_work(NB_STATE_DIR)) {
		slurm_verbose(NB_LOG ": job %u: epilog: no helper state in %s: nothing to do, no helper run",
			      job, NB_STATE_DIR);
		return 0;
	}
	return helper_epilog(job);
}
