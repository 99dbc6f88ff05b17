/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The numa_* fields of a job cgroup's memory.stat (Linux 6.11+), which the
 * plugin logs when a step ends and metrics exports. */
#ifndef NB_MEMSTAT_H
#define NB_MEMSTAT_H

#include <stddef.h>
#include <stdint.h>

/* Where Slurm's cgroup v2 plugin puts its scope of job cgroups. */
#define NB_CGROUP_SLICE "/sys/fs/cgroup/system.slice"
/* Room for the pairs of one job cgroup, with the NUL. */
#define NB_CGROUP_NUMA_MAX 256

/* "name=value" pairs of the numa_* lines of memory.stat text, separated by
 * spaces, into out (empty when there are none). */
void memstat_numa(const char *buf, size_t len, char *out, size_t outlen);
/* The same for job_<id> of Slurm's cgroup v2 hierarchy (under any
 * [NODENAME_]slurmstepd.scope of slice, NB_CGROUP_SLICE outside tests);
 * empty if absent. */
void cgroup_numa(const char *slice, uint32_t job, char *out, size_t outlen);
/* Calls fn with the id and the pairs of every job cgroup there (job_<id>,
 * a valid Slurm job id) whose memory.stat has numa_* counters. */
void cgroup_each_numa(const char *slice, void (*fn)(uint32_t job, const char *pairs, void *arg),
                      void *arg);

#endif
