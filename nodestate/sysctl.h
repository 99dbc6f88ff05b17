/* SPDX-License-Identifier: GPL-2.0-or-later */
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
/* Reads the value: 0 .. 4, anything else is broken. */
enum nb_exit sysctl_read(const struct nb_sysctl *s, int *value);
/* Writes "value\n" at offset 0 and checks the value read back. Whenever
 * it wrote, *kernel is what the kernel holds afterwards, as read back (a
 * failed read is tried once more) or -1 when unknown: a failed write or
 * read-back may still have changed it. */
enum nb_exit sysctl_write(struct nb_sysctl *s, int value, int *kernel);
void sysctl_close(struct nb_sysctl *s);

#endif
