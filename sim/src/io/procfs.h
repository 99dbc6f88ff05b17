/* procfs.h - parsers for the kernel files nbsim's node probe reads: the
 * numa_balancing sysctl and the NUMA counters of /proc/vmstat. They take
 * the path, so tests feed them fixture files. procfs.c. */
#ifndef NB_PROCFS_H
#define NB_PROCFS_H

#include "io/probe.h"

#define NB_SYSCTL_NUMA_BALANCING "/proc/sys/kernel/numa_balancing"
#define NB_VMSTAT "/proc/vmstat"

/* The value in the sysctl file at `path`, or -1 when it is missing or does
 * not hold one non-negative integer. */
int nb_read_numa_balancing(const char *path);

/* Sets p's four NUMA counters from a vmstat-format file (counters the file
 * lacks are 0). Returns 0, or -1 when the file cannot be read. */
int nb_read_vmstat(const char *path, struct nb_node_probe *p);

#endif
