/* SPDX-License-Identifier: GPL-2.0-or-later */
/* metrics: the helper's metrics for node_exporter's textfile collector,
 * read under the state lock like status, written to stdout or, with
 * --out FILE, through a temp file in FILE's directory and a rename, so
 * the collector never reads half a file. The temp name does not end in
 * .prom: the collector reads only *.prom. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "looks.h"
#include "nodestate/landlock.h"
#include "nodestate/log.h"
#include "metrics.h"
#include "nodestate/nodes.h"
#include "nodestate/statedir.h"

/* The plugin's failure counts of this boot; zeros when they cannot be read. */
static void read_failures(const struct nb_session *s, struct nb_failures *f)
{
	memset(f, 0, sizeof(*f));
	if (s->dirfd < 0 || failures_read(s->dirfd, s->st.boot_id, f) == 0)
		return;
	log_msg(LOG_WARNING, "state file " NB_FAILURES_NAME ": %s: failures shown as 0",
	        strerror(errno));
	memset(f, 0, sizeof(*f));
}

/* The node's job cgroups with counters, read before the session confines
 * the process to the state (metrics shows those with a record). */
struct cgroups {
	struct nb_job_numa *v;
	size_t n, cap;
};

static void add_cgroup(uint32_t job, const char *pairs, void *arg)
{
	struct cgroups *c = arg;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct nb_job_numa *v = realloc(c->v, cap * sizeof(*v));

		if (!v) {
			log_msg(LOG_WARNING, "metrics: out of memory: job cgroup counters left out");
			return;
		}
		c->v = v;
		c->cap = cap;
	}
	c->v[c->n].job = job;
	snprintf(c->v[c->n++].pairs, sizeof(c->v->pairs), "%s", pairs);
}

/* Where Slurm's job cgroups are. */
static const char *cgroup_slice = NB_CGROUP_SLICE;

void metrics_init(void)
{
#ifdef NB_TEST_HOOKS
	static char copy[PATH_MAX];
	const char *p = getenv("NB_TEST_CGROUP_SLICE");

	if (p && *p && strlen(p) < sizeof(copy))
		cgroup_slice = strcpy(copy, p);
#endif
}

/* The metrics text, malloc'ed into *text; NB_EXIT_OK or the session's error. */
static enum nb_exit collect(char **text, size_t *len, int nodes, const struct cgroups *cg)
{
	struct nb_failures failures;
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_LOOK, 0);
	FILE *f;

	*text = NULL;
	if (rc != NB_EXIT_OK) {
		session_end(&s);
		return rc;
	}
	read_failures(&s, &failures);
	f = open_memstream(text, len);
	struct nb_metrics_in in = { &s, &failures, nodes, cg->v, cg->n };
	if (!f || metrics_format(f, &in) != 0 || fclose(f) != 0) {
		log_msg(LOG_ERR, "metrics: out of memory");
		rc = NB_EXIT_BROKEN;
	}
	session_end(&s);
	return rc;
}

/* Opens dir component by component, never through a symlink. Root (who
 * may write anywhere) also refuses a component that another user owns or
 * may write to (a sticky one, like /tmp, only where root owns the next
 * component): root never writes through a path another user controls
 * (run metrics as that user instead: it needs no privilege). */
static int open_dir_safely(const char *dir)
{
	char copy[PATH_MAX], *save = NULL, *part;
	int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct stat st;

	snprintf(copy, sizeof(copy), "%s", dir);
	for (part = strtok_r(copy, "/", &save); fd >= 0; part = strtok_r(NULL, "/", &save)) {
		if (fstat(fd, &st) != 0) {
			close(fd);
			return -1;
		}
		if (geteuid() == 0 && (st.st_uid != 0 || ((st.st_mode & 022) && !(st.st_mode & S_ISVTX)))) {
			close(fd);
			errno = EPERM;
			return -1;
		}
		if (!part)
			return fd;
		int next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		close(fd);
		fd = next;
	}
	return -1;
}

/* FILE's directory, opened, and its last component in base. */
static int open_dir_of(const char *out, char *base, size_t baselen)
{
	const char *slash = strrchr(out, '/');
	char dir[PATH_MAX];

	if ((size_t)(slash - out) >= sizeof(dir) || strlen(slash + 1) >= baselen) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dir, out, (size_t)(slash - out));
	dir[slash - out] = '\0';
	strcpy(base, slash + 1);
	return open_dir_safely(dir);
}

static enum nb_exit write_file(int dirfd, const char *out, const char *base, const char *text,
                               size_t len)
{
	char tmp[NAME_MAX + 16];

	snprintf(tmp, sizeof(tmp), ".%.*s.%d", NAME_MAX - 16, base, (int)getpid());
	if (statedir_write_as(dirfd, tmp, base, text, len, "metrics") != 0) {
		log_msg(LOG_ERR, "metrics: %s: %s", out, strerror(errno));
		return NB_EXIT_BROKEN;
	}
	return NB_EXIT_OK;
}

static enum nb_exit write_stdout(const char *text, size_t len)
{
	return fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0 ? NB_EXIT_OK
	                                                                  : NB_EXIT_BROKEN;
}

enum nb_exit cmd_metrics(const char *out)
{
	/* Counted and read before the lock, as status does. */
	int nodes = nodes_count(), dirfd = -1;
	struct cgroups cg = { NULL, 0, 0 };
	char base[NAME_MAX + 1], *text;
	enum nb_exit rc;
	size_t len;

	if (out && (dirfd = open_dir_of(out, base, sizeof(base))) < 0) {
		if (errno == EPERM)
			log_msg(LOG_ERR, "metrics: the directory of %s is not root's alone (another user "
			        "owns or may write a directory on the way): root does not write there; "
			        "run metrics as that user", out);
		else
			log_msg(LOG_ERR, "metrics: the directory of %s: %s", out, strerror(errno));
		return NB_EXIT_BROKEN;
	}
	if (dirfd >= 0)
		landlock_allow_dir(dirfd);
	cgroup_each_numa(cgroup_slice, add_cgroup, &cg);
	rc = collect(&text, &len, nodes, &cg);
	free(cg.v);
	if (rc == NB_EXIT_OK)
		rc = dirfd >= 0 ? write_file(dirfd, out, base, text, len) : write_stdout(text, len);
	free(text);
	if (dirfd >= 0)
		close(dirfd);
	return rc;
}
