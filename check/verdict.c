/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa-balancing-check's decision and its wording (verdict.h). */
#include "verdict.h"

#include <errno.h>
#include <linux/mempolicy.h>
#include <stdio.h>
#include <string.h>

#include "common/kernel.h"
#include "common/mempolicy.h"
#include "common/values.h"

#ifndef MPOL_F_NUMA_BALANCING
#define MPOL_F_NUMA_BALANCING (1 << 13)
#endif

bool nb_check_reaches(int kernel, int policy)
{
	return kernel >= 0 && (kernel & NB_BALANCING_NORMAL) != 0 &&
	       policy >= 0 && !nb_policy_skipped(policy);
}

/* A 0 or 0-tasks request that balancing reaches anyway. A task that
 * started at 0 under a 0-tasks request had an explicit policy then (that
 * route never changes the node), so its policy was reset since. */
static enum nb_check_cause why_reached(const struct nb_check_facts *f)
{
	if ((f->policy & MPOL_F_NUMA_BALANCING) != 0)
		return NB_CHECK_POLICY_BALANCING;
	if (f->set_local)
		return NB_CHECK_RESET;
	if (f->at_start == NB_CHECK_NONE)
		return NB_CHECK_NOT_STARTED;
	if ((f->at_start & NB_BALANCING_NORMAL) != 0)
		return NB_CHECK_NODE_VALUE;
	return f->request == NB_REQUEST_0_TASKS ? NB_CHECK_RESET : NB_CHECK_NODE_CHANGED;
}

/* A 1 request that balancing does not reach. */
static enum nb_check_cause why_not_reached(const struct nb_check_facts *f)
{
	if (f->kernel == -ENOENT)
		return NB_CHECK_UNSUPPORTED;
	if ((f->kernel & NB_BALANCING_NORMAL) == 0)
		return f->at_start != NB_CHECK_NONE &&
		       (f->at_start & NB_BALANCING_NORMAL) != 0 ?
		       NB_CHECK_NODE_CHANGED : NB_CHECK_NODE_VALUE;
	return NB_CHECK_EXPLICIT;
}

enum nb_check_cause nb_check_decide(const struct nb_check_facts *f)
{
	bool reaches;

	if (f->request == NB_CHECK_NONE)
		return NB_CHECK_OK;
	if (f->kernel < 0 && f->kernel != -ENOENT)
		return NB_CHECK_NO_KERNEL;
	if (f->policy < 0)
		return NB_CHECK_NO_POLICY;
	reaches = nb_check_reaches(f->kernel, f->policy);
	if (reaches == (f->request == 1))
		return NB_CHECK_OK;
	return reaches ? why_reached(f) : why_not_reached(f);
}

void nb_check_cause_text(enum nb_check_cause c, const struct nb_check_facts *f,
			 char *buf, size_t len)
{
	const char *policy = nb_policy_name(f->policy);

	switch (c) {
	case NB_CHECK_OK:
		snprintf(buf, len, "%s", f->request == NB_CHECK_NONE ?
			 "the job asked for nothing" : "as the job asked");
		break;
	case NB_CHECK_NO_KERNEL:
		snprintf(buf, len, "cannot read %s: %s", NB_SYSCTL_PATH, strerror(-f->kernel));
		break;
	case NB_CHECK_NO_POLICY:
		snprintf(buf, len, "cannot read the memory policy: get_mempolicy: %s",
			 strerror(-f->policy));
		break;
	case NB_CHECK_RESET:
		snprintf(buf, len, "policy default after launch: the task started with an explicit memory policy (the plugin's local, or a binding), and something between Slurm and this process reset it, most likely the MPI launcher's memory binding (mpirun binding ranks to cores or NUMA nodes); start the ranks with srun, or mpirun --bind-to none, or ask your site for the plugin's mpi_membind setting (numa_balancing(8))");
		break;
	case NB_CHECK_POLICY_BALANCING:
		snprintf(buf, len, "policy %s with balancing: the process or its starter set a memory policy that asks for balancing (numactl --balancing); start it without",
			 policy);
		break;
	case NB_CHECK_NODE_CHANGED:
		snprintf(buf, len, "the node's value is %d now and was %d at task start: it was changed outside Slurm (tuned, sysctl) or by a job sharing the node",
			 f->kernel, f->at_start);
		break;
	case NB_CHECK_NODE_VALUE:
		snprintf(buf, len, "the node's value is %d and was so at task start: a job sharing the node holds the other value, or the node could not apply it (the plugin's warning on the job's error output says why)",
			 f->kernel);
		break;
	case NB_CHECK_NOT_STARTED:
		snprintf(buf, len, "the plugin did not start this process (no SLURM_NUMA_BALANCING): run it as a task of the job (srun, or the batch script) on a node that has the plugin");
		break;
	case NB_CHECK_EXPLICIT:
		snprintf(buf, len, "policy %s: an explicit memory policy keeps balancing away; it came from a memory binding (srun --mem-bind, the MPI launcher's binding, numactl, ParaStation's psid): use --mem-bind=none, or mpirun --bind-to none",
			 policy);
		break;
	case NB_CHECK_UNSUPPORTED:
		snprintf(buf, len, "this kernel has no automatic NUMA balancing (%s is missing)", NB_SYSCTL_PATH);
		break;
	}
}
