/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The calling task's memory policy, through the kernel's system calls (no
 * libnuma): read it, give the task MPOL_LOCAL, and say whether the
 * kernel's NUMA balancing scans memory under it. */
#ifndef NB_MEMPOLICY_H
#define NB_MEMPOLICY_H

#include <stdbool.h>

/* The task's policy as get_mempolicy(2) reports it: the mode with its
 * MPOL_F_* mode flags, or -errno. */
int nb_policy_get(void);

/* set_mempolicy(MPOL_LOCAL, NULL, 0): allocates as the default policy
 * does, on the node of the CPU that faults, but as an explicit policy it
 * keeps the scanner away. Inherited across fork, clone and exec. Returns
 * 0 or an errno value. */
int nb_policy_set_local(void);

/* An explicit policy without MPOL_F_NUMA_BALANCING: task_numa_work skips
 * every VMA under it (vma_policy_mof() is false). */
bool nb_policy_skipped(int policy);

/* The mode's name as numa_maps spells it ("local", "bind", ...). */
const char *nb_policy_name(int policy);

#endif
