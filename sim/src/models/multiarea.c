/* SPDX-License-Identifier: GPL-2.0-or-later */
/* multiarea.c - a multi-area model that mimics the structure of
 * Schmidt et al. (2018), not its anatomical data: A areas, each a
 * microcircuit at the given scale; a third of every population's
 * excitatory synapses come from the L2/3E, L5E and L6E populations of the
 * other areas (uniformly over areas, by population size within an area),
 * with mean delays from the distance between the areas at 3.5 m/s
 * (relative SD 0.5, at least dt). Areas lie at fixed pseudo-random points
 * of a 60 mm x 40 mm sheet, the same for every seed. */
#include <math.h>
#include <stdio.h>

#include "util/rng.h"
#include "models/microcircuit.h"
#include "models/multiarea.h"

#define SHEET_X_MM 60.0
#define SHEET_Y_MM 40.0
#define VELOCITY_MM_PER_MS 3.5
#define INTER_FRACTION (1.0 / 3.0)

static const int inter_src[3] = {0, 4, 6};  /* L23E, L5E, L6E */

static void position(int area, double *x, double *y)
{
	struct nb_u4 u = nb_rng4(0, NB_RNG_MODEL, (uint64_t)area, 0);

	*x = SHEET_X_MM * nb_unit(u.v[0]);
	*y = SHEET_Y_MM * nb_unit(u.v[1]);
}

static double distance_mm(int a, int b)
{
	double xa, ya, xb, yb;

	position(a, &xa, &ya);
	position(b, &xb, &yb);
	return hypot(xa - xb, ya - yb);
}

/* Excitatory synapses onto population t of one full-size microcircuit. */
static double exc_total(int t)
{
	double k = 0.0;

	for (int s = 0; s < 8; s += 2)
		k += nb_mc_synapses(nb_mc_conn_probs[t][s], nb_mc_sizes[s], nb_mc_sizes[t]);
	return k;
}

static int add_inter(struct nb_model *m, int areas, int a, int t, double scale,
                     double psc)
{
	double src_n = nb_mc_sizes[0] + nb_mc_sizes[4] + nb_mc_sizes[6];
	double k = exc_total(t) * INTER_FRACTION * scale / (areas - 1);

	for (int b = 0; b < areas; b++) {
		double d = fmax(distance_mm(a, b) / VELOCITY_MM_PER_MS, m->dt);

		for (int i = 0; b != a && i < 3; i++) {
			struct nb_proj p = {
				(uint32_t)(8 * b + inter_src[i]), (uint32_t)(8 * a + t),
				NB_FIXED_TOTAL,
				(uint64_t)llround(k * nb_mc_sizes[inter_src[i]] / src_n),
				psc, nb_mc_w_rel_sd * psc, d, nb_mc_d_rel_sd * d, NB_DELAY_MIN_DT,
			};

			if (nb_model_add_proj(m, &p))
				return -1;
		}
	}
	return 0;
}

static int add_area_projs(struct nb_model *m, int areas, int a, double scale,
                          double psc)
{
	for (int t = 0; t < 8; t++) {
		for (int s = 0; s < 8; s++)
			if (nb_mc_add_proj(m, (size_t)(8 * a), t, s, scale,
			                   s % 2 == 0 ? 1.0 - INTER_FRACTION : 1.0, psc,
			                   NB_DELAY_MIN_DT))
				return -1;
		if (add_inter(m, areas, a, t, scale, psc))
			return -1;
	}
	return 0;
}

int nb_model_multiarea(struct nb_model *m, const struct nb_model_args *args)
{
	const double scale = args->scale;
	const int areas = args->areas;
	struct nb_neuron_params np;
	double psc;

	nb_mc_neuron_params(&np);
	psc = nb_mc_psc_from_psp(nb_mc_psp_e, &np);
	m->neuron = NB_IAF_PSC_EXP;
	for (int a = 0; a < areas; a++) {
		char prefix[16];

		snprintf(prefix, sizeof(prefix), "A%02d/", a);
		if (nb_mc_add_pops(m, prefix, scale, psc))
			return -1;
	}
	for (int a = 0; a < areas; a++)
		if (add_area_projs(m, areas, a, scale, psc))
			return -1;
	json_object_set_new(m->params, "neuron", json_string("iaf_psc_exp"));
	json_object_set_new(m->params, "areas", json_integer(areas));
	json_object_set_new(m->params, "area", json_string("microcircuit (Potjans & Diesmann 2014) at the given scale"));
	json_object_set_new(m->params, "inter_area_fraction_of_exc", json_real(INTER_FRACTION));
	json_object_set_new(m->params, "inter_area_sources", json_string("L23E, L5E, L6E"));
	json_object_set_new(m->params, "velocity_m_per_s", json_real(VELOCITY_MM_PER_MS));
	json_object_set_new(m->params, "sheet_mm", json_string("60 x 40"));
	json_object_set_new(m->params, "mimics", json_string("structure of Schmidt et al. 2018, not its anatomy"));
	return 0;
}
