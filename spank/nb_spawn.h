/* Runs one program by absolute path with a fixed environment, fds 0-1 on
 * /dev/null and its stderr captured through a pipe, killed (with its
 * process group) at a timeout. No shell, no PATH search. */
#ifndef NB_SPAWN_H
#define NB_SPAWN_H

#include <stdbool.h>
#include <stddef.h>

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

/* Runs argv[0] (absolute path) with envp, waits at most timeout_s seconds. */
void nb_spawn_run(char *const argv[], char *const envp[], unsigned timeout_s,
		  struct nb_run *run);

/* Calls fn once for each non-empty line of the captured stderr. */
void nb_output_lines(const struct nb_output *out,
		     void (*fn)(void *ctx, const char *line), void *ctx);

#endif
