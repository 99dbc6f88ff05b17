/* SPDX-License-Identifier: GPL-2.0-or-later */
/* targets.h - NEST's target table (TargetTable::targets_[tid][lid]): for
 * each neuron of a thread, a small heap array of where its spikes go,
 * built and read by that thread. With compressed spikes it holds one entry
 * per rank that has synapses from the neuron (the rank); without, one
 * entry per synapse (rank, thread and synapse index), as NEST's table has
 * one Target per connection when connections are not sorted by source.
 * Each rank learns where the others hold synapses of its neurons once,
 * after construction, from their compressed tables: a bitmap per rank
 * (compressed) or runs of (source, thread, first synapse, count) (not
 * compressed), like NEST's target-data exchange. targets.c. */
#ifndef NB_TARGETS_H
#define NB_TARGETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nb_csd;
struct nb_net;

struct nb_targets {
	uint64_t *t;
	size_t n, cap;
};

/* A target without compressed spikes. */
#define NB_TGT_RANK_SHIFT 44
#define NB_TGT_THREAD_SHIFT 34
#define NB_TGT_SYN_MASK ((UINT64_C(1) << NB_TGT_THREAD_SHIFT) - 1)
#define NB_MAX_THREADS 1024
#define NB_MAX_RANKS (1 << (64 - NB_TGT_RANK_SHIFT))

/* What the other ranks said (more than one rank only). */
struct nb_target_info {
	uint8_t *bits;                 /* compressed: [ranks][bytes] bitmaps */
	size_t bytes;
	uint64_t *runs;                /* not compressed: 2 words per run */
	size_t *off;                   /* [ranks + 1]: rank p's runs start at runs + 2 * off[p] */
};

/* Collective, outside parallel regions, after every rank built its
 * compressed table csd (its source records still there); nothing to do on
 * one rank. 0, or -1 with a message. */
int nb_targets_exchange(struct nb_target_info *in, const struct nb_csd *csd,
                        bool compressed, const struct nb_net *net);
/* Allocates and fills *tgt, [net->t[thread].n] (call on that thread). 0,
 * or -1 with a message. */
int nb_targets_build(struct nb_targets **tgt, const struct nb_csd *csd,
                     bool compressed, const struct nb_net *net, int thread,
                     const struct nb_target_info *in);
void nb_targets_free_info(struct nb_target_info *in);
void nb_targets_free(struct nb_targets *t, size_t n);

#endif
