/* SPDX-License-Identifier: GPL-2.0-or-later */
/* builders.h - a network as populations and projections, and the functions
 * a model uses to describe itself in them: what the models (brunel.c,
 * microcircuit.c, multiarea.c) fill, and what connection/connect.c and
 * nodes/network.c turn into neurons and synapses. The registry
 * (registry.h) picks a model by name. builders.c. */
#ifndef NB_BUILDERS_H
#define NB_BUILDERS_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "models/neuron.h"

enum nb_rule {
	NB_FIXED_INDEGREE,   /* every target gets k sources, drawn uniformly */
	NB_FIXED_TOTAL       /* k synapses, targets and sources uniform */
};

struct nb_pop {
	char name[24];
	uint64_t first, n;             /* gids [first, first + n) */
	struct nb_neuron_params np;
	double v0_mean, v0_sd;         /* initial V_m (absolute, mV) */
	double bg_rate_hz;             /* Poisson input onto each neuron */
	double bg_weight;              /* mV (delta) or pA (exp) */
};

/* Below which a normal delay is redrawn before it is rounded to steps. */
enum nb_delay_rule {
	NB_DELAY_MIN_DT,     /* below dt (the multi-area model's normal_clipped) */
	NB_DELAY_MIN_HALF_DT /* below dt / 2: NEST's Potjans_2014 example */
};

struct nb_proj {
	uint32_t src, tgt;             /* population indices */
	enum nb_rule rule;
	uint64_t k;
	double w_mean, w_sd;           /* w_sd > 0: normal, redrawn to keep the sign of w_mean */
	double d_mean, d_sd;           /* ms; d_sd > 0: normal, redrawn (d_rule), rounded to steps */
	enum nb_delay_rule d_rule;
};

struct nb_model {
	const char *name;
	enum nb_neuron_model neuron;
	double dt;
	uint32_t seed;
	size_t npops, nprojs, cap_pops, cap_projs;
	struct nb_pop *pops;
	struct nb_proj *projs;
	uint64_t neurons;
	json_t *params;                /* owned: the parameters for summary.json */
};

/* What a model is built from (--model, --scale, --dt, --seed, --areas). */
struct nb_model_args {
	const char *name;
	double scale;
	double dt;
	uint32_t seed;
	int areas;                     /* multi-area only */
};

/* Starts an empty model for a: name, dt and seed, no populations; -1 when
 * out of memory. nb_model_free frees it, also after a failed init. */
int nb_model_init(struct nb_model *m, const struct nb_model_args *a);
/* The checks every model must pass once built: fixed delays and t_ref are
 * whole steps of dt, and it has 1 to 2^32-2 neurons (scale is for the
 * message); -1 with a message on stderr. */
int nb_model_check(const struct nb_model *m, double scale);
void nb_model_free(struct nb_model *m);
/* Expected number of synapses (exact for both rules). */
uint64_t nb_model_synapses(const struct nb_model *m);
/* Population of a gid. */
uint32_t nb_model_pop_of(const struct nb_model *m, uint64_t gid);
/* Largest delay any synapse can get before the tail of its distribution
 * makes it vanishingly rare (mean + 8 sd), in steps: for the memory estimate. */
int nb_model_delay_bound_steps(const struct nb_model *m);

/* Ring-buffer channels: 2 (excitatory, inhibitory) for iaf_psc_exp with
 * different synaptic time constants, else 1 (signed sum): with equal time
 * constants the two currents obey the same equation, and one current
 * carrying their sum gives the same membrane potential. */
int nb_model_ring_channels(const struct nb_model *m);

/* For the models: add a population (gids follow the previous ones) or a
 * projection (none when it has no synapses); -1 when out of memory. */
int nb_model_add_pop(struct nb_model *m, const char *name, uint64_t n,
                     const struct nb_neuron_params *np, double v0_mean,
                     double v0_sd, double bg_rate_hz, double bg_weight);
int nb_model_add_proj(struct nb_model *m, const struct nb_proj *p);

#endif
