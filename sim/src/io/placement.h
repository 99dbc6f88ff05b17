/* placement.h - samples on which NUMA node the pages of the simulator's
 * buffers lie (move_pages with no target nodes, libnuma), every N cycles,
 * into an nb_placement_log (results.h). placement.c. */
#ifndef NB_PLACEMENT_H
#define NB_PLACEMENT_H

#include <stddef.h>
#include <stdint.h>

#include "io/results.h"

struct nb_region {
	const void *addr;
	size_t bytes;
};

/* One kind of buffer ("spike register", "ring buffers", "connections"),
 * made of one region per thread. */
struct nb_buffer {
	const char *name;
	int regions;
	const struct nb_region *region;
};

/* Prepares a log for up to max_samples samples of `buffers` buffer kinds.
 * Returns 0, or -1 with a message on stderr. */
int nb_placement_init(struct nb_placement_log *log, int every,
                      size_t max_samples, int buffers,
                      const char *const *names);
/* Records one sample at `cycle` (a bounded number of pages per buffer). */
void nb_placement_sample(struct nb_placement_log *log, int64_t cycle,
                         const struct nb_buffer *buf);
void nb_placement_free(struct nb_placement_log *log);

#endif
