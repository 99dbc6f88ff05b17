/* SPDX-License-Identifier: GPL-2.0-or-later */
/* network.c - allocation and initial state of one rank's neurons and
 * their ring buffers; every thread first-touches its own share,
 * so its pages start on its NUMA node, as in NEST. The shared pieces (the
 * per-thread spike counters, the modulo table) come from the master
 * thread, as NEST's do. */
#include "nodes/network.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/hugemem.h"
#include "util/rng.h"

int nb_net_init(struct nb_net *net, const struct nb_model *m, int rank,
                int ranks, int threads)
{
	memset(net, 0, sizeof(*net));
	net->m = m;
	net->rank = rank;
	net->ranks = ranks;
	net->threads = threads;
	net->vps = ranks * threads;
	net->inv_vps = 1.0 / net->vps;
	net->n_global = m->neurons;
	net->channels = nb_model_ring_channels(m);
	net->t = calloc((size_t)threads, sizeof(*net->t));
	net->prop = calloc(m->npops, sizeof(*net->prop));
	net->pois = calloc(m->npops, sizeof(*net->pois));
	net->spike_counter = calloc((size_t)threads, sizeof(*net->spike_counter));
	if (!net->t || !net->prop || !net->pois || !net->spike_counter) {
		fprintf(stderr, "nbsim: out of memory\n");
		return -1;
	}
	for (size_t p = 0; p < m->npops; p++) {
		const struct nb_pop *pop = &m->pops[p];

		if (nb_prop_init(&net->prop[p], m->neuron, &pop->np, m->dt)) {
			fprintf(stderr, "nbsim: %s: t_ref is not a multiple of dt\n", pop->name);
			return -1;
		}
		if (nb_poisson_init(&net->pois[p], pop->bg_rate_hz * m->dt * 1e-3)) {
			fprintf(stderr, "nbsim: %s: Poisson rate %g Hz too high for dt %g ms\n",
			        pop->name, pop->bg_rate_hz, m->dt);
			return -1;
		}
	}
	return 0;
}

/* Initial membrane potential of gid: normal (mean, sd), relative to E_L. */
static double initial_v(const struct nb_model *m, const struct nb_pop *p,
                        uint64_t gid)
{
	double z0 = 0.0, z1;

	if (p->v0_sd > 0.0) {
		struct nb_u4 u = nb_rng4(m->seed, NB_RNG_INIT, gid, 0);

		nb_normal2(u.v[0], u.v[1], &z0, &z1);
	}
	return p->v0_mean + p->v0_sd * z0 - p->np.e_l;
}

static void init_neurons(struct nb_net *net, struct nb_thread_net *t)
{
	const struct nb_model *m = net->m;

	for (size_t i = 0; i < t->n; i++) {
		uint64_t gid = (uint64_t)t->vp + i * (uint64_t)net->vps;
		uint32_t p = nb_model_pop_of(m, gid);

		t->pop[i] = (uint16_t)p;
		t->v[i] = initial_v(m, &m->pops[p], gid);
		t->iex[i] = t->iin[i] = 0.0;
		t->refr[i] = 0;
		t->bg[i] = 0;
	}
}

static int starts_run(const struct nb_thread_net *t, size_t i)
{
	return i == 0 || t->pop[i] != t->pop[i - 1];
}

/* The runs of neurons of one population, for the update's loops. */
static int init_segments(struct nb_thread_net *t)
{
	size_t g = 0;

	t->nseg = 0;
	for (size_t i = 0; i < t->n; i++)
		t->nseg += (size_t)starts_run(t, i);
	t->seg = malloc((t->nseg + 1) * sizeof(*t->seg));
	if (!t->seg)
		return -1;
	for (size_t i = 0; i < t->n; i++)
		if (starts_run(t, i))
			t->seg[g++] = i;
	t->seg[g] = t->n;
	return 0;
}

int nb_net_init_thread(struct nb_net *net, int thread)
{
	struct nb_thread_net *t = &net->t[thread];
	const struct nb_model *m = net->m;

	t->vp = thread * net->ranks + net->rank;
	t->n = (size_t)nb_local_ceil(net->n_global, t->vp, net->vps);
	if (t->n > NB_MAX_LOCAL || m->npops > UINT16_MAX) {
		fprintf(stderr, "nbsim: %zu neurons on one thread (at most %u)\n",
		        t->n, NB_MAX_LOCAL);
		t->failed = 1;
		return -1;
	}
	t->v = malloc(t->n * sizeof(double) + 1);
	t->iex = malloc(t->n * sizeof(double) + 1);
	t->iin = malloc(t->n * sizeof(double) + 1);
	t->refr = malloc(t->n * sizeof(int32_t) + 1);
	t->pop = malloc(t->n * sizeof(uint16_t) + 1);
	t->bg = malloc(t->n * sizeof(uint32_t) + 1);
	t->fired = malloc(t->n * sizeof(*t->fired) + 1);
	t->pop_spikes = calloc(m->npops, sizeof(uint64_t));
	if (!t->v || !t->iex || !t->iin || !t->refr || !t->pop || !t->bg ||
	    !t->fired || !t->pop_spikes) {
		fprintf(stderr, "nbsim: out of memory for neuron state\n");
		t->failed = 1;
		return -1;
	}
	init_neurons(net, t);
	if (init_segments(t)) {
		fprintf(stderr, "nbsim: out of memory for neuron state\n");
		t->failed = 1;
		return -1;
	}
	return 0;
}

int nb_net_alloc_moduli(struct nb_net *net)
{
	net->moduli = malloc((size_t)net->slots * sizeof(*net->moduli));
	if (!net->moduli) {
		fprintf(stderr, "nbsim: out of memory\n");
		return -1;
	}
	nb_net_set_moduli(net, 0);
	return 0;
}

void nb_net_set_moduli(struct nb_net *net, int64_t start)
{
	for (int k = 0; k < net->slots; k++)
		net->moduli[k] = (start + k) % net->slots;
}

int nb_net_alloc_rings(struct nb_net *net, int thread)
{
	struct nb_thread_net *t = &net->t[thread];
	size_t n = (size_t)net->slots * t->n * (size_t)net->channels;

	t->ring = nb_huge_alloc((n + 1) * sizeof(float));
	if (t->ring)
		memset(t->ring, 0, (n + 1) * sizeof(float));
	if (!t->ring) {
		fprintf(stderr, "nbsim: out of memory for ring buffers\n");
		t->failed = 1;
		return -1;
	}
	return 0;
}

int nb_net_alloc_spike_list(struct nb_net *net, int thread)
{
	struct nb_thread_net *t = &net->t[thread];

	if (!net->keep_spikes)
		return 0;
	t->rec = malloc((t->n * (size_t)net->min_delay + 1) * sizeof(*t->rec));
	if (!t->rec) {
		fprintf(stderr, "nbsim: out of memory for the spike list\n");
		t->failed = 1;
		return -1;
	}
	return 0;
}

void nb_net_free(struct nb_net *net)
{
	for (int i = 0; net->t && i < net->threads; i++) {
		struct nb_thread_net *t = &net->t[i];

		free(t->v);
		free(t->iex);
		free(t->iin);
		free(t->refr);
		free(t->pop);
		free(t->bg);
		free(t->seg);
		free(t->fired);
		nb_huge_free(t->ring);
		free(t->rec);
		free(t->pop_spikes);
	}
	free(net->t);
	free(net->prop);
	free(net->pois);
	free(net->moduli);
	free(net->spike_counter);
	memset(net, 0, sizeof(*net));
}
