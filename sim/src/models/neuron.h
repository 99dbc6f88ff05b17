/* SPDX-License-Identifier: GPL-2.0-or-later */
/* neuron.h - iaf_psc_delta and iaf_psc_exp with NEST's exact integration:
 * per-population propagators for a step h, and the update of one neuron for
 * one step (inline: the simulation loop and the unit tests both call it). */
#ifndef NB_NEURON_H
#define NB_NEURON_H

#include <stdint.h>

enum nb_neuron_model {
	NB_IAF_PSC_DELTA,
	NB_IAF_PSC_EXP
};

/* NEST's parameter names and units (pF, ms, mV, pA). */
struct nb_neuron_params {
	double c_m, tau_m, tau_syn_ex, tau_syn_in, t_ref;
	double e_l, v_th, v_reset, i_e;
};

/* Propagators and thresholds, membrane potential relative to E_L. For
 * iaf_psc_delta only p22 (P33) and p20 (P30) are used. */
struct nb_prop {
	double p22, p20, p21ex, p21in, p11ex, p11in;
	double theta, v_reset, i_e;
	int32_t ref_steps;
};

/* Fills *p for step h (ms); returns -1 when t_ref is not a multiple of h. */
int nb_prop_init(struct nb_prop *p, enum nb_neuron_model m,
                 const struct nb_neuron_params *np, double h);

/* The steps below have no branches, so that a loop over neurons is
 * vectorised (engine/update.c): both sides of each choice are computed. */

/* The end of a step, vn the membrane potential the step computed: V
 * stays put while refractory and the count runs down; at the threshold
 * V is reset and the count starts. Returns 1 when the neuron spikes. */
static inline int nb_settle(const struct nb_prop *p, double *v, int32_t *r,
                            double vn)
{
	double vi = *r == 0 ? vn : *v;
	int32_t ri = *r == 0 ? 0 : *r - 1;
	int sp = vi >= p->theta;

	*v = sp ? p->v_reset : vi;
	*r = sp ? p->ref_steps : ri;
	return sp;
}

/* One step of iaf_psc_delta: `in` is this step's summed PSP input (mV),
 * discarded while refractory. Returns 1 when the neuron spikes. */
static inline int nb_delta_step(const struct nb_prop *p, double *v,
                                int32_t *r, double in)
{
	return nb_settle(p, v, r, p->p20 * p->i_e + p->p22 * *v + in);
}

/* One step of iaf_psc_exp: in_ex/in_in are this step's summed synaptic
 * current jumps (pA). Returns 1 when the neuron spikes. */
static inline int nb_exp_step(const struct nb_prop *p, double *v, double *iex,
                              double *iin, int32_t *r, double in_ex,
                              double in_in)
{
	double vn = p->p22 * *v + p->p21ex * *iex + p->p21in * *iin +
	            p->i_e * p->p20;

	*iex = *iex * p->p11ex + in_ex;
	*iin = *iin * p->p11in + in_in;
	return nb_settle(p, v, r, vn);
}

#endif
