/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Landlock: once the state directory is open and locked, the helper's file
 * system access is confined to what its command needs, where the kernel
 * supports it (Linux 5.13+, ABI 1-7 handled): the state directory, the
 * sysctl (read and write), reads of the NUMA nodes in sysfs, and the
 * directory metrics writes into. Nothing may be
 * executed, no TCP port bound or connected (ABI 4+), no abstract UNIX
 * socket or process outside reached (ABI 6+). Raw system calls: no library. */
#ifndef NB_LANDLOCK_H
#define NB_LANDLOCK_H

#include "paths.h"

/* The directory (an open descriptor the caller keeps) metrics writes into. */
void landlock_allow_dir(int dirfd);
/* Confines the process (once: a later call answers as the first).
 * statedir is the open state directory, sysctl the descriptor open on the
 * sysctl (-1: its path is opened for the rule). Returns the Landlock ABI version
 * enforced, 0 when the kernel has none (logged at debug level) or p->confine
 * is 0 (unit tests), or -1 (logged) when the kernel has it and
 * confinement failed. */
int landlock_confine(const struct nb_paths *p, int statedir, int sysctl);

#endif
