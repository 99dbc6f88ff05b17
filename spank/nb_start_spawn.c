/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Starts the helper with posix_spawn (clone and execve in glibc), every
 * file action and attribute checked: a child that would not get exactly
 * what nb_spawn.h promises is never started. Needs
 * posix_spawn_file_actions_addclosefrom_np (glibc 2.34+). */
#include "nb_spawn.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

static int file_actions(posix_spawn_file_actions_t *fa, int err_fd)
{
	int rc = posix_spawn_file_actions_adddup2(fa, err_fd, STDERR_FILENO);

	if (rc == 0)
		rc = posix_spawn_file_actions_addopen(fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	if (rc == 0)
		rc = posix_spawn_file_actions_addopen(fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	if (rc == 0)
		rc = posix_spawn_file_actions_addclosefrom_np(fa, STDERR_FILENO + 1);
	return rc;
}

static int attributes(posix_spawnattr_t *attr)
{
	sigset_t none, all;
	int rc;

	sigemptyset(&none);
	sigfillset(&all);
	rc = posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP |
				      POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	if (rc == 0)
		rc = posix_spawnattr_setpgroup(attr, 0);
	if (rc == 0)
		rc = posix_spawnattr_setsigmask(attr, &none);
	if (rc == 0)
		rc = posix_spawnattr_setsigdefault(attr, &all);
	return rc;
}

/* The destroy functions free what init allocated and have no failure to
 * act on (glibc's return 0): after a spawn that worked, a child runs. */
int nb_start_spawn(pid_t *pid, char *const argv[], char *const envp[], int err_fd)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int rc = posix_spawn_file_actions_init(&fa);

	if (rc != 0)
		return rc;
	rc = posix_spawnattr_init(&attr);
	if (rc == 0) {
		rc = file_actions(&fa, err_fd);
		if (rc == 0)
			rc = attributes(&attr);
		if (rc == 0)
			rc = posix_spawn(pid, argv[0], &fa, &attr, argv, envp);
		(void)posix_spawnattr_destroy(&attr);
	}
	(void)posix_spawn_file_actions_destroy(&fa);
	return rc;
}
