/* The number of NUMA nodes, asked of the numa-nodes program (libnuma)
 * only when a command needs it. */
#ifndef NB_NODES_H
#define NB_NODES_H

/* Runs prog (an absolute path) with an empty environment and reads one
 * decimal count from its stdout. Returns the count (>= 1), or -1 (logged)
 * when prog cannot be run, fails or prints anything else. */
int nodes_count(const char *prog);

#endif
