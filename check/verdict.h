/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa-balancing-check's decision: from what one process found (its memory
 * policy, the node's kernel.numa_balancing, the job's request and what the
 * plugin set at task start), whether automatic NUMA balancing reaches it,
 * whether that is what the job asked for, and if not, the likely cause.
 * Pure functions, no I/O. */
#ifndef NB_CHECK_VERDICT_H
#define NB_CHECK_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#define NB_CHECK_NONE (-1) /* no request, no value at task start */

struct nb_check_facts {
	int kernel;      /* kernel.numa_balancing now, or -errno */
	int policy;      /* get_mempolicy's mode and flags now, or -errno */
	int request;     /* 0, 1, NB_REQUEST_0_TASKS or NB_CHECK_NONE */
	int at_start;    /* SLURM_NUMA_BALANCING, or NB_CHECK_NONE */
	bool set_local;  /* SLURM_NUMA_BALANCING_POLICY=local: the plugin gave
			  * the task MPOL_LOCAL at its start */
};

enum nb_check_cause {
	NB_CHECK_OK,            /* what the job asked for, or no request */
	NB_CHECK_NO_KERNEL,     /* cannot read the node's value */
	NB_CHECK_NO_POLICY,     /* cannot read the memory policy */
	NB_CHECK_RESET,         /* 0: the plugin's local policy is default now */
	NB_CHECK_POLICY_BALANCING, /* 0: a policy with MPOL_F_NUMA_BALANCING */
	NB_CHECK_NODE_CHANGED,  /* the node's value changed after task start */
	NB_CHECK_NODE_VALUE,    /* the node had another value at task start */
	NB_CHECK_NOT_STARTED,   /* 0: the plugin did not start this process */
	NB_CHECK_EXPLICIT,      /* 1: an explicit policy keeps balancing away */
	NB_CHECK_UNSUPPORTED,   /* 1: the kernel has no NUMA balancing */
};

/* Whether the kernel balances this process's memory: normal balancing
 * (bit 0) is on and its policy does not keep the scanner away. A kernel
 * without the sysctl (-ENOENT) has no balancing. */
bool nb_check_reaches(int kernel, int policy);

/* NB_CHECK_OK or the likely cause of a mismatch. */
enum nb_check_cause nb_check_decide(const struct nb_check_facts *f);

/* The cause as one sentence with its remedy, for the output line. */
void nb_check_cause_text(enum nb_check_cause c, const struct nb_check_facts *f,
			 char *buf, size_t len);

#endif
