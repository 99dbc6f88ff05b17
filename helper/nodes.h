/* The number of NUMA nodes, asked of the numa-nodes program (libnuma)
 * only when a command needs it. */
#ifndef NB_NODES_H
#define NB_NODES_H

/* Runs the numa-nodes program (paths.h) with an empty environment and
 * reads one decimal count from its stdout. Returns the count (>= 1), or -1
 * (logged) when it cannot be run, fails or prints anything else. The count
 * cannot change during a run: only the first call runs the program. */
int nodes_count(void);

#endif
