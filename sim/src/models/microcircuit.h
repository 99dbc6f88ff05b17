/* SPDX-License-Identifier: GPL-2.0-or-later */
/* microcircuit.h - the Potjans & Diesmann (2014) microcircuit, for the
 * registry (registry.c), and its tables and pieces, which the multi-area
 * model (multiarea.c) builds its areas from. microcircuit.c. */
#ifndef NB_MICROCIRCUIT_H
#define NB_MICROCIRCUIT_H

#include "models/builders.h"

/* Uses args->scale. */
int nb_model_microcircuit(struct nb_model *m, const struct nb_model_args *args);

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
                   double scale, double frac, double psc,
                   enum nb_delay_rule rule);

#endif
