/* NUMA balancing activity counters: /proc/vmstat at prolog and epilog, and
 * the numa_* fields of a job cgroup's memory.stat (Linux 6.11+). */
#ifndef NB_VMSTAT_H
#define NB_VMSTAT_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

/* Takes the four counters from /proc/vmstat text; absent ones stay 0.
 * Returns -1 (all counters 0) on a malformed line. */
int vmstat_parse(const char *buf, size_t len, struct nb_counters *c);
int vmstat_read(const char *path, struct nb_counters *c);
/* "name=value" pairs of the numa_* lines of memory.stat text, separated by
 * spaces, into out (empty when there are none). */
void memstat_numa(const char *buf, size_t len, char *out, size_t outlen);
/* The same for job_<id> of Slurm's cgroup v2 hierarchy; empty if absent. */
void cgroup_numa(uint32_t job, char *out, size_t outlen);

#endif
