/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-update.c - the vectorised update phase (engine/update.c) against
 * the plain one it replaced: every neuron stepped alone with neuron.h, its
 * Poisson count drawn alone with nb_poisson_draw. Over 11 steps from a
 * random state (membrane potentials up to the threshold and beyond,
 * refractory counters, ring inputs), on one thread of Brunel
 * (iaf_psc_delta, one ring channel), of the microcircuit (iaf_psc_exp, one
 * channel: equal synaptic time constants) and of the microcircuit with a
 * slower inhibitory synapse (two channels), and of Brunel with a
 * background so strong that counts go past the table's first
 * NB_POISSON_FAST entries (bg_rest), the state must be bit-identical and the same neurons must spike
 * at the same lags, counted in the spike and population counters. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "connection/targets.h"
#include "engine/update.h"
#include "models/neuron.h"
#include "models/poisson.h"
#include "models/registry.h"
#include "nodes/network.h"
#include "suite.h"
#include "util/rng.h"

#define STEPS 11                /* crosses two blocks of 4 Poisson steps */

struct state {
	double *v, *iex, *iin;
	int32_t *refr;
};

static double *copy_d(const double *x, size_t n)
{
	double *c = malloc(n * sizeof(*c));

	ck_assert_ptr_nonnull(c);
	memcpy(c, x, n * sizeof(*c));
	return c;
}

/* A random state and random inputs in the rings' first STEPS slots. */
static void randomise(struct nb_net *net, unsigned seed)
{
	struct nb_thread_net *t = &net->t[0];

	srand(seed);
	for (size_t i = 0; i < t->n; i++) {
		const struct nb_prop *p = &net->prop[t->pop[i]];
		double u = rand() / (double)RAND_MAX;

		t->v[i] = p->v_reset + u * 1.05 * (p->theta - p->v_reset);
		t->iex[i] = 50.0 * rand() / RAND_MAX;
		t->iin[i] = -50.0 * rand() / RAND_MAX;
		t->refr[i] = rand() % (p->ref_steps + 1);
	}
	for (size_t k = 0; k < STEPS * t->n * (size_t)net->channels; k++)
		t->ring[k] = (float)(4.0 * rand() / RAND_MAX - 1.0);
}

/* The plain update of neuron i for STEPS steps from step 0; returns the
 * lags it spiked at as a bit mask, and advances *s. */
static unsigned plain_neuron(const struct nb_net *net, const struct state *s,
                             const float *ring, size_t i)
{
	const struct nb_thread_net *t = &net->t[0];
	const struct nb_prop *p = &net->prop[t->pop[i]];
	const struct nb_poisson *pois = &net->pois[t->pop[i]];
	double wbg = net->m->pops[t->pop[i]].bg_weight;
	const int ch = net->channels;
	unsigned fired = 0;

	for (int st = 0; st < STEPS; st++) {
		const float *rb = &ring[((size_t)st * t->n + i) * (size_t)ch];
		struct nb_u4 r = nb_rng4(net->m->seed, NB_RNG_POISSON, i, (uint64_t)st >> 2);
		int k = pois->kmax ? nb_poisson_draw(pois, r.v[st & 3]) : 0;
		double in = rb[0] + k * wbg;
		int sp;

		if (net->m->neuron == NB_IAF_PSC_EXP)
			sp = nb_exp_step(p, &s->v[i], &s->iex[i], &s->iin[i], &s->refr[i],
			                 in, ch == 2 ? rb[1] : 0.0);
		else
			sp = nb_delta_step(p, &s->v[i], &s->refr[i], in);
		fired |= (unsigned)sp << st;
	}
	return fired;
}

/* What a case changes in the model: the inhibitory synaptic time
 * constant (ms, 0 for the model's) and a factor on the background rate. */
struct tweak {
	double tau_in, bg_factor;
};

static void check_model(const char *name, double scale, struct tweak tw,
                        int channels)
{
	struct nb_model m;
	struct nb_model_args a = {name, scale, 0.1, 11, 4};
	struct nb_sim sim = {.count_rates = true};
	struct nb_net *net = &sim.net;
	struct nb_thread_net *t;
	struct state plain;
	float *ring;
	uint64_t spikes = 0, *pop_spikes;
	unsigned *fired;

	ck_assert_int_eq(nb_model_build(&m, &a), 0);
	for (size_t p = 0; p < m.npops; p++) {
		if (tw.tau_in > 0.0)
			m.pops[p].np.tau_syn_in = tw.tau_in;
		m.pops[p].bg_rate_hz *= tw.bg_factor;
	}
	ck_assert_int_eq(nb_net_init(net, &m, 0, 1, 1), 0);
	ck_assert_int_eq(nb_net_init_thread(net, 0), 0);
	ck_assert_int_eq(net->channels, channels);
	net->min_delay = STEPS;
	net->slots = STEPS + 1;
	net->keep_spikes = true;
	ck_assert_int_eq(nb_net_alloc_moduli(net), 0);
	ck_assert_int_eq(nb_net_alloc_rings(net, 0), 0);
	ck_assert_int_eq(nb_net_alloc_spike_list(net, 0), 0);
	t = &net->t[0];
	ck_assert_uint_gt(t->nseg, 1);
	ck_assert_int_eq(net->pois[0].kmax > NB_POISSON_FAST, tw.bg_factor > 4.0);
	ck_assert_int_eq(nb_conn_init(&sim.conn, 1, true), 0);
	sim.conn.t[0].tgt = calloc(t->n, sizeof(*sim.conn.t[0].tgt));
	ck_assert_ptr_nonnull(sim.conn.t[0].tgt);
	ck_assert_int_eq(nb_exchange_init(&sim.x, 1, 1, true), 0);
	ck_assert_int_eq(nb_exchange_init_thread(&sim.x, 0), 0);
	randomise(net, 5);

	plain = (struct state){copy_d(t->v, t->n), copy_d(t->iex, t->n),
	                       copy_d(t->iin, t->n), malloc(t->n * sizeof(int32_t))};
	ck_assert_ptr_nonnull(plain.refr);
	memcpy(plain.refr, t->refr, t->n * sizeof(int32_t));
	ring = malloc(STEPS * t->n * (size_t)channels * sizeof(float));
	ck_assert_ptr_nonnull(ring);
	memcpy(ring, t->ring, STEPS * t->n * (size_t)channels * sizeof(float));
	fired = calloc(t->n, sizeof(*fired));
	pop_spikes = calloc(m.npops, sizeof(*pop_spikes));
	ck_assert(fired && pop_spikes);
	for (size_t i = 0; i < t->n; i++) {
		fired[i] = plain_neuron(net, &plain, ring, i);
		spikes += (uint64_t)__builtin_popcount(fired[i]);
		pop_spikes[t->pop[i]] += (uint64_t)__builtin_popcount(fired[i]);
	}

	nb_update(&sim, 0, 0, STEPS);

	ck_assert_msg(spikes > 20, "%s: only %llu spikes", name, (unsigned long long)spikes);
	ck_assert_uint_eq(net->spike_counter[0], spikes);
	ck_assert_uint_eq(t->nrec, spikes);
	ck_assert_mem_eq(t->pop_spikes, pop_spikes, m.npops * sizeof(*pop_spikes));
	for (size_t k = 0; k < t->nrec; k++)
		ck_assert_msg(fired[t->rec[k].gid] >> t->rec[k].lag & 1,
		              "%s: neuron %u did not spike at lag %u", name,
		              t->rec[k].gid, t->rec[k].lag);
	ck_assert_mem_eq(t->v, plain.v, t->n * sizeof(double));
	ck_assert_mem_eq(t->iex, plain.iex, t->n * sizeof(double));
	ck_assert_mem_eq(t->iin, plain.iin, t->n * sizeof(double));
	ck_assert_mem_eq(t->refr, plain.refr, t->n * sizeof(int32_t));
	for (size_t k = 0; k < STEPS * t->n * (size_t)channels; k++)
		ck_assert_msg(t->ring[k] == 0.0f, "%s: ring entry %zu not cleared", name, k);

	free(plain.v);
	free(plain.iex);
	free(plain.iin);
	free(plain.refr);
	free(ring);
	free(fired);
	free(pop_spikes);
	nb_exchange_free(&sim.x);
	nb_conn_free(&sim.conn, net);
	nb_net_free(net);
	nb_model_free(&m);
}

START_TEST(brunel_delta)
{
	check_model("brunel", 0.1, (struct tweak){0.0, 1.0}, 1);
}
END_TEST

START_TEST(brunel_strong_background)
{
	check_model("brunel", 0.1, (struct tweak){0.0, 8.0}, 1);
}
END_TEST

START_TEST(microcircuit_exp)
{
	check_model("microcircuit", 0.02, (struct tweak){0.0, 1.0}, 1);
}
END_TEST

START_TEST(exp_two_channels)
{
	check_model("microcircuit", 0.02, (struct tweak){2.0, 1.0}, 2);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		brunel_delta,
		brunel_strong_background,
		microcircuit_exp,
		exp_two_channels,
		NULL,
	};

	return nb_run_tests("update", tests);
}
