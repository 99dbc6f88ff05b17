/* SPDX-License-Identifier: GPL-2.0-or-later */
/* build.h - constructing one rank's share of a network: neurons (create),
 * synapses (connect), the delays agreed over all threads and ranks, then
 * NEST's delivery structures (one thread fills the compressed spike table;
 * the ranks exchange where their synapses are; each thread builds its
 * neurons' target tables) and the ring buffers, spike registers and
 * deliver's cursors. */
#ifndef NB_BUILD_H
#define NB_BUILD_H

#include <stdbool.h>

#include "engine/sim.h"
#include "models/builders.h"

/* How to build: NEST's use_compressed_spikes, and whether to keep each
 * cycle's spikes (for recording them). */
struct nb_build_opts {
	int threads;
	bool compressed, keep_spikes;
};

/* Collective. Fills s; returns 0, or -1 on every rank (message on the
 * rank that failed). time_create/time_connect get wall seconds. */
int nb_build(struct nb_sim *s, const struct nb_model *m,
             const struct nb_build_opts *o, double *time_create,
             double *time_connect);
/* Frees what nb_build allocated (also after it failed). */
void nb_sim_free(struct nb_sim *s);

#endif
