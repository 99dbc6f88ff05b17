/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kernel.numa_balancing's value as text: the parser the helper, the plugin
 * and nbsim share, and reading it from a path or an open descriptor. */
#ifndef NB_KERNEL_H
#define NB_KERNEL_H

#include <stddef.h>

#define NB_SYSCTL_PATH "/proc/sys/kernel/numa_balancing"
#define NB_KERNEL_VALUE_MAX 255
/* kernel.numa_balancing is a bit mask: 1 normal balancing, 2 memory
 * tiering (NUMA_BALANCING_MEMORY_TIERING); the kernel takes 0 .. 4. */
#define NB_BALANCING_NORMAL 1
#define NB_BALANCING_TIERING 2
#define NB_BALANCING_MAX 4
/* Room for the escaped content of a sysctl that does not parse. */
#define NB_KERNEL_SHOWN 64

/* Digits and an optional trailing newline, 0 .. NB_KERNEL_VALUE_MAX.
 * Returns 0, or -1. */
int parse_kernel_value(const char *s, size_t len, int *out);
/* Reads the value at offset 0 of fd. Returns 0, or -errno: -EINVAL when
 * the content does not parse; then shown (NB_KERNEL_SHOWN bytes) holds it
 * escaped for a log line. */
int kernel_value_pread(int fd, int *value, char shown[NB_KERNEL_SHOWN]);
/* Reads the value from path (no symlinks, regular files and /proc files).
 * Returns the value (>= 0), or -errno (-EINVAL for content that does not
 * parse). */
int kernel_value_read(const char *path);

#endif
