/* SPDX-License-Identifier: GPL-2.0-or-later */
/* remote context (slurmstepd, or psslurm's forwarders, the job's steps):
 * in each task, before it execs, give a job that asked for 0 the local
 * memory policy, export what is in force for the task as
 * SLURM_NUMA_BALANCING and the request it serves (the site's default
 * included) as SLURM_NUMA_BALANCING_REQUEST, and where the site asks for
 * it (mpi_membind=) the MPI launchers' strict memory binding; tell the
 * job on its stderr, once per step and node, when that is not what it
 * asked for; log the job cgroup's counters when the step ends (where the
 * kernel counts per cgroup). task_init reads everything itself: under
 * psslurm it runs in another process than user_init, so nothing a hook
 * before it left in static variables is there. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/mempolicy.h>
#include <slurm/slurm.h> /* SLURM_BATCH_SCRIPT */

#include "common/kernel.h"
#include "common/statedir.h"
#include "common/memstat.h"
#include "nb_membind.h"
#include "nb_plugin.h"
#include "common/mempolicy.h"
#include "nb_route.h"
#include "nb_statedir.h"

/* A value this node's plugstack accepts. */
static bool usable(const char *arg, int *v)
{
	return parse_job_request(arg, v) == 0 &&
	       request_allowed(nb_state.cfg.allow_mask, *v);
}

/* The job's request: what it was submitted with (the environment), else
 * this step's own option (a job that srun started), else the site default
 * (which may be "keep": no request). A different value on srun inside a
 * job is warned about by srun itself (nb_option.c), not here. */
static int job_request(spank_t sp, bool *site_default)
{
	char buf[16];
	char *arg = NULL;
	int v;

	*site_default = false;
	if (spank_getenv(sp, NB_OPTION_ENV, buf, sizeof(buf)) == ESPANK_SUCCESS &&
	    usable(buf, &v))
		return v;
	if (spank_option_getopt(sp, &nb_option, &arg) == ESPANK_SUCCESS && usable(arg, &v))
		return v;
	*site_default = true;
	return nb_state.cfg.default_value;
}

/* The task that speaks for the step on this node: local task 0, or the
 * batch script, which psslurm runs without a task id. */
static bool first_task(spank_t sp)
{
	int task = -1;
	uint32_t step = 0;
	spank_err_t rc = spank_get_item(sp, S_TASK_ID, &task);

	if (rc == ESPANK_SUCCESS)
		return task == 0;
	return rc == ESPANK_NOT_TASK &&
	       spank_get_item(sp, S_JOB_STEPID, &step) == ESPANK_SUCCESS &&
	       step == SLURM_BATCH_SCRIPT;
}

/* The policy route: MPOL_LOCAL for a task that still has the default
 * policy. One that already has an explicit policy (Slurm's --mem-bind,
 * applied before task_init) keeps it: the scanner skips it just as well. */
static void apply_route(struct nb_task *t)
{
	t->policy = nb_policy_get();
	if (t->request == NB_DEFAULT_KEEP || !nb_route_tasks(t->request, nb_state.cfg.off))
		return;
	if (t->policy < 0) {
		t->set_errno = -t->policy;
		return;
	}
	if (t->policy != MPOL_DEFAULT)
		return;
	t->set_errno = nb_policy_set_local();
	if (t->set_errno == 0) {
		t->set_local = true;
		t->policy = MPOL_LOCAL;
	}
}

static void export_env(spank_t sp, const struct nb_task *t)
{
	int in_force = nb_in_force(t);

	if (in_force >= 0) {
		char value[16];

		snprintf(value, sizeof(value), "%d", in_force);
		if (spank_setenv(sp, "SLURM_NUMA_BALANCING", value, 1) != ESPANK_SUCCESS)
			slurm_error(NB_LOG ": cannot set SLURM_NUMA_BALANCING");
	}
	if (t->set_local &&
	    spank_setenv(sp, "SLURM_NUMA_BALANCING_POLICY", "local", 1) != ESPANK_SUCCESS)
		slurm_error(NB_LOG ": cannot set SLURM_NUMA_BALANCING_POLICY");
	if (t->request != NB_DEFAULT_KEEP &&
	    spank_setenv(sp, "SLURM_NUMA_BALANCING_REQUEST", job_request_name(t->request), 1) !=
	    ESPANK_SUCCESS)
		slurm_error(NB_LOG ": cannot set SLURM_NUMA_BALANCING_REQUEST");
}

/* Whether the task's environment has name; a value too long to read
 * counts as set. */
static bool job_has(spank_t sp, const char *name, char *buf, size_t len)
{
	spank_err_t rc = spank_getenv(sp, name, buf, len);

	if (rc == ESPANK_NOSPACE && len > 0)
		buf[0] = '\0';
	return rc != ESPANK_ENV_NOEXIST;
}

/* The site's mpi_membind=: the launchers' strict memory binding for a
 * 0 or 0-tasks job that has set none of their parameters itself. */
static void export_membind(spank_t sp, const struct nb_task *t, bool first)
{
	char job[32], buf[64];
	const char *job_value = job_has(sp, NB_MEMBIND_JOB_ENV, job, sizeof(job)) ? job : NULL;
	bool user_set = false;

	if (nb_state.cfg.mpi_membind == NB_MEMBIND_OFF)
		return;
	for (int i = 0; i < NB_MEMBIND_NVARS; i++)
		user_set = job_has(sp, nb_membind_vars[i].name, buf, sizeof(buf)) || user_set;
	switch (nb_membind_decide(nb_state.cfg.mpi_membind, t->request, job_value, user_set)) {
	case NB_MEMBIND_BAD_JOB:
		if (first)
			fprintf(stderr, NB_LOG ": warning: " NB_MEMBIND_JOB_ENV "='%.31s': use strict or none; the MPI launchers' memory binding is left as it is\n",
				job);
		break;
	case NB_MEMBIND_EXPORT:
		for (int i = 0; i < NB_MEMBIND_NVARS; i++)
			if (spank_setenv(sp, nb_membind_vars[i].name, nb_membind_vars[i].value, 0) !=
			    ESPANK_SUCCESS)
				slurm_error(NB_LOG ": cannot set %s", nb_membind_vars[i].name);
		break;
	case NB_MEMBIND_SKIP:
		break;
	}
}

/* On the job's stderr: the task's own stderr before exec. */
static void tell(const struct nb_task *t)
{
	char host[256] = "this node";
	char line[1024];

	gethostname(host, sizeof(host) - 1);
	if (nb_warning(t, host, line, sizeof(line)))
		fprintf(stderr, NB_LOG ": warning: %s\n", line);
	if (nb_mem_bind_note(t, line, sizeof(line)))
		fprintf(stderr, NB_LOG ": note: %s\n", line);
}

int nb_remote_task_init(spank_t sp)
{
	struct nb_task t = { .set_errno = 0 };
	char mem_bind[64];
	uint32_t job;
	bool first;

	if (!nb_state.cfg_ok || spank_get_item(sp, S_JOB_ID, &job) != ESPANK_SUCCESS)
		return 0;
	t.request = job_request(sp, &t.site_default);
	t.kernel = kernel_value_read(NB_SYSCTL_PATH);
	apply_route(&t);
	if (spank_getenv(sp, "SLURM_MEM_BIND_TYPE", mem_bind, sizeof(mem_bind)) == ESPANK_SUCCESS)
		t.mem_bind = mem_bind;
	first = first_task(sp);
	export_env(sp, &t);
	export_membind(sp, &t, first);
	if (first)
		tell(&t);
	return 0;
}

/* Only jobs the helper keeps a record of (the root-owned record decides,
 * not the job's environment, which its user controls): the job cgroup's
 * numa_* counters (Linux 6.11+) go to slurmd's log when a step of the job
 * ends on this node. Slurm removes the job cgroup before the epilog (and
 * before slurm_spank_exit), so this is the last point where they can be
 * read. */
int nb_remote_task_exit(spank_t sp)
{
	char cg[NB_CGROUP_NUMA_MAX];
	uint32_t job;

	if (!nb_state.cfg_ok || !first_task(sp) ||
	    spank_get_item(sp, S_JOB_ID, &job) != ESPANK_SUCCESS ||
	    !nb_job_record(NB_STATE_DIR, job, 0))
		return 0;
	cgroup_numa(NB_CGROUP_SLICE, job, cg, sizeof(cg));
	if (cg[0])
		slurm_info(NB_LOG ": job %u: a step ended; job cgroup %s", job, cg);
	return 0;
}
