/* Loads and changes the state files; recovery happens at load time. */
#include "state.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "readfile.h"
#include "statedir.h"

#define JOB_PREFIX "job."
#define BASELINE_NAME "baseline"

static void job_file_name(uint32_t job, char *buf, size_t len)
{
	snprintf(buf, len, JOB_PREFIX "%" PRIu32, job);
}

/* Removes name; a failure is logged, and the next load tries again. */
static void remove_file(const struct nb_state *st, const char *name, const char *step)
{
	if (statedir_remove(st->dirfd, name, step) != 0)
		log_msg(LOG_WARNING, "state file %s: cannot remove: %s", name, strerror(errno));
}

static void drop(struct nb_state *st, const char *name, const char *why)
{
	log_msg(LOG_WARNING, "state file %s: %s: removed", name, why);
	remove_file(st, name, "drop");
}

/* Reads name; on failure drops it and returns -1. */
static int read_state_file(struct nb_state *st, const char *name, char *buf, size_t *len)
{
	if (read_small_file(st->dirfd, name, buf, NB_STATE_FILE_MAX, len) == 0)
		return 0;
	drop(st, name, errno == EFBIG ? "too large" : errno == EINVAL ? "not a regular file"
	               : errno == ELOOP ? "a symlink" : strerror(errno));
	return -1;
}

static void load_baseline(struct nb_state *st)
{
	char buf[NB_STATE_FILE_MAX];
	size_t len;

	if (read_state_file(st, BASELINE_NAME, buf, &len) != 0)
		return;
	if (baseline_parse(buf, len, &st->base) != 0)
		drop(st, BASELINE_NAME, "corrupt");
	else if (strcmp(st->base.boot_id, st->boot_id) != 0)
		drop(st, BASELINE_NAME, "from an earlier boot");
	else
		st->has_baseline = 1;
}

static int push_record(struct nb_state *st, const struct nb_record *r)
{
	if (st->n == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 8;
		struct nb_record *p = realloc(st->recs, cap * sizeof(*p));
		if (!p) {
			log_msg(LOG_ERR, "out of memory");
			return -1;
		}
		st->recs = p;
		st->cap = cap;
	}
	st->recs[st->n++] = *r;
	return 0;
}

static int load_record(struct nb_state *st, const char *name)
{
	char buf[NB_STATE_FILE_MAX];
	struct nb_record r;
	uint32_t job;
	size_t len;

	if (parse_job_id(name + strlen(JOB_PREFIX), &job) != 0) {
		drop(st, name, "not a job id");
		return 0;
	}
	if (read_state_file(st, name, buf, &len) != 0)
		return 0;
	if (record_parse(buf, len, &r) != 0 || r.job != job)
		drop(st, name, "corrupt");
	else if (strcmp(r.boot_id, st->boot_id) != 0)
		drop(st, name, "from an earlier boot");
	else
		return push_record(st, &r);
	return 0;
}

static int load_entry(struct nb_state *st, const char *name)
{
	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || strcmp(name, "lock") == 0)
		return 0;
	if (strncmp(name, NB_TMP_PREFIX, strlen(NB_TMP_PREFIX)) == 0) {
		remove_file(st, name, "tmp");
		return 0;
	}
	if (strcmp(name, BASELINE_NAME) == 0) {
		load_baseline(st);
		return 0;
	}
	if (strncmp(name, JOB_PREFIX, strlen(JOB_PREFIX)) == 0)
		return load_record(st, name);
	log_msg(LOG_WARNING, "state directory: ignoring unexpected file %s", name);
	return 0;
}

static int load_dir(struct nb_state *st)
{
	int fd = dup(st->dirfd), rc = 0;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		log_msg(LOG_ERR, "reading the state directory: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	rewinddir(d);
	while (rc == 0 && (errno = 0, e = readdir(d)) != NULL)
		rc = load_entry(st, e->d_name);
	if (rc == 0 && errno != 0) {
		log_msg(LOG_ERR, "reading the state directory: %s", strerror(errno));
		rc = -1;
	}
	closedir(d);
	return rc;
}

int state_load(struct nb_state *st, int dirfd, const char *boot_id, int (*boot_default)(void))
{
	memset(st, 0, sizeof(*st));
	st->dirfd = dirfd;
	memcpy(st->boot_id, boot_id, sizeof(st->boot_id));
	if (load_dir(st) != 0)
		return -1;
	if (st->n > 0 && !st->has_baseline) {
		int value = boot_default();

		log_msg(LOG_WARNING, "job records without a baseline: using the kernel's boot default %d",
		        value);
		return state_save_baseline(st, value);
	}
	return 0;
}

struct nb_view state_view(const struct nb_state *st)
{
	struct nb_view v = { st->recs, st->n, st->has_baseline, st->base.value };

	return v;
}

long state_find(const struct nb_state *st, uint32_t job)
{
	for (size_t i = 0; i < st->n; i++) {
		if (st->recs[i].job == job)
			return (long)i;
	}
	return -1;
}

uint32_t state_holder_job(const struct nb_state *st)
{
	struct nb_view v = state_view(st);
	long h = policy_holder(&v);

	return h >= 0 ? st->recs[h].job : 0;
}

int state_save_baseline(struct nb_state *st, int value)
{
	struct nb_baseline b;
	char buf[NB_STATE_FILE_MAX];
	int len;

	b.value = value;
	memcpy(b.boot_id, st->boot_id, sizeof(b.boot_id));
	len = baseline_format(&b, buf, sizeof(buf));
	if (len < 0 || statedir_write(st->dirfd, BASELINE_NAME, buf, (size_t)len, "baseline") != 0) {
		log_msg(LOG_ERR, "saving the baseline: %s", strerror(errno));
		return -1;
	}
	st->base = b;
	st->has_baseline = 1;
	return 0;
}

int state_remove_baseline(struct nb_state *st)
{
	if (statedir_remove(st->dirfd, BASELINE_NAME, "baseline") != 0) {
		log_msg(LOG_ERR, "removing the baseline: %s", strerror(errno));
		return -1;
	}
	st->has_baseline = 0;
	return 0;
}

int state_add_record(struct nb_state *st, const struct nb_record *r)
{
	char buf[NB_STATE_FILE_MAX], name[32];
	int len = record_format(r, buf, sizeof(buf));

	job_file_name(r->job, name, sizeof(name));
	if (len < 0 || statedir_write(st->dirfd, name, buf, (size_t)len, "record") != 0) {
		log_msg(LOG_ERR, "saving the record of job %" PRIu32 ": %s", r->job, strerror(errno));
		return -1;
	}
	return push_record(st, r);
}

int state_remove_record(struct nb_state *st, size_t i)
{
	char name[32];

	job_file_name(st->recs[i].job, name, sizeof(name));
	if (statedir_remove(st->dirfd, name, "record") != 0) {
		log_msg(LOG_ERR, "removing the record of job %" PRIu32 ": %s",
		        st->recs[i].job, strerror(errno));
		return -1;
	}
	st->recs[i] = st->recs[--st->n];
	return 0;
}

void state_free(struct nb_state *st)
{
	free(st->recs);
	st->recs = NULL;
	st->n = st->cap = 0;
}
