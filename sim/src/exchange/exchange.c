/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exchange.c - collocate and communicate (exchange.h). */
#include "exchange/exchange.h"

#include <stdlib.h>
#include <string.h>

#include "mpi/comm.h"
#include "util/vec.h"

#define MIN_CHUNK 2
#define SHRINK_LIMIT 0.2
#define SHRINK_SPARE 0.1
#define GROW_EXTRA 0.5

/* Without compressed spikes: one spike's entries in a register. */
struct nb_group {
	uint64_t key;                  /* lag << 32 | gid */
	const struct nb_reg_entry *e;
	size_t n;
};

/* Room for the chunks; the buffers grow, as NEST's vectors: a new block,
 * the old one freed (their content is rewritten by the next collocate;
 * until then every chunk of both says "no spikes"). */
static int reserve(struct nb_exchange *x)
{
	size_t want = (size_t)x->ranks * (x->chunk + NB_CHUNK_HEAD);
	uint64_t *s, *r;

	if (want <= x->cap)
		return 0;
	s = malloc(want * sizeof(*s));
	r = malloc(want * sizeof(*r));
	if (!s || !r) {
		free(s);
		free(r);
		return -1;
	}
	memset(s, 0, want * sizeof(*s));
	memset(r, 0, want * sizeof(*r));
	free(x->send);
	free(x->recv);
	x->send = s;
	x->recv = r;
	x->cap = want;
	return 0;
}

int nb_exchange_init(struct nb_exchange *x, int ranks, int threads,
                     bool compressed)
{
	memset(x, 0, sizeof(*x));
	x->ranks = ranks;
	x->threads = threads;
	x->compressed = compressed;
	x->chunk = MIN_CHUNK;
	x->fill = calloc((size_t)ranks, sizeof(*x->fill));
	x->reg = calloc((size_t)threads, sizeof(*x->reg));
	return x->fill && x->reg ? reserve(x) : -1;
}

int nb_exchange_init_thread(struct nb_exchange *x, int thread)
{
	x->reg[thread] = nb_register_new();
	return x->reg[thread] ? 0 : -1;
}

void nb_exchange_free(struct nb_exchange *x)
{
	for (int t = 0; x->reg && t < x->threads; t++)
		nb_register_free(x->reg[t]);
	free(x->reg);
	free(x->send);
	free(x->recv);
	free(x->fill);
	free(x->groups);
	memset(x, 0, sizeof(*x));
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t p = *(const uint64_t *)a, q = *(const uint64_t *)b;

	return (p > q) - (p < q);
}

static int cmp_group(const void *a, const void *b)
{
	return cmp_u64(&((const struct nb_group *)a)->key,
	               &((const struct nb_group *)b)->key);
}

/* Appends one entry to its rank's chunk (counted even when it is full). */
static inline void put(struct nb_exchange *x, const struct nb_reg_entry *e)
{
	size_t c = x->fill[e->rank]++;

	if (c < x->chunk)
		x->send[e->rank * (x->chunk + NB_CHUNK_HEAD) + NB_CHUNK_HEAD + c] = e->data;
}

/* Compressed: every entry, then each chunk sorted. */
static void fill_compressed(struct nb_exchange *x)
{
	for (int t = 0; t < x->threads; t++) {
		const struct nb_register *reg = x->reg[t];

		for (size_t i = 0; i < reg->n; i++)
			put(x, &reg->e[i]);
	}
	for (int r = 0; r < x->ranks; r++) {
		size_t n = x->fill[r] < x->chunk ? x->fill[r] : x->chunk;

		qsort(x->send + (size_t)r * (x->chunk + NB_CHUNK_HEAD) + NB_CHUNK_HEAD,
		      n, sizeof(uint64_t), cmp_u64);
	}
}

/* Not compressed: the spikes (headers) sorted, then their entries. */
static int fill_plain(struct nb_exchange *x)
{
	x->ngroups = 0;
	for (int t = 0; t < x->threads; t++) {
		const struct nb_register *reg = x->reg[t];

		for (size_t i = 0; i < reg->n; i += 1 + (reg->e[i].rank & ~NB_REG_HEADER)) {
			void *g = x->groups;

			if (nb_vec_reserve_one(&g, x->ngroups, &x->capgroups, sizeof(*x->groups)))
				return -1;
			x->groups = g;
			x->groups[x->ngroups++] = (struct nb_group){
				reg->e[i].data, &reg->e[i + 1], reg->e[i].rank & ~NB_REG_HEADER};
		}
	}
	if (x->ngroups)
		qsort(x->groups, x->ngroups, sizeof(*x->groups), cmp_group);
	for (size_t g = 0; g < x->ngroups; g++)
		for (size_t k = 0; k < x->groups[g].n; k++)
			put(x, &x->groups[g].e[k]);
	return 0;
}

/* Fills the send buffer; each chunk's head gets its count and this
 * rank's largest count to any rank. */
static int fill(struct nb_exchange *x)
{
	size_t max = 0;

	memset(x->fill, 0, (size_t)x->ranks * sizeof(*x->fill));
	if (x->compressed)
		fill_compressed(x);
	else if (fill_plain(x))
		return -1;
	for (int r = 0; r < x->ranks; r++)
		max = x->fill[r] > max ? x->fill[r] : max;
	for (int r = 0; r < x->ranks; r++) {
		uint64_t *c = x->send + (size_t)r * (x->chunk + NB_CHUNK_HEAD);

		c[0] = x->fill[r];
		c[1] = max;
	}
	return 0;
}

int nb_exchange_collocate(struct nb_exchange *x)
{
	if ((double)x->global_max < SHRINK_LIMIT * (double)x->chunk) {
		size_t want = (size_t)((1.0 + SHRINK_SPARE) * (double)x->global_max);

		want = want > MIN_CHUNK ? want : MIN_CHUNK;
		x->shrinks += want != x->chunk;
		x->chunk = want;
	}
	return fill(x);
}

/* The largest count any rank sent to any rank (the same on every rank). */
static size_t global_max(const struct nb_exchange *x)
{
	size_t m = 0;

	for (int r = 0; r < x->ranks; r++)
		m = nb_exchange_chunk(x, r)[1] > m ? nb_exchange_chunk(x, r)[1] : m;
	return m;
}

int nb_exchange_communicate(struct nb_exchange *x)
{
	for (;;) {
		if (x->ranks == 1) {
			uint64_t *s = x->send;

			x->send = x->recv;
			x->recv = s;
		} else {
			nb_comm_alltoall(x->send, (x->chunk + NB_CHUNK_HEAD) * sizeof(uint64_t),
			                 x->recv);
		}
		x->global_max = global_max(x);
		if (x->global_max <= x->chunk)
			return 0;
		x->chunk = (size_t)((1.0 + GROW_EXTRA) * (double)x->global_max);
		x->grows++;
		if (reserve(x) || fill(x))
			return -1;
	}
}
