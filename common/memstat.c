/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Takes the numa_* counters from a job cgroup's memory.stat. */
#include "memstat.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "readfile.h"
#include "values.h"
#include "vmstat.h"

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

/* The pairs of the job cgroup at dir/name/memory.stat into out. */
static void read_numa(const char *dir, const char *name, char *out, size_t outlen)
{
	char path[512], buf[NB_VMSTAT_MAX];
	size_t len;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s/memory.stat", dir, name);
	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) == 0)
		memstat_numa(buf, len, out, outlen);
}

/* Calls fn with the path of every Slurm scope under slice. */
static void each_scope(const char *slice, void (*fn)(const char *scope, void *), void *arg)
{
	char scope[512];
	struct dirent *e;
	DIR *d = opendir(slice);

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (!is_scope(e->d_name))
			continue;
		snprintf(scope, sizeof(scope), "%s/%s", slice, e->d_name);
		fn(scope, arg);
	}
	closedir(d);
}

struct one_job { uint32_t job; char *out; size_t outlen; };

static void job_in_scope(const char *scope, void *arg)
{
	struct one_job *j = arg;
	char name[32];

	if (j->out[0])
		return;
	snprintf(name, sizeof(name), "job_%" PRIu32, j->job);
	read_numa(scope, name, j->out, j->outlen);
}

void cgroup_numa(const char *slice, uint32_t job, char *out, size_t outlen)
{
	struct one_job j = { job, out, outlen };

	out[0] = '\0';
	each_scope(slice, job_in_scope, &j);
}

struct all_jobs { void (*fn)(uint32_t, const char *, void *); void *arg; };

/* The job cgroups of one scope. */
static void jobs_in_scope(const char *scope, void *arg)
{
	const struct all_jobs *a = arg;
	char pairs[NB_CGROUP_NUMA_MAX];
	struct dirent *e;
	DIR *d = opendir(scope);
	uint32_t job;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "job_", 4) != 0 || parse_job_id(e->d_name + 4, &job) != 0)
			continue;
		read_numa(scope, e->d_name, pairs, sizeof(pairs));
		if (pairs[0])
			a->fn(job, pairs, a->arg);
	}
	closedir(d);
}

void cgroup_each_numa(const char *slice, void (*fn)(uint32_t, const char *, void *), void *arg)
{
	struct all_jobs a = { fn, arg };

	each_scope(slice, jobs_in_scope, &a);
}
