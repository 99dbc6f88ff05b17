/* SPDX-License-Identifier: GPL-2.0-or-later */
/* connect.h - generates every synapse onto a thread's neurons into its CSR
 * (connections.h), in two passes over the same counter-based draws: the first
 * counts synapses per source, the second fills them in. No temporary list
 * of (source, target, weight, delay) exists at any time. */
#ifndef NB_CONNECT_H
#define NB_CONNECT_H

#include "connection/connections.h"
#include "nodes/network.h"

/* Called by every thread inside the parallel region, for its own neurons
 * (net->t[thread]). Sets c->row, c->syn, c->nsyn, c->min_delay and
 * c->max_delay; returns -1 with a message when memory runs out or a delay
 * exceeds NB_MAX_DELAY steps. */
int nb_connect_thread(struct nb_thread_conn *c, const struct nb_net *net,
                      int thread);

#endif
