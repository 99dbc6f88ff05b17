/* SPDX-License-Identifier: GPL-2.0-or-later */
/* step-end: keep the job cgroup's numa_* counters in the job's record when
 * a step of the job ends on this node (run by the plugin in the step's
 * slurmstepd). Slurm removes the job cgroup before the job epilog runs, so
 * the epilog's per-job line uses the last copy kept here. Never touches
 * the kernel value; a job without a record or a cgroup is left alone. */
#include <inttypes.h>
#include <string.h>

#include "commands.h"
#include "nodestate/log.h"
#include "memstat.h"
#include "nodestate/session.h"

/* Copies the job cgroup's counters into record i, if they changed. */
static enum nb_exit keep(struct nb_session *s, long i)
{
	struct nb_record r = s->st.jobs.recs[i];
	char cg[NB_CGROUP_NUMA_MAX];

	cgroup_numa(s->paths.cgroup_slice, r.job, cg, sizeof(cg));
	if (!cg[0] || !cgroup_numa_valid(cg, strlen(cg)) || strcmp(cg, r.cgroup) == 0)
		return NB_EXIT_OK;
	memcpy(r.cgroup, cg, sizeof(r.cgroup));
	if (state_update_record(&s->st, &r) != 0)
		return NB_EXIT_BROKEN;
	log_msg(LOG_DEBUG, "job %" PRIu32 " step end: job cgroup %s", r.job, cg);
	return NB_EXIT_OK;
}

enum nb_exit cmd_step_end(const struct nb_args *a)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_READ, 0);

	if (rc == NB_EXIT_OK) {
		long i = state_find(&s.st, a->job);

		if (i >= 0)
			rc = keep(&s, i);
	}
	session_end(&s);
	return rc;
}
