/* Reads the numa_balancing sysctl once, with the helper's reader and
 * parser: a small integer and a newline. */
#include "nb_kernel.h"

#include <errno.h>
#include <fcntl.h>

#include "parse.h"
#include "readfile.h"

int nb_kernel_read(const char *path)
{
	char buf[32];
	size_t len;
	int value;

	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) != 0)
		return -errno;
	return parse_kernel_value(buf, len, &value) == 0 ? value : -EINVAL;
}
