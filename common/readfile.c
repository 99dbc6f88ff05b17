/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Whole-file reads with O_NOFOLLOW and a size cap, and reading an fd to its end. */
#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int read_fd_all(int fd, char *buf, size_t cap, size_t *len)
{
	size_t n = 0;

	for (;;) {
		ssize_t r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		n += (size_t)r;
		if (n == cap) {
			errno = EFBIG;
			return -1;
		}
	}
	*len = n;
	return 0;
}

int read_small_file(int dirfd, const char *name, char *buf, size_t cap, size_t *len)
{
	struct stat st;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int rc, saved;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		rc = -1;
	} else if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		rc = -1;
	} else {
		rc = read_fd_all(fd, buf, cap, len);
	}
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}
