/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reads and writes kernel.numa_balancing through one file descriptor,
 * reopened for writing only when a write is due. */
#include "sysctl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "failpoint.h"
#include "log.h"
#include "privs.h"
#include "common/kernel.h"

static enum nb_exit failed(const struct nb_sysctl *s, const char *what, int err)
{
	if (err == ENOENT || err == EROFS || err == EACCES || err == EPERM) {
		log_msg(LOG_WARNING, "%s: %s: %s: numa balancing cannot be set on this node, nothing changed",
		        s->path, what, strerror(err));
		return NB_EXIT_UNSUPPORTED;
	}
	log_msg(LOG_ERR, "%s: %s: %s", s->path, what, strerror(err));
	return NB_EXIT_BROKEN;
}

static int open_sysctl(const struct nb_sysctl *s, int writable)
{
	return open(s->path, (writable ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC);
}

/* A process without CAP_SYS_ADMIN (a container that lacks it) cannot
 * write, whatever the file's mode says. */
static enum nb_exit may_write(const struct nb_sysctl *s)
{
	int admin = privs_sys_admin();

	if (admin > 0)
		return NB_EXIT_OK;
	if (admin < 0) {
		log_msg(LOG_ERR, "%s: cannot read the capability sets: %s", s->path, strerror(errno));
		return NB_EXIT_BROKEN;
	}
	log_msg(LOG_WARNING, "%s: CAP_SYS_ADMIN is not permitted (a container without it?): numa "
	        "balancing cannot be set on this node, nothing changed", s->path);
	return NB_EXIT_UNSUPPORTED;
}

enum nb_exit sysctl_open(struct nb_sysctl *s, const char *path, int writable)
{
	enum nb_exit rc = NB_EXIT_OK;

	s->path = path;
	s->writable = writable;
	s->fd = -1;
	if (writable && (rc = may_write(s)) != NB_EXIT_OK)
		return rc;
	s->fd = open_sysctl(s, writable);
	return s->fd < 0 ? failed(s, writable ? "open for writing" : "open", errno) : NB_EXIT_OK;
}

/* The descriptor reopened for writing, once, before the first write. */
static enum nb_exit reopen_writable(struct nb_sysctl *s)
{
	enum nb_exit rc = may_write(s);
	int fd;

	if (rc != NB_EXIT_OK)
		return rc;
	if ((fd = open_sysctl(s, 1)) < 0)
		return failed(s, "open for writing", errno);
	sysctl_close(s);
	s->fd = fd;
	s->writable = 1;
	return NB_EXIT_OK;
}

enum nb_exit sysctl_read(const struct nb_sysctl *s, int *value)
{
	char shown[NB_KERNEL_SHOWN];
	int rc = kernel_value_pread(s->fd, value, shown);

	if (rc == -EINVAL) {
		log_msg(LOG_ERR, "%s: unexpected content '%s'", s->path, shown);
		return NB_EXIT_BROKEN;
	}
	if (rc == 0 && *value > NB_BALANCING_MAX) {
		log_msg(LOG_ERR, "%s: unexpected value %d (the kernel takes 0 to %d)", s->path, *value,
		        NB_BALANCING_MAX);
		return NB_EXIT_BROKEN;
	}
	return rc < 0 ? failed(s, "read", -rc) : NB_EXIT_OK;
}

/* What the kernel holds when a write's outcome is unknown: read again, or
 * -1 (unknown, so that the next write happens whatever it holds). */
static int read_again(const struct nb_sysctl *s)
{
	int v;

	if (sysctl_read(s, &v) != NB_EXIT_OK)
		return -1;
	log_msg(LOG_NOTICE, "%s: read again: %d", s->path, v);
	return v;
}

enum nb_exit sysctl_write(struct nb_sysctl *s, int value, int *kernel)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d\n", value), back;
	enum nb_exit rc;

	if (!s->writable && (rc = reopen_writable(s)) != NB_EXIT_OK)
		return rc; /* nothing written */
	failpoint("sysctl", "write");
	errno = 0;
	if (privs_pwrite(s->fd, buf, (size_t)len, 0) != len) {
		rc = failed(s, "write", errno ? errno : EIO);
		*kernel = read_again(s); /* a failed write may have taken effect */
		return rc;
	}
	if (sysctl_read(s, &back) != NB_EXIT_OK && (back = read_again(s)) < 0) {
		*kernel = -1; /* written, and twice unreadable */
		return NB_EXIT_BROKEN;
	}
	*kernel = back;
	if (back != value) {
		log_msg(LOG_ERR, "%s: wrote %d but read back %d", s->path, value, back);
		return NB_EXIT_BROKEN;
	}
	return NB_EXIT_OK;
}

void sysctl_close(struct nb_sysctl *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}
