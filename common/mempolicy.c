/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The task's memory policy through get_mempolicy(2) and set_mempolicy(2),
 * called by number: the plugin and numa-balancing-check need no libnuma. */
#include "mempolicy.h"

#include <errno.h>
#include <linux/mempolicy.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Kernels from 5.12 and their headers; older ones never report it. */
#ifndef MPOL_F_NUMA_BALANCING
#define MPOL_F_NUMA_BALANCING (1 << 13)
#endif

#define NB_MODE_FLAGS (MPOL_F_STATIC_NODES | MPOL_F_RELATIVE_NODES | MPOL_F_NUMA_BALANCING)

int nb_policy_get(void)
{
	int mode = MPOL_DEFAULT;

	if (syscall(SYS_get_mempolicy, &mode, NULL, 0UL, NULL, 0UL) != 0)
		return -errno;
	return mode;
}

int nb_policy_set_local(void)
{
	return syscall(SYS_set_mempolicy, MPOL_LOCAL, NULL, 0UL) == 0 ? 0 : errno;
}

bool nb_policy_skipped(int policy)
{
	return policy > 0 && (policy & ~NB_MODE_FLAGS) != MPOL_DEFAULT &&
	       (policy & MPOL_F_NUMA_BALANCING) == 0;
}

const char *nb_policy_name(int policy)
{
	/* enum order of <linux/mempolicy.h>; 5 is 5.15+, 6 is 6.9+. */
	static const char *const names[] = {
		"default", "preferred", "bind", "interleave", "local",
		"preferred_many", "weighted_interleave",
	};
	int mode = policy & ~NB_MODE_FLAGS;

	if (policy < 0 || mode >= (int)(sizeof(names) / sizeof(names[0])))
		return "unknown";
	return names[mode];
}
