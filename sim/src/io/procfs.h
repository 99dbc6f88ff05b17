/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procfs.h - the kernel files nbsim's node probe reads: the numa_balancing
 * sysctl and the NUMA counters of /proc/vmstat, through the parsers the
 * helper and the plugin use (common/kernel.h, common/vmstat.h). They take
 * the path, so tests feed them fixture files. procfs.c. */
#ifndef NB_PROCFS_H
#define NB_PROCFS_H

#include <stdint.h>

#include "common/kernel.h"
#include "common/vmstat.h"

/* What a node probe reads (probe.h). */
struct nb_node_probe {
	int numa_balancing;           /* -1 when unreadable */
	uint64_t numa_pte_updates;
	uint64_t numa_hint_faults;
	uint64_t numa_hint_faults_local;
	uint64_t numa_pages_migrated;
};

#define NB_SYSCTL_NUMA_BALANCING NB_SYSCTL_PATH
#define NB_VMSTAT NB_VMSTAT_PATH

/* The value in the sysctl file at `path` (0 to 255 and a newline, as the
 * kernel writes it), or -1 when it is missing or holds anything else. */
int nb_read_numa_balancing(const char *path);

/* Sets p's four NUMA counters from a vmstat-format file (counters the file
 * lacks are 0). Returns 0, or -1 with all four 0 when the file cannot be
 * read or has a malformed line. */
int nb_read_vmstat(const char *path, struct nb_node_probe *p);

#endif
