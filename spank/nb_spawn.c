/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Running the node helper: started (nb_start_spawn.c or nb_start_fork.c,
 * no PATH search) with its stderr on a pipe, read until EOF or the
 * deadline, then reaped; at the deadline the whole process group is
 * killed so nothing it started outlives the prolog. */
#include "nb_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* slurmstepd may run us with fd 0 closed: keep the pipe off fds 0-2. */
static int fd_above_stdio(int fd)
{
	int moved;

	if (fd > 2)
		return fd;
	moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return moved;
}

int nb_pipe_above_stdio(int fds[2])
{
	if (pipe2(fds, O_CLOEXEC) != 0)
		return errno;
	fds[0] = fd_above_stdio(fds[0]);
	fds[1] = fd_above_stdio(fds[1]);
	if (fds[0] < 0 || fds[1] < 0) {
		int e = errno;

		if (fds[0] >= 0)
			close(fds[0]);
		if (fds[1] >= 0)
			close(fds[1]);
		return e;
	}
	return 0;
}

static void keep_output(struct nb_output *out, const char *buf, size_t n)
{
	size_t room = NB_OUTPUT_MAX - out->len;

	if (n > room) {
		out->truncated = true;
		n = room;
	}
	memcpy(out->text + out->len, buf, n);
	out->len += n;
	out->text[out->len] = '\0';
}

/* Reads fd until EOF; false when the deadline passed first. */
static bool read_until_eof(int fd, long long deadline, struct nb_output *out)
{
	char buf[1024];

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long long left = deadline - now_ms();
		ssize_t n;

		if (left <= 0)
			return false;
		if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
			return false;
		if (p.revents == 0)
			continue;
		n = read(fd, buf, sizeof(buf));
		if (n == 0)
			return true;
		if (n < 0 && errno != EINTR && errno != EAGAIN)
			return true;
		if (n > 0)
			keep_output(out, buf, (size_t)n);
	}
}

/* Reaps pid before the deadline; false when it is still running then.
 * The child closes its stderr just before it becomes reapable, so the wait
 * starts at 0.1 ms and doubles up to 10 ms: a prolog never waits a whole
 * 10 ms for a helper that has already exited. */
static bool reap_before(pid_t pid, long long deadline, struct nb_run *run)
{
	struct timespec tick = { 0, 100 * 1000 };

	for (;;) {
		pid_t r = waitpid(pid, &run->status, WNOHANG);

		if (r == pid)
			return true;
		if (r < 0 && errno != EINTR) {
			run->spawn_errno = errno;
			return true;
		}
		if (now_ms() >= deadline)
			return false;
		nanosleep(&tick, NULL);
		tick.tv_nsec = tick.tv_nsec >= 5 * 1000 * 1000 ? 10 * 1000 * 1000 : 2 * tick.tv_nsec;
	}
}

static void kill_and_reap(pid_t pid, struct nb_run *run)
{
	run->timed_out = true;
	kill(-pid, SIGKILL);
	while (waitpid(pid, &run->status, 0) < 0 && errno == EINTR)
		;
}

static void run_child(nb_start_fn start, char *const argv[], char *const envp[],
		      long long deadline, struct nb_run *run)
{
	int fds[2];
	pid_t pid;

	run->spawn_errno = nb_pipe_above_stdio(fds);
	if (run->spawn_errno != 0)
		return;
	run->spawn_errno = start(&pid, argv, envp, fds[1]);
	close(fds[1]);
	if (run->spawn_errno == 0) {
		bool eof = read_until_eof(fds[0], deadline, &run->err);

		if (!eof || !reap_before(pid, deadline, run))
			kill_and_reap(pid, run);
	}
	close(fds[0]);
}

/* SIGCHLD is the default while the child runs: a host process that ignores
 * it (or sets SA_NOCLDWAIT) would have the kernel reap the child itself,
 * and waitpid would fail with ECHILD for a helper that ran fine; a handler
 * that reaps could take the status first. The host's setting comes back
 * after. */
void nb_spawn_run_with(nb_start_fn start, char *const argv[], char *const envp[],
		       unsigned timeout_s, struct nb_run *run)
{
	struct sigaction dfl, old;

	memset(run, 0, sizeof(*run));
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	if (sigaction(SIGCHLD, &dfl, &old) != 0) {
		run->spawn_errno = errno;
		return;
	}
	run_child(start, argv, envp, now_ms() + (long long)timeout_s * 1000, run);
	sigaction(SIGCHLD, &old, NULL);
}

void nb_spawn_run(char *const argv[], char *const envp[], unsigned timeout_s,
		  struct nb_run *run)
{
#ifdef NB_HAVE_CLOSEFROM
	nb_spawn_run_with(nb_start_spawn, argv, envp, timeout_s, run);
#else
	nb_spawn_run_with(nb_start_fork, argv, envp, timeout_s, run);
#endif
}

void nb_output_lines(const struct nb_output *out,
		     void (*fn)(void *ctx, const char *line), void *ctx)
{
	char copy[NB_OUTPUT_MAX + 1];
	char *save = NULL;

	memcpy(copy, out->text, out->len + 1);
	for (char *line = strtok_r(copy, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save))
		fn(ctx, line);
}
