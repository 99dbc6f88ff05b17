/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procfs.c - the probe's view of the numa_balancing sysctl and
 * /proc/vmstat, read with common/'s readers. */
#include "io/procfs.h"

int nb_read_numa_balancing(const char *path)
{
	int v = kernel_value_read(path);

	return v < 0 ? -1 : v;
}

int nb_read_vmstat(const char *path, struct nb_node_probe *p)
{
	struct nb_counters c;
	int rc = vmstat_read(path, &c);

	p->numa_pte_updates = c.pte_updates;
	p->numa_hint_faults = c.hint_faults;
	p->numa_hint_faults_local = c.hint_faults_local;
	p->numa_pages_migrated = c.pages_migrated;
	return rc;
}
