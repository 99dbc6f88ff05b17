/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The number of NUMA nodes: the node<N> directories in sysfs. */
#ifndef NB_NODES_H
#define NB_NODES_H

/* Counts the node<N> directories (N: digits, no leading zero) of
 * /sys/devices/system/node (paths.h). Returns the count (>= 1): 1 when the
 * directory is absent (a kernel without NUMA), -1 (logged) when it cannot
 * be read or holds no node. Only the first call reads the directory. */
int nodes_count(void);

#endif
