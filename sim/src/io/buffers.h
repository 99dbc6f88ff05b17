/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buffers.h - the buffers nbsim's placement sampler follows, each a list
 * of regions: first those that cross threads (spike registers, the send
 * and receive buffers, the compressed spike table, the target tables, the
 * shared state: per-thread records, spike counters and modulo table), then
 * each thread's own (neuron state, ring buffers, connections). The fixed
 * ones are collected once, after construction (heap blocks merged into
 * runs of pages); the registers and exchange buffers, which grow, at every
 * sample. buffers.c. */
#ifndef NB_BUFFERS_H
#define NB_BUFFERS_H

#include "engine/sim.h"
#include "io/placement.h"

#define NB_SAMPLED_BUFFERS 8

extern const char *const nb_sampled_names[NB_SAMPLED_BUFFERS];

struct nb_sampled {
	struct nb_region *r[NB_SAMPLED_BUFFERS];
	size_t n[NB_SAMPLED_BUFFERS], cap[NB_SAMPLED_BUFFERS];
};

/* 0, or -1 with a message when out of memory. */
int nb_sampled_init(struct nb_sampled *s, const struct nb_sim *sim);
/* One placement sample of every buffer at `cycle`. */
void nb_sampled_take(struct nb_sampled *s, struct nb_placement_log *log,
                     const struct nb_sim *sim, int64_t cycle);
void nb_sampled_free(struct nb_sampled *s);

#endif
