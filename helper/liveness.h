/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Which jobs the node shows running: a slurmstepd process of the job
 * (command line "slurmstepd: [<job>.<step>]", owned by root: the one
 * witness a user cannot forge, which proctrack/linuxproc has too) or a
 * job_<job> directory in Slurm's cgroup trees (v1:
 * <controller>/slurm[_<node>]/uid_<uid>/job_<job>, v2:
 * system.slice/[<node>_]slurmstepd.scope/job_<job>). A witness proves a
 * job alive; no witness proves nothing (between two steps a job need have
 * none). Only used to keep a record, never to drop one. */
#ifndef NB_LIVENESS_H
#define NB_LIVENESS_H

#include <stddef.h>
#include <stdint.h>

#include "paths.h"

#define NB_SEEN_STEP 1u
#define NB_SEEN_CGROUP 2u

struct nb_alive {
	int known;                  /* 0: the scan failed somewhere: every job counts as alive */
	struct nb_seen { uint32_t job; unsigned how; } *jobs;
	size_t n, cap;
};

/* Scans the processes under p->proc and the cgroup trees under
 * p->cgroup_root. Never fails: a process or cgroup that went away in the
 * meantime is no witness, but any other error (and no /proc) makes the
 * scan unknown, logged. */
void alive_scan(struct nb_alive *a, const struct nb_paths *p);
/* NB_SEEN_* bits for job; all bits when the scan is unknown. */
unsigned alive_seen(const struct nb_alive *a, uint32_t job);
void alive_free(struct nb_alive *a);

#endif
