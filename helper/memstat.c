/* Takes the numa_* counters from a job cgroup's memory.stat. */
#include "memstat.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/readfile.h"
#include "common/vmstat.h"

#define SLURM_CGROUP_V2 "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_%" PRIu32 "/memory.stat"

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

void cgroup_numa(uint32_t job, char *out, size_t outlen)
{
	char path[128], buf[NB_VMSTAT_MAX];
	size_t len;

	out[0] = '\0';
	snprintf(path, sizeof(path), SLURM_CGROUP_V2, job);
	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) == 0)
		memstat_numa(buf, len, out, outlen);
}
