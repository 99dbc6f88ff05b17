/* SPDX-License-Identifier: GPL-2.0-or-later */
/* /proc/vmstat's NUMA balancing counters: the parser the helper and nbsim
 * share, and the "name value" line walker it is built on. */
#ifndef NB_VMSTAT_H
#define NB_VMSTAT_H

#include <stddef.h>
#include <stdint.h>

#define NB_VMSTAT_PATH "/proc/vmstat"
/* Larger files are not /proc/vmstat (6.18 writes about 6 KiB). */
#define NB_VMSTAT_MAX 65536

struct nb_counters {
	uint64_t pte_updates, hint_faults, hint_faults_local, pages_migrated;
};

/* Calls fn for each "name value" line of buf (value a decimal uint64);
 * stops at the first malformed line and returns -1, else 0. */
int each_counter_line(const char *buf, size_t len,
                      void (*fn)(const char *name, size_t namelen, uint64_t value, void *arg),
                      void *arg);
/* Takes the four counters from /proc/vmstat text; absent ones are 0.
 * Returns -1 (all counters 0) on a malformed line. */
int vmstat_parse(const char *buf, size_t len, struct nb_counters *c);
/* Reads and parses the file at path (uses NB_VMSTAT_MAX bytes of stack).
 * Returns 0, or -1 (all counters 0, errno set; EINVAL: malformed). */
int vmstat_read(const char *path, struct nb_counters *c);

#endif
