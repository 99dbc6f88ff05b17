/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exchange.h - NEST's spike exchange (EventDeliveryManager::
 * gather_spike_data), run by the master thread between the cycle's two
 * barriers. Collocate copies every thread's spike register into the send
 * buffer, one chunk per target rank, each chunk in (lag, gid) order so that
 * deliver (deliver.h) adds spikes in the same order on every decomposition.
 * Communicate exchanges the chunks with MPI_Alltoall; on one rank the send
 * and receive buffers swap, as they do in NEST built without MPI. Chunk
 * sizes follow NEST: two spikes per rank at first; when a chunk overflows,
 * 1.5 times the largest count and the exchange is repeated; when the
 * largest count falls under 20 % of the chunk, 1.1 times it (at least 2).
 * The buffers themselves only grow, as NEST's vectors do. */
#ifndef NB_EXCHANGE_H
#define NB_EXCHANGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exchange/register.h"

/* A spike in the send buffer: with compressed spikes lag << 32 | gid;
 * without, one word per synapse: lag << 54 | thread << 44 | synapse. */
#define NB_SPIKE_LAG_SHIFT 32
#define NB_SYN_LAG_SHIFT 54
#define NB_SYN_THREAD_SHIFT 44
#define NB_SYN_INDEX_MASK ((UINT64_C(1) << NB_SYN_THREAD_SHIFT) - 1)

/* Each chunk: the spikes for (or from) that rank, the sender's largest
 * count to any rank, then the spikes. */
#define NB_CHUNK_HEAD 2

struct nb_group;

struct nb_exchange {
	int ranks, threads;
	bool compressed;
	struct nb_register **reg;      /* [threads] each thread's, allocated by that thread */
	size_t chunk;                  /* spikes per rank and cycle */
	size_t cap;                    /* words allocated in send and in recv */
	uint64_t *send, *recv;         /* [ranks][NB_CHUNK_HEAD + chunk] */
	size_t global_max;             /* largest count any rank sent to one rank */
	size_t *fill;                  /* [ranks] counts while collocating */
	struct nb_group *groups;       /* not compressed: this cycle's spikes */
	size_t ngroups, capgroups;
	uint64_t grows, shrinks;       /* adaptations of the chunk size */
};

/* Chunk r of the receive buffer. */
static inline const uint64_t *nb_exchange_chunk(const struct nb_exchange *x,
                                                int r)
{
	return x->recv + (size_t)r * (x->chunk + NB_CHUNK_HEAD);
}

/* The buffers and the table of registers (the master thread); then
 * each thread allocates its own register. 0, or -1 when out of memory. */
int nb_exchange_init(struct nb_exchange *x, int ranks, int threads,
                     bool compressed);
int nb_exchange_init_thread(struct nb_exchange *x, int thread);
void nb_exchange_free(struct nb_exchange *x);
/* Shrinks the chunks if NEST would, then fills the send buffer from the
 * registers. -1 when out of memory. */
int nb_exchange_collocate(struct nb_exchange *x);
/* Collective: exchanges, growing and repeating while a chunk overflows.
 * -1 when out of memory. */
int nb_exchange_communicate(struct nb_exchange *x);

#endif
