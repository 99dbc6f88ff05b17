/* SPDX-License-Identifier: GPL-2.0-or-later */
/* connect.c - connection generation (connect.h). Synapse k onto target gid
 * of projection p is a pure function of (seed, p, gid, k); fixed-total
 * rules first draw every synapse's target from (seed, p, synapse index)
 * to get each local target's in-degree. Rows come out ordered by target
 * and, per target, by (projection, k) on every decomposition, which keeps
 * the order of additions into each ring-buffer slot, and so the floating
 * point sums, identical. */
#include "connection/connect.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/hugemem.h"
#include "util/rng.h"

#define MAX_TRIES 255

/* What drawing one synapse of a projection needs. */
struct gen {
	uint32_t seed;
	uint64_t proj;
	uint64_t src_first, src_n;
	double w_mean, w_sd, d_mean, d_sd, d_min, dt;
};

struct draw {
	uint32_t src;
	float w;
	int d;
};

static void gen_init(struct gen *g, const struct nb_model *m, size_t p)
{
	const struct nb_proj *pr = &m->projs[p];

	g->seed = m->seed;
	g->proj = p;
	g->src_first = m->pops[pr->src].first;
	g->src_n = m->pops[pr->src].n;
	g->w_mean = pr->w_mean;
	g->w_sd = pr->w_sd;
	g->d_mean = pr->d_mean;
	g->d_sd = pr->d_sd;
	g->d_min = pr->d_rule == NB_DELAY_MIN_HALF_DT ? 0.5 * m->dt : m->dt;
	g->dt = m->dt;
}

/* Source of synapse k onto tgt: lane 0 of the first draw. */
static inline uint32_t draw_src(const struct gen *g, uint64_t tgt, uint64_t k)
{
	struct nb_u4 u = nb_rng4(g->seed, NB_RNG_CONNECT, g->proj << 40 | tgt, k << 8);

	return (uint32_t)(g->src_first + nb_below(u.v[0], g->src_n));
}

/* Synapse k onto tgt: source from the first draw; delay and weight normal
 * (lanes 1 and 2 of draw t give the pair of normals of try t: the first
 * for the delay, the second for the weight), each redrawn on its own until
 * the delay is at least d_min (dt, or dt / 2 under NEST's Potjans_2014
 * rule, which then rounds it to one step) and the weight has the sign of
 * its mean. */
static struct draw draw_syn(const struct gen *g, uint64_t tgt, uint64_t k)
{
	struct nb_u4 u = nb_rng4(g->seed, NB_RNG_CONNECT, g->proj << 40 | tgt, k << 8);
	struct draw r;
	double w = g->w_mean, d = g->d_mean;
	int w_ok = g->w_sd == 0.0, d_ok = g->d_sd == 0.0;

	r.src = (uint32_t)(g->src_first + nb_below(u.v[0], g->src_n));
	for (uint64_t t = 0; t < MAX_TRIES && !(w_ok && d_ok); t++) {
		double z0, z1;

		if (t > 0)
			u = nb_rng4(g->seed, NB_RNG_CONNECT, g->proj << 40 | tgt, k << 8 | t);
		nb_normal2(u.v[1], u.v[2], &z0, &z1);
		if (!d_ok) {
			d = g->d_mean + g->d_sd * z0;
			d_ok = d >= g->d_min;
		}
		if (!w_ok) {
			w = g->w_mean + g->w_sd * z1;
			w_ok = w * g->w_mean >= 0.0;
		}
	}
	if (!w_ok)
		w = 0.0;
	if (!d_ok)
		d = g->dt;
	r.w = (float)w;
	r.d = (int)lround(d / g->dt);
	return r;
}

/* Local index range [*i0, *i1) of population pop on thread t. */
static void local_range(const struct nb_net *net, const struct nb_thread_net *t,
                        uint32_t pop, uint64_t *i0, uint64_t *i1)
{
	const struct nb_pop *p = &net->m->pops[pop];

	*i0 = nb_local_ceil(p->first, t->vp, net->vps);
	*i1 = nb_local_ceil(p->first + p->n, t->vp, net->vps);
}

/* In-degrees of this thread's targets under a fixed-total rule. */
static uint32_t *count_total(const struct nb_net *net,
                             const struct nb_thread_net *t, size_t p)
{
	const struct nb_proj *pr = &net->m->projs[p];
	const struct nb_pop *post = &net->m->pops[pr->tgt];
	uint64_t i0, i1;
	uint32_t *cnt;

	local_range(net, t, pr->tgt, &i0, &i1);
	cnt = calloc(i1 - i0 + 1, sizeof(*cnt));
	if (!cnt)
		return NULL;
	for (uint64_t j = 0; j < pr->k; j += 4) {
		struct nb_u4 u = nb_rng4(net->m->seed, NB_RNG_TOTAL, p, j >> 2);

		for (uint64_t l = 0; l < 4 && j + l < pr->k; l++) {
			uint64_t gid = post->first + nb_below(u.v[l], post->n);
			uint64_t q = nb_div_vps(net, gid);

			if (gid - q * (uint64_t)net->vps == (uint64_t)t->vp)
				cnt[q - i0]++;
		}
	}
	return cnt;
}

/* Fills synapse k onto local target i (gid) at its row's cursor. */
static void put(struct nb_thread_conn *c, const struct gen *g, uint64_t i,
                uint64_t gid, uint64_t k, uint64_t *cursor)
{
	struct draw r = draw_syn(g, gid, k);
	struct nb_syn *s = &c->syn[cursor[r.src]++];
	int d = r.d > NB_MAX_DELAY ? NB_MAX_DELAY : r.d;

	if (r.d < c->min_delay)
		c->min_delay = r.d;
	if (r.d > c->max_delay)
		c->max_delay = r.d;
	s->td = (uint32_t)i | (uint32_t)d << NB_TGT_BITS;
	s->w = r.w;
}

/* One pass over every synapse of the thread: count the synapses of each
 * source (cursor NULL; only sources are drawn) or fill them in. */
static void walk(const struct nb_net *net, const struct nb_thread_net *t,
                 struct nb_thread_conn *c, uint32_t *const *indeg,
                 uint64_t *cursor)
{
	const struct nb_model *m = net->m;

	for (size_t p = 0; p < m->nprojs; p++) {
		const struct nb_proj *pr = &m->projs[p];
		struct gen g;
		uint64_t i0, i1;

		gen_init(&g, m, p);
		local_range(net, t, pr->tgt, &i0, &i1);
		for (uint64_t i = i0; i < i1; i++) {
			uint64_t gid = (uint64_t)t->vp + i * (uint64_t)net->vps;
			uint64_t kk = indeg[p] ? indeg[p][i - i0] : pr->k;

			for (uint64_t k = 0; k < kk; k++) {
				if (cursor)
					put(c, &g, i, gid, k, cursor);
				else
					c->row[draw_src(&g, gid, k) + 1]++;
			}
		}
	}
}

static void free_in_degrees(uint32_t **indeg, size_t n)
{
	for (size_t p = 0; indeg && p < n; p++)
		free(indeg[p]);
	free(indeg);
}

static uint32_t **in_degrees(const struct nb_net *net,
                             const struct nb_thread_net *t)
{
	const struct nb_model *m = net->m;
	uint32_t **indeg = calloc(m->nprojs + 1, sizeof(*indeg));

	if (!indeg)
		return NULL;
	for (size_t p = 0; p < m->nprojs; p++) {
		if (m->projs[p].rule != NB_FIXED_TOTAL)
			continue;
		indeg[p] = count_total(net, t, p);
		if (!indeg[p]) {
			free_in_degrees(indeg, p);
			return NULL;
		}
	}
	return indeg;
}

static int fail(const char *what)
{
	fprintf(stderr, "nbsim: %s\n", what);
	return -1;
}

/* Counting pass, prefix sum, allocation and filling pass. */
static int build_rows(const struct nb_net *net, const struct nb_thread_net *t,
                      struct nb_thread_conn *c, uint32_t *const *indeg)
{
	uint64_t n = net->n_global, *cursor;

	walk(net, t, c, indeg, NULL);
	for (uint64_t g = 0; g < n; g++)
		c->row[g + 1] += c->row[g];
	c->nsyn = c->row[n];
	c->syn = nb_huge_alloc(c->nsyn * sizeof(*c->syn));
	cursor = malloc(n * sizeof(*cursor) + 1);
	if (!c->syn || !cursor) {
		free(cursor);
		return fail("out of memory for synapses");
	}
	memcpy(cursor, c->row, n * sizeof(*cursor));
	c->min_delay = NB_MAX_DELAY + 1;
	c->max_delay = 0;
	walk(net, t, c, indeg, cursor);
	free(cursor);
	if (c->max_delay > NB_MAX_DELAY)
		return fail("a delay exceeds the longest storable one (1023 steps)");
	return 0;
}

int nb_connect_thread(struct nb_thread_conn *c, const struct nb_net *net,
                      int thread)
{
	const struct nb_thread_net *t = &net->t[thread];
	uint32_t **indeg;
	int rc;

	c->row = calloc(net->n_global + 1, sizeof(*c->row));
	indeg = c->row ? in_degrees(net, t) : NULL;
	if (!indeg)
		return fail("out of memory for connection tables");
	rc = build_rows(net, t, c, indeg);
	free_in_degrees(indeg, net->m->nprojs);
	return rc;
}
