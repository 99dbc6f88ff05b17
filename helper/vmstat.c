/* Parses /proc/vmstat and memory.stat for the NUMA balancing counters. */
#include "vmstat.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "readfile.h"

#define VMSTAT_CAP 65536

/* vmstat_read and cgroup_numa never run at the same time. */
static char file_buf[VMSTAT_CAP];
#define SLURM_CGROUP_V2 "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_%" PRIu32 "/memory.stat"

/* Calls fn for each "name value" line; stops at the first malformed one. */
static int each_line(const char *buf, size_t len,
                     void (*fn)(const char *, size_t, uint64_t, void *), void *arg)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = nl ? nl : end;
		const char *sp = memchr(p, ' ', (size_t)(line_end - p));
		uint64_t v;

		if (!sp || parse_uint(sp + 1, (size_t)(line_end - sp - 1), UINT64_MAX, &v) != 0)
			return -1;
		fn(p, (size_t)(sp - p), v, arg);
		p = nl ? nl + 1 : end;
	}
	return 0;
}

static int is_key(const char *k, size_t n, const char *want)
{
	return strlen(want) == n && memcmp(k, want, n) == 0;
}

static void take_counter(const char *k, size_t n, uint64_t v, void *arg)
{
	struct nb_counters *c = arg;

	if (is_key(k, n, "numa_pte_updates"))
		c->pte_updates = v;
	else if (is_key(k, n, "numa_hint_faults"))
		c->hint_faults = v;
	else if (is_key(k, n, "numa_hint_faults_local"))
		c->hint_faults_local = v;
	else if (is_key(k, n, "numa_pages_migrated"))
		c->pages_migrated = v;
}

int vmstat_parse(const char *buf, size_t len, struct nb_counters *c)
{
	memset(c, 0, sizeof(*c));
	if (each_line(buf, len, take_counter, c) == 0)
		return 0;
	memset(c, 0, sizeof(*c));
	return -1;
}

int vmstat_read(const char *path, struct nb_counters *c)
{
	size_t len;

	if (read_small_file(AT_FDCWD, path, file_buf, sizeof(file_buf), &len) != 0)
		return -1;
	return vmstat_parse(file_buf, len, c);
}

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
	each_line(buf, len, take_numa, &o);
}

void cgroup_numa(uint32_t job, char *out, size_t outlen)
{
	char path[128];
	size_t len;

	out[0] = '\0';
	snprintf(path, sizeof(path), SLURM_CGROUP_V2, job);
	if (read_small_file(AT_FDCWD, path, file_buf, sizeof(file_buf), &len) == 0)
		memstat_numa(file_buf, len, out, outlen);
}
