/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.h - facts about the node a rank runs on: the kernel's NUMA-balancing
 * value and /proc/vmstat counters (read before and after the sim phase),
 * peak RSS, host name, CPU binding, memory policy, allocator and Slurm
 * job. probe.c. */
#ifndef NB_PROBE_H
#define NB_PROBE_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "io/procfs.h"

void nb_probe_node(struct nb_node_probe *p);
uint64_t nb_probe_peak_rss_bytes(void);
/* Fill buf (NUL-terminated, truncated to n) with the host name / a
 * description of this process's CPU binding (threads and their CPUs). */
void nb_probe_hostname(char *buf, int n);
void nb_probe_binding(char *buf, int n);
/* Each thread's own affinity mask, taken inside a parallel region so that
 * the OpenMP runtime has applied OMP_PROC_BIND/OMP_PLACES. Returns the
 * number of threads filled (at most max). */
int nb_probe_thread_masks(cpu_set_t *sets, int max);
/* The CPUs of set as ranges ("0-3,8") into buf, truncated to n. */
void nb_probe_cpu_list(char *buf, size_t n, const cpu_set_t *set);
/* The calling thread's memory policy (get_mempolicy(2)) as the kernel
 * names it in /proc/PID/numa_maps, without nodes: "default", "local",
 * "bind", "bind=balancing", ...; "unknown" when it cannot be read.
 * nb_mempolicy_name names a get_mempolicy mode with its flags. */
void nb_probe_mempolicy(char *buf, size_t n);
/* The mode flags of <linux/mempolicy.h> that libnuma's numaif.h lacks. */
#define NB_MPOL_F_STATIC_NODES (1 << 15)
#define NB_MPOL_F_RELATIVE_NODES (1 << 14)
void nb_mempolicy_name(int mode, char *buf, size_t n);
/* "jemalloc" when jemalloc is loaded (LD_PRELOAD), else "glibc". */
const char *nb_probe_allocator(void);
int nb_probe_numa_nodes(void);

#endif
