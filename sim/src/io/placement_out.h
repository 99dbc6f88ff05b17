/* SPDX-License-Identifier: GPL-2.0-or-later */
/* placement_out.h - every rank's page-placement samples on rank 0, and
 * what the result directory (docs/design.md, "Interface 2") holds of
 * them: placement.npy (shares), placement_pages.npy (each sampled page's
 * node or state), placement_counters.npy (the node's NUMA counters at
 * each sample) and summary.json's "placement" object. placement_out.c. */
#ifndef NB_PLACEMENT_OUT_H
#define NB_PLACEMENT_OUT_H

#include <jansson.h>

#include "io/placement.h"

struct nb_placement_all {
	const struct nb_placement_log *log; /* rank 0's (names, cycles), or NULL when off */
	int ranks;
	double *share;                 /* [ranks] x log->share */
	int8_t *page;                  /* [ranks] x log->page */
	uint64_t *pages;               /* [ranks][buffers] */
	double *counters;              /* [ranks] x log->counters */
};

/* Collective (log may be NULL: placement off, on every rank). Rank 0 gets
 * the arrays; -1 on every rank when rank 0 runs out of memory. */
int nb_placement_gather(struct nb_placement_all *a,
                        const struct nb_placement_log *log);
/* Rank 0: the three .npy files in dir (nothing when off). 0, or -1 with a
 * message. */
int nb_placement_write(const char *dir, const struct nb_placement_all *a);
/* The "placement" object of summary.json: null when off. */
json_t *nb_placement_json(const struct nb_placement_all *a);
void nb_placement_all_free(struct nb_placement_all *a);

#endif
