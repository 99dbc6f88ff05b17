/* Reading kernel.numa_balancing as the job's tasks see it. */
#ifndef NB_KERNEL_H
#define NB_KERNEL_H

#define NB_SYSCTL_PATH "/proc/sys/kernel/numa_balancing"

/* Returns the value (>= 0) read from path, or -errno (-EINVAL for text
 * that is not a small non-negative integer). */
int nb_kernel_read(const char *path);

#endif
