/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compressed.c - building the compressed spike table (compressed.h). */
#include "connection/compressed.h"

#include <stdio.h>
#include <stdlib.h>

#include "nodes/network.h"
#include "util/vec.h"

/* The block of source gid, or *blk = NULL when no thread has synapses
 * from it. -1 with a message when out of memory or out of range. */
static int source_block(const struct nb_net *net, const uint64_t *const *rows,
                        uint64_t gid, uint64_t **blk)
{
	uint64_t *b = NULL;

	*blk = NULL;
	for (int u = 0; u < net->threads; u++) {
		const uint64_t *row = rows[u];
		uint64_t count = row[gid + 1] - row[gid];

		if (count == 0)
			continue;
		if (count > NB_CSD_MAX_COUNT || row[gid] > NB_CSD_START_MASK) {
			fprintf(stderr, "nbsim: neuron %llu has more synapses on one "
			        "thread than compressed spikes can address\n",
			        (unsigned long long)gid);
			free(b);
			return -1;
		}
		if (!b && !(b = calloc((size_t)net->threads, sizeof(*b)))) {
			fprintf(stderr, "nbsim: out of memory for the compressed spike table\n");
			return -1;
		}
		b[u] = row[gid] | count << NB_CSD_COUNT_SHIFT;
	}
	*blk = b;
	return 0;
}

/* Appends gid's record after *last (allocated right after its block). */
static int record(uint64_t gid, struct nb_csd_source ***last)
{
	struct nb_csd_source *r = calloc(1, sizeof(*r));

	if (!r)
		return -1;
	r->gid = gid;
	**last = r;
	*last = &r->next;
	return 0;
}

int nb_csd_build(struct nb_csd *c, const struct nb_net *net,
                 const uint64_t *const *rows)
{
	struct nb_csd_source **last = &c->sources;

	c->src = NULL;
	c->n = c->cap = 0;
	c->sources = NULL;
	for (uint64_t gid = 0; gid < net->n_global; gid++) {
		void *outer = c->src;
		uint64_t *blk;

		if (source_block(net, rows, gid, &blk))
			return -1;
		if (nb_vec_reserve_one(&outer, c->n, &c->cap, sizeof(*c->src)) ||
		    (blk && record(gid, &last))) {
			free(blk);
			fprintf(stderr, "nbsim: out of memory for the compressed spike table\n");
			return -1;
		}
		c->src = outer;
		c->src[c->n++] = blk;
	}
	return 0;
}

void nb_csd_drop_sources(struct nb_csd *c)
{
	while (c->sources) {
		struct nb_csd_source *next = c->sources->next;

		free(c->sources);
		c->sources = next;
	}
}

void nb_csd_free(struct nb_csd *c)
{
	nb_csd_drop_sources(c);
	for (size_t i = 0; i < c->n; i++)
		free(c->src[i]);
	free(c->src);
	c->src = NULL;
	c->n = c->cap = 0;
}
