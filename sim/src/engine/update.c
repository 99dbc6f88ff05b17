/* SPDX-License-Identifier: GPL-2.0-or-later */
/* update.c - the update phase of one thread (update.h): step by step, each
 * run of neurons of one population is updated in one loop without branches
 * that the compiler vectorises (`omp simd`), and the neurons that spiked
 * are then sent one by one. Each neuron's arithmetic is the scalar
 * update's (neuron.h), in the same order, so the spikes do not change. */
#include "engine/update.h"

#include "connection/targets.h"
#include "exchange/register.h"
#include "models/neuron.h"
#include "models/poisson.h"
#include "util/rng.h"

/* Neuron i (gid) of the thread spiked at lag: NEST's send_remote, one
 * register entry per target (with compressed spikes a rank; without, a
 * header and one entry per synapse), and its local_spike_counter_. */
static void spiked(const struct nb_sim *s, struct nb_thread_net *t, int thread,
                   size_t i, uint32_t gid, int lag, uint16_t pop)
{
	const struct nb_net *net = &s->net;
	const struct nb_targets *tg = &s->conn.t[thread].tgt[i];
	struct nb_register *reg = s->x.reg[thread];
	uint64_t l = (uint64_t)lag;
	int err = 0;

	net->spike_counter[thread]++;
	if (s->count_rates)
		t->pop_spikes[pop]++;
	if (t->rec)
		t->rec[t->nrec++] = (struct nb_spike){gid, (uint32_t)lag};
	if (s->conn.compressed) {
		for (size_t k = 0; k < tg->n; k++)
			err |= nb_register_push(reg, l << NB_SPIKE_LAG_SHIFT | gid, tg->t[k]);
	} else if (tg->n) {
		err |= nb_register_push(reg, l << NB_SPIKE_LAG_SHIFT | gid,
		                        NB_REG_HEADER | tg->n);
		for (size_t k = 0; k < tg->n; k++) {
			uint64_t v = tg->t[k];

			err |= nb_register_push(reg, l << NB_SYN_LAG_SHIFT |
			        (v >> NB_TGT_THREAD_SHIFT & (NB_MAX_THREADS - 1)) << NB_SYN_THREAD_SHIFT |
			        (v & NB_TGT_SYN_MASK), v >> NB_TGT_RANK_SHIFT);
		}
	}
	t->failed |= err != 0;
}

/* The Poisson counts of neurons [a, b) for steps st .. st + 3 (st a
 * multiple of 4): one draw gives the uniforms of the four steps, kept as
 * four 8-bit counts. Only the first NB_POISSON_FAST entries of the table
 * are compared here; the rare count beyond them is finished in bg_rest. */
static void bg_fast(const struct nb_net *net, struct nb_thread_net *t,
                    size_t a, size_t b, int64_t st, const struct nb_poisson *pois)
{
	uint32_t *restrict bg = t->bg;
	const uint32_t seed = net->m->seed;
	const uint64_t vp = (uint64_t)t->vp, vps = (uint64_t)net->vps;
	const uint32_t *gt = pois->gt;

#pragma omp simd
	for (size_t i = a; i < b; i++) {
		struct nb_u4 r = nb_rng4(seed, NB_RNG_POISSON, vp + i * vps, (uint64_t)st >> 2);
		uint32_t u0 = r.v[0], u1 = r.v[1], u2 = r.v[2], u3 = r.v[3];
		uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;

#pragma GCC unroll 16
		for (int j = 0; j < NB_POISSON_FAST; j++) {
			c0 += u0 > gt[j];
			c1 += u1 > gt[j];
			c2 += u2 > gt[j];
			c3 += u3 > gt[j];
		}
		bg[i] = c0 | c1 << 8 | c2 << 16 | c3 << 24;
	}
}

/* Counts that reached NB_POISSON_FAST, when the table goes further:
 * drawn again in full from the same uniforms (nb_poisson_draw). */
static void bg_rest(const struct nb_net *net, struct nb_thread_net *t,
                    size_t a, size_t b, int64_t st, const struct nb_poisson *pois)
{
	if (pois->kmax <= NB_POISSON_FAST)
		return;
	for (size_t i = a; i < b; i++) {
		struct nb_u4 r;
		uint32_t x = t->bg[i];

		for (int q = 0; q < 4; q++) {
			if ((x >> 8 * q & 0xff) != NB_POISSON_FAST)
				continue;
			r = nb_rng4(net->m->seed, NB_RNG_POISSON,
			            (uint64_t)t->vp + i * (uint64_t)net->vps, (uint64_t)st >> 2);
			x = (x & ~(0xffu << 8 * q)) |
			    (uint32_t)nb_poisson_draw(pois, r.v[q]) << 8 * q;
		}
		t->bg[i] = x;
	}
}

/* One step of neurons [a, b) of one population: rb is the step's ring
 * row; each neuron takes the lowest of its Poisson counts (bg[i] is
 * shifted on to the next step's, and so written by every step, which
 * lets the compiler read it before it knows whether it is needed); marks
 * fired[i]. exp_model and ch are constants where it is inlined. */
static inline __attribute__((always_inline)) void
step_run(struct nb_thread_net *t, const struct nb_prop *p, size_t a, size_t b,
         float *restrict rb, double wbg, const int exp_model, const int ch)
{
	double *restrict v = t->v, *restrict iex = t->iex, *restrict iin = t->iin;
	int32_t *restrict r = t->refr;
	uint32_t *restrict bg = t->bg;
	double *restrict fired = t->fired;
	const struct nb_prop pr = *p;

#pragma omp simd
	for (size_t i = a; i < b; i++) {
		uint32_t counts = bg[i];
		double in = rb[i * ch] + (double)(int)(counts & 0xff) * wbg;
		int sp;

		bg[i] = counts >> 8;
		if (exp_model)
			sp = nb_exp_step(&pr, &v[i], &iex[i], &iin[i], &r[i], in,
			                 ch == 2 ? (double)rb[i * ch + 1] : 0.0);
		else
			sp = nb_delta_step(&pr, &v[i], &r[i], in);
		fired[i] = sp ? 1.0 : 0.0;
		rb[i * ch] = 0.0f;
		rb[i * ch + ch - 1] = 0.0f;
	}
}

/* Steps [start, start + n) of one thread, population run by population
 * run; then the neurons of the run that spiked, in order. */
static inline __attribute__((always_inline)) void
steps(const struct nb_sim *s, int thread, int64_t start, int n,
      const int exp_model, const int ch)
{
	const struct nb_net *net = &s->net;
	struct nb_thread_net *t = &net->t[thread];

	t->nrec = 0;
	for (int l = 0; l < n; l++) {
		int64_t st = start + l;
		float *rb = &t->ring[(size_t)net->moduli[l] * t->n * (size_t)ch];

		for (size_t g = 0; g < t->nseg; g++) {
			size_t a = t->seg[g], b = t->seg[g + 1];
			uint16_t p = t->pop[a];
			const struct nb_poisson *pois = &net->pois[p];

			if ((st & 3) == 0 && pois->kmax > 0) {
				bg_fast(net, t, a, b, st, pois);
				bg_rest(net, t, a, b, st, pois);
			}
			step_run(t, &net->prop[p], a, b, rb, net->m->pops[p].bg_weight,
			         exp_model, ch);
			for (size_t i = a; i < b; i++)
				if (t->fired[i] != 0.0)
					spiked(s, t, thread, i, (uint32_t)(t->vp + i * (size_t)net->vps), l, p);
		}
	}
}

void nb_update(const struct nb_sim *s, int thread, int64_t start, int n)
{
	const struct nb_net *net = &s->net;

	if (net->m->neuron == NB_IAF_PSC_EXP && net->channels == 2)
		steps(s, thread, start, n, 1, 2);
	else if (net->m->neuron == NB_IAF_PSC_EXP)
		steps(s, thread, start, n, 1, 1);
	else
		steps(s, thread, start, n, 0, 1); /* one channel: nb_model_ring_channels */
}
