/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tasknuma.h - nbsim's own NUMA-balancing counters, as the kernel keeps
 * them per thread in /proc/self/task/TID/sched (kernel/sched/debug.c,
 * sched_show_numa): numa_pages_migrated (pages the thread's hint faults
 * migrated since it started) and total_numa_faults (its decayed count of
 * hint faults: 0 until it takes one, and never back to 0 after). Unlike
 * /proc/vmstat's, they are this process's alone. tasknuma.c. */
#ifndef NB_TASKNUMA_H
#define NB_TASKNUMA_H

#include <stdint.h>
#include <jansson.h>

#define NB_PROC_SELF_TASK "/proc/self/task"

/* The sums over the threads present when the directory was read. */
struct nb_task_numa {
	int threads;                /* -1 when unreadable */
	uint64_t pages_migrated;
	uint64_t numa_faults;
};

/* Sums the counters of every TID/sched under taskdir (a thread that
 * exits while it is read is left out). Returns 0, or -1 with threads -1
 * when the directory cannot be read, no thread's file can, or a file
 * lacks either key (a kernel without CONFIG_NUMA_BALANCING). */
int nb_read_task_numa(const char *taskdir, struct nb_task_numa *t);

/* One rank's summary.json "process_numa" entry for the sim phase:
 * {"pages_migrated": end - start, "numa_faults_end": n, "threads": n},
 * or null when either reading failed. */
json_t *nb_task_numa_json(const struct nb_task_numa *start,
                          const struct nb_task_numa *end);

#endif
