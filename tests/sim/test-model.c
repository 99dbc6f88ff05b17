/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-model.c - the model builders: sizes and synapse numbers of Brunel's
 * network and the microcircuit (as in NEST's examples), scaling, the
 * multi-area model's inter-area share, and the errors for unknown models
 * and delays that are not whole steps. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "engine/memest.h"
#include "models/microcircuit.h"
#include "models/registry.h"
#include "suite.h"

static int build(struct nb_model *m, const char *name, double scale, double dt)
{
	struct nb_model_args a = {name, scale, dt, 1, 4};

	return nb_model_build(m, &a);
}

START_TEST(brunel_sizes)
{
	struct nb_model m;

	ck_assert_int_eq(build(&m, "brunel", 1.0, 0.1), 0);
	ck_assert_uint_eq(m.neurons, 12500);
	ck_assert_uint_eq(nb_model_synapses(&m), 12500ull * 1250ull);
	ck_assert(fabs(m.pops[0].bg_rate_hz - 20000.0) < 1e-9);
	nb_model_free(&m);
	ck_assert_int_eq(build(&m, "brunel", 0.1, 0.1), 0);
	ck_assert_uint_eq(m.neurons, 1250);
	ck_assert_uint_eq(nb_model_synapses(&m), 1250ull * 1250ull);
	nb_model_free(&m);
}
END_TEST

START_TEST(microcircuit_sizes)
{
	struct nb_model m;
	struct nb_neuron_params np;
	double syn;

	ck_assert_int_eq(build(&m, "microcircuit", 1.0, 0.1), 0);
	ck_assert_uint_eq(m.neurons, 77169);
	ck_assert_uint_eq(m.npops, 8);
	syn = (double)nb_model_synapses(&m);
	ck_assert_msg(syn > 2.98e8 && syn < 3.0e8, "synapses %g", syn);
	nb_mc_neuron_params(&np);
	ck_assert(fabs(nb_mc_psc_from_psp(0.15, &np) - 87.81) < 0.005);
	nb_model_free(&m);
	ck_assert_int_eq(build(&m, "microcircuit", 0.1, 0.1), 0);
	ck_assert_msg(fabs((double)nb_model_synapses(&m) / syn - 0.1) < 1e-4,
	              "scaling keeps in-degrees");
	nb_model_free(&m);
}
END_TEST

START_TEST(multiarea_inter_share)
{
	struct nb_model m;
	double inter = 0.0, exc = 0.0;

	ck_assert_int_eq(build(&m, "multi-area", 0.05, 0.1), 0);
	ck_assert_uint_eq(m.npops, 4 * 8);
	for (size_t i = 0; i < m.nprojs; i++) {
		const struct nb_proj *p = &m.projs[i];

		if (p->w_mean <= 0.0)
			continue;
		exc += (double)p->k;
		if (p->src / 8 != p->tgt / 8) {
			inter += (double)p->k;
			ck_assert(p->d_mean >= m.dt);
		}
	}
	ck_assert_msg(fabs(inter / exc - 1.0 / 3.0) < 0.01, "inter share %g", inter / exc);
	nb_model_free(&m);
}
END_TEST

/* The estimate covers 8 bytes per synapse and stays within the 12 bytes
 * per synapse budget for the full microcircuit; without compressed spikes
 * it adds the per-synapse target tables. */
START_TEST(memory_estimate)
{
	struct nb_model m;
	double syn, est;

	ck_assert_int_eq(build(&m, "microcircuit", 1.0, 0.1), 0);
	syn = (double)nb_model_synapses(&m);
	est = (double)nb_mem_estimate(&m, 1, 2, true);
	ck_assert_msg(est > 8.0 * syn && est < 12.0 * syn, "estimate %g B", est);
	ck_assert_msg((double)nb_mem_estimate(&m, 2, 2, true) < 0.6 * est,
	              "two ranks each need about half");
	ck_assert_msg((double)nb_mem_estimate(&m, 1, 2, false) > est + 7.0 * syn,
	              "per-synapse targets without compressed spikes");
	nb_model_free(&m);
}
END_TEST

START_TEST(errors)
{
	struct nb_model m;

	ck_assert_int_eq(build(&m, "hodgkin", 1.0, 0.1), -1);
	ck_assert_int_eq(build(&m, "brunel", 1.0, 0.2), -1);   /* 1.5 ms delay */
	ck_assert_int_eq(build(&m, "brunel", 1.0, 0.3), -1);   /* 2 ms t_ref */
	ck_assert_int_eq(build(&m, "brunel", 1e-6, 0.1), -1);  /* no neurons */
	ck_assert_int_eq(build(&m, "microcircuit", 1.0, 0.2), 0);
	nb_model_free(&m);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		brunel_sizes,
		microcircuit_sizes,
		multiarea_inter_share,
		memory_estimate,
		errors,
		NULL,
	};

	return nb_run_tests("model", tests);
}
