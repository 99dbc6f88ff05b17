/* SPDX-License-Identifier: GPL-2.0-or-later */
/* How a job's request is met on a node: which route serves it (the tasks'
 * memory policy, the helper's sysctl), what is then in force for the
 * job's own processes, and what task 0 tells the job when that is not
 * what it asked for. Pure functions. */
#ifndef NB_ROUTE_H
#define NB_ROUTE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/values.h"

/* The tasks get MPOL_LOCAL: 0 under off=both or off=tasks, and 0-tasks. */
bool nb_route_tasks(int request, enum nb_off off);
/* The job prolog runs the helper: 1, and 0 under off=both or off=node. */
bool nb_route_node(int request, enum nb_off off);

/* What task_init learnt about one task of the job. */
struct nb_task {
	int request;          /* 0, 1, NB_REQUEST_0_TASKS or NB_DEFAULT_KEEP */
	bool site_default;    /* the request is the site's default= */
	int kernel;           /* kernel.numa_balancing, or -errno */
	int policy;           /* its memory policy (nb_policy_get), or -errno */
	bool set_local;       /* the plugin gave it MPOL_LOCAL */
	int set_errno;        /* the policy route was wanted and failed */
	const char *mem_bind; /* SLURM_MEM_BIND_TYPE, or NULL */
};

/* What is in force for the task's memory: 0 under an explicit policy the
 * scanner skips, else the kernel value (or -errno when unreadable). */
int nb_in_force(const struct nb_task *t);

/* Whether a value in force (kernel.numa_balancing's bit 1 is normal
 * balancing; bit 2, memory tiering, is the site's) meets the request. */
bool nb_request_met(int request, int in_force);

/* The warning, when what is in force differs from the request: writes it
 * to buf (without a prefix) and returns true. */
bool nb_warning(const struct nb_task *t, const char *host, char *buf, size_t len);

/* For a 1 request whose task still has the default policy while the step
 * asks for a memory binding that is applied later (by psid under
 * psslurm, for instance): what the kernel will do then. */
bool nb_mem_bind_note(const struct nb_task *t, char *buf, size_t len);

#endif
