/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reads and removes the plugin's ended markers. */
#include "gone.h"

#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/values.h"
#include "log.h"
#include "statedir.h"

static void *grown(void *array, size_t n, size_t *cap, size_t size)
{
	size_t c = *cap ? *cap * 2 : 8;
	void *p;

	if (n < *cap)
		return array;
	if (!(p = realloc(array, c * size)))
		return NULL;
	*cap = c;
	return p;
}

static void note_bad(struct nb_gone *g, const char *name)
{
	char **bad = grown(g->bad, g->nbad, &g->badcap, sizeof(*bad));

	if (bad && (g->bad = bad, bad[g->nbad] = strdup(name)) != NULL)
		g->nbad++;
}

static void note_marker(struct nb_gone *g, const struct nb_ended *e)
{
	struct nb_ended *m = grown(g->marks, g->n, &g->cap, sizeof(*m));

	if (m) {
		g->marks = m;
		m[g->n++] = *e;
	} else {
		log_msg(LOG_WARNING, "ended markers: out of memory: job %" PRIu32 " counts as running",
		        e->job);
	}
}

/* One ended.<job>: a marker of this boot, proven bad, or unreadable. */
static void load_one(struct nb_gone *g, int dirfd, const char *name, const char *boot_id)
{
	char buf[NB_ENDED_FILE_MAX];
	struct nb_ended e;
	uint32_t job;
	size_t len;

	if (parse_job_id(name + strlen(NB_ENDED_PREFIX), &job) != 0) {
		note_bad(g, name);
		return;
	}
	if (read_small_file(dirfd, name, buf, sizeof(buf), &len) != 0) {
		if (errno == EFBIG || errno == EINVAL || errno == ELOOP)
			note_bad(g, name);
		else if (errno != ENOENT)
			log_msg(LOG_WARNING, "%s: cannot read it: %s: no proof yet that job %" PRIu32 " ended",
			        name, strerror(errno), job);
		return;
	}
	if (ended_parse(buf, len, &e) != 0 || e.job != job || strcmp(e.boot_id, boot_id) != 0)
		note_bad(g, name);
	else
		note_marker(g, &e);
}

void gone_load(struct nb_gone *g, int dirfd, const char *boot_id)
{
	int fd = dirfd >= 0 ? dup(dirfd) : -1;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	memset(g, 0, sizeof(*g));
	if (dirfd < 0)
		return; /* no state directory: no markers */
	if (!d) {
		log_msg(LOG_WARNING, "reading ended markers: %s: every job counts as running",
		        strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	rewinddir(d);
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, NB_ENDED_PREFIX, strlen(NB_ENDED_PREFIX)) == 0)
			load_one(g, dirfd, e->d_name, boot_id);
	}
	closedir(d);
}

const struct nb_ended *gone_marker(const struct nb_gone *g, uint32_t job)
{
	for (size_t i = 0; i < g->n; i++) {
		if (g->marks[i].job == job)
			return &g->marks[i];
	}
	return NULL;
}

void gone_why(const struct nb_ended *e, char *buf, size_t len)
{
	switch (e->failure) {
	case NB_FAIL_NOT_STARTED:
		snprintf(buf, len, "its epilog could not start the helper");
		break;
	case NB_FAIL_TIMED_OUT:
		snprintf(buf, len, "its epilog's helper run timed out");
		break;
	case NB_FAIL_KILLED:
		snprintf(buf, len, "its epilog's helper run was killed by signal %d", e->status);
		break;
	default:
		snprintf(buf, len, "its epilog's helper run exited %d", e->status);
		break;
	}
}

void gone_free(struct nb_gone *g)
{
	for (size_t i = 0; i < g->nbad; i++)
		free(g->bad[i]);
	free(g->bad);
	free(g->marks);
	memset(g, 0, sizeof(*g));
}

void gone_tidy(const struct nb_gone *g, int dirfd)
{
	for (size_t i = 0; i < g->n; i++)
		gone_unmark(dirfd, g->marks[i].job);
	for (size_t i = 0; i < g->nbad; i++) {
		if (statedir_remove(dirfd, g->bad[i], "marker") == 0)
			log_msg(LOG_WARNING, "state file %s: corrupt, misnamed or from an earlier boot: "
			        "removed", g->bad[i]);
	}
}

int gone_unmark(int dirfd, uint32_t job)
{
	char name[32];

	snprintf(name, sizeof(name), NB_ENDED_PREFIX "%" PRIu32, job);
	if (statedir_remove(dirfd, name, "marker") == 0)
		return 0;
	log_msg(LOG_ERR, "state file %s: cannot remove it: %s", name, strerror(errno));
	return -1;
}
