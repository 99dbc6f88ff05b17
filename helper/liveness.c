/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Finds the jobs with a root-owned slurmstepd or a Slurm job cgroup. */
#include "liveness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/values.h"
#include "log.h"

#define STEPD "slurmstepd: ["
#define SCOPE "slurmstepd.scope"

static void add(struct nb_alive *a, uint32_t job, unsigned how)
{
	struct nb_seen *p;

	for (size_t i = 0; i < a->n; i++) {
		if (a->jobs[i].job == job) {
			a->jobs[i].how |= how;
			return;
		}
	}
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 16;

		if (!(p = realloc(a->jobs, cap * sizeof(*p)))) {
			a->known = 0; /* a witness we cannot keep: everything alive */
			return;
		}
		a->jobs = p;
		a->cap = cap;
	}
	a->jobs[a->n].job = job;
	a->jobs[a->n++].how = how;
}

/* The job id that starts s and ends at '.', ']' or '+' ("123.0]",
 * "123.batch]", "123]", "123+0.0]"); -1 if there is none. */
static int job_at(const char *s, size_t len, uint32_t *job)
{
	size_t n = 0;
	char id[16];

	while (n < len && n < sizeof(id) - 1 && s[n] >= '0' && s[n] <= '9')
		n++;
	if (n == 0 || n == len || (s[n] != '.' && s[n] != ']' && s[n] != '+'))
		return -1;
	memcpy(id, s, n);
	id[n] = '\0';
	return parse_job_id(id, job);
}

/* What a failed look at a process or cgroup says: nothing when it is gone
 * (ENOENT, ESRCH), not a directory, or (EFBIG) a command line too long to
 * be a slurmstepd's; any other error leaves the scan unknown. */
static void failed_look(struct nb_alive *a, const char *what, const char *name)
{
	if (errno == ENOENT || errno == ESRCH || errno == ENOTDIR || errno == EFBIG)
		return;
	log_msg(LOG_WARNING, "%s %s: %s: every job counts as running", what, name, strerror(errno));
	a->known = 0;
}

/* One /proc/<pid>: a root-owned slurmstepd names its job. */
static void look_at_process(struct nb_alive *a, int procfd, const char *pid)
{
	char path[64], buf[64];
	struct stat st;
	uint32_t job;
	size_t len;

	if (fstatat(procfd, pid, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		failed_look(a, "process", pid);
		return;
	}
	if (st.st_uid != 0)
		return;
	strcpy(path, pid);
	strcat(path, "/cmdline");
	if (read_small_file(procfd, path, buf, sizeof(buf), &len) != 0) {
		failed_look(a, "process", pid);
		return;
	}
	if (len <= strlen(STEPD) || memcmp(buf, STEPD, strlen(STEPD)) != 0)
		return;
	if (job_at(buf + strlen(STEPD), len - strlen(STEPD), &job) == 0)
		add(a, job, NB_SEEN_STEP);
}

static int is_pid(const char *name)
{
	uint64_t v;

	return strlen(name) < 12 && parse_uint(name, strlen(name), UINT32_MAX, &v) == 0;
}

static void scan_processes(struct nb_alive *a, const char *proc)
{
	int fd = open(proc, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		log_msg(LOG_WARNING, "%s: %s: every job counts as running", proc, strerror(errno));
		a->known = 0;
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((errno = 0, e = readdir(d)) != NULL) {
		if (is_pid(e->d_name))
			look_at_process(a, dirfd(d), e->d_name);
	}
	if (errno != 0)
		a->known = 0;
	closedir(d);
}

/* Calls fn for each subdirectory of at/name (not a symlink). */
static void each_dir(int at, const char *name, void (*fn)(struct nb_alive *, int, const char *),
                     struct nb_alive *a)
{
	int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		failed_look(a, "cgroup", name);
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((errno = 0, e = readdir(d)) != NULL) {
		if (e->d_type == DT_DIR && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			fn(a, dirfd(d), e->d_name);
	}
	if (errno != 0)
		failed_look(a, "cgroup", name);
	closedir(d);
}

static int has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* job_<id> (v2 directly in the scope, v1 below uid_<uid>). */
static void job_dir(struct nb_alive *a, int at, const char *name)
{
	uint32_t job;

	if (has_prefix(name, "uid_"))
		each_dir(at, name, job_dir, a);
	else if (has_prefix(name, "job_") && parse_job_id(name + 4, &job) == 0)
		add(a, job, NB_SEEN_CGROUP);
}

/* slurm, slurm_<node> (v1), [<node>_]slurmstepd.scope (v2). */
static void slurm_dir(struct nb_alive *a, int at, const char *name)
{
	size_t n = strlen(name), k = strlen(SCOPE);
	int scope = n >= k && strcmp(name + n - k, SCOPE) == 0 && (n == k || name[n - k - 1] == '_');

	if (strcmp(name, "slurm") == 0 || has_prefix(name, "slurm_") || scope)
		each_dir(at, name, job_dir, a);
}

/* A controller (v1) or system.slice (v2). */
static void top_dir(struct nb_alive *a, int at, const char *name)
{
	each_dir(at, name, slurm_dir, a);
}

void alive_scan(struct nb_alive *a, const struct nb_paths *p)
{
	memset(a, 0, sizeof(*a));
	a->known = 1;
	scan_processes(a, p->proc);
	each_dir(AT_FDCWD, p->cgroup_root, top_dir, a);
}

unsigned alive_seen(const struct nb_alive *a, uint32_t job)
{
	if (!a->known)
		return NB_SEEN_STEP | NB_SEEN_CGROUP;
	for (size_t i = 0; i < a->n; i++) {
		if (a->jobs[i].job == job)
			return a->jobs[i].how;
	}
	return 0;
}

void alive_free(struct nb_alive *a)
{
	free(a->jobs);
	memset(a, 0, sizeof(*a));
}
