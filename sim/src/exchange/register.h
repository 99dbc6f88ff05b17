/* SPDX-License-Identifier: GPL-2.0-or-later */
/* register.h - a thread's spike register, NEST's
 * emitted_spikes_register_[tid]: a heap-allocated vector of 16-byte
 * entries (NEST's SpikeDataWithRank: the spike data and the target rank).
 * With compressed spikes a spike gets one entry per rank that holds
 * synapses from its neuron; without, a header entry and then one entry
 * per synapse it reaches (NEST's target table then has one Target per
 * connection). The owning thread allocates it, appends during update and
 * empties it in deliver; the master thread reads all of them in collocate.
 * register.c. */
#ifndef NB_REGISTER_H
#define NB_REGISTER_H

#include <stddef.h>
#include <stdint.h>

struct nb_reg_entry {
	uint64_t data;                 /* what goes into the send buffer */
	uint64_t rank;                 /* target rank, or a header (below) */
};

/* rank field of a header: the flag | the number of entries that follow. */
#define NB_REG_HEADER (UINT64_C(1) << 63)

struct nb_register {
	struct nb_reg_entry *e;
	size_t n, cap;
};

/* Allocated by the thread that owns it (NULL when out of memory). */
struct nb_register *nb_register_new(void);
void nb_register_free(struct nb_register *r);
/* Room for one more entry: 0, or -1 when out of memory. */
int nb_register_grow(struct nb_register *r);

static inline int nb_register_push(struct nb_register *r, uint64_t data,
                                   uint64_t rank)
{
	if (r->n == r->cap && nb_register_grow(r))
		return -1;
	r->e[r->n].data = data;
	r->e[r->n].rank = rank;
	r->n++;
	return 0;
}

#endif
