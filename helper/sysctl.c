/* Reads and writes kernel.numa_balancing through one file descriptor. */
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
	if (err == ENOENT || err == EROFS) {
		log_msg(LOG_WARNING, "%s: %s: %s: numa balancing cannot be set on this node, nothing changed",
		        s->path, what, strerror(err));
		return NB_EXIT_UNSUPPORTED;
	}
	log_msg(LOG_ERR, "%s: %s: %s", s->path, what, strerror(err));
	return NB_EXIT_BROKEN;
}

enum nb_exit sysctl_open(struct nb_sysctl *s, const char *path, int writable)
{
	s->path = path;
	s->fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC);
	return s->fd < 0 ? failed(s, "open", errno) : NB_EXIT_OK;
}

enum nb_exit sysctl_read(const struct nb_sysctl *s, int *value)
{
	char shown[NB_KERNEL_SHOWN];
	int rc = kernel_value_pread(s->fd, value, shown);

	if (rc == -EINVAL) {
		log_msg(LOG_ERR, "%s: unexpected content '%s'", s->path, shown);
		return NB_EXIT_BROKEN;
	}
	return rc < 0 ? failed(s, "read", -rc) : NB_EXIT_OK;
}

enum nb_exit sysctl_write(const struct nb_sysctl *s, int value)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d\n", value), back;
	enum nb_exit rc;

	failpoint("sysctl", "write");
	if (privs_pwrite(s->fd, buf, (size_t)len, 0) != len)
		return failed(s, "write", errno ? errno : EIO);
	rc = sysctl_read(s, &back);
	if (rc == NB_EXIT_OK && back != value) {
		log_msg(LOG_ERR, "%s: wrote %d but read back %d", s->path, value, back);
		return NB_EXIT_BROKEN;
	}
	return rc;
}

void sysctl_close(struct nb_sysctl *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}
