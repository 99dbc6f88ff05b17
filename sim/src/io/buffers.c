/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buffers.c - the regions of the sampled buffers (buffers.h). */
#include "io/buffers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "connection/targets.h"
#include "exchange/register.h"

enum {
	B_REGISTERS, B_EXCHANGE, B_TABLE, B_TARGETS, B_SHARED, B_STATE, B_RINGS,
	B_SYNAPSES
};

const char *const nb_sampled_names[NB_SAMPLED_BUFFERS] = {
	"spike registers", "send/receive buffers", "compressed spike table",
	"target tables", "shared state", "neuron state", "ring buffers",
	"connections",
};

/* A growing list of regions. */
struct list {
	struct nb_region *r;
	size_t n, cap;
};

static int add(struct list *l, const void *addr, size_t bytes)
{
	if (!addr || !bytes)
		return 0;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct nb_region *r = realloc(l->r, cap * sizeof(*r));

		if (!r)
			return -1;
		l->r = r;
		l->cap = cap;
	}
	l->r[l->n++] = (struct nb_region){addr, bytes};
	return 0;
}

static int by_addr(const void *a, const void *b)
{
	uintptr_t p = (uintptr_t)((const struct nb_region *)a)->addr;
	uintptr_t q = (uintptr_t)((const struct nb_region *)b)->addr;

	return (p > q) - (p < q);
}

/* Many small heap blocks as sorted runs of whole pages (each page once). */
static void merge_pages(struct list *l)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	size_t m = 0;

	if (l->n == 0)
		return;
	for (size_t i = 0; i < l->n; i++) {
		uintptr_t lo = (uintptr_t)l->r[i].addr / page * page;
		uintptr_t hi = ((uintptr_t)l->r[i].addr + l->r[i].bytes + page - 1) / page * page;

		l->r[i] = (struct nb_region){(const void *)lo, hi - lo};
	}
	qsort(l->r, l->n, sizeof(*l->r), by_addr);
	for (size_t i = 0; i < l->n; i++) {
		uintptr_t lo = (uintptr_t)l->r[i].addr, hi = lo + l->r[i].bytes;
		uintptr_t end = m ? (uintptr_t)l->r[m - 1].addr + l->r[m - 1].bytes : 0;

		if (m && lo <= end) {
			if (hi > end)
				l->r[m - 1].bytes = hi - (uintptr_t)l->r[m - 1].addr;
		} else {
			l->r[m++] = l->r[i];
		}
	}
	l->n = m;
}

static int table(struct list *l, const struct nb_sim *sim)
{
	const struct nb_csd *csd = &sim->conn.csd;
	int rc = add(l, csd->src, csd->n * sizeof(*csd->src));

	for (size_t i = 0; i < csd->n && rc == 0; i++)
		rc = add(l, csd->src[i], (size_t)sim->net.threads * sizeof(uint64_t));
	return rc;
}

static int targets(struct list *l, const struct nb_sim *sim)
{
	int rc = 0;

	for (int t = 0; t < sim->net.threads && rc == 0; t++) {
		const struct nb_targets *tgt = sim->conn.t[t].tgt;
		size_t n = sim->net.t[t].n;

		rc = add(l, tgt, n * sizeof(*tgt));
		for (size_t i = 0; i < n && rc == 0; i++)
			rc = add(l, tgt[i].t, tgt[i].cap * sizeof(uint64_t));
	}
	return rc;
}

/* Every layer's per-thread records, the spike counters, the modulo table. */
static int shared(struct list *l, const struct nb_sim *sim)
{
	const struct nb_net *net = &sim->net;
	size_t threads = (size_t)net->threads;

	return add(l, net->t, threads * sizeof(*net->t)) ||
	       add(l, sim->conn.t, threads * sizeof(*sim->conn.t)) ||
	       add(l, sim->x.reg, threads * sizeof(*sim->x.reg)) ||
	       add(l, sim->merge, threads * sizeof(*sim->merge)) ||
	       add(l, net->spike_counter, threads * sizeof(uint64_t)) ||
	       add(l, net->moduli, (size_t)net->slots * sizeof(*net->moduli));
}

static int state(struct list *l, const struct nb_net *net)
{
	int rc = 0;

	for (int t = 0; t < net->threads && rc == 0; t++) {
		const struct nb_thread_net *th = &net->t[t];

		rc = add(l, th->v, th->n * sizeof(double)) ||
		     add(l, th->iex, th->n * sizeof(double)) ||
		     add(l, th->iin, th->n * sizeof(double)) ||
		     add(l, th->refr, th->n * sizeof(int32_t)) ||
		     add(l, th->pop, th->n * sizeof(uint16_t)) ||
		     add(l, th->bg, th->n * sizeof(uint32_t));
	}
	return rc;
}

static int per_thread(struct list *rings, struct list *syn, const struct nb_sim *sim)
{
	const struct nb_net *net = &sim->net;
	int rc = 0;

	for (int t = 0; t < net->threads && rc == 0; t++) {
		const struct nb_thread_net *th = &net->t[t];
		const struct nb_thread_conn *c = &sim->conn.t[t];

		rc = add(rings, th->ring, (size_t)net->slots * th->n *
		         (size_t)net->channels * sizeof(float)) ||
		     add(syn, c->syn, c->nsyn * sizeof(*c->syn));
	}
	return rc;
}

int nb_sampled_init(struct nb_sampled *s, const struct nb_sim *sim)
{
	const struct nb_net *net = &sim->net;
	struct list l[NB_SAMPLED_BUFFERS];
	int rc;

	memset(l, 0, sizeof(l));
	memset(s, 0, sizeof(*s));
	rc = table(&l[B_TABLE], sim) || targets(&l[B_TARGETS], sim) ||
	     shared(&l[B_SHARED], sim) || state(&l[B_STATE], net) ||
	     per_thread(&l[B_RINGS], &l[B_SYNAPSES], sim);
	for (int b = 0; b < NB_SAMPLED_BUFFERS; b++) {
		merge_pages(&l[b]);
		s->r[b] = l[b].r;
		s->n[b] = l[b].n;
		s->cap[b] = l[b].cap;
	}
	if (rc) {
		fprintf(stderr, "nbsim: out of memory for the placement sampler\n");
		nb_sampled_free(s);
	}
	return rc ? -1 : 0;
}

/* The growing buffers' regions, now. */
static int current(struct nb_sampled *s, const struct nb_exchange *x)
{
	struct list reg = {s->r[B_REGISTERS], 0, s->cap[B_REGISTERS]};
	struct list ex = {s->r[B_EXCHANGE], 0, s->cap[B_EXCHANGE]};
	int rc = 0;

	for (int t = 0; t < x->threads && rc == 0; t++)
		rc = add(&reg, x->reg[t]->e, x->reg[t]->cap * sizeof(struct nb_reg_entry));
	rc = rc || add(&ex, x->send, x->cap * sizeof(uint64_t)) ||
	     add(&ex, x->recv, x->cap * sizeof(uint64_t));
	merge_pages(&ex);
	s->r[B_REGISTERS] = reg.r;
	s->n[B_REGISTERS] = reg.n;
	s->cap[B_REGISTERS] = reg.cap;
	s->r[B_EXCHANGE] = ex.r;
	s->n[B_EXCHANGE] = ex.n;
	s->cap[B_EXCHANGE] = ex.cap;
	return rc;
}

void nb_sampled_take(struct nb_sampled *s, struct nb_placement_log *log,
                     const struct nb_sim *sim, int64_t cycle)
{
	struct nb_buffer buf[NB_SAMPLED_BUFFERS];

	if (current(s, &sim->x)) {
		fprintf(stderr, "nbsim: out of memory for a placement sample\n");
		return;
	}
	for (int b = 0; b < NB_SAMPLED_BUFFERS; b++)
		buf[b] = (struct nb_buffer){nb_sampled_names[b], s->n[b], s->r[b]};
	nb_placement_sample(log, cycle, buf);
}

void nb_sampled_free(struct nb_sampled *s)
{
	for (int b = 0; b < NB_SAMPLED_BUFFERS; b++)
		free(s->r[b]);
	memset(s, 0, sizeof(*s));
}
