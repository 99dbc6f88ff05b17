/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compressed.h - NEST's compressed spike data (ConnectionManager::
 * compressed_spike_data_): for every source neuron with synapses on this
 * rank, one small heap block with an 8-byte entry per thread saying where
 * that thread's synapses from the source start in its CSR and how many
 * there are; the outer array of block pointers grows as a vector. One
 * thread builds all of it inside a single construct, as NEST fills it in
 * an omp single (SourceTable::fill_compressed_spike_data), so its pages
 * start on that thread's node and share pages with that thread's other
 * heap data; every thread reads it for every spike it delivers. Beside
 * each block the same thread allocates, as NEST does for its
 * compressed_spike_data_map_, a 48-byte record of the source (a std::map
 * node's size, so the blocks lie as spread out over the heap as NEST's);
 * the ranks' target-data exchange walks these records, and they are freed
 * after construction, as NEST clears the map. compressed.c. */
#ifndef NB_COMPRESSED_H
#define NB_COMPRESSED_H

#include <stddef.h>
#include <stdint.h>

struct nb_net;

/* An entry: the first synapse (low 40 bits) and the count (high 24). */
#define NB_CSD_COUNT_SHIFT 40
#define NB_CSD_START_MASK ((UINT64_C(1) << NB_CSD_COUNT_SHIFT) - 1)
#define NB_CSD_MAX_COUNT ((UINT64_C(1) << (64 - NB_CSD_COUNT_SHIFT)) - 1)

/* One source with synapses on this rank, in gid order. */
struct nb_csd_source {
	struct nb_csd_source *next;
	uint64_t gid;
	uint64_t pad[4];               /* to the 48 bytes of a std::map node */
};

struct nb_csd {
	uint64_t **src;                /* [n] by source gid: [threads] entries, or NULL */
	size_t n, cap;
	struct nb_csd_source *sources; /* until nb_csd_drop_sources */
};

/* Builds the table from every thread's CSR rows ([net->threads], each
 * [n_global + 1]; call from one thread while the others wait). 0, or -1
 * with a message on stderr when memory runs out or a thread holds more
 * synapses of one source than an entry can count. */
int nb_csd_build(struct nb_csd *c, const struct nb_net *net,
                 const uint64_t *const *rows);
/* Frees the source records (after the target-data exchange). */
void nb_csd_drop_sources(struct nb_csd *c);
void nb_csd_free(struct nb_csd *c);

#endif
