/* SPDX-License-Identifier: GPL-2.0-or-later */
/* microcircuit.c - the Potjans & Diesmann (2014) cortical
 * microcircuit with the parameters of NEST's Potjans_2014 example
 * (V0_type 'optimized', Poisson background). --scale multiplies the
 * population sizes and the synapse numbers, so in-degrees stay those of
 * the full model (K_scaling = 1) and no DC compensation is needed. */
#include <math.h>
#include <stdio.h>

#include "models/microcircuit.h"

const char *const nb_mc_pop_names[8] = {
	"L23E", "L23I", "L4E", "L4I", "L5E", "L5I", "L6E", "L6I"};
const double nb_mc_sizes[8] = {20683, 5834, 21915, 5479, 4850, 1065, 14395, 2948};
/* Row: target, column: source. */
const double nb_mc_conn_probs[8][8] = {
	{0.1009, 0.1689, 0.0437, 0.0818, 0.0323, 0.0, 0.0076, 0.0},
	{0.1346, 0.1371, 0.0316, 0.0515, 0.0755, 0.0, 0.0042, 0.0},
	{0.0077, 0.0059, 0.0497, 0.135, 0.0067, 0.0003, 0.0453, 0.0},
	{0.0691, 0.0029, 0.0794, 0.1597, 0.0033, 0.0, 0.1057, 0.0},
	{0.1004, 0.0622, 0.0505, 0.0057, 0.0831, 0.3726, 0.0204, 0.0},
	{0.0548, 0.0269, 0.0257, 0.0022, 0.06, 0.3158, 0.0086, 0.0},
	{0.0156, 0.0066, 0.0211, 0.0166, 0.0572, 0.0197, 0.0396, 0.2252},
	{0.0364, 0.001, 0.0034, 0.0005, 0.0277, 0.008, 0.0658, 0.1443}};
const double nb_mc_k_ext[8] = {1600, 1500, 2100, 1900, 2000, 1900, 2900, 2100};
const double nb_mc_v0_mean[8] = {-68.28, -63.16, -63.33, -63.45,
                                 -63.11, -61.66, -66.72, -61.43};
const double nb_mc_v0_sd[8] = {5.36, 4.57, 4.74, 4.94, 4.94, 4.55, 5.46, 4.48};

const double nb_mc_psp_e = 0.15, nb_mc_d_rel_sd = 0.5, nb_mc_w_rel_sd = 0.1;
static const double g = -4.0, bg_rate = 8.0, d_exc = 1.5, d_inh = 0.75;

void nb_mc_neuron_params(struct nb_neuron_params *np)
{
	struct nb_neuron_params p = {
		.c_m = 250.0, .tau_m = 10.0, .tau_syn_ex = 0.5, .tau_syn_in = 0.5,
		.t_ref = 2.0, .e_l = -65.0, .v_th = -50.0, .v_reset = -65.0,
		.i_e = 0.0,
	};
	*np = p;
}

double nb_mc_psc_from_psp(double psp_mv, const struct nb_neuron_params *np)
{
	double ts = np->tau_syn_ex, tm = np->tau_m;
	double sub = 1.0 / (ts - tm);
	double pre = tm * ts / np->c_m * sub;
	double frac = pow(tm / ts, sub);

	return psp_mv / (pre * (pow(frac, tm) - pow(frac, ts)));
}

double nb_mc_synapses(double p, double npre, double npost)
{
	double prod = npre * npost;

	return p > 0.0 ? log(1.0 - p) / log((prod - 1.0) / prod) : 0.0;
}

/* nb_mc_synapses times the scale, rounded. */
static uint64_t total_number(double p, double npre, double npost, double scale)
{
	return p > 0.0 ? (uint64_t)llround(nb_mc_synapses(p, npre, npost) * scale) : 0;
}

static void record_params(struct nb_model *m, double psc)
{
	json_object_set_new(m->params, "neuron", json_string("iaf_psc_exp"));
	json_object_set_new(m->params, "PSP_e_mV", json_real(nb_mc_psp_e));
	json_object_set_new(m->params, "PSC_e_pA", json_real(psc));
	json_object_set_new(m->params, "g", json_real(g));
	json_object_set_new(m->params, "bg_rate_hz", json_real(bg_rate));
	json_object_set_new(m->params, "mean_delay_exc_ms", json_real(d_exc));
	json_object_set_new(m->params, "mean_delay_inh_ms", json_real(d_inh));
	json_object_set_new(m->params, "rel_std_delay", json_real(nb_mc_d_rel_sd));
	json_object_set_new(m->params, "delay_redrawn_below_ms", json_real(0.5 * m->dt));
	json_object_set_new(m->params, "rel_std_weight", json_real(nb_mc_w_rel_sd));
	json_object_set_new(m->params, "V0_type", json_string("optimized"));
	json_object_set_new(m->params, "K_scaling", json_real(1.0));
}

/* One projection of the microcircuit with source/target populations at
 * pop indices base+s, base+t of m; frac scales its synapse number. */
int nb_mc_add_proj(struct nb_model *m, size_t base, int t, int s,
                   double scale, double frac, double psc,
                   enum nb_delay_rule rule)
{
	double w = (s % 2 == 0) ? psc : g * psc;
	double d = (s % 2 == 0) ? d_exc : d_inh;
	struct nb_proj p = {(uint32_t)(base + (size_t)s), (uint32_t)(base + (size_t)t),
	                    NB_FIXED_TOTAL, 0, 0, 0, d, d * nb_mc_d_rel_sd, rule};

	if (t == 0 && s == 2)
		w *= 2.0;
	p.w_mean = w;
	p.w_sd = fabs(w) * nb_mc_w_rel_sd;
	p.k = total_number(nb_mc_conn_probs[t][s], nb_mc_sizes[s],
	                   nb_mc_sizes[t], scale * frac);
	return nb_model_add_proj(m, &p);
}

/* The eight populations of one microcircuit (names prefixed). */
int nb_mc_add_pops(struct nb_model *m, const char *prefix, double scale,
                   double psc)
{
	struct nb_neuron_params np;

	nb_mc_neuron_params(&np);
	for (int i = 0; i < 8; i++) {
		char name[24];

		snprintf(name, sizeof(name), "%s%s", prefix, nb_mc_pop_names[i]);
		if (nb_model_add_pop(m, name, (uint64_t)llround(nb_mc_sizes[i] * scale),
		                     &np, nb_mc_v0_mean[i], nb_mc_v0_sd[i],
		                     bg_rate * nb_mc_k_ext[i], psc))
			return -1;
	}
	return 0;
}

int nb_model_microcircuit(struct nb_model *m, const struct nb_model_args *args)
{
	struct nb_neuron_params np;
	double psc;

	nb_mc_neuron_params(&np);
	psc = nb_mc_psc_from_psp(nb_mc_psp_e, &np);
	m->neuron = NB_IAF_PSC_EXP;
	if (nb_mc_add_pops(m, "", args->scale, psc))
		return -1;
	for (int t = 0; t < 8; t++)
		for (int s = 0; s < 8; s++)
			if (nb_mc_add_proj(m, 0, t, s, args->scale, 1.0, psc,
			                   NB_DELAY_MIN_HALF_DT))
				return -1;
	record_params(m, psc);
	return 0;
}
