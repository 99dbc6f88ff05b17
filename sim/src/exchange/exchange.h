/* exchange.h - the master thread's share of a cycle: collocate (copy every
 * thread's spike register into the send buffer) and communicate (an
 * MPI_Alltoall of equal chunks, grown x1.5 and repeated on overflow, shrunk
 * when under 20 % used), then the received spikes sorted by (lag, gid) so
 * that delivery adds them in the same order on every decomposition. */
#ifndef NB_EXCHANGE_H
#define NB_EXCHANGE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/network.h"

struct nb_exchange {
	int ranks;
	size_t chunk;                  /* uint64 entries per rank; entry 0 = count */
	uint64_t *send, *recv;         /* [ranks * chunk] */
	uint64_t *list;                /* received spikes: lag << 32 | gid, sorted */
	size_t nlist, caplist;
	uint64_t grows, shrinks;       /* adaptations of the chunk size */
};

int nb_exchange_init(struct nb_exchange *x, int ranks, size_t chunk);
void nb_exchange_free(struct nb_exchange *x);
/* Copies the registers into the send buffer; returns the number of
 * spikes this rank emitted. */
size_t nb_exchange_collocate(struct nb_exchange *x, struct nb_net *net);
/* Collective: exchanges, empties the registers and sorts what arrived.
 * Returns -1 when memory runs out. */
int nb_exchange_communicate(struct nb_exchange *x, struct nb_net *net);

#endif
