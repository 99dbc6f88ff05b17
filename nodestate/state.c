/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Loads and changes the state files; recovery happens at load time, in two
 * passes: every file is read and judged first, and proven-bad files are
 * removed only once all of them could be read. */
#include "state.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/statedir.h"
#include "failpoint.h"
#include "log.h"
#include "statedir.h"

#define PENDING_PREFIX "pending."
#define ENDED_PREFIX "ended."  /* version 1.0's plugin marker, read on upgrade */
#define BASELINE_NAME "baseline"
#define A_DIRECTORY "a directory"

/* Files found proven bad, removed after the whole directory was read. */
struct drop {
	char *name;
	const char *why;
};

struct loader {
	struct nb_state *st;
	struct drop *drops;
	size_t ndrops, cap;
	uint32_t *ended;        /* jobs with a version 1.0 ended.<id> marker */
	size_t nended, ecap;
};

static void file_name(uint32_t job, enum nb_kind kind, char *buf, size_t len)
{
	static const char *const prefix[] = {
		[NB_JOB] = NB_JOB_PREFIX, [NB_PENDING] = PENDING_PREFIX, [NB_DONE] = NB_DONE_PREFIX,
	};

	snprintf(buf, len, "%s%" PRIu32, prefix[kind], job);
}

static struct nb_list *list_of(struct nb_state *st, enum nb_kind kind)
{
	return kind == NB_PENDING ? &st->pending : kind == NB_DONE ? &st->done : &st->jobs;
}

static int out_of_memory(void)
{
	log_msg(LOG_ERR, "loading the state: out of memory");
	return -1;
}

/* array (capacity *cap, doubled when full) with room for element n, or
 * NULL (logged; array unchanged). */
static void *with_room(void *array, size_t n, size_t *cap, size_t size)
{
	size_t c = *cap ? *cap * 2 : 8;
	void *p;

	if (n < *cap)
		return array;
	if (!(p = realloc(array, c * size))) {
		out_of_memory();
		return NULL;
	}
	*cap = c;
	return p;
}

static int mark_bad(struct loader *l, const char *name, const char *why)
{
	struct drop *d = with_room(l->drops, l->ndrops, &l->cap, sizeof(*d));

	if (!d)
		return -1;
	l->drops = d;
	if (!(d[l->ndrops].name = strdup(name)))
		return out_of_memory();
	d[l->ndrops++].why = why;
	return 0;
}

static int read_failed(const char *name, int err)
{
	log_msg(LOG_ERR, "state file %s: cannot read it: %s: nothing changed", name, strerror(err));
	return -1;
}

/* Reads name into buf: 0 read; 1 proven bad (*why says how), or vanished
 * (*why NULL); -1 an error (logged). */
static int read_entry(const struct nb_state *st, const char *name, char *buf, size_t *len,
                      const char **why)
{
	int err = failpoint_errno("state", "read");
	struct stat sb;

	*why = NULL;
	/* always 0 outside the test build */
	/* cppcheck-suppress knownConditionTrueFalse */
	if (err)
		return read_failed(name, err);
	if (fstatat(st->dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 1 : read_failed(name, errno);
	if (!S_ISREG(sb.st_mode))
		*why = S_ISLNK(sb.st_mode) ? "a symlink" : S_ISDIR(sb.st_mode) ? A_DIRECTORY
		     : "not a regular file";
	else if (sb.st_size >= NB_STATE_FILE_MAX)
		*why = "too large";
	else if (read_small_file(st->dirfd, name, buf, NB_STATE_FILE_MAX, len) != 0) {
		if (errno != EFBIG)
			return read_failed(name, errno);
		*why = "too large";
	}
	return *why ? 1 : 0;
}

static int load_baseline(struct loader *l)
{
	struct nb_state *st = l->st;
	char buf[NB_STATE_FILE_MAX];
	const char *why;
	size_t len;
	int rc = read_entry(st, BASELINE_NAME, buf, &len, &why);

	if (rc != 0)
		return rc < 0 ? -1 : why ? mark_bad(l, BASELINE_NAME, why) : 0;
	if (baseline_parse(buf, len, &st->base) != 0)
		return mark_bad(l, BASELINE_NAME, "corrupt");
	if (strcmp(st->base.boot_id, st->boot_id) != 0)
		return mark_bad(l, BASELINE_NAME, "from an earlier boot");
	st->has_baseline = 1;
	return 0;
}

static int push_record(struct nb_list *list, const struct nb_record *r)
{
	struct nb_record *recs = with_room(list->recs, list->n, &list->cap, sizeof(*recs));

	if (!recs)
		return -1;
	list->recs = recs;
	recs[list->n++] = *r;
	return 0;
}

/* job.<id>, pending.<id> or done.<id>; prefix is the part before the id. */
static int load_record(struct loader *l, const char *name, size_t prefix, enum nb_kind kind)
{
	struct nb_state *st = l->st;
	char buf[NB_STATE_FILE_MAX];
	struct nb_record r;
	const char *why;
	uint32_t job;
	size_t len;
	int rc;

	if (parse_job_id(name + prefix, &job) != 0)
		return mark_bad(l, name, "not a job id");
	rc = read_entry(st, name, buf, &len, &why);
	if (rc != 0)
		return rc < 0 ? -1 : why ? mark_bad(l, name, why) : 0;
	if (record_parse(buf, len, &r) != 0 || r.job != job || (kind == NB_PENDING && !r.honoured))
		return mark_bad(l, name, "corrupt");
	if (strcmp(r.boot_id, st->boot_id) != 0)
		return mark_bad(l, name, "from an earlier boot");
	return push_record(list_of(st, kind), &r);
}

/* ended.<id>, which the plugin of version 1.0 wrote where this one renames
 * job.<id> to done.<id> (common/failed.h): a marker of this boot is read
 * as that rename, owed. */
static int load_marker(struct loader *l, const char *name)
{
	char buf[NB_STATE_FILE_MAX], boot[NB_BOOT_ID_LEN + 12];
	uint32_t *ids, job;
	const char *why;
	size_t len;
	int rc;

	if (parse_job_id(name + strlen(ENDED_PREFIX), &job) != 0)
		return mark_bad(l, name, "not a job id");
	if ((rc = read_entry(l->st, name, buf, &len, &why)) != 0)
		return rc < 0 ? -1 : why ? mark_bad(l, name, why) : 0;
	buf[len] = '\0';
	snprintf(boot, sizeof(boot), "\nboot_id %s\n", l->st->boot_id);
	if (!strstr(buf, boot))
		return mark_bad(l, name, "from an earlier boot");
	if (!(ids = with_room(l->ended, l->nended, &l->ecap, sizeof(*ids))))
		return -1;
	l->ended = ids;
	ids[l->nended++] = job;
	return 0;
}

static int has_prefix(const char *name, const char *prefix)
{
	return strncmp(name, prefix, strlen(prefix)) == 0;
}

static int load_entry(struct loader *l, const char *name)
{
	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || strcmp(name, "lock") == 0)
		return 0;
	if (has_prefix(name, NB_TMP_PREFIX))
		return mark_bad(l, name, "left by an interrupted write");
	if (strcmp(name, BASELINE_NAME) == 0)
		return load_baseline(l);
	if (has_prefix(name, NB_JOB_PREFIX))
		return load_record(l, name, strlen(NB_JOB_PREFIX), NB_JOB);
	if (has_prefix(name, PENDING_PREFIX))
		return load_record(l, name, strlen(PENDING_PREFIX), NB_PENDING);
	if (has_prefix(name, NB_DONE_PREFIX))
		return load_record(l, name, strlen(NB_DONE_PREFIX), NB_DONE);
	if (has_prefix(name, ENDED_PREFIX))
		return load_marker(l, name);
	if (strcmp(name, NB_FAILURES_NAME) == 0)
		return 0; /* the plugin's failure counts, read by metrics.c */
	log_msg(LOG_WARNING, "state directory: ignoring unexpected file %s", name);
	return 0;
}

static int load_dir(struct loader *l)
{
	int fd = dup(l->st->dirfd), rc = 0;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		log_msg(LOG_ERR, "reading the state directory: %s: nothing changed", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	rewinddir(d);
	while (rc == 0 && (errno = 0, e = readdir(d)) != NULL)
		rc = load_entry(l, e->d_name);
	if (rc == 0 && errno != 0) {
		log_msg(LOG_ERR, "reading the state directory: %s: nothing changed", strerror(errno));
		rc = -1;
	}
	closedir(d);
	return rc;
}

/* Removes name; a failure is logged, and the next load tries again. */
static int remove_file(const struct nb_state *st, const char *name, const char *step)
{
	if (statedir_remove(st->dirfd, name, step) == 0)
		return 0;
	log_msg(LOG_WARNING, "state file %s: cannot remove: %s", name, strerror(errno));
	return -1;
}

/* Removes the proven-bad files (with apply). A directory that stays (not
 * empty) is refused: the helper could never write its own file there, and
 * it removes no tree. 0, or -1 (logged). */
static int remove_drops(struct loader *l, int apply)
{
	int rc = 0;

	for (size_t i = 0; i < l->ndrops; i++) {
		const struct drop *d = &l->drops[i];

		if (apply && remove_file(l->st, d->name, "drop") == 0) {
			log_msg(LOG_WARNING, "state file %s: %s: removed", d->name, d->why);
		} else if (apply && strcmp(d->why, A_DIRECTORY) == 0) {
			log_msg(LOG_ERR, "state file %s is a directory that cannot be removed: refused "
			        "(remove it by hand)", d->name);
			rc = -1;
		}
		free(d->name);
	}
	free(l->drops);
	return rc;
}

/* What the files say once the proven-bad ones are gone: a baseline no
 * record needs is dropped (the kernel already holds it, or someone changed
 * it since: not ours to undo); records without a baseline get the boot
 * default. */
static int settle_baseline(struct nb_state *st, int writable, int (*boot_default)(void))
{
	int records = st->jobs.n > 0 || st->pending.n > 0 || st->done.n > 0, value;

	if (!records && st->has_baseline) {
		log_msg(LOG_NOTICE, "baseline %d: no job record needs it: removed", st->base.value);
		st->has_baseline = 0;
		if (writable)
			remove_file(st, BASELINE_NAME, "drop");
	}
	if (!records || st->has_baseline)
		return 0;
	value = boot_default();
	log_msg(LOG_WARNING, "job records without a baseline: using the kernel's boot default %d",
	        value);
	if (writable)
		return state_save_baseline(st, value);
	st->base.value = value;
	memcpy(st->base.boot_id, st->boot_id, sizeof(st->base.boot_id));
	st->has_baseline = 1;
	return 0;
}

/* The version 1.0 markers read: each job's record becomes its done record
 * (renamed on disk with writable), then the marker goes. 0, or -1
 * (logged). */
static int end_marked(struct loader *l, int writable)
{
	struct nb_state *st = l->st;
	char name[32];

	for (size_t i = 0; i < l->nended; i++) {
		long r = state_find(st, l->ended[i]);

		if (writable && state_end_job(st->dirfd, l->ended[i]) != 0)
			return -1;
		if (r >= 0 && state_move_done(st, (size_t)r) != 0)
			return out_of_memory();
		snprintf(name, sizeof(name), ENDED_PREFIX "%" PRIu32, l->ended[i]);
		if (writable)
			remove_file(st, name, "drop");
	}
	return 0;
}

int state_load(struct nb_state *st, int dirfd, int writable, const char *boot_id,
               int (*boot_default)(void))
{
	struct loader l = { st, NULL, 0, 0, NULL, 0, 0 };
	int rc;

	memset(st, 0, sizeof(*st));
	st->dirfd = dirfd;
	memcpy(st->boot_id, boot_id, sizeof(st->boot_id));
	rc = load_dir(&l);
	if (remove_drops(&l, rc == 0 && writable) != 0)
		rc = -1;
	if (rc == 0)
		rc = end_marked(&l, writable);
	free(l.ended);
	if (rc != 0) {
		state_free(st);
		return -1;
	}
	return settle_baseline(st, writable, boot_default);
}

struct nb_view state_view(const struct nb_state *st)
{
	struct nb_view v = { st->jobs.recs, st->jobs.n, st->has_baseline, st->base.value };

	return v;
}

uint32_t state_holder_job(const struct nb_state *st)
{
	struct nb_view v = state_view(st);
	long h = policy_holder(&v);

	return h >= 0 ? st->jobs.recs[h].job : 0;
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

int state_add_record(struct nb_state *st, const struct nb_record *r, int pending)
{
	char buf[NB_STATE_FILE_MAX], name[32];
	int len = record_format(r, buf, sizeof(buf));

	file_name(r->job, pending ? NB_PENDING : NB_JOB, name, sizeof(name));
	if (len < 0 || statedir_write(st->dirfd, name, buf, (size_t)len,
	                              pending ? "pending" : "record") != 0) {
		log_msg(LOG_ERR, "saving the record of job %" PRIu32 ": %s", r->job, strerror(errno));
		return -1;
	}
	return push_record(pending ? &st->pending : &st->jobs, r);
}

/* Index of job in list, or -1. */
static long find_in(const struct nb_list *list, uint32_t job)
{
	for (size_t i = 0; i < list->n; i++) {
		if (list->recs[i].job == job)
			return (long)i;
	}
	return -1;
}

long state_find(const struct nb_state *st, uint32_t job)
{
	return find_in(&st->jobs, job);
}

int state_commit(struct nb_state *st, uint32_t job)
{
	char from[32], to[32];
	long i = find_in(&st->pending, job);

	file_name(job, NB_PENDING, from, sizeof(from));
	file_name(job, NB_JOB, to, sizeof(to));
	if (i < 0 || push_record(&st->jobs, &st->pending.recs[i]) != 0)
		return -1;
	if (statedir_rename(st->dirfd, from, to, "commit") != 0) {
		log_msg(LOG_ERR, "committing the record of job %" PRIu32 ": %s", job, strerror(errno));
		st->jobs.n--;
		return -1;
	}
	st->pending.recs[i] = st->pending.recs[--st->pending.n];
	return 0;
}

int state_move_done(struct nb_state *st, size_t i)
{
	struct nb_record r;

	state_detach(st, i, &r);
	return push_record(&st->done, &r);
}

void state_detach(struct nb_state *st, size_t i, struct nb_record *r)
{
	*r = st->jobs.recs[i];
	st->jobs.recs[i] = st->jobs.recs[--st->jobs.n];
}

int state_end_job(int dirfd, uint32_t job)
{
	char from[32], to[32];

	file_name(job, NB_JOB, from, sizeof(from));
	file_name(job, NB_DONE, to, sizeof(to));
	if (statedir_rename(dirfd, from, to, "end") == 0 || errno == ENOENT)
		return 0;
	log_msg(LOG_ERR, "job %" PRIu32 ": cannot record that it ended: %s", job, strerror(errno));
	return -1;
}

int state_remove_record(struct nb_state *st, uint32_t job, enum nb_kind kind)
{
	static const char *const what[] = {
		[NB_JOB] = "record", [NB_PENDING] = "pending", [NB_DONE] = "done",
	};
	struct nb_list *list = list_of(st, kind);
	char name[32];
	long i;

	file_name(job, kind, name, sizeof(name));
	if (statedir_remove(st->dirfd, name, what[kind]) != 0) {
		log_msg(LOG_ERR, "removing the record of job %" PRIu32 ": %s", job, strerror(errno));
		return -1;
	}
	if ((i = find_in(list, job)) >= 0)
		list->recs[i] = list->recs[--list->n];
	return 0;
}

void state_free(struct nb_state *st)
{
	free(st->jobs.recs);
	free(st->pending.recs);
	free(st->done.recs);
	memset(&st->jobs, 0, sizeof(st->jobs));
	memset(&st->pending, 0, sizeof(st->pending));
	memset(&st->done, 0, sizeof(st->done));
}
