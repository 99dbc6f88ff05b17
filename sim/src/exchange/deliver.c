/* SPDX-License-Identifier: GPL-2.0-or-later */
/* deliver.c - merging the received chunks and adding each spike's
 * synapses into the ring buffers (deliver.h). */
#include "exchange/deliver.h"

#include <stdlib.h>

#include "connection/targets.h"
#include "exchange/register.h"

struct nb_cursor {
	const uint64_t *p, *end;
};

struct nb_merge {
	struct nb_cursor *c;           /* [ranks] */
	int *heap;                     /* [ranks] ranks by their next value */
	int n;
};

struct nb_merge *nb_merge_new(int ranks)
{
	struct nb_merge *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->c = calloc((size_t)ranks, sizeof(*m->c));
	m->heap = calloc((size_t)ranks, sizeof(*m->heap));
	if (!m->c || !m->heap) {
		nb_merge_free(m);
		return NULL;
	}
	return m;
}

void nb_merge_free(struct nb_merge *m)
{
	if (m) {
		free(m->c);
		free(m->heap);
	}
	free(m);
}

/* Without compressed spikes a thread skips the entries of other threads. */
static inline void skip(struct nb_cursor *c, int compressed, uint64_t thread)
{
	while (!compressed && c->p < c->end &&
	       (*c->p >> NB_SYN_THREAD_SHIFT & (NB_MAX_THREADS - 1)) != thread)
		c->p++;
}

static void sift_down(struct nb_merge *m, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, s = i, tmp;

		if (l < m->n && *m->c[m->heap[l]].p < *m->c[m->heap[s]].p)
			s = l;
		if (r < m->n && *m->c[m->heap[r]].p < *m->c[m->heap[s]].p)
			s = r;
		if (s == i)
			return;
		tmp = m->heap[i];
		m->heap[i] = m->heap[s];
		m->heap[s] = tmp;
		i = s;
	}
}

static void merge_start(struct nb_merge *m, const struct nb_exchange *x,
                        uint64_t thread)
{
	m->n = 0;
	for (int r = 0; r < x->ranks; r++) {
		const uint64_t *c = nb_exchange_chunk(x, r);

		m->c[r].p = c + NB_CHUNK_HEAD;
		m->c[r].end = c + NB_CHUNK_HEAD + c[0];
		skip(&m->c[r], x->compressed, thread);
		if (m->c[r].p < m->c[r].end)
			m->heap[m->n++] = r;
	}
	for (int i = m->n / 2 - 1; i >= 0; i--)
		sift_down(m, i);
}

/* The next value in merged order: 0, or -1 when every chunk is done. */
static inline int merge_next(struct nb_merge *m, int compressed,
                             uint64_t thread, uint64_t *v)
{
	struct nb_cursor *c;

	if (m->n == 0)
		return -1;
	c = &m->c[m->heap[0]];
	*v = *c->p++;
	skip(c, compressed, thread);
	if (c->p == c->end)
		m->heap[0] = m->heap[--m->n];
	sift_down(m, 0);
	return 0;
}

/* Adds synapses [sy, end) of one spike; base = its lag minus the steps
 * since its cycle began. channels: 1 or 2 (nb_model_ring_channels). */
static inline void add(const struct nb_net *net, struct nb_thread_net *t,
                       const struct nb_syn *sy, const struct nb_syn *end,
                       int64_t base, const int channels)
{
	const size_t nl = t->n;

	t->events += (uint64_t)(end - sy);
	for (; sy < end; sy++) {
		size_t slot = (size_t)net->moduli[base + (sy->td >> NB_TGT_BITS)];
		size_t idx = (slot * nl + (sy->td & NB_TGT_MASK)) * (size_t)channels;

		if (channels == 2)
			idx += sy->w < 0.0f;
		t->ring[idx] += sy->w;
	}
}

/* One value of the merged stream: syn is the thread's synapses, src the
 * compressed table's blocks. */
static inline void deliver_one(const struct nb_net *net, struct nb_thread_net *t,
                               const struct nb_syn *syn,
                               uint64_t *const *src, int thread,
                               uint64_t v, int64_t off, const int compressed,
                               const int channels)
{
	if (compressed) {
		const uint64_t *b = src[(uint32_t)v];
		uint64_t e = b ? b[thread] : 0, first = e & NB_CSD_START_MASK;

		add(net, t, syn + first, syn + first + (e >> NB_CSD_COUNT_SHIFT),
		    (int64_t)(v >> NB_SPIKE_LAG_SHIFT) - off, channels);
	} else {
		const struct nb_syn *sy = syn + (v & NB_SYN_INDEX_MASK);

		add(net, t, sy, sy + 1, (int64_t)(v >> NB_SYN_LAG_SHIFT) - off, channels);
	}
}

static inline void deliver_all(const struct nb_exchange *x,
                               const struct nb_net *net,
                               const struct nb_conn *cn, struct nb_merge *m,
                               int thread, int64_t off, const int compressed,
                               const int channels)
{
	struct nb_thread_net *t = &net->t[thread];
	const struct nb_syn *syn = cn->t[thread].syn;
	uint64_t *const *src = cn->csd.src;
	uint64_t v;

	if (x->ranks == 1) {
		const uint64_t *c = nb_exchange_chunk(x, 0);

		for (uint64_t i = 0; i < c[0]; i++)
			if (compressed || (c[NB_CHUNK_HEAD + i] >> NB_SYN_THREAD_SHIFT &
			                   (NB_MAX_THREADS - 1)) == (uint64_t)thread)
				deliver_one(net, t, syn, src, thread, c[NB_CHUNK_HEAD + i],
				            off, compressed, channels);
		return;
	}
	merge_start(m, x, (uint64_t)thread);
	while (merge_next(m, compressed, (uint64_t)thread, &v) == 0)
		deliver_one(net, t, syn, src, thread, v, off, compressed, channels);
}

void nb_deliver(const struct nb_exchange *x, const struct nb_net *net,
                const struct nb_conn *c, struct nb_merge *m, int thread,
                int64_t start, int64_t prev_start)
{
	int64_t off = start - prev_start;

	if (x->compressed && net->channels == 2)
		deliver_all(x, net, c, m, thread, off, 1, 2);
	else if (x->compressed)
		deliver_all(x, net, c, m, thread, off, 1, 1);
	else if (net->channels == 2)
		deliver_all(x, net, c, m, thread, off, 0, 2);
	else
		deliver_all(x, net, c, m, thread, off, 0, 1);
	x->reg[thread]->n = 0;
}
