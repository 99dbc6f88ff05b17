/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parsing and reading kernel.numa_balancing. */
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "escape.h"
#include "values.h"

/* More than any value the kernel writes: a longer read does not parse. */
#define READ_MAX 32

int parse_kernel_value(const char *s, size_t len, int *out)
{
	uint64_t v;

	if (len > 0 && s[len - 1] == '\n')
		len--;
	if (parse_uint(s, len, NB_KERNEL_VALUE_MAX, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

int kernel_value_pread(int fd, int *value, char shown[NB_KERNEL_SHOWN])
{
	char buf[READ_MAX];
	ssize_t n;

	shown[0] = '\0';
	do
		n = pread(fd, buf, sizeof(buf), 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (parse_kernel_value(buf, (size_t)n, value) == 0)
		return 0;
	escape_bytes(buf, (size_t)n, shown, NB_KERNEL_SHOWN);
	return -EINVAL;
}

int kernel_value_read(const char *path)
{
	char shown[NB_KERNEL_SHOWN];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), rc, value;

	if (fd < 0)
		return -errno;
	rc = kernel_value_pread(fd, &value, shown);
	close(fd);
	return rc == 0 ? value : rc;
}
