/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Takes the numa_* counters from a job cgroup's memory.stat. */
#include "memstat.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/readfile.h"
#include "common/vmstat.h"

/* Slurm's cgroup v2 plugin puts jobs under system.slice/slurmstepd.scope,
 * or NODENAME_slurmstepd.scope where slurmd was built for several slurmd
 * per host. */
#define SLURM_SCOPE "slurmstepd.scope"

struct numa_out { char *out; size_t len, used; };

static void take_numa(const char *k, size_t n, uint64_t v, void *arg)
{
	struct numa_out *o = arg;
	int w;

	if (n < 5 || memcmp(k, "numa_", 5) != 0 || o->used >= o->len)
		return;
	w = snprintf(o->out + o->used, o->len - o->used, "%s%.*s=%" PRIu64,
	             o->used ? " " : "", (int)n, k, v);
	if (w > 0)
		o->used += (size_t)w;
}

void memstat_numa(const char *buf, size_t len, char *out, size_t outlen)
{
	struct numa_out o = { out, outlen, 0 };

	out[0] = '\0';
	each_counter_line(buf, len, take_numa, &o);
}

static bool is_scope(const char *name)
{
	size_t n = strlen(name), k = strlen(SLURM_SCOPE);

	return n >= k && strcmp(name + n - k, SLURM_SCOPE) == 0 &&
	       (n == k || name[n - k - 1] == '_');
}

void cgroup_numa(const char *slice, uint32_t job, char *out, size_t outlen)
{
	char path[512], buf[NB_VMSTAT_MAX];
	size_t len;
	struct dirent *e;
	DIR *d = opendir(slice);

	out[0] = '\0';
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL && out[0] == '\0') {
		if (!is_scope(e->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s/job_%" PRIu32 "/memory.stat",
		         slice, e->d_name, job);
		if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) == 0)
			memstat_numa(buf, len, out, outlen);
	}
	closedir(d);
}
