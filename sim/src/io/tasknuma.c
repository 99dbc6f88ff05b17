/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tasknuma.c - reads the NUMA-balancing counters of every thread of a
 * process from its task directory (tasknuma.h). */
#include "io/tasknuma.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* The two counters of one sched file: 0, 1 when the file is gone (the
 * thread exited), or -1 when unreadable or a key is missing. */
static int read_sched(const char *path, uint64_t *migrated, uint64_t *faults)
{
	FILE *f = fopen(path, "r");
	char line[256], name[64];
	uint64_t v;
	int found = 0;

	if (!f)
		return errno == ENOENT || errno == ESRCH ? 1 : -1;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%63s : %" SCNu64, name, &v) != 2)
			continue;
		if (strcmp(name, "numa_pages_migrated") == 0) {
			*migrated = v;
			found |= 1;
		} else if (strcmp(name, "total_numa_faults") == 0) {
			*faults = v;
			found |= 2;
		}
	}
	fclose(f);
	return found == 3 ? 0 : -1;
}

/* Adds the thread `tid` of taskdir to t; 0, or -1 as read_sched. */
static int add_thread(const char *taskdir, const char *tid,
                      struct nb_task_numa *t)
{
	char path[PATH_MAX];
	uint64_t migrated = 0, faults = 0;
	int rc;

	if (snprintf(path, sizeof path, "%s/%s/sched", taskdir, tid) >=
	    (int)sizeof path)
		return -1;
	rc = read_sched(path, &migrated, &faults);
	if (rc == 0) {
		t->threads++;
		t->pages_migrated += migrated;
		t->numa_faults += faults;
	}
	return rc < 0 ? -1 : 0;
}

int nb_read_task_numa(const char *taskdir, struct nb_task_numa *t)
{
	DIR *d = opendir(taskdir);
	const struct dirent *e;
	int rc = 0;

	*t = (struct nb_task_numa){0};
	if (!d) {
		t->threads = -1;
		return -1;
	}
	while (rc == 0 && (e = readdir(d)))
		if (e->d_name[0] != '.')
			rc = add_thread(taskdir, e->d_name, t);
	closedir(d);
	if (rc || t->threads == 0)
		*t = (struct nb_task_numa){.threads = -1};
	return t->threads < 0 ? -1 : 0;
}

json_t *nb_task_numa_json(const struct nb_task_numa *start,
                          const struct nb_task_numa *end)
{
	if (start->threads < 0 || end->threads < 0)
		return json_null();
	return json_pack("{s:I,s:I,s:i}", "pages_migrated",
	    (json_int_t)(end->pages_migrated >= start->pages_migrated
	                 ? end->pages_migrated - start->pages_migrated : 0),
	    "numa_faults_end", (json_int_t)end->numa_faults,
	    "threads", end->threads);
}
