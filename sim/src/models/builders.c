/* SPDX-License-Identifier: GPL-2.0-or-later */
/* builders.c - the population and projection tables of a model, what is
 * derived from them, and the checks every model must pass (builders.h). */
#include "models/builders.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/steps.h"

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	void *q;
	size_t c = *cap ? *cap : 8;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	q = realloc(*p, c * size);
	if (!q) {
		fprintf(stderr, "nbsim: out of memory building the model\n");
		return -1;
	}
	*p = q;
	*cap = c;
	return 0;
}

int nb_model_init(struct nb_model *m, const struct nb_model_args *a)
{
	memset(m, 0, sizeof(*m));
	m->name = a->name;
	m->dt = a->dt;
	m->seed = a->seed;
	m->params = json_object();
	return m->params ? 0 : -1;
}

int nb_model_add_pop(struct nb_model *m, const char *name, uint64_t n,
                     const struct nb_neuron_params *np, double v0_mean,
                     double v0_sd, double bg_rate_hz, double bg_weight)
{
	struct nb_pop *p;

	if (grow((void **)&m->pops, &m->cap_pops, m->npops + 1, sizeof(*p)))
		return -1;
	p = &m->pops[m->npops++];
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->first = m->neurons;
	p->n = n;
	p->np = *np;
	p->v0_mean = v0_mean;
	p->v0_sd = v0_sd;
	p->bg_rate_hz = bg_rate_hz;
	p->bg_weight = bg_weight;
	m->neurons += n;
	return 0;
}

int nb_model_add_proj(struct nb_model *m, const struct nb_proj *p)
{
	if (p->k == 0 || m->pops[p->src].n == 0 || m->pops[p->tgt].n == 0)
		return 0;
	if (grow((void **)&m->projs, &m->cap_projs, m->nprojs + 1, sizeof(*p)))
		return -1;
	m->projs[m->nprojs++] = *p;
	return 0;
}

uint64_t nb_model_synapses(const struct nb_model *m)
{
	uint64_t s = 0;

	for (size_t i = 0; i < m->nprojs; i++) {
		const struct nb_proj *p = &m->projs[i];

		s += p->rule == NB_FIXED_TOTAL ? p->k : p->k * m->pops[p->tgt].n;
	}
	return s;
}

uint32_t nb_model_pop_of(const struct nb_model *m, uint64_t gid)
{
	size_t lo = 0, hi = m->npops;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (m->pops[mid].first <= gid)
			lo = mid;
		else
			hi = mid;
	}
	return (uint32_t)lo;
}

int nb_model_delay_bound_steps(const struct nb_model *m)
{
	double worst = 0.0;

	for (size_t i = 0; i < m->nprojs; i++) {
		double d = m->projs[i].d_mean + 8.0 * m->projs[i].d_sd;

		if (d > worst)
			worst = d;
	}
	return (int)ceil(worst / m->dt);
}

int nb_model_ring_channels(const struct nb_model *m)
{
	if (m->neuron != NB_IAF_PSC_EXP)
		return 1;
	for (size_t p = 0; p < m->npops; p++)
		if (m->pops[p].np.tau_syn_ex != m->pops[p].np.tau_syn_in)
			return 2;
	return 1;
}

/* Fixed delays must be whole steps; distributed ones are rounded. */
static int check_delays(const struct nb_model *m)
{
	for (size_t i = 0; i < m->nprojs; i++) {
		const struct nb_proj *p = &m->projs[i];

		if (p->d_mean < m->dt && p->d_sd == 0.0) {
			fprintf(stderr, "nbsim: %s: delay %g ms is shorter than dt %g ms\n",
			        m->name, p->d_mean, m->dt);
			return -1;
		}
		if (p->d_sd == 0.0 && !nb_is_multiple(p->d_mean, m->dt)) {
			fprintf(stderr, "nbsim: %s: delay %g ms is not a multiple of dt %g ms\n",
			        m->name, p->d_mean, m->dt);
			return -1;
		}
	}
	return 0;
}

static int check_t_ref(const struct nb_model *m)
{
	for (size_t i = 0; i < m->npops; i++) {
		if (!nb_is_multiple(m->pops[i].np.t_ref, m->dt)) {
			fprintf(stderr, "nbsim: %s: t_ref %g ms is not a multiple of dt %g ms\n",
			        m->name, m->pops[i].np.t_ref, m->dt);
			return -1;
		}
	}
	return 0;
}

int nb_model_check(const struct nb_model *m, double scale)
{
	if (check_delays(m) || check_t_ref(m))
		return -1;
	if (m->neurons == 0 || m->neurons >= UINT32_MAX) {
		fprintf(stderr, "nbsim: %s at scale %g has %llu neurons (need 1 to 2^32-2)\n",
		        m->name, scale, (unsigned long long)m->neurons);
		return -1;
	}
	return 0;
}

void nb_model_free(struct nb_model *m)
{
	free(m->pops);
	free(m->projs);
	json_decref(m->params);
	memset(m, 0, sizeof(*m));
}
