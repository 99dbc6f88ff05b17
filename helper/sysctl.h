/* kernel.numa_balancing: open once, read, write at offset 0 and read back.
 * ENOENT and EROFS mean "unsupported here"; other errors mean broken. */
#ifndef NB_SYSCTL_H
#define NB_SYSCTL_H

#include "common/exitcodes.h"

struct nb_sysctl {
	int fd;
	const char *path;
};

/* writable: open for writing too, so a read-only /proc/sys shows before
 * any state changes. Logs the reason on failure. */
enum nb_exit sysctl_open(struct nb_sysctl *s, const char *path, int writable);
enum nb_exit sysctl_read(const struct nb_sysctl *s, int *value);
/* Writes "value\n" at offset 0 and checks the value read back. */
enum nb_exit sysctl_write(const struct nb_sysctl *s, int value);
void sysctl_close(struct nb_sysctl *s);

#endif
