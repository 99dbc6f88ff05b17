/* Reads the numa_balancing sysctl once: a small integer and a newline. */
#include "nb_kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int nb_kernel_read(const char *path)
{
	char buf[16];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int value = 0;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0) {
		int e = errno;

		close(fd);
		return -e;
	}
	close(fd);
	if (n == 0 || buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	for (ssize_t i = 0; i < n && buf[i] != '\n'; i++) {
		if (buf[i] < '0' || buf[i] > '9' || value > 1000)
			return -EINVAL;
		value = value * 10 + (buf[i] - '0');
	}
	return value;
}
