/* SPDX-License-Identifier: GPL-2.0-or-later */
/* placement.h - the page-placement sampler: every N cycles of the sim
 * phase, on which NUMA node a bounded, evenly spread sample of each of
 * nbsim's buffers' pages lies (move_pages with no target nodes), which of
 * them the balancing scanner has just marked (present in
 * /proc/self/pagemap, yet -ENOENT from move_pages: their PTE is a NUMA
 * hint; kernels since 6.5 report such pages on their node instead), and
 * the node's NUMA counters (/proc/vmstat) at that moment. Every rank
 * samples its own buffers. placement.c; placement_out.c gathers and
 * writes the samples. */
#ifndef NB_PLACEMENT_H
#define NB_PLACEMENT_H

#include <stddef.h>
#include <stdint.h>

/* Pages sampled per buffer and sample (spread over all its regions). */
#define NB_PLACEMENT_PAGES 256
/* A sampled page: its node (>= 0), or one of these. */
#define NB_PAGE_ABSENT (-1)            /* no memory behind it (never touched, freed) */
#define NB_PAGE_MARKED (-2)            /* present, its PTE marked by the scanner */
#define NB_PAGE_NONE (-3)              /* the buffer has fewer pages than slots */
/* Shares per buffer: one per node, then scanner-marked, then not present. */
#define NB_PLACEMENT_EXTRA 2
/* Counters per sample: wall seconds since nb_placement_start, then the
 * growth since then of numa_pte_updates, numa_hint_faults,
 * numa_hint_faults_local and numa_pages_migrated. */
#define NB_PLACEMENT_COUNTERS 5

struct nb_region {
	const void *addr;
	size_t bytes;
};

/* One kind of buffer ("spike registers", "ring buffers", ...), made of
 * regions (one per thread, or one per heap block). */
struct nb_buffer {
	const char *name;
	size_t regions;
	const struct nb_region *region;
};

struct nb_placement_log {
	int every;                     /* sampling period in cycles */
	int buffers;                   /* number of sampled buffers */
	const char *const *names;      /* [buffers] */
	int nodes;                     /* the most NUMA nodes of any rank's host */
	size_t samples;
	size_t capacity;               /* samples allocated by nb_placement_init */
	int64_t *cycle;                /* [samples] cycle of each sample */
	double *share;                 /* [samples][buffers][nodes + NB_PLACEMENT_EXTRA] */
	int8_t *page;                  /* [samples][buffers][NB_PLACEMENT_PAGES] */
	uint64_t *pages;               /* [buffers] each buffer's pages at the last sample */
	double *counters;              /* [samples][NB_PLACEMENT_COUNTERS] */
	double t0;                     /* nb_placement_start's clock */
	uint64_t start[4];             /* and its vmstat counters */
	int pagemap;                   /* /proc/self/pagemap, or -1 */
};

/* A page's class from move_pages' status for it and its pagemap present
 * bit: its node, NB_PAGE_MARKED (-ENOENT yet present) or NB_PAGE_ABSENT. */
int8_t nb_page_class(int status, int nodes, int present);

/* Prepares a log for up to max_samples samples of `buffers` buffer kinds.
 * Collective (the ranks agree on the node count). Returns 0, or -1 with a
 * message on stderr. */
int nb_placement_init(struct nb_placement_log *log, int every,
                      size_t max_samples, int buffers,
                      const char *const *names);
/* The sim phase begins: the origin of the counters and of the clock. */
void nb_placement_start(struct nb_placement_log *log);
/* Records one sample at `cycle` (buf: log->buffers of them). */
void nb_placement_sample(struct nb_placement_log *log, int64_t cycle,
                         const struct nb_buffer *buf);
void nb_placement_free(struct nb_placement_log *log);

#endif
