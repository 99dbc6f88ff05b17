/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs one program by absolute path with a fixed environment, fds 0-1 on
 * /dev/null and its stderr captured through a pipe, killed (with its
 * process group) at a timeout. No shell, no PATH search. */
#ifndef NB_SPAWN_H
#define NB_SPAWN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define NB_OUTPUT_MAX 8192

struct nb_output {
	char text[NB_OUTPUT_MAX + 1]; /* captured stderr, NUL-terminated */
	size_t len;
	bool truncated;               /* more was written than kept */
};

struct nb_run {
	int spawn_errno;  /* non-zero: not started, or its status was lost */
	int status;       /* waitpid() status when spawn_errno == 0 */
	bool timed_out;   /* killed by us at the timeout */
	struct nb_output err;
};

/* Starts argv[0] with envp in a process group of its own, every signal
 * at its default and none blocked, stdin and stdout on /dev/null, stderr
 * on err_fd and no other descriptor open. Returns 0 or an errno value. */
typedef int (*nb_start_fn)(pid_t *pid, char *const argv[], char *const envp[],
			   int err_fd);
/* posix_spawn: where glibc closes the other descriptors itself (2.34+). */
int nb_start_spawn(pid_t *pid, char *const argv[], char *const envp[], int err_fd);
/* fork and exec, closing what /proc/self/fd lists (glibc 2.28, EL8). */
int nb_start_fork(pid_t *pid, char *const argv[], char *const envp[], int err_fd);

/* Runs argv[0] (absolute path) with envp, waits at most timeout_s seconds:
 * started by the starter this build has. */
void nb_spawn_run(char *const argv[], char *const envp[], unsigned timeout_s,
		  struct nb_run *run);
/* The same with a given starter (the unit tests run both). */
void nb_spawn_run_with(nb_start_fn start, char *const argv[], char *const envp[],
		       unsigned timeout_s, struct nb_run *run);

/* A pipe (close-on-exec) whose ends are not fds 0-2, which a caller
 * without stdin (slurmstepd) would otherwise hand out. 0 or errno. */
int nb_pipe_above_stdio(int fds[2]);

/* Calls fn once for each non-empty line of the captured stderr. */
void nb_output_lines(const struct nb_output *out,
		     void (*fn)(void *ctx, const char *line), void *ctx);

#endif
