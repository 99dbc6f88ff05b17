/* Asks the numa-nodes program for the NUMA node count. The program must be
 * a regular file owned by root in a root-owned directory, neither of them
 * writable by group or others. It runs as an unprivileged user
 * (NB_NODES_UID:NB_NODES_GID, 65534, nobody, by default) with no
 * capabilities, no environment, no file descriptors but 0-2, and its stdout
 * on a pipe. */
#include "nodes.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/values.h"
#include "log.h"
#include "paths.h"
#include "privs.h"

#if !defined(NB_NODES_UID) || !defined(NB_NODES_GID)
#error "NB_NODES_UID and NB_NODES_GID must name the user numa-nodes runs as (the build sets them)"
#endif

#define NODES_MAX 65536 /* far above any kernel's MAX_NUMNODES */

/* Root-owned, not writable by group or others, and of the wanted type. */
static const char *unsafe(const struct stat *st, int dir)
{
	if (dir ? !S_ISDIR(st->st_mode) : !S_ISREG(st->st_mode))
		return dir ? "not a directory" : "not a regular file";
	if (st->st_uid != 0)
		return "not owned by root";
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return "writable by group or others";
	return NULL;
}

/* Whether prog and its directory may be run from; logs why not. */
static int trusted(const char *prog)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(prog, '/'), *why = NULL;
	struct stat st;

	if (prog[0] != '/' || (size_t)(slash - prog) >= sizeof(dir)) {
		log_msg(LOG_WARNING, "numa nodes: %s is not an absolute path: not run", prog);
		return 0;
	}
	memcpy(dir, prog, (size_t)(slash - prog));
	dir[slash - prog] = '\0';
	if (lstat(prog, &st) != 0 || (!(why = unsafe(&st, 0)) && stat(dir[0] ? dir : "/", &st) != 0)) {
		log_msg(LOG_WARNING, "numa nodes: cannot run %s: %s", prog, strerror(errno));
		return 0;
	}
	if (!why && unsafe(&st, 1))
		why = "in a directory not owned by root or writable by group or others";
	if (why)
		log_msg(LOG_WARNING, "numa nodes: %s is %s: not run", prog, why);
	return why == NULL;
}

/* The child: stdout on the pipe, nothing else open, no privileges. */
static void run_child(const char *prog, int out)
{
	char *argv[] = { (char *)prog, NULL }, *envp[] = { NULL };

	if (dup2(out, STDOUT_FILENO) < 0 || close_range(3, ~0u, 0) != 0 ||
	    privs_become(NB_NODES_UID, NB_NODES_GID) != 0)
		_exit(126);
	execve(prog, argv, envp);
	_exit(127);
}

static int wait_exit(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Runs prog; its exit code (-1: killed), its output in buf. */
static int run(const char *prog, char *buf, size_t cap, size_t *len, int *read_rc)
{
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) != 0) {
		log_msg(LOG_WARNING, "numa nodes: pipe: %s", strerror(errno));
		return -2;
	}
	pid = fork();
	if (pid == 0)
		run_child(prog, fds[1]);
	close(fds[1]);
	if (pid < 0) {
		log_msg(LOG_WARNING, "numa nodes: cannot run %s: %s", prog, strerror(errno));
		close(fds[0]);
		return -2;
	}
	*read_rc = read_fd_all(fds[0], buf, cap, len);
	close(fds[0]);
	return wait_exit(pid);
}

static int ask(const char *prog)
{
	char buf[32];
	int code, got = -1;
	size_t len = 0;
	uint64_t n;

	/* A parent that ignores SIGCHLD would have the child reaped before
	 * waitpid could see its exit status. */
	signal(SIGCHLD, SIG_DFL);
	if (!trusted(prog) || (code = run(prog, buf, sizeof(buf), &len, &got)) == -2)
		return -1;
	if (code != 0) {
		log_msg(LOG_WARNING, "numa nodes: %s %s", prog,
		        code < 0 ? "did not exit normally" : code >= 126 ? "could not be run"
		        : "exited non-zero");
		return -1;
	}
	if (got != 0 || len < 2 || buf[len - 1] != '\n' ||
	    parse_uint(buf, len - 1, NODES_MAX, &n) != 0 || n == 0) {
		log_msg(LOG_WARNING, "numa nodes: %s printed no node count", prog);
		return -1;
	}
	return (int)n;
}

int nodes_count(void)
{
	static int asked, count;
	struct nb_paths p;

	if (!asked) {
		paths_get(&p);
		count = ask(p.nodes);
		asked = 1;
	}
	return count;
}
