/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parses /proc/vmstat for the NUMA balancing counters. */
#include "vmstat.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "readfile.h"
#include "values.h"

int each_counter_line(const char *buf, size_t len,
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
	if (each_counter_line(buf, len, take_counter, c) == 0)
		return 0;
	memset(c, 0, sizeof(*c));
	return -1;
}

int vmstat_read(const char *path, struct nb_counters *c)
{
	char buf[NB_VMSTAT_MAX];
	size_t len;

	memset(c, 0, sizeof(*c));
	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) != 0)
		return -1;
	if (vmstat_parse(buf, len, c) == 0)
		return 0;
	errno = EINVAL;
	return -1;
}
