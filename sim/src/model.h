/* model.h - a network as populations and projections: what the model
 * builders (model_brunel.c, model_microcircuit.c, model_multiarea.c) fill
 * and what connect.c and network.c turn into neurons and synapses. */
#ifndef NB_MODEL_H
#define NB_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "neuron.h"

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

struct nb_proj {
	uint32_t src, tgt;             /* population indices */
	enum nb_rule rule;
	uint64_t k;
	double w_mean, w_sd;           /* w_sd > 0: normal, redrawn to keep the sign of w_mean */
	double d_mean, d_sd;           /* ms; d_sd > 0: normal, redrawn below dt, rounded to steps */
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

struct nb_model_args {
	const char *name;
	double scale;
	double dt;
	uint32_t seed;
	int areas;                     /* multi-area only */
};

/* Builds the named model; -1 with a message on stderr for an unknown model
 * or parameters that do not fit (delays not multiples of dt, ...). */
int nb_model_build(struct nb_model *m, const struct nb_model_args *a);
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

/* For the model builders. */
int nb_model_add_pop(struct nb_model *m, const char *name, uint64_t n,
                     const struct nb_neuron_params *np, double v0_mean,
                     double v0_sd, double bg_rate_hz, double bg_weight);
int nb_model_add_proj(struct nb_model *m, const struct nb_proj *p);

int nb_model_brunel(struct nb_model *m, double scale);
int nb_model_microcircuit(struct nb_model *m, double scale);
int nb_model_multiarea(struct nb_model *m, double scale, int areas);

/* Shared by the microcircuit and the multi-area model. */
extern const char *const nb_mc_pop_names[8];
extern const double nb_mc_sizes[8];
extern const double nb_mc_conn_probs[8][8];
extern const double nb_mc_k_ext[8];
extern const double nb_mc_v0_mean[8], nb_mc_v0_sd[8];
/* Excitatory PSP (mV); relative spread of delays and of weights. */
extern const double nb_mc_psp_e, nb_mc_d_rel_sd, nb_mc_w_rel_sd;
/* Synapses between populations of full sizes npre, npost with probability
 * p (NEST's num_synapses_from_conn_probs), unrounded. */
double nb_mc_synapses(double p, double npre, double npost);
/* PSC amplitude (pA) that makes a PSP of psp_mv in iaf_psc_exp. */
double nb_mc_psc_from_psp(double psp_mv, const struct nb_neuron_params *np);
void nb_mc_neuron_params(struct nb_neuron_params *np);
int nb_mc_add_pops(struct nb_model *m, const char *prefix, double scale,
                   double psc);
int nb_mc_add_proj(struct nb_model *m, size_t base, int t, int s,
                   double scale, double frac, double psc);

#endif
