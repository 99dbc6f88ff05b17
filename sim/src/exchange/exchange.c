/* exchange.c - collocate and communicate (exchange.h). */
#include "exchange/exchange.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exchange/comm.h"

#define MIN_CHUNK 16

static int resize(struct nb_exchange *x, size_t chunk)
{
	size_t n = (size_t)x->ranks * chunk;
	uint64_t *s = realloc(x->send, n * sizeof(*s));
	uint64_t *r;

	if (!s)
		return -1;
	x->send = s;
	r = realloc(x->recv, n * sizeof(*r));
	if (!r)
		return -1;
	x->recv = r;
	x->chunk = chunk;
	return 0;
}

int nb_exchange_init(struct nb_exchange *x, int ranks, size_t chunk)
{
	memset(x, 0, sizeof(*x));
	x->ranks = ranks;
	return resize(x, chunk < MIN_CHUNK ? MIN_CHUNK : chunk);
}

void nb_exchange_free(struct nb_exchange *x)
{
	free(x->send);
	free(x->recv);
	free(x->list);
	memset(x, 0, sizeof(*x));
}

/* Fills chunk 0 from the registers (as many as fit) and copies it to the
 * other ranks' chunks; the count in entry 0 is always the true one. */
static size_t fill(struct nb_exchange *x, const struct nb_net *net)
{
	uint64_t *c = x->send;
	size_t n = 0;

	for (int t = 0; t < net->threads; t++) {
		const struct nb_thread_net *th = &net->t[t];

		for (size_t i = 0; i < th->nreg; i++, n++)
			if (n + 1 < x->chunk)
				c[n + 1] = (uint64_t)th->reg[i].lag << 32 | th->reg[i].gid;
	}
	c[0] = n;
	for (int r = 1; r < x->ranks; r++)
		memcpy(x->send + (size_t)r * x->chunk, c,
		       (n + 1 < x->chunk ? n + 1 : x->chunk) * sizeof(*c));
	return n;
}

size_t nb_exchange_collocate(struct nb_exchange *x, struct nb_net *net)
{
	return fill(x, net);
}

static uint64_t max_count(const struct nb_exchange *x)
{
	uint64_t m = 0;

	for (int r = 0; r < x->ranks; r++)
		if (x->recv[(size_t)r * x->chunk] > m)
			m = x->recv[(size_t)r * x->chunk];
	return m;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int build_list(struct nb_exchange *x, uint64_t total)
{
	x->nlist = 0;
	if (total == 0)
		return 0;
	if (total > x->caplist) {
		uint64_t *l = realloc(x->list, total * sizeof(*l));

		if (!l)
			return -1;
		x->list = l;
		x->caplist = total;
	}
	for (int r = 0; r < x->ranks; r++) {
		const uint64_t *c = x->recv + (size_t)r * x->chunk;

		memcpy(x->list + x->nlist, c + 1, c[0] * sizeof(*c));
		x->nlist += c[0];
	}
	qsort(x->list, x->nlist, sizeof(*x->list), cmp_u64);
	return 0;
}

/* Chunks are kept only as large as needed; when one overflows, the chunk
 * grows by 1.5 (or to the largest count), the registers are collocated
 * again and the exchange is repeated. The registers are emptied last. */
int nb_exchange_communicate(struct nb_exchange *x, struct nb_net *net)
{
	uint64_t m, total = 0;

	for (;;) {
		size_t want = x->chunk * 3 / 2;

		nb_comm_alltoall(x->send, x->chunk * sizeof(uint64_t), x->recv);
		m = max_count(x);
		if (m + 1 <= x->chunk)
			break;
		if (want < m + 1)
			want = (size_t)m + 1;
		if (resize(x, want))
			return -1;
		x->grows++;
		fill(x, net);
	}
	for (int t = 0; t < net->threads; t++)
		net->t[t].nreg = 0;
	for (int r = 0; r < x->ranks; r++)
		total += x->recv[(size_t)r * x->chunk];
	if (build_list(x, total))
		return -1;
	if (m + 1 < x->chunk / 5 && x->chunk * 2 / 3 >= MIN_CHUNK) {
		if (resize(x, x->chunk * 2 / 3))
			return -1;
		x->shrinks++;
	}
	return 0;
}
