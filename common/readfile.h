/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reads a small file whole, safely: no symlinks, no blocking on FIFOs,
 * regular files only, a size cap; and reads a descriptor to its end. */
#ifndef NB_READFILE_H
#define NB_READFILE_H

#include <stddef.h>

/* Reads name (relative to dirfd, or absolute with AT_FDCWD) into buf.
 * Returns 0, or -1 with errno set (EFBIG: cap bytes or more, EINVAL: not a
 * regular file, ELOOP: a symlink). */
int read_small_file(int dirfd, const char *name, char *buf, size_t cap, size_t *len);
/* Reads fd to end of file into buf (at most cap - 1 bytes). Returns 0, or
 * -1 with errno set (EFBIG when there is more). */
int read_fd_all(int fd, char *buf, size_t cap, size_t *len);

#endif
