/* connect.h - generates every synapse onto a thread's neurons into its CSR
 * (network.h), in two passes over the same counter-based draws: the first
 * counts synapses per source, the second fills them in. No temporary list
 * of (source, target, weight, delay) exists at any time. */
#ifndef NB_CONNECT_H
#define NB_CONNECT_H

#include "engine/network.h"

/* Called by every thread inside the parallel region, for its own neurons.
 * Sets t->row, t->syn, t->nsyn, t->min_delay, t->max_delay; returns -1
 * (and sets t->failed) when memory runs out or a delay exceeds
 * NB_MAX_DELAY steps. */
int nb_connect_thread(struct nb_net *net, int thread);

#endif
