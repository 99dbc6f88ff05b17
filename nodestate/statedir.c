/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Checked, locked access to the state directory through a directory fd. */
#include "statedir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "failpoint.h"
#include "log.h"

/* The directory must be root's: owned by root, no group or other write, a
 * real directory (whoever reads it: a reader never trusts a directory
 * another user could fill). */
static int check_dir(int fd, const char *path, char *err, size_t errlen)
{
	struct stat st;

	if (fstat(fd, &st) != 0) {
		snprintf(err, errlen, "state directory %s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		snprintf(err, errlen, "state directory %s is not a directory: refused", path);
	else if (st.st_uid != 0)
		snprintf(err, errlen, "state directory %s is owned by uid %u, not root: refused",
		         path, (unsigned)st.st_uid);
	else if (st.st_mode & (S_IWGRP | S_IWOTH))
		snprintf(err, errlen, "state directory %s is group or world writable (mode %03o): refused",
		         path, (unsigned)(st.st_mode & 0777));
	else
		return 0;
	return -1;
}

int statedir_open(const char *path, int create, char *err, size_t errlen)
{
	struct stat st;
	int fd;

	if (create && mkdir(path, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create state directory %s: %s", path, strerror(errno));
		return -1;
	}
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && !create && errno == ENOENT)
		return -2; /* no helper ever wrote here: no state */
	if (fd < 0) {
		if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			snprintf(err, errlen, "state directory %s is a symlink: refused", path);
		else
			snprintf(err, errlen, "state directory %s: %s", path, strerror(errno));
		return -1;
	}
	if (check_dir(fd, path, err, errlen) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int statedir_lock(int dirfd, int writer, char *err, size_t errlen)
{
	struct stat st;
	int fd = writer ? openat(dirfd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644)
	                : openat(dirfd, "lock", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0 && !writer && errno == ENOENT)
		return -2; /* no writer ever ran: no state to wait for */
	if (fd < 0) {
		snprintf(err, errlen, "state directory lock file: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != 0 ||
	    (writer && (st.st_mode & 0777) != 0644 && fchmod(fd, 0644) != 0)) {
		snprintf(err, errlen, "state directory lock file is not a regular file of root's: refused");
		close(fd);
		return -1;
	}
	while (flock(fd, writer ? LOCK_EX : LOCK_SH) != 0) {
		if (errno != EINTR) {
			snprintf(err, errlen, "locking the state directory: %s", strerror(errno));
			close(fd);
			return -1;
		}
	}
	return fd;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, data, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

static int write_tmp(int dirfd, const char *tmp, const char *data, size_t len)
{
	int fd, rc, saved;

	if (unlinkat(dirfd, tmp, 0) != 0 && errno != ENOENT)
		return -1;
	fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	rc = write_all(fd, data, len) == 0 && fsync(fd) == 0 ? 0 : -1;
	saved = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (rc != 0)
		unlinkat(dirfd, tmp, 0); /* ENOSPC, EIO: leave no half-written file */
	errno = saved;
	return rc;
}

/* After a rename or an unlink that took effect: the change stands whatever
 * the directory's fsync says (it cannot be undone, and the callers go on
 * from what is in the directory). A failed fsync only means the change may
 * be lost if the node crashes where /run is on a disk, and the state of an
 * earlier boot is never used. */
static void sync_dir(int dirfd, const char *name)
{
	if (fsync(dirfd) != 0)
		log_msg(LOG_WARNING, "state directory: fsync after changing %s: %s (the change stands)",
		        name, strerror(errno));
}

/* Whether name is in the directory now: 1, 0 (ENOENT), -1 (unknown). */
static int present(int dirfd, const char *name)
{
	struct stat st;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		return 1;
	return errno == ENOENT ? 0 : -1;
}

/* A call that reported failure may still have taken effect (an EIO after
 * the change): the directory says which. */
static int took_effect(int dirfd, const char *gone, const char *there, const char *call)
{
	int saved = errno;

	if (saved != ENOENT && present(dirfd, gone) == 0 && (!there || present(dirfd, there) == 1)) {
		log_msg(LOG_WARNING, "state directory: %s %s reported %s, but took effect",
		        call, gone, strerror(saved));
		return 1;
	}
	errno = saved;
	return 0;
}

int statedir_rename(int dirfd, const char *from, const char *to, const char *what)
{
	if (renameat(dirfd, from, dirfd, to) != 0 && !took_effect(dirfd, from, to, "rename"))
		return -1;
	failpoint(what, "renamed");
	sync_dir(dirfd, to);
	return 0;
}

int statedir_write_as(int dirfd, const char *tmp, const char *name, const char *data,
                      size_t len, const char *what)
{
	int err = failpoint_errno(what, "write");

	/* always 0 outside the test build */
	/* cppcheck-suppress knownConditionTrueFalse */
	if (err) {
		errno = err;
		return -1;
	}
	if (write_tmp(dirfd, tmp, data, len) != 0)
		return -1;
	failpoint(what, "tmp-written");
	if (statedir_rename(dirfd, tmp, name, what) == 0)
		return 0;
	err = errno;
	unlinkat(dirfd, tmp, 0); /* the rename did not happen: nothing of it stays */
	errno = err;
	return -1;
}

int statedir_write(int dirfd, const char *name, const char *data, size_t len,
                   const char *what)
{
	char tmp[128];

	if ((size_t)snprintf(tmp, sizeof(tmp), NB_TMP_PREFIX "%s", name) >= sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return statedir_write_as(dirfd, tmp, name, data, len, what);
}

int statedir_remove(int dirfd, const char *name, const char *what)
{
	if (unlinkat(dirfd, name, 0) != 0 && errno != ENOENT &&
	    (errno != EISDIR || unlinkat(dirfd, name, AT_REMOVEDIR) != 0) &&
	    !took_effect(dirfd, name, NULL, "unlink"))
		return -1;
	failpoint(what, "unlinked");
	sync_dir(dirfd, name);
	return 0;
}
