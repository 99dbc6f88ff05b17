/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Counts the NUMA nodes the kernel registered in sysfs: what the kernel
 * itself counts when it decides balancing's boot default. Read through a
 * directory descriptor; names are checked digit by digit. */
#include "nodes.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>

#include "common/values.h"
#include "log.h"
#include "paths.h"

#define NODES_MAX 65536 /* far above any kernel's MAX_NUMNODES */

/* "node<N>": N decimal, no sign, no leading zero, below NODES_MAX. */
static int is_node(const struct dirent *e)
{
	uint64_t n;

	return e->d_type == DT_DIR && strncmp(e->d_name, "node", 4) == 0 &&
	       parse_uint(e->d_name + 4, strlen(e->d_name + 4), NODES_MAX - 1, &n) == 0;
}

static int count_in(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d) {
		if (errno == ENOENT)
			return 1; /* no NUMA support: one node */
		log_msg(LOG_WARNING, "numa nodes: %s: %s", dir, strerror(errno));
		return -1;
	}
	while ((errno = 0, e = readdir(d)) != NULL)
		n += is_node(e);
	if (errno != 0 || n == 0) {
		log_msg(LOG_WARNING, "numa nodes: %s: %s", dir, errno ? strerror(errno) : "no node<N>");
		n = -1;
	}
	closedir(d);
	return n;
}

int nodes_count(void)
{
	static int counted, count;
	struct nb_paths p;

	if (!counted) {
		paths_get(&p);
		count = count_in(p.node_dir);
		counted = 1;
	}
	return count;
}
