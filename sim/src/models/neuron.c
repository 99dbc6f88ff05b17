/* SPDX-License-Identifier: GPL-2.0-or-later */
/* neuron.c - propagators of NEST's exact integration for iaf_psc_delta and
 * iaf_psc_exp (NEST's exact integration of the subthreshold dynamics). */
#include "models/neuron.h"

#include <math.h>

#include "util/steps.h"

/* P21 of iaf_psc_exp: the membrane's response to a synaptic current. */
static double p21(double tau_s, double tau_m, double c, double h)
{
	if (tau_s == tau_m)
		return h / c * exp(-h / tau_m);
	return tau_s * tau_m / (c * (tau_m - tau_s)) *
	       (exp(-h / tau_m) - exp(-h / tau_s));
}

int nb_prop_init(struct nb_prop *p, enum nb_neuron_model m,
                 const struct nb_neuron_params *np, double h)
{
	if (!nb_is_multiple(np->t_ref, h))
		return -1;
	p->ref_steps = (int32_t)round(np->t_ref / h);
	p->p22 = exp(-h / np->tau_m);
	p->p20 = np->tau_m / np->c_m * (1.0 - p->p22);
	p->theta = np->v_th - np->e_l;
	p->v_reset = np->v_reset - np->e_l;
	p->i_e = np->i_e;
	p->p21ex = p->p21in = p->p11ex = p->p11in = 0.0;
	if (m == NB_IAF_PSC_EXP) {
		p->p11ex = exp(-h / np->tau_syn_ex);
		p->p11in = exp(-h / np->tau_syn_in);
		p->p21ex = p21(np->tau_syn_ex, np->tau_m, np->c_m, h);
		p->p21in = p21(np->tau_syn_in, np->tau_m, np->c_m, h);
	}
	return 0;
}
