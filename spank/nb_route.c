/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The two routes to a job's request and the truth about what is in force
 * for its processes (docs/design.md, "Two routes to off"). */
#include "nb_route.h"

#include <stdio.h>
#include <string.h>

#include "common/kernel.h"
#include "common/mempolicy.h"

bool nb_route_tasks(int request, enum nb_off off)
{
	return request == NB_REQUEST_0_TASKS || (request == 0 && off != NB_OFF_NODE);
}

bool nb_route_node(int request, enum nb_off off)
{
	return request == 1 || (request == 0 && off != NB_OFF_TASKS);
}

int nb_in_force(const struct nb_task *t)
{
	return nb_policy_skipped(t->policy) ? 0 : t->kernel;
}

bool nb_request_met(int request, int in_force)
{
	return in_force >= 0 && ((in_force & 1) == 1) == (request == 1);
}

/* Why the kernel's value is not the one asked for, as far as the task
 * can tell. */
static const char *reason(const struct nb_task *t, char *buf, size_t len)
{
	if (t->set_errno != 0)
		snprintf(buf, len, "the tasks could not be given a local memory policy: %s",
			 strerror(t->set_errno));
	else if (t->policy > 0)
		snprintf(buf, len, "the tasks keep their memory policy (%s), which asks the kernel to balance their memory",
			 nb_policy_name(t->policy));
	else
		snprintf(buf, len, "a job sharing the node holds the other value, the node could not apply it, or it was changed outside Slurm");
	return buf;
}

bool nb_warning(const struct nb_task *t, const char *host, char *buf, size_t len)
{
	const char *who = t->site_default ? "the site default for this job is"
					  : "this job asked for";
	const char *want = job_request_name(t->request);
	int in_force = nb_in_force(t);
	char why[256];

	if (t->request == NB_DEFAULT_KEEP || nb_request_met(t->request, in_force))
		return false;
	if (nb_policy_skipped(t->policy))
		snprintf(buf, len, "%s numa_balancing=%s, but its tasks on %s have an explicit memory policy (%s, from --mem-bind or the node's memory binding), and the kernel does not balance memory under one; SLURM_NUMA_BALANCING=0",
			 who, want, host, nb_policy_name(t->policy));
	else if (in_force < 0)
		snprintf(buf, len, "%s numa_balancing=%s, but %s cannot provide it (%s: %s); nothing was changed",
			 who, want, host, NB_SYSCTL_PATH, strerror(-in_force));
	else
		snprintf(buf, len, "%s numa_balancing=%s, but it is %d on %s (%s); SLURM_NUMA_BALANCING=%d",
			 who, want, in_force, host, reason(t, why, sizeof(why)), in_force);
	return true;
}

bool nb_mem_bind_note(const struct nb_task *t, char *buf, size_t len)
{
	if (t->request != 1 || nb_policy_skipped(t->policy) || t->mem_bind == NULL ||
	    t->mem_bind[0] == '\0' || strcmp(t->mem_bind, "none") == 0)
		return false;
	snprintf(buf, len, "this step asks for a memory binding (SLURM_MEM_BIND_TYPE=%s) that is applied after its tasks start where the node binds memory (under psslurm: psid's BindMem, on by default); a task bound so has an explicit memory policy, which the kernel does not balance, and numa_balancing=1 would not reach it; numa-balancing-check in the step shows what holds (--mem-bind=none keeps balancing)",
		 t->mem_bind);
	return true;
}
