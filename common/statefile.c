/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Checked, locked, atomic writes into the helper's state directory for the
 * plugin (job_script context: root, no helper running for the job). */
#include "statefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Why fd is not a state directory we may write into, or NULL. */
static const char *unfit_dir(int fd)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return strerror(errno);
	if (!S_ISDIR(st.st_mode))
		return "not a directory";
	if (st.st_uid != geteuid())
		return "not owned by root";
	return (st.st_mode & (S_IWGRP | S_IWOTH)) ? "group or world writable" : NULL;
}

int statefile_open_dir(const char *dir, char *err, size_t errlen)
{
	const char *why;
	int fd;

	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", dir, errno == ENOTDIR || errno == ELOOP ?
		         "not a directory (or a symlink): refused" : strerror(errno));
		return -1;
	}
	if ((why = unfit_dir(fd)) != NULL) {
		snprintf(err, errlen, "%s: %s: refused", dir, why);
		close(fd);
		return -1;
	}
	return fd;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { 0, (long)ms * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

int statefile_lock(int dirfd, unsigned wait_ms, char *err, size_t errlen)
{
	struct stat st;
	int fd = openat(dirfd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		snprintf(err, errlen, "lock file: %s", fd < 0 ? strerror(errno) :
		         "not a regular file of ours: refused");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	for (unsigned waited = 0; flock(fd, LOCK_EX | LOCK_NB) != 0; waited += 10) {
		if ((errno != EWOULDBLOCK && errno != EINTR) || waited >= wait_ms) {
			snprintf(err, errlen, "lock: %s", errno == EWOULDBLOCK ?
			         "still held by a helper run after the wait" : strerror(errno));
			close(fd);
			return -1;
		}
		sleep_ms(10);
	}
	return fd;
}

static int write_fully(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno != EINTR)
			return -1;
		if (w > 0) {
			data += w;
			len -= (size_t)w;
		}
	}
	return 0;
}

/* Writes data into the new file tmp; on failure nothing of it is left. */
static int write_new(int dirfd, const char *tmp, const char *data, size_t len)
{
	int fd, rc, saved;

	if (unlinkat(dirfd, tmp, 0) != 0 && errno != ENOENT)
		return -1;
	fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	rc = write_fully(fd, data, len) == 0 && fsync(fd) == 0 ? 0 : -1;
	saved = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (rc != 0)
		unlinkat(dirfd, tmp, 0);
	errno = saved;
	return rc;
}

int statefile_replace_via(int dirfd, const char *tmp, const char *name, const char *data,
                          size_t len)
{
	if (write_new(dirfd, tmp, data, len) != 0)
		return -1;
	if (renameat(dirfd, tmp, dirfd, name) != 0) {
		int saved = errno;

		unlinkat(dirfd, tmp, 0);
		errno = saved;
		return -1;
	}
	(void)fsync(dirfd); /* the rename took effect: written, durable or not */
	return 0;
}

int statefile_replace(int dirfd, const char *name, const char *data, size_t len)
{
	char tmp[128];

	if ((size_t)snprintf(tmp, sizeof(tmp), ".tmp.%s", name) >= sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return statefile_replace_via(dirfd, tmp, name, data, len);
}
