/* kernel.numa_balancing: opened read-only, or for writing where a command
 * must be able to write before it changes anything; read, written at
 * offset 0 and read back. ENOENT, EROFS, EACCES and EPERM, and a process
 * without CAP_SYS_ADMIN (which the kernel checks at the write), mean
 * "cannot be set on this node" (unsupported); other errors mean broken. */
#ifndef NB_SYSCTL_H
#define NB_SYSCTL_H

#include "common/exitcodes.h"

struct nb_sysctl {
	int fd;
	int writable;      /* fd is open for writing */
	const char *path;
};

/* writable: open for writing at once, so that a read-only /proc/sys shows
 * before any state changes; otherwise read-only, and sysctl_write reopens
 * for writing when it must write. Logs the reason on failure. */
enum nb_exit sysctl_open(struct nb_sysctl *s, const char *path, int writable);
enum nb_exit sysctl_read(const struct nb_sysctl *s, int *value);
/* Writes "value\n" at offset 0 and checks the value read back. */
enum nb_exit sysctl_write(struct nb_sysctl *s, int value);
void sysctl_close(struct nb_sysctl *s);

#endif
