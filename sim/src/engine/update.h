/* SPDX-License-Identifier: GPL-2.0-or-later */
/* update.h - the update phase of a cycle: every neuron of one thread
 * advanced by the cycle's steps, its input read from (and cleared in) the
 * ring buffers, its background drawn, and its spikes put in the thread's
 * spike register (NEST's update of the nodes and send_remote). */
#ifndef NB_UPDATE_H
#define NB_UPDATE_H

#include <stdint.h>

#include "engine/sim.h"

/* Updates every neuron of the thread for steps [start, start + n). */
void nb_update(const struct nb_sim *s, int thread, int64_t start, int n);

#endif
