/* SPDX-License-Identifier: GPL-2.0-or-later */
/* brunel.c - NEST's brunel_delta network (Brunel 2000, model A,
 * g = 5, eta = 2): --scale multiplies the population sizes and keeps the
 * in-degrees CE and CI, as NEST's example does. */
#include <math.h>

#include "models/brunel.h"

int nb_model_brunel(struct nb_model *m, const struct nb_model_args *args)
{
	const double j = 0.1, g = 5.0, eta = 2.0, delay = 1.5, theta = 20.0;
	const uint64_t ce = 1000, ci = 250;
	struct nb_neuron_params np = {
		.c_m = 1.0, .tau_m = 20.0, .tau_syn_ex = 0.0, .tau_syn_in = 0.0,
		.t_ref = 2.0, .e_l = 0.0, .v_th = theta, .v_reset = 0.0, .i_e = 0.0,
	};
	uint64_t ne = (uint64_t)llround(10000 * args->scale);
	uint64_t ni = (uint64_t)llround(2500 * args->scale);
	double nu_th = theta / (j * (double)ce * np.tau_m);
	double p_rate = 1000.0 * eta * nu_th * (double)ce;

	m->neuron = NB_IAF_PSC_DELTA;
	if (nb_model_add_pop(m, "E", ne, &np, 0.0, 0.0, p_rate, j) ||
	    nb_model_add_pop(m, "I", ni, &np, 0.0, 0.0, p_rate, j))
		return -1;
	for (uint32_t t = 0; t < 2; t++) {
		struct nb_proj e = {0, t, NB_FIXED_INDEGREE, ce, j, 0.0, delay, 0.0, NB_DELAY_MIN_DT};
		struct nb_proj i = {1, t, NB_FIXED_INDEGREE, ci, -g * j, 0.0, delay, 0.0, NB_DELAY_MIN_DT};

		if (ne && nb_model_add_proj(m, &e))
			return -1;
		if (ni && nb_model_add_proj(m, &i))
			return -1;
	}
	json_object_set_new(m->params, "NE", json_integer((json_int_t)ne));
	json_object_set_new(m->params, "NI", json_integer((json_int_t)ni));
	json_object_set_new(m->params, "CE", json_integer((json_int_t)ce));
	json_object_set_new(m->params, "CI", json_integer((json_int_t)ci));
	json_object_set_new(m->params, "J_mV", json_real(j));
	json_object_set_new(m->params, "g", json_real(g));
	json_object_set_new(m->params, "eta", json_real(eta));
	json_object_set_new(m->params, "delay_ms", json_real(delay));
	json_object_set_new(m->params, "poisson_rate_hz", json_real(p_rate));
	json_object_set_new(m->params, "neuron", json_string("iaf_psc_delta"));
	return 0;
}
