/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The site's mpi_membind= setting: in jobs that ask for 0 or 0-tasks, the
 * MPI launchers' "bind memory strictly" parameters go into the tasks'
 * environment, so that a launcher that binds ranks gives them MPOL_BIND
 * (which the kernel's scanner skips) instead of resetting them to the
 * default policy. Which jobs get them, and the parameters. Pure. */
#ifndef NB_MEMBIND_H
#define NB_MEMBIND_H

#include <stdbool.h>
#include <stddef.h>

/* off: never; job: jobs whose environment asks (NB_MEMBIND_JOB_ENV=strict);
 * all: every 0 and 0-tasks job but those that decline (=none). */
enum nb_membind { NB_MEMBIND_OFF, NB_MEMBIND_JOB, NB_MEMBIND_ALL };

/* What a job sets to ask for it, or to decline it. */
#define NB_MEMBIND_JOB_ENV "NUMA_BALANCING_MPI_MEMBIND"

/* "off", "job" or "all". Returns 0, or -1. */
int parse_membind(const char *s, enum nb_membind *out);

enum nb_membind_act {
	NB_MEMBIND_SKIP,    /* export nothing */
	NB_MEMBIND_EXPORT,  /* export every parameter of nb_membind_vars */
	NB_MEMBIND_BAD_JOB, /* the job's variable is neither strict nor none */
};

/* For one task: the site's setting, the job's request (0, 1,
 * NB_REQUEST_0_TASKS or NB_DEFAULT_KEEP), the job's NB_MEMBIND_JOB_ENV
 * (NULL when unset) and whether the job set any of nb_membind_vars
 * itself (then the job has chosen, and nothing is exported). */
enum nb_membind_act nb_membind_decide(enum nb_membind site, int request,
				      const char *job_value, bool user_set);

struct nb_membind_var {
	const char *name;
	const char *value;
};

/* Open MPI 4.x (orte/mca/rtc/hwloc) and PRRTE, Open MPI 5's runtime
 * (src/mca/rtc/hwloc): local_only binds each bound rank's memory
 * strictly to its NUMA nodes (HWLOC_MEMBIND_BIND|STRICT). */
#define NB_MEMBIND_NVARS 2
extern const struct nb_membind_var nb_membind_vars[NB_MEMBIND_NVARS];

#endif
