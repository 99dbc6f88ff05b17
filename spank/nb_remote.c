/* remote context (slurmstepd, the job's steps): export the kernel value in
 * force at step start as SLURM_NUMA_BALANCING, tell the job on its stderr,
 * once per step and node, when that is not what it asked for, and have
 * the helper keep the job cgroup's counters when the step ends (where
 * the kernel counts per cgroup). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/kernel.h"
#include "common/readfile.h"
#include "common/vmstat.h"
#include "nb_plugin.h"

static int step_kernel_value = -ENOENT;

/* The job's request: what it was submitted with, else this step's option
 * (a job started by srun), else the site default (which may be "keep": no
 * request). A different value on srun inside a job is warned about by srun
 * itself (nb_option.c), not here. */
static int job_request(spank_t sp, bool *site_default)
{
	char buf[8];
	int v;

	*site_default = false;
	if (spank_getenv(sp, NB_OPTION_ENV, buf, sizeof(buf)) == ESPANK_SUCCESS &&
	    parse_request_value(buf, &v) == 0)
		return v;
	if (nb_state.requested >= 0)
		return nb_state.requested;
	*site_default = true;
	return nb_state.cfg.default_value;
}

int nb_remote_user_init(spank_t sp)
{
	char value[16];

	step_kernel_value = kernel_value_read(NB_SYSCTL_PATH);
	if (step_kernel_value < 0)
		return 0;
	snprintf(value, sizeof(value), "%d", step_kernel_value);
	if (spank_setenv(sp, "SLURM_NUMA_BALANCING", value, 1) != ESPANK_SUCCESS)
		slurm_error(NB_LOG ": cannot set SLURM_NUMA_BALANCING");
	return 0;
}

static void warn(int want, bool site_default, const char *host)
{
	const char *who = site_default ? "the site default for this job is"
				       : "this job asked for";

	if (step_kernel_value < 0)
		fprintf(stderr, NB_LOG ": warning: %s numa_balancing=%d, but %s cannot provide it (%s: %s); nothing was changed\n",
			who, want, host, NB_SYSCTL_PATH, strerror(-step_kernel_value));
	else
		fprintf(stderr, NB_LOG ": warning: %s numa_balancing=%d, but it is %d on %s (a job sharing the node holds the other value, the node could not apply it, or it was changed outside Slurm); SLURM_NUMA_BALANCING=%d\n",
			who, want, step_kernel_value, host, step_kernel_value);
}

int nb_remote_task_init(spank_t sp)
{
	uint32_t task = 1;
	bool site_default;
	int want;
	char host[256] = "this node";

	/* The first task on each node: a node of a multi-node job that did
	 * not get the value says so itself. */
	if (spank_get_item(sp, S_TASK_ID, &task) != ESPANK_SUCCESS || task != 0)
		return 0;
	want = job_request(sp, &site_default);
	if (want < 0 || want == step_kernel_value)
		return 0;
	gethostname(host, sizeof(host) - 1);
	warn(want, site_default, host);
	return 0;
}

static void find_numa(const char *name, size_t n, uint64_t v, void *arg)
{
	(void)v;
	if (n == sizeof("numa_pages_migrated") - 1 && memcmp(name, "numa_pages_migrated", n) == 0)
		*(bool *)arg = true;
}

/* Whether the kernel counts NUMA balancing per cgroup where Slurm's cgroup
 * v2 plugin puts jobs (6.11+): elsewhere there is nothing to keep, and no
 * step pays for a helper run. A file too large to read here counts. */
static bool cgroup_counts_numa(void)
{
	char buf[8192];
	size_t len;
	bool found = false;

	if (read_small_file(AT_FDCWD, NB_CGROUP_SLICE "/memory.stat", buf, sizeof(buf), &len) != 0)
		return errno == EFBIG;
	each_counter_line(buf, len, find_numa, &found);
	return found;
}

/* Only jobs with a request have a record to keep counters in. Slurm
 * removes the job cgroup before the epilog (and before slurm_spank_exit),
 * so this is the last point where a step of the job can read it. */
int nb_remote_task_exit(spank_t sp)
{
	uint32_t task = 1, job;
	bool site_default;
	char job_s[16];
	char *const argv[] = { nb_state.cfg.helper, "step-end", "--job", job_s, NULL };

	if (!nb_state.cfg_ok ||
	    spank_get_item(sp, S_TASK_ID, &task) != ESPANK_SUCCESS || task != 0 ||
	    job_request(sp, &site_default) < 0 || !cgroup_counts_numa() ||
	    spank_get_item(sp, S_JOB_ID, &job) != ESPANK_SUCCESS)
		return 0;
	snprintf(job_s, sizeof(job_s), "%u", job);
	return nb_run_helper("step end", job, argv, false);
}
