/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --numa-balancing as sbatch, salloc and srun see it: exactly 0, 1 or
 * 0-tasks, and only a value the site allows; srun inside a job is told
 * that the setting belongs to the job. */
#include <stdlib.h>

#include "common/escape.h"
#include "nb_plugin.h"

static int refuse_config(void)
{
	slurm_error(NB_LOG ": the site's plugstack.conf entry for this plugin is invalid (%s); ask your administrator",
		    nb_state.cfg_error);
	return -1;
}

int nb_option_cb(int val, const char *optarg, int remote)
{
	int v;

	(void)val;
	if (!nb_state.cfg_ok)
		return refuse_config();
	if (parse_job_request(optarg, &v) != 0) {
		char shown[64];

		escape_str(optarg, shown, sizeof(shown));
		slurm_error(NB_LOG ": --numa-balancing='%s': use exactly 0 (off), 1 (on) or 0-tasks (off by the tasks' memory policy alone)",
			    shown);
		return -1;
	}
	if (!remote && !request_allowed(nb_state.cfg.allow_mask, v)) {
		slurm_error(NB_LOG ": this site does not allow --numa-balancing=%s (allowed: %s)",
			    job_request_name(v), allow_name(nb_state.cfg.allow_mask));
		return -1;
	}
	nb_state.requested = v;
	return 0;
}

/* srun inside an allocation: the node-wide value was set for the job by
 * its prolog, and a step's tasks follow the job's request (nb_remote.c).
 * A job that asked for nothing has no request to follow: the step's 0 or
 * 0-tasks still gives its tasks the memory policy local, which keeps
 * balancing off for them, but moves no node-wide value. */
int nb_local_post_opt(spank_t sp)
{
	const char *job = getenv("SLURM_JOB_ID");
	int job_value = -1; /* stays -1 without a usable value */

	(void)sp;
	(void)parse_job_request(getenv(NB_OPTION_ENV), &job_value);
	if (job == NULL || nb_state.requested < 0 ||
	    nb_state.requested == job_value)
		return 0;
	if (job_value < 0 && nb_state.requested != 1)
		slurm_spank_log(NB_LOG ": warning: --numa-balancing is set per job, not per step: job %s did not ask for it, so --numa-balancing=%s on this srun gives only its tasks the memory policy local (balancing skips them); the node-wide value stays as it is",
				job, job_request_name(nb_state.requested));
	else if (job_value < 0)
		slurm_spank_log(NB_LOG ": warning: --numa-balancing is set per job, not per step: job %s did not ask for it, so --numa-balancing=1 on this srun changes no node-wide value; its tasks get balancing where the node has it on",
				job);
	else
		slurm_spank_log(NB_LOG ": warning: --numa-balancing is set per job, not per step: job %s asked for %s, so --numa-balancing=%s on this srun changes nothing",
				job, job_request_name(job_value), job_request_name(nb_state.requested));
	return 0;
}
