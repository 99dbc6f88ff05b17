/* Asks the numa-nodes program for the NUMA node count: posix_spawn of an
 * absolute path, no shell, empty environment, stdout through a pipe. The
 * child inherits the helper's dropped privileges: an empty bounding set and
 * no_new_privs leave it no capabilities after exec. */
#include "nodes.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "log.h"
#include "parse.h"
#include "paths.h"
#include "readfile.h"

#define NODES_MAX 65536 /* far above any kernel's MAX_NUMNODES */

static int spawn(const char *prog, int out, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int rc = posix_spawn_file_actions_init(&fa);

	if (rc != 0)
		return rc;
	rc = posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	if (rc == 0) {
		char *argv[] = { (char *)prog, NULL }, *envp[] = { NULL };

		rc = posix_spawn(pid, prog, &fa, NULL, argv, envp);
	}
	posix_spawn_file_actions_destroy(&fa);
	return rc;
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

static int ask(const char *prog)
{
	char buf[32];
	int fds[2], rc, code, got = -1;
	size_t len = 0;
	uint64_t n;
	pid_t pid;

	/* A parent that ignores SIGCHLD would have the child reaped before
	 * waitpid could see its exit status. */
	signal(SIGCHLD, SIG_DFL);
	if (pipe2(fds, O_CLOEXEC) != 0) {
		log_msg(LOG_WARNING, "numa nodes: pipe: %s", strerror(errno));
		return -1;
	}
	rc = spawn(prog, fds[1], &pid);
	close(fds[1]);
	if (rc == 0)
		got = read_fd_all(fds[0], buf, sizeof(buf), &len);
	close(fds[0]);
	if (rc != 0) {
		log_msg(LOG_WARNING, "numa nodes: cannot run %s: %s", prog, strerror(rc));
		return -1;
	}
	code = wait_exit(pid);
	if (code != 0) {
		log_msg(LOG_WARNING, "numa nodes: %s %s", prog,
		        code < 0 ? "did not exit normally" : "exited non-zero");
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
