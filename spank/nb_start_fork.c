/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Starts the helper where glibc cannot close a spawned program's other
 * descriptors (before 2.34; EL8 has 2.28): fork, then in the child only
 * async-signal-safe calls, since the host (slurmstepd) has threads: a
 * process group of its own, default signals, nothing blocked, stdio, every
 * other descriptor that /proc/self/fd lists closed, execve. A close-on-exec
 * pipe carries the errno of a step that failed back to the parent. */
#include "nb_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* getdents64's record; glibc declares no wrapper before 2.30. */
struct nb_dirent64 {
	uint64_t ino;          /* cppcheck-suppress unusedStructMember */
	int64_t off;           /* cppcheck-suppress unusedStructMember */
	unsigned short reclen;
	unsigned char type;    /* cppcheck-suppress unusedStructMember */
	char name[];
};

static int fd_of(const char *s)
{
	int v = 0;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || v > (1 << 24))
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

/* Closes one batch of the listing; true if it closed any. */
static bool close_batch(const char *buf, long n, int keep, int dir)
{
	bool closed = false;

	for (long off = 0; off < n;) {
		const struct nb_dirent64 *d = (const void *)(buf + off);
		int fd = fd_of(d->name);

		if (fd > STDERR_FILENO && fd != keep && fd != dir) {
			close(fd);
			closed = true;
		}
		off += d->reclen;
	}
	return closed;
}

/* Closes every descriptor above 2 but keep (close-on-exec). Closing
 * changes the listing, so after a batch that closed some it starts over. */
static int close_others(int keep)
{
	_Alignas(8) char buf[4096];
	int dir = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	long n;

	if (dir < 0)
		return errno;
	while ((n = syscall(SYS_getdents64, dir, buf, sizeof(buf))) > 0)
		if (close_batch(buf, n, keep, dir) && lseek(dir, 0, SEEK_SET) != 0)
			break;
	n = n < 0 ? errno : n > 0 ? EIO : 0;
	close(dir);
	return (int)n;
}

static int null_on(int target, int flags)
{
	int fd = open("/dev/null", flags);
	int e = 0;

	if (fd < 0)
		return errno;
	if (fd != target && dup2(fd, target) < 0)
		e = errno;
	if (fd != target)
		close(fd);
	return e;
}

static int prepare(int err_fd, int status_fd)
{
	struct sigaction dfl;
	sigset_t none;
	int e;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&none);
	if (setpgid(0, 0) != 0)
		return errno;
	/* SIGKILL, SIGSTOP and the C library's own signals refuse: fine. */
	for (int sig = 1; sig < NSIG; sig++)
		(void)sigaction(sig, &dfl, NULL);
	if (sigprocmask(SIG_SETMASK, &none, NULL) != 0)
		return errno;
	if (dup2(err_fd, STDERR_FILENO) < 0)
		return errno;
	e = null_on(STDIN_FILENO, O_RDONLY);
	if (e == 0)
		e = null_on(STDOUT_FILENO, O_WRONLY);
	return e != 0 ? e : close_others(status_fd);
}

static void child(char *const argv[], char *const envp[], int err_fd, int status_fd)
{
	int e = prepare(err_fd, status_fd);

	if (e == 0) {
		execve(argv[0], argv, envp);
		e = errno;
	}
	if (write(status_fd, &e, sizeof(e)) != (ssize_t)sizeof(e))
		_exit(126);
	_exit(127);
}

int nb_start_fork(pid_t *pid, char *const argv[], char *const envp[], int err_fd)
{
	int status[2], e = 0;
	ssize_t n;

	e = nb_pipe_above_stdio(status);
	if (e != 0)
		return e;
	*pid = fork();
	if (*pid == 0)
		child(argv, envp, err_fd, status[1]);
	e = *pid < 0 ? errno : 0;
	close(status[1]);
	while (*pid > 0 && (n = read(status[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(status[0]);
	if (*pid > 0 && e != 0)
		while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
			;
	return e;
}
